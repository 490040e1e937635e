import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { ProtocoloRecebimentoLinha, StatusProtocolo } from '../../shared/faturamento';
import { FATURAMENTOS_PRESTADORES_LIST, PROTOCOLOS_RECEBIMENTO_LIST } from '../../shared/faturamento/listas';
import type { AppContext } from '../context';
import { query, searchTerm } from '../db/sql';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';

/**
 * The received protocols' list (alias "p"): filters and order on `protocolos_recebimento`; the provider by its code
 * or any part of its name; the page's rows joined to the provider's name. The policy's scope (a provider's own
 * lots) is the engine's, on `p.prestador_id`.
 */
const prestadorPorTermo = (v: string): SQL =>
  sql`p.prestador_id in (select id from prestadores where codigo = ${v.trim()} or nome_busca like ${`%${searchTerm(v)}%`})`;

export const protocolosRecebimentoSource: ListSource = {
  from: sql`protocolos_recebimento p`,
  alias: 'p',
  fields: {
    numero: { expr: sql`p.numero` },
    recebidoEm: { expr: sql`p.recebido_em` },
    prestador: { expr: sql`p.prestador_id`, search: prestadorPorTermo },
    numeroLote: { expr: sql`p.numero_lote` },
    tipoGuia: { expr: sql`p.tipo_guia` },
    valorInformado: { expr: sql`p.valor_informado_centavos` },
    status: { expr: sql`p.status` },
  },
  async rows(db, ids) {
    const rows = await query<{ id: number; numero: string; recebido_em: string; prestador_id: number; nome: string; codigo: string | null; numero_lote: string; padrao: string; tipo_guia: string; qtd_guias: number; valor: string; status: string }>(
      db,
      sql`select p.id, p.numero, p.recebido_em, p.prestador_id, pr.nome, pr.codigo, p.numero_lote, p.padrao, p.tipo_guia, p.qtd_guias, p.valor_informado_centavos::text as valor, p.status
          from ${pageIds(ids)} join protocolos_recebimento p on p.id = pg.id join prestadores pr on pr.id = p.prestador_id order by pg.ord`,
    );
    return rows.map(
      (r): ProtocoloRecebimentoLinha => ({
        id: r.id,
        numero: r.numero,
        recebidoEm: new Date(r.recebido_em).toISOString(),
        prestador: r.prestador_id,
        prestadorNome: r.nome,
        prestadorCodigo: r.codigo,
        numeroLote: r.numero_lote,
        padrao: r.padrao,
        tipoGuia: r.tipo_guia,
        qtdGuias: r.qtd_guias,
        valorInformado: Number(r.valor),
        status: r.status as StatusProtocolo,
      }),
    ) as unknown as Row[];
  },
};

/** GET /api/faturamento/protocolos and /resumo, guarded by the command and the policy's scope. */
export function protocolosRecebimentoRoutes(app: FastifyInstance, ctx: AppContext) {
  registerList(app, ctx, PROTOCOLOS_RECEBIMENTO_LIST, protocolosRecebimentoSource, { neighbors: false });
  registerList(app, ctx, FATURAMENTOS_PRESTADORES_LIST, protocolosRecebimentoSource, { neighbors: false });
}
