import { sql } from 'drizzle-orm';
import { MOTIVOS_CARTAO } from '../../shared/processos/cartoes';
import { query } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import { PLANO } from './comum';
import type { ReportSource } from './engine';

const MOTIVO = sql.raw(`(case c.motivo ${MOTIVOS_CARTAO.map(([v, l]) => `when '${v}' then '${l.replace(/'/g, "''")}'`).join(' ')} else c.motivo end)`);

/** A card with its holder and plan, the columns the three card reports share. */
const cartaoRows = (ids: number[], grupo: ReturnType<typeof sql>) => sql`select c.id, ${grupo} as grupo, c.carteirinha, c.via, b.matricula, b.nome, b.produto, ${PLANO} as "produtoNome",
    to_char(c.emissao, 'YYYY-MM-DD') as emissao, to_char(c.validade, 'YYYY-MM-DD') as validade, c.situacao
  from ${pageIds(ids, 'k')} join cartoes c on c.id = k.id join beneficiarios b on b.id = c.beneficiario_id join produtos pr on pr.id = b.produto order by k.ord`;

/** rep337's rows: the cards issued, by reason. */
export const cartoesEmitidosSource: ReportSource = {
  from: sql`cartoes c join beneficiarios b on b.id = c.beneficiario_id`,
  alias: 'c',
  fields: {
    id: { expr: sql`c.id` },
    grupo: { expr: MOTIVO },
    motivo: { expr: sql`c.motivo` },
    emissao: { expr: sql`c.emissao` },
    produto: { expr: sql`b.produto` },
    situacao: { expr: sql`c.situacao` },
  },
  rows: (db, ids) => query<Row>(db, cartaoRows(ids, MOTIVO)),
};

// the month as it reads (MM/AAAA) names the group; the month as it sorts (AAAA-MM) orders it
const MES_LABEL = sql`to_char(c.validade, 'MM/YYYY')`;
const MES_ORDEM = sql`to_char(c.validade, 'YYYY-MM')`;

/** rep182's rows: cards in use (the holder's current one) of active beneficiaries, by the month their validity ends. */
export const cartoesAVencerSource: ReportSource = {
  from: sql`cartoes c join beneficiarios b on b.id = c.beneficiario_id`,
  alias: 'c',
  fields: {
    id: { expr: sql`c.id` },
    grupo: { expr: MES_LABEL, sortExpr: MES_ORDEM },
    validade: { expr: sql`c.validade` },
    produto: { expr: sql`b.produto` },
    emUso: { filter: () => sql`(c.situacao = 'ATIVO' and b.situacao = 'ATIVO')` },
  },
  rows: (db, ids) => query<Row>(db, cartaoRows(ids, MES_LABEL)),
};

/** The day the holder's cards stop being valid: the latest validity of a card in use (null: never issued). */
const ULTIMA_VALIDADE = sql`(select max(c.validade) from cartoes c where c.beneficiario_id = b.id and c.situacao = 'ATIVO')`;

/** rep322's rows: beneficiaries with no card in use valid today, by plan (the index (produto, nome_busca) pages them). */
export const semCartaoValidoSource: ReportSource = {
  from: sql`beneficiarios b join produtos pr on pr.id = b.produto`,
  alias: 'b',
  fields: {
    id: { expr: sql`b.id` },
    grupo: { expr: PLANO, sortExpr: sql`b.produto` },
    nome: { expr: sql`b.nome`, folded: sql`b.nome_busca`, name: true },
    produto: { expr: sql`b.produto` },
    situacao: { expr: sql`b.situacao` },
    semCartao: { filter: () => sql`not exists (select 1 from cartoes c where c.beneficiario_id = b.id and c.situacao = 'ATIVO' and c.validade >= current_date)` },
  },
  async rows(db, ids) {
    return query<Row>(
      db,
      sql`select b.id, ${PLANO} as grupo, b.matricula, b.carteirinha, b.nome, b.produto, to_char(b.data_adesao, 'YYYY-MM-DD') as "dataAdesao",
          to_char(${ULTIMA_VALIDADE}, 'YYYY-MM-DD') as "ultimaValidade", b.situacao
        from ${pageIds(ids, 'k')} join beneficiarios b on b.id = k.id join produtos pr on pr.id = b.produto order by k.ord`,
    );
  },
};
