import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { senhaRequestSchema } from '../../shared/api';
import { APP_MSG, MSG } from '../../shared/messages';
import { newPasswordIssues } from '../../shared/password';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { endSessions, loadSessionUser } from '../auth/session';
import { attemptSucceeded, reserveAttempt, senhaKeys } from '../auth/throttle';
import { recordTrail } from '../trail/record';
import type { AppContext } from '../context';
import { grupos, sessoes, usuarios } from '../db/schema';
import { AppError, badRequest, forbidden } from '../http/errors';
import { body, type ZodTypeProvider } from '../http/schemas';
import { sessionOf } from '../http/access';

/** How long a validar-senha stays good for the following alterar-senha. */
const VALIDATION_WINDOW_MS = 10 * 60_000;
/** Password lifetime for groups that validate passwords. */
const STRONG_PASSWORD_DAYS = 90;

/** Password change in two calls (spec §7): validar-senha checks the current one, alterar-senha sets the new one. */
export function usuarioRoutes(fastify: FastifyInstance, { db, config }: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const own = async (login: string, sessionLogin: string) => {
    if (login.toLowerCase() !== sessionLogin) throw forbidden(APP_MSG.loginDiferente);
    const [u] = await db.select().from(usuarios).where(eq(usuarios.login, sessionLogin));
    if (!u) throw forbidden();
    return u;
  };

  const validar = body(senhaRequestSchema.extend({ senha: z.string({ error: MSG.senhaAtualObrigatoria }).min(1, MSG.senhaAtualObrigatoria).max(200) }));
  app.put('/api/usuarios/validar-senha', { config: { access: 'session', allowExpired: true }, schema: { body: validar } }, async (req, reply) => {
    const s = sessionOf(req);
    const { body } = req;
    const u = await own(body.login, s.user.principal);
    // a stolen session must not find the password by trying: the same growing waits as the login
    const keys = senhaKeys(config, u.id);
    await reserveAttempt(db, config, keys, reply);
    if (!(await verifyPassword(body.senha, u.senhaHash))) throw badRequest(APP_MSG.senhaAtualIncorreta, 'senhaAtual');
    await attemptSucceeded(db, keys);
    await db.update(sessoes).set({ senhaValidadaEm: new Date() }).where(eq(sessoes.id, s.sessaoId));
    return { result: { valida: true } };
  });

  const alterar = body(senhaRequestSchema.extend({ senha: z.string({ error: MSG.novaSenhaObrigatoria }).max(200) }));
  app.put('/api/usuarios/alterar-senha', { config: { access: 'session', allowExpired: true }, schema: { body: alterar } }, async (req, reply) => {
    const s = sessionOf(req);
    const { body } = req;
    const u = await own(body.login, s.user.principal);
    if (!s.senhaValidadaEm || Date.now() - s.senhaValidadaEm.getTime() > VALIDATION_WINDOW_MS) {
      throw badRequest(MSG.senhaAtualObrigatoria, 'senhaAtual');
    }
    const [grupo] = await db.select().from(grupos).where(eq(grupos.id, u.grupoId));
    const issues = newPasswordIssues(body.senha, grupo?.validaSenha ?? false);
    if (issues.length) throw new AppError(400, issues.map((value) => ({ type: 'error' as const, value, field: 'senha' })));
    // comparing with the current password is a guess too: it waits while the key waits, and counts when it matches
    const keys = senhaKeys(config, u.id);
    await reserveAttempt(db, config, keys, reply);
    if (await verifyPassword(body.senha, u.senhaHash)) throw badRequest(APP_MSG.senhaIgualAtual, 'senha');
    await attemptSucceeded(db, keys);
    const senhaExpiraEm = grupo?.validaSenha ? new Date(Date.now() + STRONG_PASSWORD_DAYS * 86_400_000) : null;
    const senhaHash = await hashPassword(body.senha, config.passwordHashN);
    const updated = await db.transaction(async (tx) => {
      const t = tx as unknown as typeof db;
      const [row] = await t.update(usuarios).set({ senhaHash, senhaExpiraEm, version: sql`${usuarios.version} + 1` }).where(eq(usuarios.id, u.id)).returning();
      await t.update(sessoes).set({ senhaValidadaEm: null }).where(eq(sessoes.id, s.sessaoId));
      // whoever else holds a session (a stolen token) loses it with the old password; this one goes on
      const encerradas = await endSessions(t, u.id, s.sessaoId);
      await recordTrail(t, req, { entidade: 'usuario', registroId: u.id, acao: 'update', antes: { senhaExpiraEm: u.senhaExpiraEm, senhaAlterada: false }, depois: { senhaExpiraEm: row.senhaExpiraEm, senhaAlterada: true, sessoesEncerradas: encerradas } });
      return row;
    });
    return { result: { user: await loadSessionUser(db, updated) }, messages: { alerts: [{ type: 'success', value: APP_MSG.senhaAlterada }] } };
  });

  /** The user's URA terminal (spec §2.7 /ura): enables the URA setting that the guard checks. */
  const ura = body(z.object({ terminal: z.string({ error: 'Informe o terminal da URA (até 20 letras, números ou hífens).' }).trim().regex(/^[A-Za-z0-9-]{1,20}$/, 'Informe o terminal da URA (até 20 letras, números ou hífens).') }));
  app.put('/api/usuarios/ura-terminal', { config: { access: { command: '/util/ura' } }, schema: { body: ura } }, async (req) => {
    const s = sessionOf(req);
    const { terminal } = req.body;
    const updated = await db.transaction(async (tx) => {
      const t = tx as unknown as typeof db;
      const [before] = await t.select({ uraTerminal: usuarios.uraTerminal }).from(usuarios).where(eq(usuarios.id, s.user.id));
      const [row] = await t.update(usuarios).set({ uraTerminal: terminal }).where(eq(usuarios.id, s.user.id)).returning();
      await recordTrail(t, req, { entidade: 'usuario', registroId: s.user.id, acao: 'update', antes: before, depois: { uraTerminal: row.uraTerminal } });
      return row;
    });
    return { result: { user: await loadSessionUser(db, updated) }, messages: { alerts: [{ type: 'success', value: `Terminal da URA alterado para ${terminal}.` }] } };
  });
}
