import { sql } from 'drizzle-orm';
import { isoToBr, todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import type { Previa } from '../../shared/processos/define';
import { competenciaBr, competenciaIso } from '../../shared/processos/folha';
import { linhaCsv } from '../../shared/processos/layout';
import { LAYOUT_QDC_FINANCEIRO, LAYOUT_RECEBIMENTO_ATRASO, qdcFinanceiro, recebimentoAtraso } from '../../shared/processos/recebiveis';
import { paramsSchema } from '../../shared/processos/schema';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { defineJobKind } from '../jobs/kind';
import { filtroTitulos } from './titulos';

/**
 * Statements over the titles: the QDC's finance table (per competência and plan: issued, received, open overdue and
 * not yet due, reversed, and the default rate) and the overdue titles for the collection desk (copass).
 */

const csv = (linhas: string[]) => new TextEncoder().encode(`\uFEFF${linhas.join('\r\n')}\r\n`);
const cabecalho = (l: typeof LAYOUT_QDC_FINANCEIRO) => l.registros[0].campos.map((c) => c.descricao).join(';');

type ParamsQdc = { inicio: string; fim: string };
interface LinhaQdc {
  competencia: string;
  plano: string | null;
  emitidos: number;
  valor_emitido: number;
  pagos: number;
  valor_recebido: number;
  vencidos: number;
  valor_vencido: number;
  a_vencer: number;
  valor_a_vencer: number;
  estornados: number;
  valor_estornado: number;
}

async function quadro(ctx: AppContext, session: RequestSession, p: ParamsQdc): Promise<LinhaQdc[]> {
  const where = await filtroTitulos(ctx, session, {}, null);
  const hoje = todayIso();
  const vivo = sql`t.status in ('ABERTO', 'PAGO')`;
  const rows = await query<LinhaQdc>(
    ctx.db,
    sql`select to_char(t.competencia, 'YYYYMM') as competencia, case when grouping(p.nome) = 1 then null else p.nome end as plano,
               count(*) filter (where ${vivo})::int as emitidos, coalesce(sum(t.valor_centavos) filter (where ${vivo}), 0)::float8 as valor_emitido,
               count(*) filter (where t.status = 'PAGO')::int as pagos, coalesce(sum(g.valor_pago_centavos) filter (where t.status = 'PAGO'), 0)::float8 as valor_recebido,
               count(*) filter (where t.status = 'ABERTO' and t.vencimento < ${hoje})::int as vencidos, coalesce(sum(t.valor_centavos) filter (where t.status = 'ABERTO' and t.vencimento < ${hoje}), 0)::float8 as valor_vencido,
               count(*) filter (where t.status = 'ABERTO' and t.vencimento >= ${hoje})::int as a_vencer, coalesce(sum(t.valor_centavos) filter (where t.status = 'ABERTO' and t.vencimento >= ${hoje}), 0)::float8 as valor_a_vencer,
               count(*) filter (where t.status = 'ESTORNADO')::int as estornados, coalesce(sum(t.valor_centavos) filter (where t.status = 'ESTORNADO'), 0)::float8 as valor_estornado
        from titulos t join beneficiarios b on b.id = t.titular_id join produtos p on p.id = b.produto
        left join titulos_pagamentos g on g.titulo_id = t.id and g.estornado_em is null
        where ${where} and t.competencia between ${competenciaIso(p.inicio)!} and ${competenciaIso(p.fim)!}
        group by grouping sets ((to_char(t.competencia, 'YYYYMM'), p.nome), (to_char(t.competencia, 'YYYYMM')))
        order by 1, grouping(p.nome), p.nome`,
  );
  return rows.map((r) => ({ ...r, valor_emitido: Number(r.valor_emitido), valor_recebido: Number(r.valor_recebido), valor_vencido: Number(r.valor_vencido), valor_a_vencer: Number(r.valor_a_vencer), valor_estornado: Number(r.valor_estornado) }));
}

/** Default rate in hundredths of a percentage point (integer, no float): overdue ÷ issued. */
export const inadimplencia = (vencido: number, emitido: number) => (emitido > 0 ? Math.round((vencido * 10_000) / emitido) : 0);

export const qdcFinanceiroKind = defineJobKind<ParamsQdc>({
  tipo: qdcFinanceiro.tipo,
  comandos: [qdcFinanceiro.comando],
  params: paramsSchema(qdcFinanceiro) as never,
  title: (_ctx, _c, p) => `QDC Financeiro de ${p.inicio.slice(0, 2)}/${p.inicio.slice(2)} a ${p.fim.slice(0, 2)}/${p.fim.slice(2)}`,
  async preview(ctx, session, p): Promise<Previa> {
    const rows = (await quadro(ctx, session, p)).filter((r) => r.plano == null);
    const emitido = rows.reduce((s, r) => s + r.valor_emitido, 0);
    return {
      total: rows.length,
      resumo: rows.length ? `${rows.length} ${rows.length === 1 ? 'competência' : 'competências'} com títulos, ${formatMoney(emitido)} emitidos.` : 'Nenhum título emitido nas competências escolhidas.',
      amostra: rows.slice(0, 8).map((r) => `${r.competencia.slice(4)}/${r.competencia.slice(0, 4)} · ${r.emitidos} títulos · ${formatMoney(r.valor_emitido)} emitidos · ${formatMoney(r.valor_recebido)} recebidos`),
    };
  },
  async run(job, p) {
    const rows = await quadro(job.ctx, job.session, p);
    const [reg] = LAYOUT_QDC_FINANCEIRO.registros;
    const linhas = [cabecalho(LAYOUT_QDC_FINANCEIRO)];
    for (const r of rows)
      linhas.push(
        linhaCsv(reg, ';', {
          competencia: r.competencia,
          plano: r.plano ?? 'TOTAL',
          emitidos: r.emitidos,
          valorEmitido: r.valor_emitido,
          pagos: r.pagos,
          valorRecebido: r.valor_recebido,
          vencidos: r.vencidos,
          valorVencido: r.valor_vencido,
          aVencer: r.a_vencer,
          valorAVencer: r.valor_a_vencer,
          estornados: r.estornados,
          valorEstornado: r.valor_estornado,
          inadimplencia: inadimplencia(r.valor_vencido, r.valor_emitido),
        }),
      );
    const nome = `qdc-financeiro-${competenciaIso(p.inicio)!.slice(0, 7).replace('-', '')}-${competenciaIso(p.fim)!.slice(0, 7).replace('-', '')}.csv`;
    await job.saveFile(nome, 'csv', csv(linhas));
    const totais = rows.filter((r) => r.plano == null);
    await job.log(`Planilha ${nome}: ${totais.length} ${totais.length === 1 ? 'competência' : 'competências'} (${totais.map((r) => competenciaBr(`${r.competencia.slice(0, 4)}-${r.competencia.slice(4)}-01`)).join(', ') || 'nenhuma'}).`);
  },
});

type ParamsAtraso = { dataBase: string; diasMinimos: number };

async function atrasados(ctx: AppContext, session: RequestSession, p: ParamsAtraso, limite?: number) {
  const where = await filtroTitulos(ctx, session, {}, null);
  return query<{ matricula: string; nome: string; cpf: string | null; competencia: string; nosso_numero: string; vencimento: string; dias: number; valor: number; telefone: string | null; email: string | null }>(
    ctx.db,
    sql`select b.matricula, b.nome, b.cpf, to_char(t.competencia, 'YYYYMM') as competencia, t.nosso_numero, t.vencimento::text as vencimento, (${p.dataBase}::date - t.vencimento)::int as dias,
               t.valor_centavos::float8 as valor, coalesce(b.celular, b.telefone) as telefone, b.email
        from titulos t join beneficiarios b on b.id = t.titular_id
        where ${where} and t.status = 'ABERTO' and t.vencimento <= ${p.dataBase}::date - ${p.diasMinimos}::int
        order by t.vencimento, b.nome, t.id ${limite ? sql`limit ${limite}` : sql``}`,
  );
}

export const recebimentoAtrasoKind = defineJobKind<ParamsAtraso>({
  tipo: recebimentoAtraso.tipo,
  comandos: [recebimentoAtraso.comando],
  params: paramsSchema(recebimentoAtraso) as never,
  title: (_ctx, _c, p) => `Recebimentos em atraso até ${isoToBr(p.dataBase)}`,
  async preview(ctx, session, p): Promise<Previa> {
    const todos = await atrasados(ctx, session, p);
    const valor = todos.reduce((s, r) => s + Number(r.valor), 0);
    return {
      total: todos.length,
      resumo: todos.length ? `${todos.length.toLocaleString('pt-BR')} ${todos.length === 1 ? 'título vencido' : 'títulos vencidos'} e não pagos, ${formatMoney(valor)}.` : `Nenhum título em atraso em ${isoToBr(p.dataBase)}.`,
      amostra: todos.slice(0, 8).map((r) => `${r.nome} · venc. ${isoToBr(r.vencimento)} · ${r.dias} dias · ${formatMoney(Number(r.valor))}`),
    };
  },
  async run(job, p) {
    const rows = await atrasados(job.ctx, job.session, p);
    const [reg] = LAYOUT_RECEBIMENTO_ATRASO.registros;
    const linhas = [reg.campos.map((c) => c.descricao).join(';')];
    for (const r of rows) linhas.push(linhaCsv(reg, ';', { matricula: r.matricula, nome: r.nome, cpf: r.cpf, competencia: r.competencia, nossoNumero: r.nosso_numero, vencimento: r.vencimento, diasAtraso: r.dias, valor: Number(r.valor), telefone: r.telefone, email: r.email }));
    const nome = `recebimentos-atraso-${p.dataBase.replace(/-/g, '')}.csv`;
    await job.saveFile(nome, 'csv', csv(linhas));
    await job.log(`Planilha ${nome}: ${rows.length.toLocaleString('pt-BR')} ${rows.length === 1 ? 'título' : 'títulos'}, ${formatMoney(rows.reduce((s, r) => s + Number(r.valor), 0))}.`);
  },
});
