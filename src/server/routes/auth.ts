import type { FastifyInstance } from 'fastify';
import { and, count, eq, gt } from 'drizzle-orm';
import { loginRequestSchema, type LoginResponse, type MeResponse } from '../../shared/api';
import { APP_MSG } from '../../shared/messages';
import { DUMMY_HASH, verifyPassword } from '../auth/passwords';
import { loadSessionUser } from '../auth/session';
import { hashToken, newToken } from '../auth/tokens';
import { clientInfo, type AppContext } from '../context';
import { falhasLogin, sessoes, usuarios } from '../db/schema';
import { AppError } from '../http/errors';
import { body, type ZodTypeProvider } from '../http/schemas';
import { bearer, sessionOf } from '../http/access';

/** Login, current user and logout (spec §7). GET /auth/me is also the guard's token validation call. */
export function authRoutes(fastify: FastifyInstance, { db, config, settings }: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const windowStart = () => new Date(Date.now() - config.loginWindowMinutes * 60_000);

  async function throttled(login: string, ip: string) {
    const [byLogin] = await db.select({ n: count() }).from(falhasLogin).where(and(eq(falhasLogin.login, login), gt(falhasLogin.em, windowStart())));
    if (byLogin.n >= config.loginMaxFailures) return true;
    const [byIp] = await db.select({ n: count() }).from(falhasLogin).where(and(eq(falhasLogin.ip, ip), gt(falhasLogin.em, windowStart())));
    return byIp.n >= config.loginMaxFailures * 4;
  }

  app.post('/api/auth/token/issue', { config: { access: 'public' }, schema: { body: body(loginRequestSchema) } }, async (req) => {
    const { userId, password } = req.body;
    const login = userId.toLowerCase();
    if (await throttled(login, req.ip)) throw AppError.of(429, APP_MSG.muitasTentativas);
    const [u] = await db.select().from(usuarios).where(eq(usuarios.login, login));
    const ok = await verifyPassword(password, u?.senhaHash ?? DUMMY_HASH);
    if (!u || !ok || !u.ativo) {
      await db.insert(falhasLogin).values({ login, ip: req.ip });
      throw AppError.of(401, APP_MSG.loginInvalido);
    }
    await db.delete(falhasLogin).where(eq(falhasLogin.login, login));
    const token = newToken();
    await db.insert(sessoes).values({
      usuarioId: u.id,
      tokenHash: hashToken(token),
      expiraEm: new Date(Date.now() + config.tokenTtlHours * 3_600_000),
    });
    const result: LoginResponse = { token, user: await loadSessionUser(db, u), client: clientInfo(settings) };
    return { result };
  });

  app.get('/api/auth/me', { config: { access: 'session', allowExpired: true } }, async (req) => {
    const result: MeResponse = { user: sessionOf(req).user, client: clientInfo(settings) };
    return { result };
  });

  app.post('/api/auth/token/revoke', { config: { access: 'session', allowExpired: true } }, async (req) => {
    const token = bearer(req);
    if (token) await db.update(sessoes).set({ revogadaEm: new Date() }).where(eq(sessoes.tokenHash, hashToken(token)));
    return { result: { revoked: true } };
  });
}
