import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { TRAIL_LIST } from '../../shared/trail';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';

/**
 * The trail's list over its table (alias "t"), newest first: the filters are the table's own columns; the period
 * counts whole days of the operator's calendar (São Paulo), inclusive.
 */
const source: ListSource = {
  from: sql`trilha_eventos t`,
  alias: 't',
  fields: {
    id: { expr: sql`t.id` },
    entidade: { expr: sql`t.entidade` },
    registroId: { expr: sql`t.registro_id` },
    usuarioLogin: { expr: sql`t.usuario_login` },
    acao: { expr: sql`t.acao` },
    em: { expr: sql`t.em` },
  },
  async rows(db, ids) {
    const rows = await query<Record<string, unknown>>(
      db,
      sql`select t.id, t.em, t.usuario_login as "usuarioLogin", t.ip, t.entidade, t.registro_id as "registroId", t.acao, t.antes, t.depois
        from ${pageIds(ids, 'k')} join trilha_eventos t on t.id = k.id order by k.ord`,
    );
    return rows.map((r) => ({ ...r, em: r.em instanceof Date ? r.em.toISOString() : String(r.em) })) as unknown as Row[];
  },
};

/** GET /api/trilha/eventos (and its count): the administrator's only (the command needs manage on all). */
export function trailRoutes(app: FastifyInstance, ctx: AppContext) {
  registerList(app, ctx, TRAIL_LIST, source, { neighbors: false });
}
