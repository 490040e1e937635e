import { sql } from 'drizzle-orm';
import { isoToBr as br } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { OPCOES_PADRAO, precificar } from '../../shared/precos/calculo';
import type { Previa } from '../../shared/processos/define';
import { tabelaPrecoPrestador } from '../../shared/processos/precos';
import { paramsSchema } from '../../shared/processos/schema';
import { defineResource, f } from '../../shared/resources/define';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { assertRecord } from '../policy';
import { csvStream, xlsxStream, type Batches } from '../resources/export';
import type { Row } from '../resources/service';
import { carregarTabelas, prestadoresDePreco } from './tabelas';
import type { PrestadorPreco, ProcedimentoPreco, TabelasDePreco } from '../../shared/precos/calculo';
import { toCentavos } from '../../shared/money';

type Params = { prestador: number; data: string; grupo: number | null; formato: 'csv' | 'xlsx' };
const BATCH = 500;

/**
 * The file's columns, declared with the resource DSL so the list export's CSV and XLSX writers (server/resources/
 * export.ts) write it as they write a grid: money as R$ cells, the header in Portuguese. Not a resource: no table.
 */
const COLUNAS = defineResource({
  name: 'tabelaprecoprestador',
  command: tabelaPrecoPrestador.comando,
  table: '',
  label: { singular: 'Tabela de preço do prestador', plural: 'Tabela de preço do prestador', gender: 'f' },
  fields: {
    codigo: f.text('Código TUSS', { max: 8 }),
    descricao: f.text('Descrição', { max: 300 }),
    grupo: f.text('Grupo', { max: 200 }),
    porte: f.text('Porte', { max: 3 }),
    valorReferencia: f.money('Valor de referência'),
    base: f.text('Base do preço', { max: 200 }),
    fator: f.text('Classe de preço', { max: 120 }),
    valor: f.money('Valor contratado'),
  },
  grid: ['codigo', 'descricao', 'grupo', 'porte', 'valorReferencia', 'base', 'fator', 'valor'],
  search: [],
  sort: { field: 'codigo' },
});

/**
 * A procedure's contracted price for a provider at a date, as a price table shows it: the rule that gave the base,
 * the price class and its factor, the unit value; null when the procedure has neither a reference value nor a fee
 * size. The export here and the report rep316 both write their rows from it.
 */
export function precoContratado(tabelas: TabelasDePreco, prest: PrestadorPreco, proc: ProcedimentoPreco, data: string): { base: string; classe: string; valor: number } | null {
  const preco = precificar(tabelas, prest, proc, data, OPCOES_PADRAO);
  if (!preco.ok) return null;
  const [base, fator] = preco.passos;
  return { base: base.regra, classe: fator ? `${fator.regra.replace(/^Classe de preço /, '')} (${fator.fator})` : '', valor: preco.valorUnitario };
}

const grupoWhere = (p: Params) => (p.grupo == null ? sql`true` : sql`p.grupo = ${p.grupo}`);

async function prestadorDe(job: { ctx: Parameters<typeof assertRecord>[0]; session: Parameters<typeof assertRecord>[1] }, p: Params) {
  await assertRecord(job.ctx, job.session, 'prestador', { id: p.prestador });
  const [prest] = (await prestadoresDePreco(job.ctx.db, [p.prestador])).values();
  if (!prest) throw AppError.of(422, 'Prestador não encontrado.', { field: 'prestador' });
  if (!(prest.inicioVigencia <= p.data && (prest.fimVigencia == null || prest.fimVigencia >= p.data))) throw AppError.of(422, `O prestador ${prest.nome} não está em vigência em ${br(p.data)}.`, { field: 'data' });
  return prest;
}

const vigentesWhere = (p: Params) => sql`p.ativo and p.inicio_vigencia <= ${p.data} and (p.fim_vigencia is null or p.fim_vigencia >= ${p.data}) and ${grupoWhere(p)}`;

/** Exportar Tabela de Preço do Prestador: every procedure in force at the date, priced by the one function. */
export const tabelaPrestadorKind = defineJobKind<Params>({
  tipo: tabelaPrecoPrestador.tipo,
  comandos: [tabelaPrecoPrestador.comando],
  params: paramsSchema(tabelaPrecoPrestador) as never,
  title: (_ctx, _c, p) => `Tabela de preço do prestador em ${br(p.data)} (${p.formato.toUpperCase()})`,

  async preview(ctx, session, p): Promise<Previa> {
    const prest = await prestadorDe({ ctx, session }, p);
    const [{ n }] = await query<{ n: number }>(ctx.db, sql`select count(*)::int as n from procedimentos p where ${vigentesWhere(p)}`);
    const tabelas = await carregarTabelas(ctx.db);
    const amostra = await query<ProcedimentoPreco & { valor: unknown }>(
      ctx.db,
      sql`select p.id, p.codigo, p.descricao, p.porte, p.valor, p.ativo, p.inicio_vigencia::text as "inicioVigencia", p.fim_vigencia::text as "fimVigencia" from procedimentos p where ${vigentesWhere(p)} order by p.codigo limit 8`,
    );
    return {
      total: n,
      resumo: `${n.toLocaleString('pt-BR')} procedimentos em vigência em ${br(p.data)} entram na tabela de ${prest.nome}.`,
      amostra: amostra.map((r) => {
        const preco = precificar(tabelas, prest, { ...r, valor: toCentavos(r.valor) }, p.data, OPCOES_PADRAO);
        return `${r.codigo} ${r.descricao.slice(0, 60)} · ${preco.ok ? formatMoney(preco.valorUnitario) : 'sem preço'}`;
      }),
    };
  },

  async run(job, p) {
    const prest = await prestadorDe(job, p);
    const tabelas = await carregarTabelas(job.ctx.db);
    const [{ n }] = await query<{ n: number }>(job.ctx.db, sql`select count(*)::int as n from procedimentos p where ${vigentesWhere(p)}`);
    const tabela = prest.tabelaPreco != null ? tabelas.tabelas.get(prest.tabelaPreco) : undefined;
    const classe = prest.classePreco != null ? tabelas.classes.get(prest.classePreco) : undefined;
    await job.log(`${prest.nome}: tabela ${tabela?.descricao ?? 'não contratada'}, classe ${classe ? `${classe.codigo} – ${classe.descricao}` : 'não definida'}; ${n.toLocaleString('pt-BR')} procedimentos em vigência em ${br(p.data)}.`);
    let feitos = 0;
    let semPreco = 0;
    const batches: Batches = {
      async *[Symbol.asyncIterator]() {
        let depois = '';
        for (;;) {
          await job.checkpoint();
          const lote = await query<ProcedimentoPreco & { valor: unknown; grupoNome: string | null }>(
            job.ctx.db,
            sql`select p.id, p.codigo, p.descricao, p.porte, p.valor, p.ativo, p.inicio_vigencia::text as "inicioVigencia", p.fim_vigencia::text as "fimVigencia", g.descricao as "grupoNome"
                from procedimentos p left join grupos_procedimentos g on g.id = p.grupo where ${vigentesWhere(p)} and p.codigo > ${depois} order by p.codigo limit ${BATCH}`,
          );
          if (!lote.length) return;
          depois = lote.at(-1)!.codigo;
          const rows: Row[] = [];
          for (const r of lote) {
            const proc = { ...r, valor: toCentavos(r.valor) };
            const preco = precoContratado(tabelas, prest, proc, p.data);
            if (!preco) {
              semPreco++;
              continue;
            }
            rows.push({ codigo: r.codigo, descricao: r.descricao, grupo: r.grupoNome, porte: r.porte, valorReferencia: proc.valor, base: preco.base, fator: preco.classe, valor: preco.valor });
          }
          feitos += lote.length;
          await job.progress(n ? Math.floor((feitos / n) * 95) : 95, `${feitos.toLocaleString('pt-BR')} de ${n.toLocaleString('pt-BR')} procedimentos`);
          yield rows;
          await new Promise((r) => setImmediate(r));
        }
      },
    };
    const chunks: Buffer[] = [];
    for await (const c of (p.formato === 'csv' ? csvStream : xlsxStream)(COLUNAS, batches)) chunks.push(c as Buffer);
    const file = await job.saveFile(`tabela-preco-${prest.id}-${p.data.replace(/-/g, '')}.${p.formato}`, p.formato, Buffer.concat(chunks));
    await job.log(`Arquivo ${file.nome} com ${(feitos - semPreco).toLocaleString('pt-BR')} procedimentos.`);
    if (semPreco) await job.log(`${semPreco.toLocaleString('pt-BR')} procedimentos sem valor de referência nem porte ficaram fora.`, 'aviso');
  },
});
