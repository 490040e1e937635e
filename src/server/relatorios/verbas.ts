import { sql, type SQL } from 'drizzle-orm';
import { toCentavos } from '../../shared/money';
import { FLUXO } from '../../shared/verbas/fluxo';
import { query } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import type { ReportSource } from './engine';

/**
 * The Solicitação de Verba reports (src/shared/relatorios/verbas.ts) over solicitacoes_verba and the composition kept
 * at creation (solicitacao_verba_itens): no figure is recomputed here.
 */

const n = (v: unknown) => toCentavos(v) ?? 0;
const SITUACAO = sql.raw(`(case v.status ${Object.entries(FLUXO.labels).map(([k, l]) => `when '${k}' then '${l}'`).join(' ')} end)`);
/** What is still to receive: nothing for a cancelled request. */
const SALDO = sql`(case when v.status = 'CANCELADA' then 0 else v.valor_solicitado_centavos - coalesce(v.valor_recebido_centavos, 0) end)`;
const COMPETENCIA = sql`(substr(v.competencia, 6, 2) || '/' || substr(v.competencia, 1, 4))`;

/** A number as typed: 2026/000123, 2026000123, or the sequence of any year. */
function numeroPorTermo(t: string): SQL {
  const v = t.trim();
  let m = /^(\d{4})\s*[/.-]?\s*(\d{6})$/.exec(v) ?? /^(\d{4})\s*[/.-]\s*(\d{1,6})$/.exec(v);
  if (m) return sql`v.numero = ${`${m[1]}/${m[2].padStart(6, '0')}`}`;
  m = /^(\d{1,6})$/.exec(v);
  if (m) return sql`v.numero like ${`%/${m[1].padStart(6, '0')}`}`;
  return sql`false`;
}

const FROM = sql`solicitacoes_verba v join empresas e on e.id = v.empresa_id`;

export const solicitacoesVerbaSource: ReportSource = {
  from: FROM,
  alias: 'v',
  fields: {
    id: { expr: sql`v.id` },
    grupo: { expr: sql`e.razao_social` },
    numero: { expr: sql`v.numero` },
    dataSolicitacao: { expr: sql`v.data_solicitacao` },
    empresa: { expr: sql`v.empresa_id` },
    status: { expr: sql`v.status` },
  },
  sums: { solicitado: sql`v.valor_solicitado_centavos`, recebido: sql`coalesce(v.valor_recebido_centavos, 0)`, saldo: SALDO },
  async rows(db, ids) {
    const rows = await query<Row & Record<string, unknown>>(
      db,
      sql`select v.id, e.razao_social as grupo, v.numero, ${COMPETENCIA} as "competenciaRotulo", to_char(v.data_solicitacao, 'YYYY-MM-DD') as "dataSolicitacao",
            to_char(v.vencimento, 'YYYY-MM-DD') as vencimento, ${SITUACAO} as situacao, v.valor_solicitado_centavos as solicitado, v.valor_recebido_centavos as recebido, ${SALDO} as saldo
          from ${pageIds(ids)} join solicitacoes_verba v on v.id = pg.id join empresas e on e.id = v.empresa_id order by pg.ord`,
    );
    return rows.map((r) => ({ ...r, solicitado: n(r.solicitado), recebido: r.recebido == null ? null : n(r.recebido), saldo: n(r.saldo) }));
  },
};

export const solicitacaoVerbaDocumentoSource: ReportSource = {
  from: FROM,
  alias: 'v',
  fields: {
    id: { expr: sql`v.id` },
    numero: { expr: sql`v.numero`, search: numeroPorTermo },
    dataSolicitacao: { expr: sql`v.data_solicitacao` },
    empresa: { expr: sql`v.empresa_id` },
  },
  sums: {
    contas: sql`(select coalesce(sum(i.valor_centavos), 0) from solicitacao_verba_itens i where i.solicitacao_id = v.id and i.tipo = 'CONTAS')`,
    reembolsos: sql`(select coalesce(sum(i.valor_centavos), 0) from solicitacao_verba_itens i where i.solicitacao_id = v.id and i.tipo = 'REEMBOLSOS')`,
    solicitado: sql`v.valor_solicitado_centavos`,
  },
  async rows(db, ids) {
    const rows = await query<Row & Record<string, unknown>>(
      db,
      sql`select v.id, v.numero, e.razao_social as "empresaNome", e.cnpj, ${COMPETENCIA} as "competenciaRotulo", to_char(v.data_solicitacao, 'YYYY-MM-DD') as "dataSolicitacao",
            to_char(v.vencimento, 'YYYY-MM-DD') as vencimento, ${SITUACAO} as situacao, v.valor_solicitado_centavos as solicitado, v.observacao,
            coalesce(c.valor_centavos, 0) as contas, coalesce(c.quantidade, 0) as "qtdContas", coalesce(r.valor_centavos, 0) as reembolsos, coalesce(r.quantidade, 0) as "qtdReembolsos"
          from ${pageIds(ids)} join solicitacoes_verba v on v.id = pg.id join empresas e on e.id = v.empresa_id
          left join solicitacao_verba_itens c on c.solicitacao_id = v.id and c.tipo = 'CONTAS'
          left join solicitacao_verba_itens r on r.solicitacao_id = v.id and r.tipo = 'REEMBOLSOS'
          order by pg.ord`,
    );
    return rows.map((r) => ({ ...r, solicitado: n(r.solicitado), contas: n(r.contas), reembolsos: n(r.reembolsos), qtdContas: Number(r.qtdContas), qtdReembolsos: Number(r.qtdReembolsos) }));
  },
};
