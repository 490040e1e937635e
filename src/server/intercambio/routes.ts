import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { AUTORIZACOES_INTERCAMBIO_LIST } from '../../shared/intercambio';
import type { AppContext } from '../context';
import { folded, query } from '../db/sql';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';

/**
 * Autorizações de Intercâmbio (spec §2.7, "with a search view"): the interchange authorizations of every partner, both
 * directions, with what is still to be billed and the totals to charge and to pay of the filtered list.
 */
const SITUACAO = sql`(case when ai.movimento_id is null then 'A_FATURAR' else 'EM_MOVIMENTO' end)`;

const source: ListSource = {
  from: sql`autorizacoes_intercambio ai left join cartoes_intercambio c on c.id = ai.cartao_id left join beneficiarios b on b.id = ai.beneficiario_id`,
  alias: 'ai',
  fields: {
    id: { expr: sql`ai.id` },
    dataAtendimento: { expr: sql`ai.data_atendimento` },
    direcao: { expr: sql`ai.direcao` },
    parceira: { expr: sql`ai.intercambio_id` },
    numero: { expr: sql`ai.numero_origem` },
    cartao: { expr: sql`coalesce(c.numero, b.cartao_intercambio)` },
    nome: { expr: sql`ai.nome`, folded: folded(sql`ai.nome`) },
    situacao: { expr: SITUACAO },
  },
  async rows(db, ids) {
    return query<Row>(
      db,
      sql`select ai.id, to_char(ai.data_atendimento, 'YYYY-MM-DD') as "dataAtendimento", ai.direcao, i.nome as parceira, ai.numero_origem as numero, coalesce(c.numero, b.cartao_intercambio) as cartao,
            ai.nome, coalesce(p.nome, ai.prestador_externo) as prestador, ai.codigo || ' – ' || ai.descricao as procedimento, ai.quantidade, ai.valor_centavos::bigint as valor, ${SITUACAO} as situacao,
            to_char(m.competencia, 'MM/YYYY') as competencia, c.situacao as "situacaoCartao"
          from ${pageIds(ids, 'k')} join autorizacoes_intercambio ai on ai.id = k.id join intercambios i on i.id = ai.intercambio_id
          left join cartoes_intercambio c on c.id = ai.cartao_id left join beneficiarios b on b.id = ai.beneficiario_id left join prestadores p on p.id = ai.prestador_id
          left join movimentos_intercambio m on m.id = ai.movimento_id order by k.ord`,
    ).then((rows) => rows.map((r) => ({ ...r, valor: Number(r.valor) })));
  },
  async totals(db, where) {
    const [r] = await query<{ receber: string; pagar: string }>(
      db,
      sql`select coalesce(sum(ai.valor_centavos) filter (where ai.direcao = 'RECEBIDA'), 0)::bigint as receber, coalesce(sum(ai.valor_centavos) filter (where ai.direcao = 'ENVIADA'), 0)::bigint as pagar
          from autorizacoes_intercambio ai left join cartoes_intercambio c on c.id = ai.cartao_id left join beneficiarios b on b.id = ai.beneficiario_id where ${where}`,
    );
    return { receber: Number(r.receber), pagar: Number(r.pagar) };
  },
};

export function intercambioRoutes(app: FastifyInstance, ctx: AppContext) {
  registerList(app, ctx, AUTORIZACOES_INTERCAMBIO_LIST, source, { neighbors: false });
}
