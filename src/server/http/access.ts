import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_MSG } from '../../shared/messages';
import { accessRefusal, nowOf } from '../auth/access-rules';
import { sessionFromToken, type RequestSession } from '../auth/session';
import { REGRA_RECUSA_TITULO } from '../../shared/usuarios/regras';
import { isVisible, registry, type CommandPath } from '../../../commands';
import type { ClientSettings } from '../../shared/clients';
import type { AppContext } from '../context';
import { AppError, forbidden, notFound, unauthorized } from './errors';

/**
 * Every /api route declares its access in `config.access` (deny by default):
 * 'public' (spec's public calls), 'session' (any logged-in user; the handler applies record rules),
 * { can: [action, subject] } checked with CASL, or { command: path, action? } for an endpoint that belongs
 * to a command: the command's own visibility (permission + client + switch, `isVisible`) and, when given,
 * another action on the command's subject (e.g. 'insert'). A route without a declaration fails at start-up.
 */
export type Access = 'public' | 'session' | { can: readonly [string, string] } | { command: CommandPath; action?: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Reachable while the user's password is expired (session calls and the password change). */
    allowExpired?: boolean;
    /** The query parameters a route reads (a list's filters and paging): the route table's, for the fuzz. */
    queryParams?: readonly string[];
    /** Reachable outside the user's access rules (logging out: it only ends sessions). */
    skipAccessRules?: boolean;
  }
  interface FastifyRequest {
    session?: RequestSession;
  }
}

/** The live session of an authenticated route (set by the access hook). */
export function sessionOf(req: FastifyRequest): RequestSession {
  if (!req.session) throw unauthorized();
  return req.session;
}

export function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S{20,200})$/i.exec(h);
  return m?.[1];
}

/** A route as the permission matrix and the fuzz read it: its access, and what input it declares (query parameters, body schema). */
export interface RouteEntry { method: string; url: string; access: Access; allowExpired: boolean; queryParams: readonly string[]; body?: unknown }

/** Installs the access hooks; returns the app's route table (for the permission-matrix tests). */
export function registerAccessControl(app: FastifyInstance, ctx: AppContext): RouteEntry[] {
  const { db, settings, config } = ctx;
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) throw new Error(`rota sem permissão declarada: ${String(route.method)} ${route.url}`);
    if (typeof access === 'object' && 'command' in access && !commandOf(access.command)) throw new Error(`rota ligada a comando inexistente: ${access.command}`);
    const allowExpired = (route.config as { allowExpired?: boolean } | undefined)?.allowExpired === true;
    const queryParams = (route.config as { queryParams?: readonly string[] } | undefined)?.queryParams ?? [];
    const body = (route.schema as { body?: unknown } | undefined)?.body;
    for (const m of [route.method].flat()) if (m !== 'HEAD') routeTable.push({ method: m, url: route.url, access, allowExpired, queryParams, body });
  });

  // on request, before the body is read or validated: who may not call a route learns nothing of its input rules
  app.addHook('onRequest', async (req) => {
    if (req.is404) return;
    const access = req.routeOptions.config.access;
    if (!access) {
      // every /api route declares its access (start-up fails otherwise): an /api path here matched only the web app's
      // catch-all, so no such endpoint exists
      if (req.url.startsWith('/api')) throw notFound(APP_MSG.rotaNaoEncontrada);
      return;
    }
    if (access === 'public') return;
    const token = bearer(req);
    if (!token) throw unauthorized();
    const session = await sessionFromToken(db, token, { client: config.client, idleMinutes: config.sessionIdleMinutes });
    if (!session) throw unauthorized(APP_MSG.sessaoExpirada);
    req.session = session;
    // the access rules before anything else: outside its window a session is refused as a lost one (401, the login
    // page then shows why: the alert's title marks it), without being ended — it works again when the window opens
    if (session.accessRules?.length && !req.routeOptions.config.skipAccessRules) {
      const recusa = await accessRefusal(db, session.accessRules, req.ip, nowOf(ctx));
      if (recusa) throw AppError.of(401, recusa, { title: REGRA_RECUSA_TITULO });
    }
    if (session.user.senhaExpirada && !req.routeOptions.config.allowExpired) throw forbidden(APP_MSG.senhaExpirada);
    if (access !== 'session' && !allowed(access, session)) throw forbidden();
  });
  function allowed(access: Exclude<Access, 'public' | 'session'>, session: RequestSession): boolean {
    if ('can' in access) return session.ability.can(access.can[0], access.can[1]);
    const cmd = commandOf(access.command)!;
    if (!isVisible(cmd, { ability: session.ability, client: settings.id, flags: settings.flags })) return false;
    return !access.action || (cmd.can != null && session.ability.can(access.action, cmd.can[1]));
  }
  return routeTable;
}

const commandOf = (path: string) => registry.match(path);

/** Whether the session may open a command (permission, client and switch: the one `isVisible`). */
export function sessionSees(settings: ClientSettings, s: RequestSession, path: CommandPath): boolean {
  const c = commandOf(path);
  return !!c && isVisible(c, { ability: s.ability, client: settings.id, flags: settings.flags });
}
