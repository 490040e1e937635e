import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { listParams, listQuerySchema, PAGING_KEYS } from '../../shared/lists/query';
import { int4Id } from '../../shared/validation/ids';
import type { ListDef } from '../../shared/lists/types';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { sessionOf, type Access } from '../http/access';
import { parse } from '../http/errors';
import { neighborsOf, pageOf, summaryOf, whereOf } from './engine';
import type { ListSource } from './source';

const idQuery = z.object({ id: int4Id('Identificador inválido.') });

export interface ListRouteOptions {
  /** Access other than the list's command (a resource's CASL subject). */
  access?: Access;
  /** Beyond this planner estimate the page's total is the estimate, not counted. */
  trustEstimateAbove?: number;
  /** Register `/resumo` and `/vizinhos` (default: yes; a resource grid needs neither). */
  summary?: boolean;
  neighbors?: boolean;
  /**
   * A condition of the session's own, for records the policy's entities do not cover (runs: the session's own unless
   * an administrator, of commands it still opens). Joined to the list's WHERE and to the neighbours' scope.
   */
  restrict?: (s: RequestSession) => SQL | Promise<SQL>;
}

/**
 * The endpoints of one list, from its definition and source: GET `/api${endpoint}` (a page), `/resumo` (the exact
 * count and totals) and `/vizinhos?id=` (the records before and after one). Each parses the query with the
 * definition's schema (the web's), guards by the list's command (or the given access), and scopes by the policy.
 */
/** Every list the server serves, by its definition's key (saved views are checked against them: ./views.ts). */
export const servedLists = new Map<string, ListDef>();

export function registerList(app: FastifyInstance, ctx: AppContext, def: ListDef, source: ListSource, opts: ListRouteOptions = {}) {
  servedLists.set(def.key, def);
  const config = { access: opts.access ?? { command: def.command }, queryParams: [...listParams(def), ...PAGING_KEYS] };
  const base = `/api${def.endpoint}`;
  const schema = listQuerySchema(def);
  const where = async (s: RequestSession, q: Parameters<typeof whereOf>[4]) => {
    const w = await whereOf(ctx, s, def, source, q);
    if (!opts.restrict) return w;
    const own = await opts.restrict(s);
    return { where: sql`(${w.where}) and (${own})`, scope: sql`(${w.scope}) and (${own})` };
  };

  app.get(base, { config }, async (req) => {
    const q = parse(schema, req.query);
    const { where: w } = await where(sessionOf(req), q);
    return { result: await pageOf(ctx.db, def, source, w, q, { trustEstimateAbove: opts.trustEstimateAbove }) };
  });

  if (opts.summary !== false) {
    app.get(`${base}/resumo`, { config }, async (req) => {
      const q = parse(schema, req.query);
      const { where: w } = await where(sessionOf(req), q);
      return { result: await summaryOf(ctx.db, def, source, w) };
    });
  }

  if (opts.neighbors !== false) {
    const withId = listQuerySchema(def, ['id']);
    app.get(`${base}/vizinhos`, { config }, async (req) => {
      const raw = req.query as Record<string, unknown>;
      const { id } = parse(idQuery, { id: raw.id });
      const q = parse(withId, raw);
      const { where: w, scope } = await where(sessionOf(req), q);
      return { result: await neighborsOf(ctx.db, def, source, w, scope, q, id) };
    });
  }
}
