import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { ACESSO_ENTIDADES, ACESSOS_LIST, origemLabel, type AcessoEntidade, type AcessoRow } from '../../shared/acessos/listas';
import { isoToBr } from '../../shared/dates';
import { listParams, listQuerySchema, PAGING_KEYS } from '../../shared/lists/query';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { sessionOf } from '../http/access';
import { parse } from '../http/errors';
import { idsInOrder, whereOf } from '../lists/engine';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';
import { csvLine } from '../resources/export';
import { flushAccessLog } from './log';

/**
 * The access log's list over `acessos_registros` (alias "a"), newest first; the person's name is read for the page's
 * rows only. Its readers flush the reads still queued in this process first (./log.ts).
 */

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

async function rowsOf(db: AppContext['db'], ids: number[]): Promise<AcessoRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`select a.id, a.em, a.usuario_login as "usuarioLogin", u.nome as "usuarioNome", a.ip, a.entidade, a.registro_id as "registroId",
        coalesce(b.nome, p.nome) as pessoa, a.origem
      from ${pageIds(ids, 'k')} join acessos_registros a on a.id = k.id
      left join usuarios u on u.id = a.usuario_id
      left join beneficiarios b on a.entidade = 'beneficiario' and b.id = a.registro_id
      left join prestadores p on a.entidade = 'prestador' and p.id = a.registro_id
      order by k.ord`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    em: iso(r.em),
    usuarioLogin: String(r.usuarioLogin),
    usuarioNome: (r.usuarioNome as string | null) ?? null,
    ip: (r.ip as string | null) ?? null,
    entidade: r.entidade as AcessoEntidade,
    registroId: Number(r.registroId),
    pessoa: (r.pessoa as string | null) ?? null,
    origem: String(r.origem),
  }));
}

export const acessosSource: ListSource = {
  from: sql`acessos_registros a`,
  alias: 'a',
  fields: {
    id: { expr: sql`a.id` },
    em: { expr: sql`a.em` },
    usuarioLogin: { expr: sql`a.usuario_login` },
    entidade: { expr: sql`a.entidade` },
    registroId: { expr: sql`a.registro_id` },
  },
  rows: async (db, ids) => (await rowsOf(db, ids)) as unknown as Row[],
};

const EXPORT_MAX = 200_000;
const entidadeLabel = (e: string) => ACESSO_ENTIDADES.find(([v]) => v === e)?.[1] ?? e;
/** "DD/MM/AAAA HH:mm:ss" in São Paulo, as the screen shows it. */
const saoPaulo = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
const quando = (isoTs: string) => {
  const d = new Date(isoTs);
  const dia = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(d);
  return `${isoToBr(dia)} ${saoPaulo.format(d)}`;
};

/** The filtered log as CSV (the list's own filters and order), for an LGPD answer. */
async function exportCsv(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  await flushAccessLog(ctx.db);
  const q = parse(listQuerySchema(ACESSOS_LIST), req.query);
  const { where } = await whereOf(ctx, sessionOf(req), ACESSOS_LIST, acessosSource, q);
  const ids: number[] = [];
  for await (const chunk of idsInOrder(ctx.db, ACESSOS_LIST, acessosSource, where, q.sort, EXPORT_MAX)) ids.push(...chunk);
  let out = `\uFEFF${csvLine(['Data e hora', 'Usuário', 'Nome do usuário', 'Endereço IP', 'Cadastro de', 'Código da pessoa', 'Pessoa', 'Onde'])}\r\n`;
  for (let i = 0; i < ids.length; i += 2000) {
    for (const r of await rowsOf(ctx.db, ids.slice(i, i + 2000))) {
      out += `${csvLine([quando(r.em), r.usuarioLogin, r.usuarioNome ?? '', r.ip ?? '', entidadeLabel(r.entidade), String(r.registroId), r.pessoa ?? '', origemLabel(r.origem)])}\r\n`;
    }
  }
  const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="log-acessos-${stamp}.csv"`)
    .header('x-total-count', String(ids.length))
    .header('cache-control', 'no-store')
    .send(out);
}

/**
 * GET /api/acessos/registros (and /resumo, /exportar.csv): the administrator's only (the command needs manage on all),
 * so no record scope. The app's close writes what is still queued.
 */
export function acessosListRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onClose', () => flushAccessLog(ctx.db));
  registerList(app, ctx, ACESSOS_LIST, acessosSource, {
    neighbors: false,
    // not a condition: the reads this process still holds are written before the list is read
    restrict: async () => {
      await flushAccessLog(ctx.db);
      return sql`true`;
    },
  });
  app.get(
    `/api${ACESSOS_LIST.endpoint}/exportar.csv`,
    { config: { access: { command: ACESSOS_LIST.command }, queryParams: [...listParams(ACESSOS_LIST), ...PAGING_KEYS] } },
    (req, reply) => exportCsv(ctx, req, reply),
  );
}
