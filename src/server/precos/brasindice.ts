import { sql } from 'drizzle-orm';
import { isoToBr } from '../../shared/dates';
import { formatMoney, toCentavos } from '../../shared/money';
import type { Previa } from '../../shared/processos/define';
import { brasindice } from '../../shared/processos/precos';
import { paramsSchema } from '../../shared/processos/schema';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { historicoPrecos } from '../db/schema';
import { query } from '../db/sql';
import { lerEntrada } from '../jobs/entrada';
import { defineJobKind } from '../jobs/kind';
import { csvLine } from '../resources/export';
import { recordTrailMany } from '../trail/record';
import { decodificar, lerBrasindice, type LinhaRecusada, type PrecoBrasindice } from './brasindice-arquivo';
import { reaisCsv } from './recalculo';

type Params = { arquivo: number };
const BATCH = 200;

const TABELA = { MED: 'brasindice_medicamentos', MAT: 'brasindice_materiais' } as const;
const ENTIDADE = { MED: 'brasindicemedicamento', MAT: 'brasindicematerial' } as const;
const REFERENCIA = { MED: { tabela: 'medicamentos', entidade: 'medicamento' }, MAT: { tabela: 'materiais', entidade: 'material' } } as const;

interface Atual {
  id: number;
  codigo_laboratorio: string;
  codigo_item: string;
  codigo_apresentacao: string;
  codigo_tuss: string | null;
  descricao: string;
  laboratorio: string | null;
  pmc: number | null;
  pfb: number | null;
  edicao: string;
}
type Situacao = 'nova' | 'alterada' | 'sem alteração';
interface Classificado {
  p: PrecoBrasindice;
  descricao: string;
  atual: Atual | undefined;
  situacao: Situacao;
  /** The material or medicine of the same TUSS code whose reference value changes, with its current value. */
  referencia: { id: number; valor: number | null } | undefined;
}

const chave = (tipo: string, lab: string, item: string, apres: string) => `${tipo}:${lab}:${item}:${apres}`;
/** The magazine's item and presentation in one description, as the seeded entries read ("DIPIRONA … - AMPOLA DE 2 ML"). */
const descricaoDe = (p: PrecoBrasindice) => (p.apresentacao ? `${p.descricao} - ${p.apresentacao}` : p.descricao).slice(0, 200);

async function ler(ctx: AppContext, session: Parameters<typeof lerEntrada>[1], p: Params) {
  const arq = await lerEntrada(ctx, session, brasindice.comando, p);
  return { nome: arq.nome, ...lerBrasindice(decodificar(arq.conteudo), /\.csv$/i.test(arq.nome)) };
}

/** Each line against what is stored (a batch of lines at a time): new, changed or unchanged, and its TUSS item. */
async function classificar(db: Db, lote: readonly PrecoBrasindice[], bloquear = false): Promise<Classificado[]> {
  const out: Classificado[] = [];
  for (const tipo of ['MED', 'MAT'] as const) {
    const doTipo = lote.filter((p) => p.tipo === tipo);
    if (!doTipo.length) continue;
    const chaves = sql.join(doTipo.map((p) => sql`(${p.codigoLaboratorio}, ${p.codigoItem}, ${p.codigoApresentacao})`), sql`, `);
    const atuais = await query<Atual & { pmc: unknown; pfb: unknown }>(
      db,
      sql`select id, codigo_laboratorio, codigo_item, codigo_apresentacao, codigo_tuss, descricao, laboratorio, pmc, pfb, edicao from ${sql.raw(TABELA[tipo])}
          where (codigo_laboratorio, codigo_item, codigo_apresentacao) in (${chaves}) order by id${bloquear ? sql` for update` : sql``}`,
    );
    const porChave = new Map(atuais.map((a) => [chave(tipo, a.codigo_laboratorio, a.codigo_item, a.codigo_apresentacao), { ...a, pmc: toCentavos(a.pmc), pfb: toCentavos(a.pfb) }]));
    const tuss = [...new Set(doTipo.map((p) => p.codigoTuss).filter((c): c is string => c != null))];
    const refs = tuss.length
      ? await query<{ id: number; codigo: string; valor: unknown }>(db, sql`select id, codigo, valor from ${sql.raw(REFERENCIA[tipo].tabela)} where codigo in (${sql.join(tuss.map((c) => sql`${c}`), sql`, `)}) order by id${bloquear ? sql` for update` : sql``}`)
      : [];
    const refPorCodigo = new Map(refs.map((r) => [r.codigo, { id: r.id, valor: toCentavos(r.valor) }]));
    for (const p of doTipo) {
      const atual = porChave.get(chave(tipo, p.codigoLaboratorio, p.codigoItem, p.codigoApresentacao));
      const descricao = descricaoDe(p);
      const situacao: Situacao = !atual
        ? 'nova'
        : atual.pmc !== p.pmc || atual.pfb !== p.pf || atual.descricao !== descricao || (atual.laboratorio ?? '') !== p.laboratorio || (atual.codigo_tuss ?? null) !== p.codigoTuss
          ? 'alterada'
          : 'sem alteração';
      const ref = p.codigoTuss ? refPorCodigo.get(p.codigoTuss) : undefined;
      out.push({ p, descricao, atual, situacao, referencia: ref && ref.valor !== p.pmc ? ref : undefined });
    }
  }
  return out.sort((a, b) => a.p.linha - b.p.linha);
}

const rotulo = (c: Classificado) => `${c.p.tipo} ${c.p.codigoLaboratorio}.${c.p.codigoItem}.${c.p.codigoApresentacao} ${c.p.descricao.slice(0, 50)}`;

export const CABECALHO_BRASINDICE = ['Linha', 'Tipo', 'Laboratório', 'Item', 'Apresentação', 'Código TUSS', 'Descrição', 'PMC antes', 'PMC depois', 'PF antes', 'PF depois', 'Valor de referência antes', 'Situação'];

/** Atualização do Brasíndice: the price file read against the stored tables; prices written with history and trail. */
export const brasindiceKind = defineJobKind<Params>({
  tipo: brasindice.tipo,
  comandos: [brasindice.comando],
  params: paramsSchema(brasindice) as never,
  title: () => 'Atualização do Brasíndice',

  async preview(ctx, session, p): Promise<Previa> {
    const { precos, recusadas } = await ler(ctx, session, p);
    const cont = { nova: 0, alterada: 0, 'sem alteração': 0 };
    let referencias = 0;
    const amostra: string[] = recusadas.slice(0, 8).map((r) => r.motivo);
    for (let i = 0; i < precos.length; i += 1000) {
      for (const c of await classificar(ctx.db, precos.slice(i, i + 1000))) {
        cont[c.situacao]++;
        if (c.referencia) referencias++;
        if (c.situacao !== 'sem alteração' && amostra.length < 8)
          amostra.push(c.atual ? `${rotulo(c)} · PMC ${formatMoney(c.atual.pmc)} → ${formatMoney(c.p.pmc)}` : `${rotulo(c)} · nova, PMC ${formatMoney(c.p.pmc)}`);
      }
    }
    const n = (x: number) => x.toLocaleString('pt-BR');
    const resumo =
      `${n(precos.length + recusadas.length)} linhas: ${n(cont.nova)} ${cont.nova === 1 ? 'apresentação nova' : 'apresentações novas'}, ${n(cont.alterada)} ${cont.alterada === 1 ? 'alterada' : 'alteradas'} e ${n(cont['sem alteração'])} sem alteração; ` +
      `${n(recusadas.length)} ${recusadas.length === 1 ? 'linha recusada' : 'linhas recusadas'}. ${n(referencias)} ${referencias === 1 ? 'valor de referência' : 'valores de referência'} de materiais e medicamentos ${referencias === 1 ? 'muda' : 'mudam'}.`;
    return { total: cont.nova + cont.alterada + recusadas.length, resumo, amostra };
  },

  async run(job, p) {
    const { ctx, session } = job;
    const { nome, precos, recusadas } = await ler(ctx, session, p);
    await job.log(`Arquivo ${nome}: ${precos.length.toLocaleString('pt-BR')} linhas no layout, ${recusadas.length.toLocaleString('pt-BR')} recusadas.`);
    for (const r of recusadas.slice(0, 200)) await job.log(r.motivo, 'aviso');
    if (recusadas.length > 200) await job.log(`… e mais ${(recusadas.length - 200).toLocaleString('pt-BR')} linhas recusadas (todas no relatório).`, 'aviso');
    const actor = { session, ip: '' };
    const relatorio: string[] = [csvLine(CABECALHO_BRASINDICE)];
    const cont = { nova: 0, alterada: 0, 'sem alteração': 0 };
    let referencias = 0;
    for (let i = 0; i < precos.length; i += BATCH) {
      await job.checkpoint();
      const lote = precos.slice(i, i + BATCH);
      await ctx.db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const itens = await classificar(t, lote, true);
        const trilha: Parameters<typeof recordTrailMany>[2][number][] = [];
        const historico: (typeof historicoPrecos.$inferInsert)[] = [];
        for (const c of itens) {
          cont[c.situacao]++;
          const { p: l } = c;
          const ent = ENTIDADE[l.tipo];
          const novo = { codigoTuss: l.codigoTuss, descricao: c.descricao, laboratorio: l.laboratorio, pmc: l.pmc, pfb: l.pf, edicao: l.edicao };
          if (c.situacao === 'nova') {
            const [{ id }] = await query<{ id: number }>(
              t,
              sql`insert into ${sql.raw(TABELA[l.tipo])} (codigo_laboratorio, codigo_item, codigo_apresentacao, codigo_tuss, descricao, laboratorio, pmc, pfb, edicao)
                  values (${l.codigoLaboratorio}, ${l.codigoItem}, ${l.codigoApresentacao}, ${l.codigoTuss}, ${c.descricao}, ${l.laboratorio}, ${l.pmc}, ${l.pf}, ${l.edicao}) returning id`,
            );
            trilha.push({ entidade: ent, registroId: id, acao: 'insert', depois: { codigoLaboratorio: l.codigoLaboratorio, codigoItem: l.codigoItem, codigoApresentacao: l.codigoApresentacao, ...novo } });
            historico.push({ entidade: ent, registroId: id, codigo: `${l.codigoLaboratorio}.${l.codigoItem}.${l.codigoApresentacao}`, campo: 'pmc', valorAnterior: null, valorNovo: l.pmc, vigencia: l.vigencia, edicao: l.edicao, execucaoId: job.id });
            historico.push({ entidade: ent, registroId: id, codigo: `${l.codigoLaboratorio}.${l.codigoItem}.${l.codigoApresentacao}`, campo: 'pfb', valorAnterior: null, valorNovo: l.pf, vigencia: l.vigencia, edicao: l.edicao, execucaoId: job.id });
          } else if (c.situacao === 'alterada' && c.atual) {
            const a = c.atual;
            await t.execute(
              sql`update ${sql.raw(TABELA[l.tipo])} set codigo_tuss = ${l.codigoTuss}, descricao = ${c.descricao}, laboratorio = ${l.laboratorio}, pmc = ${l.pmc}, pfb = ${l.pf}, edicao = ${l.edicao}, version = version + 1 where id = ${a.id}`,
            );
            trilha.push({ entidade: ent, registroId: a.id, acao: 'update', antes: { codigoTuss: a.codigo_tuss, descricao: a.descricao, laboratorio: a.laboratorio, pmc: a.pmc, pfb: a.pfb, edicao: a.edicao }, depois: novo });
            const codigo = `${l.codigoLaboratorio}.${l.codigoItem}.${l.codigoApresentacao}`;
            if (a.pmc !== l.pmc) historico.push({ entidade: ent, registroId: a.id, codigo, campo: 'pmc', valorAnterior: a.pmc, valorNovo: l.pmc, vigencia: l.vigencia, edicao: l.edicao, execucaoId: job.id });
            if (a.pfb !== l.pf) historico.push({ entidade: ent, registroId: a.id, codigo, campo: 'pfb', valorAnterior: a.pfb, valorNovo: l.pf, vigencia: l.vigencia, edicao: l.edicao, execucaoId: job.id });
          }
          // the TUSS item's reference value follows the magazine's PMC
          if (c.referencia) {
            const r = REFERENCIA[l.tipo];
            await t.execute(sql`update ${sql.raw(r.tabela)} set valor = ${l.pmc}, version = version + 1 where id = ${c.referencia.id}`);
            trilha.push({ entidade: r.entidade, registroId: c.referencia.id, acao: 'update', antes: { valor: c.referencia.valor }, depois: { valor: l.pmc } });
            historico.push({ entidade: r.entidade, registroId: c.referencia.id, codigo: l.codigoTuss!, campo: 'valor', valorAnterior: c.referencia.valor, valorNovo: l.pmc, vigencia: l.vigencia, edicao: l.edicao, execucaoId: job.id });
            referencias++;
          }
          relatorio.push(linhaRelatorio(c));
        }
        if (historico.length) await t.insert(historicoPrecos).values(historico);
        await recordTrailMany(t, actor, trilha);
      });
      await job.progress(Math.floor(((i + lote.length) / Math.max(1, precos.length)) * 95), `${(i + lote.length).toLocaleString('pt-BR')} de ${precos.length.toLocaleString('pt-BR')} linhas`);
    }
    for (const r of recusadas) relatorio.push(linhaRecusada(r));
    await job.log(
      `${cont.nova.toLocaleString('pt-BR')} apresentações incluídas, ${cont.alterada.toLocaleString('pt-BR')} alteradas, ${cont['sem alteração'].toLocaleString('pt-BR')} sem alteração; ${referencias.toLocaleString('pt-BR')} valores de referência de materiais e medicamentos atualizados.`,
    );
    await job.saveFile(`brasindice-${job.id}.csv`, 'csv', new TextEncoder().encode(`\uFEFF${relatorio.join('\r\n')}\r\n`));
  },
});

function linhaRelatorio(c: Classificado): string {
  const { p, atual } = c;
  const m = (v: number | null | undefined) => (v == null ? '' : reaisCsv(v));
  return [
    String(p.linha),
    csvLine([p.tipo === 'MED' ? 'Medicamento' : 'Material', p.codigoLaboratorio, p.codigoItem, p.codigoApresentacao, p.codigoTuss ?? '', c.descricao]),
    m(atual?.pmc),
    m(p.pmc),
    m(atual?.pfb),
    m(p.pf),
    c.referencia ? m(c.referencia.valor) : '',
    csvLine([`${c.situacao === 'nova' ? 'Nova' : c.situacao === 'alterada' ? 'Alterada' : 'Sem alteração'} (vigência ${isoToBr(p.vigencia)}, edição ${p.edicao})`]),
  ].join(';');
}
const linhaRecusada = (r: LinhaRecusada) => [String(r.linha), csvLine(['', '', '', '', '', '']), '', '', '', '', '', csvLine([`Recusada: ${r.motivo}`])].join(';');
