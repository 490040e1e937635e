import { sql, type SQL } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import { formatMoney, sumMoney } from '../../shared/money';
import type { Previa } from '../../shared/processos/define';
import { competenciaBr, competenciaIso } from '../../shared/processos/folha';
import { linha, linhaCsv } from '../../shared/processos/layout';
import { paramsSchema } from '../../shared/processos/schema';
import { exportacaoAdesaoServico, exportacaoAeromedico, LAYOUT_ADESAO_SERVICO, LAYOUT_AEROMEDICO } from '../../shared/processos/servicos';
import { diasCobertos, diasDoMes, valorNoMes } from '../../shared/servicos';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { aaaamm, operadora, texto } from '../financeiro/folha';
import { defineJobKind, type JobRun } from '../jobs/kind';
import { operadoraPropria } from '../pessoas/cadastro';

/**
 * The additional services' monthly files (src/shared/processos/servicos.ts). Both read the adhesions in force on some
 * day of the competência — started on or before its last day, not ended before its first — a page at a time by a key
 * that only grows (the adhesion's id), with a checkpoint and the progress between pages.
 */

type ParamsAeromedico = { competencia: string };
type ParamsAdesaoServico = { competencia: string; servico: string | null };

const PAGINA = 500;
const plural = (n: number, um: string, varios: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? um : varios}`;

/** The competência's first and last days ('MMAAAA' → ISO dates) and its 'YYYY-MM'. */
function mesDe(competencia: string) {
  const primeiro = competenciaIso(competencia)!;
  const mes = primeiro.slice(0, 7);
  return { mes, primeiro, ultimo: `${mes}-${String(diasDoMes(mes)).padStart(2, '0')}` };
}

/** Adhesions in force on some day of the month, of the services given by code (all when none). */
const emVigor = (primeiro: string, ultimo: string, servico: SQL) => sql`a.inicio <= ${ultimo}::date and (a.fim is null or a.fim >= ${primeiro}::date) and ${servico}`;
const doServico = (codigo: string | null) => (codigo ? sql`s.codigo = ${codigo}` : sql`true`);

interface Linha {
  id: number;
  servico: string;
  servico_nome: string;
  nome: string;
  carteirinha: string;
  cpf: string | null;
  nascimento: string;
  inicio: string;
  fim: string | null;
  valor_mensal: number;
}

/** One page of adhesions in force, by id after `depois`. */
async function pagina(db: Db, where: SQL, depois: number): Promise<Linha[]> {
  const rows = await query<Linha & { valor_mensal: string }>(
    db,
    sql`select a.id, s.codigo as servico, s.nome as servico_nome, b.nome, b.carteirinha, b.cpf, b.data_nascimento::text as nascimento,
          a.inicio::text as inicio, a.fim::text as fim, a.valor_mensal_centavos::text as valor_mensal
        from adesoes_servicos a join servicos_adicionais s on s.id = a.servico_id join beneficiarios b on b.id = a.beneficiario_id
        where ${where} and a.id > ${depois} order by a.id limit ${PAGINA}`,
  );
  return rows.map((r) => ({ ...r, valor_mensal: Number(r.valor_mensal) }));
}

async function contar(db: Db, where: SQL): Promise<number> {
  const [{ n }] = await query<{ n: number }>(db, sql`select count(*)::int as n from adesoes_servicos a join servicos_adicionais s on s.id = a.servico_id where ${where}`);
  return n;
}

/** Reads every adhesion in force, a page at a time, then sorts them as the file wants them (the service, the name). */
async function lerTodas(job: JobRun, where: SQL, unidade: string): Promise<Linha[]> {
  const total = await contar(job.ctx.db, where);
  const out: Linha[] = [];
  for (;;) {
    await job.checkpoint();
    const rows = await pagina(job.ctx.db, where, out.at(-1)?.id ?? 0);
    if (!rows.length) break;
    out.push(...rows);
    await job.progress(total ? (out.length / total) * 90 : 90, `${out.length.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} ${unidade}`);
    if (rows.length < PAGINA) break;
  }
  return out.sort((a, b) => a.servico_nome.localeCompare(b.servico_nome, 'pt-BR') || a.nome.localeCompare(b.nome, 'pt-BR') || a.id - b.id);
}

/** A sample of the preview: who, which service, the period. */
async function amostra(db: Db, where: SQL): Promise<string[]> {
  const rows = await query<{ t: string }>(
    db,
    sql`select b.nome || ' — ' || s.nome || ', desde ' || to_char(a.inicio, 'DD/MM/YYYY') || coalesce(' até ' || to_char(a.fim, 'DD/MM/YYYY'), '') as t
        from adesoes_servicos a join servicos_adicionais s on s.id = a.servico_id join beneficiarios b on b.id = a.beneficiario_id
        where ${where} order by b.nome, a.id limit 8`,
  );
  return rows.map((r) => r.t);
}

// ---- Exportar Aeromédico ------------------------------------------------------------------------------------------

const AEROMEDICO = 'AEROMEDICO';

/** The movement of an adhesion in the month: ended in it (also when it started in it), started in it, or neither. */
export function movimentoAeromedico(primeiro: string, ultimo: string, inicio: string, fim: string | null): 'I' | 'E' | 'M' {
  if (fim != null && fim <= ultimo) return 'E';
  if (inicio >= primeiro) return 'I';
  return 'M';
}

async function exigirServico(db: Db, codigo: string) {
  const [s] = await query<{ id: number }>(db, sql`select id from servicos_adicionais where codigo = ${codigo}`);
  if (!s) throw AppError.of(422, `O serviço ${codigo} não está no catálogo de serviços adicionais.`, { field: 'servico' });
}

async function previaAeromedico(ctx: AppContext, _s: unknown, p: ParamsAeromedico): Promise<Previa> {
  await exigirServico(ctx.db, AEROMEDICO);
  const { primeiro, ultimo } = mesDe(p.competencia);
  const where = emVigor(primeiro, ultimo, doServico(AEROMEDICO));
  const total = await contar(ctx.db, where);
  const comp = competenciaBr(primeiro);
  return {
    total,
    resumo: total ? `${plural(total, 'beneficiário coberto', 'beneficiários cobertos')} pelo Transporte Aeromédico na competência ${comp}.` : `Nenhuma adesão ao Transporte Aeromédico em vigor na competência ${comp}.`,
    amostra: await amostra(ctx.db, where),
  };
}

export const aeromedicoExport = defineJobKind<ParamsAeromedico>({
  tipo: exportacaoAeromedico.tipo,
  comandos: [exportacaoAeromedico.comando],
  params: paramsSchema(exportacaoAeromedico) as never,
  title: (_c, _m, p) => `Aeromédico de ${p.competencia.slice(0, 2)}/${p.competencia.slice(2)}`,
  preview: previaAeromedico as never,
  async run(job, p) {
    await exigirServico(job.ctx.db, AEROMEDICO);
    const { primeiro, ultimo } = mesDe(p.competencia);
    const [cab, det, rod] = LAYOUT_AEROMEDICO.registros;
    const op = await operadora(job.ctx);
    const propria = await operadoraPropria(job.ctx.db);
    const todas = await lerTodas(job, emVigor(primeiro, ultimo, doServico(AEROMEDICO)), 'beneficiários');
    const conta = { I: 0, E: 0, M: 0 };
    const linhas = [linha(cab, { cnpj: op.cnpj, operadora: propria?.razao ?? '', competencia: aaaamm(primeiro), geracao: todayIso() })];
    for (const a of todas) {
      const movimento = movimentoAeromedico(primeiro, ultimo, a.inicio, a.fim);
      conta[movimento]++;
      linhas.push(linha(det, { movimento, carteirinha: a.carteirinha, nome: a.nome, cpf: a.cpf, nascimento: a.nascimento, inicio: a.inicio, fim: a.fim }));
    }
    linhas.push(linha(rod, { quantidade: todas.length, inclusoes: conta.I, exclusoes: conta.E, manutencoes: conta.M }));
    const nome = `AEROMEDICO_${aaaamm(primeiro)}.txt`;
    await job.saveFile(nome, 'txt', texto(linhas));
    if (!todas.length) await job.log(`Nenhuma adesão ao Transporte Aeromédico em vigor na competência ${competenciaBr(primeiro)}: o arquivo tem só o cabeçalho e o rodapé.`, 'aviso');
    await job.log(`Arquivo ${nome}: ${plural(todas.length, 'beneficiário', 'beneficiários')} (${plural(conta.I, 'inclusão', 'inclusões')}, ${plural(conta.E, 'exclusão', 'exclusões')}, ${plural(conta.M, 'manutenção', 'manutenções')}).`);
  },
});

// ---- Exportar Adesão a Serviço --------------------------------------------------------------------------------------

async function previaAdesaoServico(ctx: AppContext, _s: unknown, p: ParamsAdesaoServico): Promise<Previa> {
  if (p.servico) await exigirServico(ctx.db, p.servico);
  const { primeiro, ultimo } = mesDe(p.competencia);
  const where = emVigor(primeiro, ultimo, doServico(p.servico));
  const total = await contar(ctx.db, where);
  const comp = competenciaBr(primeiro);
  return {
    total,
    resumo: total ? `${plural(total, 'adesão', 'adesões')} a cobrar na competência ${comp}${p.servico ? ` (serviço ${p.servico})` : ''}.` : `Nenhuma adesão a serviço adicional em vigor na competência ${comp}${p.servico ? ` (serviço ${p.servico})` : ''}.`,
    amostra: await amostra(ctx.db, where),
  };
}

export const adesaoServicoExport = defineJobKind<ParamsAdesaoServico>({
  tipo: exportacaoAdesaoServico.tipo,
  comandos: [exportacaoAdesaoServico.comando],
  params: paramsSchema(exportacaoAdesaoServico) as never,
  title: (_c, _m, p) => `Adesão a Serviço de ${p.competencia.slice(0, 2)}/${p.competencia.slice(2)}${p.servico ? ` (${p.servico})` : ''}`,
  preview: previaAdesaoServico as never,
  async run(job, p) {
    if (p.servico) await exigirServico(job.ctx.db, p.servico);
    const { mes, primeiro, ultimo } = mesDe(p.competencia);
    const [det, tot, ger] = LAYOUT_ADESAO_SERVICO.registros;
    const diasMes = diasDoMes(mes);
    const competencia = aaaamm(primeiro);
    const todas = await lerTodas(job, emVigor(primeiro, ultimo, doServico(p.servico)), 'adesões');
    const linhas: string[] = [];
    const porServico: { servico: string; nome: string; n: number; valor: number }[] = [];
    for (const a of todas) {
      const dias = diasCobertos(mes, a.inicio, a.fim);
      const valor = valorNoMes(a.valor_mensal, dias, diasMes);
      let g = porServico.at(-1);
      if (g?.servico !== a.servico) {
        if (g) linhas.push(linhaCsv(tot, ';', { competencia, servico: g.servico, quantidade: g.n, valor: g.valor }));
        g = { servico: a.servico, nome: a.servico_nome, n: 0, valor: 0 };
        porServico.push(g);
      }
      g.n++;
      g.valor += valor;
      linhas.push(linhaCsv(det, ';', { competencia, servico: a.servico, carteirinha: a.carteirinha, nome: a.nome, cpf: a.cpf, inicio: a.inicio, fim: a.fim, valorMensal: a.valor_mensal, dias, diasMes, valor }));
    }
    const ultimoGrupo = porServico.at(-1);
    if (ultimoGrupo) linhas.push(linhaCsv(tot, ';', { competencia, servico: ultimoGrupo.servico, quantidade: ultimoGrupo.n, valor: ultimoGrupo.valor }));
    const total = sumMoney(porServico.map((g) => g.valor));
    linhas.push(linhaCsv(ger, ';', { competencia, quantidade: todas.length, valor: total }));
    const nome = `ADESAO_SERVICO_${competencia}.csv`;
    await job.saveFile(nome, 'csv', texto(linhas));
    for (const g of porServico) await job.log(`${g.nome}: ${plural(g.n, 'adesão', 'adesões')}, ${formatMoney(g.valor)} a cobrar.`);
    if (!todas.length) await job.log(`Nenhuma adesão a serviço adicional em vigor na competência ${competenciaBr(primeiro)}: o arquivo tem só o total geral.`, 'aviso');
    await job.log(`Arquivo ${nome}: ${plural(todas.length, 'adesão', 'adesões')}, ${formatMoney(total)} a cobrar na competência ${competenciaBr(primeiro)}.`);
  },
});
