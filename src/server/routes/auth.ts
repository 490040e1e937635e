import type { FastifyInstance } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import { loginRequestSchema, type LoginResponse, type MeResponse } from '../../shared/api';
import { APP_MSG } from '../../shared/messages';
import { REGRA_RECUSA_TITULO } from '../../shared/usuarios/regras';
import { accessRefusal, accessRulesOf, nowOf } from '../auth/access-rules';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../auth/passwords';
import { endSessions, loadSessionUser } from '../auth/session';
import { attemptSucceeded, loginKeys, reserveAttempt } from '../auth/throttle';
import { hashToken, newToken } from '../auth/tokens';
import { clientInfo, type AppContext } from '../context';
import { sessoes, usuarios } from '../db/schema';
import { AppError } from '../http/errors';
import { body, type ZodTypeProvider } from '../http/schemas';
import { bearer, sessionOf } from '../http/access';
import { recordTrail } from '../trail/record';

/** An address the account logged in from within this many days is a known one (throttling: CONTRIBUTING). */
const KNOWN_ADDRESS_DAYS = 90;

/** Login, current user and logout (spec §7). GET /auth/me is also the guard's token validation call. */
export function authRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const { db, config, settings } = ctx;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  async function knownAddress(usuarioId: number, ip: string): Promise<boolean> {
    const since = new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000);
    const [row] = await db.select({ id: sessoes.id }).from(sessoes).where(and(eq(sessoes.usuarioId, usuarioId), eq(sessoes.ip, ip), gt(sessoes.criadaEm, since))).limit(1);
    return !!row;
  }

  app.post('/api/auth/token/issue', { config: { access: 'public' }, schema: { body: body(loginRequestSchema) } }, async (req, reply) => {
    const { userId, password } = req.body;
    const login = userId.toLowerCase();
    const [u] = await db.select().from(usuarios).where(eq(usuarios.login, login));
    const keys = loginKeys(config, login, req.ip, !!u && (await knownAddress(u.id, req.ip)));
    // the attempt is counted before the password is checked: parallel guesses cannot outrun the count
    await reserveAttempt(db, config, keys, reply);
    const ok = await verifyPassword(password, u?.senhaHash ?? (await dummyHash(config.passwordHashN)));
    if (!u || !ok || !u.ativo) throw AppError.of(401, APP_MSG.loginInvalido);
    await attemptSucceeded(db, keys);
    // the right password outside the user's access rules: refused with the reason, and no session is opened
    const recusa = await accessRefusal(db, await accessRulesOf(db, u), req.ip, nowOf(ctx));
    if (recusa) throw AppError.of(403, recusa, { title: REGRA_RECUSA_TITULO });
    if (needsRehash(u.senhaHash, config.passwordHashN)) {
      const senhaHash = await hashPassword(password, config.passwordHashN);
      await db.transaction(async (tx) => {
        const t = tx as unknown as typeof db;
        // only the hash the check used is replaced: a password changed meanwhile stays
        const done = await t.update(usuarios).set({ senhaHash }).where(and(eq(usuarios.id, u.id), eq(usuarios.senhaHash, u.senhaHash))).returning({ id: usuarios.id });
        if (done.length) await recordTrail(t, { ip: req.ip }, { entidade: 'usuario', registroId: u.id, acao: 'update', antes: { custoScrypt: costOf(u.senhaHash) }, depois: { custoScrypt: config.passwordHashN } });
      });
    }
    const token = newToken();
    await db.insert(sessoes).values({
      usuarioId: u.id,
      tokenHash: hashToken(token),
      expiraEm: new Date(Date.now() + config.tokenTtlHours * 3_600_000),
      cliente: config.client,
      ip: req.ip,
      ultimoUsoEm: new Date(),
    });
    const result: LoginResponse = { token, user: await loadSessionUser(db, u), client: clientInfo(settings) };
    return { result };
  });

  app.get('/api/auth/me', { config: { access: 'session', allowExpired: true } }, async (req) => {
    const result: MeResponse = { user: sessionOf(req).user, client: clientInfo(settings) };
    return { result };
  });

  app.post('/api/auth/token/revoke', { config: { access: 'session', allowExpired: true, skipAccessRules: true } }, async (req) => {
    const token = bearer(req);
    if (token) await db.update(sessoes).set({ revogadaEm: new Date() }).where(eq(sessoes.tokenHash, hashToken(token)));
    return { result: { revoked: true } };
  });

  /**
   * "Sair de todos os dispositivos": every live session of the user ends, this one included. Like the logout, no trail
   * row: the sessions' own rows say when each ended (the administrator's Fila de Sessões).
   */
  app.post('/api/auth/token/revoke-all', { config: { access: 'session', allowExpired: true, skipAccessRules: true } }, async (req) => {
    const encerradas = await endSessions(db, sessionOf(req).user.id);
    return { result: { revoked: true, encerradas } };
  });
}

/** The scrypt N a stored hash was made with (for the trail of a rehash; never the hash itself). */
const costOf = (stored: string) => Number(stored.split('$')[1]) || null;
