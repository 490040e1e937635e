import { sql } from 'drizzle-orm';
import { MOTIVOS_NEGATIVA } from '../../shared/autorizacoes';
import { toCentavos } from '../../shared/money';
import { atendimentosSource } from '../atendimentos/listas';
import { query } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import type { ReportSource } from './engine';
import { atendimentosPorMotivoSource } from './atendimentos';

const MOTIVO = sql.raw(
  `(case i.motivo_negativa ${MOTIVOS_NEGATIVA.map(([v, l]) => `when '${v}' then '${`${v} – ${l}`.replace(/'/g, "''")}'`).join(' ')} else i.motivo_negativa end)`,
);
/** What an item did not get: the quantity asked minus the one authorized, and its value at the item's unit price. */
const QTD_NEGADA = sql`(i.quantidade_solicitada - coalesce(i.quantidade_autorizada, 0))`;
const VALOR_NEGADO = sql`(${QTD_NEGADA} * i.valor_centavos)`;

/** rep230's rows: the items with a denial reason (denied whole or reduced), with their request. */
export const negativasPorMotivoSource: ReportSource = {
  from: sql`autorizacao_itens i join autorizacoes a on a.id = i.autorizacao_id`,
  alias: 'i',
  fields: {
    id: { expr: sql`i.id` },
    grupo: { expr: MOTIVO },
    motivo: { expr: sql`i.motivo_negativa` },
    dataSolicitacao: { expr: sql`a.data_solicitacao` },
    tipo: { expr: sql`a.tipo` },
    negado: { filter: () => sql`(i.motivo_negativa is not null)` },
  },
  sums: { quantidadeNegada: QTD_NEGADA, valorNegado: VALOR_NEGADO },
  async rows(db, ids) {
    const rows = await query<Row & { valorNegado: unknown }>(
      db,
      sql`select i.id, ${MOTIVO} as grupo, a.numero, to_char(a.data_solicitacao, 'YYYY-MM-DD') as "dataSolicitacao", a.tipo, b.nome as "beneficiarioNome",
          p.nome as "prestadorNome", i.codigo || ' – ' || i.descricao as procedimento, ${QTD_NEGADA}::int as "quantidadeNegada", ${VALOR_NEGADO} as "valorNegado"
        from ${pageIds(ids, 'k')} join autorizacao_itens i on i.id = k.id join autorizacoes a on a.id = i.autorizacao_id
        join beneficiarios b on b.id = a.beneficiario_id join prestadores p on p.id = a.prestador_id order by k.ord`,
    );
    return rows.map((r) => ({ ...r, valorNegado: toCentavos(r.valorNegado) ?? 0 }));
  },
};

const ATENDENTE = sql`coalesce(a.atendente_nome, 'Sem atendente')`;

/** rep373's rows: the contacts' list source (scope, minutes) grouped by the attendant's name. */
export const atendimentosPorAtendenteSource: ReportSource = {
  ...atendimentosSource,
  fields: { ...atendimentosPorMotivoSource.fields, grupo: { expr: ATENDENTE } },
  sums: atendimentosPorMotivoSource.sums,
  async rows(db, ids) {
    const rows = await atendimentosSource.rows(db, ids);
    return rows.map((r): Row => ({ ...r, grupo: r.atendenteNome ?? 'Sem atendente' }));
  },
};
