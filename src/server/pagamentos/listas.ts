import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { PAGAMENTOS_LIST, RPAS_LIST, SOLICITACOES_PAGAMENTO_LIST } from '../../shared/pagamentos/listas';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { folded, query } from '../db/sql';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';
import { COLUNAS_PAGAMENTO, linhaPagamento, type PagamentoRow } from './consolidacao';
import { COLUNAS_RPA, linhaRpa, type RpaRow } from './rpa';
import { COLUNAS_SOLICITACAO, JUNTAS_SOLICITACAO, linhaSolicitacao, type SolicitacaoRow } from './solicitacao';

/** Sums of money columns over the matching rows (the summaries' totals). */
const somas =
  (from: SQL, cols: Record<string, SQL>) =>
  async (db: Db, where: SQL): Promise<Record<string, number>> => {
    const [r] = await query<Record<string, string>>(db, sql`select ${sql.join(Object.entries(cols).map(([k, e]) => sql`coalesce(sum(${e}), 0)::text as ${sql.identifier(k)}`), sql`, `)} from ${from} where ${where}`);
    return Object.fromEntries(Object.keys(cols).map((k) => [k, Number(r[k])]));
  };

const RPAS_FROM = sql`rpas r join prestadores pr on pr.id = r.prestador_id`;
export const rpasSource: ListSource = {
  from: RPAS_FROM,
  alias: 'r',
  fields: {
    numero: { expr: sql`r.numero` },
    dataEmissao: { expr: sql`r.data_emissao` },
    competencia: { expr: sql`r.competencia` },
    prestadorNome: { expr: sql`pr.nome`, folded: folded(sql`pr.nome`) },
    valorBruto: { expr: sql`r.valor_bruto_centavos` },
    inss: { expr: sql`r.inss_centavos` },
    irrf: { expr: sql`r.irrf_centavos` },
    iss: { expr: sql`r.iss_centavos` },
    valorLiquido: { expr: sql`r.valor_liquido_centavos` },
    statusPagamento: { expr: sql`r.status_pagamento` },
  },
  async rows(db, ids) {
    const rows = await query<RpaRow>(db, sql`select ${COLUNAS_RPA} from ${pageIds(ids)} join rpas r on r.id = pg.id join prestadores pr on pr.id = r.prestador_id order by pg.ord`);
    return rows.map(linhaRpa) as unknown as Row[];
  },
  totals: somas(RPAS_FROM, { valorBruto: sql`r.valor_bruto_centavos`, retencoes: sql`r.inss_centavos + r.irrf_centavos + r.iss_centavos`, valorLiquido: sql`r.valor_liquido_centavos` }),
};

export const solicitacoesSource: ListSource = {
  from: sql`solicitacoes_pagamento s join prestadores pr on pr.id = s.prestador_id`,
  alias: 's',
  fields: {
    numero: { expr: sql`s.numero` },
    criadoEm: { expr: sql`s.criado_em` },
    prestadorNome: { expr: sql`pr.nome`, folded: folded(sql`pr.nome`) },
    qtdProtocolos: { expr: sql`s.qtd_protocolos` },
    valorTotal: { expr: sql`s.valor_total_centavos` },
    nfseNumero: { expr: sql`s.nfse_numero`, nullable: true },
    status: { expr: sql`s.status` },
  },
  async rows(db, ids) {
    const rows = await query<SolicitacaoRow>(db, sql`select ${COLUNAS_SOLICITACAO} from ${pageIds(ids)} join solicitacoes_pagamento s on s.id = pg.id ${JUNTAS_SOLICITACAO} order by pg.ord`);
    return rows.map(linhaSolicitacao) as unknown as Row[];
  },
};

const PAGAMENTOS_FROM = sql`pagamentos_prestadores g join prestadores pr on pr.id = g.prestador_id`;
export const pagamentosSource: ListSource = {
  from: PAGAMENTOS_FROM,
  alias: 'g',
  fields: {
    numero: { expr: sql`g.numero` },
    criadoEm: { expr: sql`g.criado_em` },
    competencia: { expr: sql`g.competencia` },
    prestadorNome: { expr: sql`pr.nome`, folded: folded(sql`pr.nome`) },
    qtdProtocolos: { expr: sql`g.qtd_protocolos` },
    valorBruto: { expr: sql`g.valor_bruto_centavos` },
    valorRetencoes: { expr: sql`g.valor_retencoes_centavos` },
    valorLiquido: { expr: sql`g.valor_liquido_centavos` },
    status: { expr: sql`g.status` },
  },
  async rows(db, ids) {
    const rows = await query<PagamentoRow>(db, sql`select ${COLUNAS_PAGAMENTO} from ${pageIds(ids)} join pagamentos_prestadores g on g.id = pg.id join prestadores pr on pr.id = g.prestador_id order by pg.ord`);
    return rows.map(linhaPagamento) as unknown as Row[];
  },
  totals: somas(PAGAMENTOS_FROM, { valorBruto: sql`g.valor_bruto_centavos`, valorRetencoes: sql`g.valor_retencoes_centavos`, valorLiquido: sql`g.valor_liquido_centavos` }),
};

/** The three lists (a page, `/resumo`, `/vizinhos`), guarded by their commands and the provider's scope. */
export function pagamentosListRoutes(app: FastifyInstance, ctx: AppContext) {
  registerList(app, ctx, RPAS_LIST, rpasSource);
  registerList(app, ctx, SOLICITACOES_PAGAMENTO_LIST, solicitacoesSource, { neighbors: false });
  registerList(app, ctx, PAGAMENTOS_LIST, pagamentosSource, { neighbors: false });
}
