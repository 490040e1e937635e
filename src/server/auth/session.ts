import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { SessionUser } from '../../shared/api';
import { buildAbility, type AppAbility } from '../../shared/permissions';
import type { Db } from '../db/client';
import { grupos, sessoes, usuarios } from '../db/schema';
import { accessRulesOf, type CompiledGroup } from './access-rules';
import { effectivePermissions } from './permissions';
import { hashToken } from './tokens';

export interface RequestSession {
  sessaoId: number;
  user: SessionUser;
  ability: AppAbility;
  /** Linked records, for record-level rules (own family, own provider). */
  beneficiarioId: number | null;
  prestadorId: number | null;
  senhaValidadaEm: Date | null;
  /** The access rule groups that restrict the user (none for administrators and for background runs). */
  accessRules?: CompiledGroup[];
}

type UsuarioRow = typeof usuarios.$inferSelect;

export async function loadSessionUser(db: Db, u: UsuarioRow): Promise<SessionUser> {
  const [grupo] = await db.select().from(grupos).where(eq(grupos.id, u.grupoId));
  return toSessionUser(u, grupo?.validaSenha ?? false, await effectivePermissions(db, u));
}

function toSessionUser(u: UsuarioRow, grupoValidaSenha: boolean, permissions: string[]): SessionUser {
  return {
    id: u.id,
    principal: u.login,
    nome: u.nome,
    grupoValidaSenha,
    senhaExpirada: u.senhaExpiraEm != null && u.senhaExpiraEm.getTime() <= Date.now(),
    uraHabilitada: u.uraTerminal != null,
    permissions,
    operadora: u.operadora,
    prestador: u.prestador,
    prestadorAdministrativo: u.prestadorAdministrativo,
    dependente: u.dependente,
    beneficiario: u.beneficiario,
    ouvidoria: u.ouvidoria,
    auditor: u.auditor,
    admin: u.admin,
  };
}

/**
 * Abilities are immutable and depend only on the permission list: one per distinct list (a handful of groups),
 * instead of rebuilding ~700 CASL rules on every request.
 */
const abilities = new Map<string, AppAbility>();
function abilityFor(permissions: string[]): AppAbility {
  const key = permissions.join('|');
  let a = abilities.get(key);
  if (!a) {
    if (abilities.size >= 64) abilities.clear();
    a = buildAbility(permissions);
    abilities.set(key, a);
  }
  return a;
}

/** What ends a session besides its revocation: its absolute expiry, the idle time and the installation. */
export interface SessionRules {
  /** The installation (CLIENT) this server is: a token issued by another one sharing the database is refused. */
  client: string;
  idleMinutes: number;
}

/** The last use is written at most once a minute: the idle timeout is exact to that, and reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

/** Resolves a bearer token to its live session; undefined when unknown, revoked, expired, idle, of another installation or the user is inactive. */
export async function sessionFromToken(db: Db, token: string, rules: SessionRules): Promise<RequestSession | undefined> {
  const idleSince = new Date(Date.now() - rules.idleMinutes * 60_000);
  // one round trip per request: session, user (with the version of its permissions) and the password group's flag;
  // the permissions themselves come from the per-user cache, reloaded only when their version moved
  const rows = await db
    .select({ s: sessoes, u: usuarios, validaSenha: grupos.validaSenha })
    .from(sessoes)
    .innerJoin(usuarios, eq(usuarios.id, sessoes.usuarioId))
    .leftJoin(grupos, eq(grupos.id, usuarios.grupoId))
    .where(
      and(
        eq(sessoes.tokenHash, hashToken(token)),
        isNull(sessoes.revogadaEm),
        gt(sessoes.expiraEm, new Date()),
        eq(sessoes.cliente, rules.client),
        gt(sessoes.ultimoUsoEm, idleSince),
      ),
    );
  const row = rows[0];
  if (!row || !row.u.ativo) return undefined;
  if (!row.s.ultimoUsoEm || Date.now() - row.s.ultimoUsoEm.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessoes).set({ ultimoUsoEm: new Date() }).where(eq(sessoes.id, row.s.id));
  }
  const user = toSessionUser(row.u, row.validaSenha ?? false, await effectivePermissions(db, row.u));
  return {
    sessaoId: row.s.id,
    user,
    ability: abilityFor(user.permissions),
    beneficiarioId: row.u.beneficiarioId,
    prestadorId: row.u.prestadorId,
    senhaValidadaEm: row.s.senhaValidadaEm,
    accessRules: await accessRulesOf(db, row.u),
  };
}

/**
 * Ends a user's live sessions, all or all but one (a password change keeps the session that made it). Returns how
 * many ended.
 */
export async function endSessions(db: Db, usuarioId: number, except?: number): Promise<number> {
  const ended = await db
    .update(sessoes)
    .set({ revogadaEm: new Date() })
    .where(and(eq(sessoes.usuarioId, usuarioId), isNull(sessoes.revogadaEm), gt(sessoes.expiraEm, new Date()), except ? ne(sessoes.id, except) : undefined))
    .returning({ id: sessoes.id });
  return ended.length;
}

/**
 * The session a background run acts with: its user's current permissions and linked records (not the login's
 * session, which may have ended). Undefined when the user no longer exists or is inactive.
 */
export async function sessionForUser(db: Db, userId: number): Promise<RequestSession | undefined> {
  const [u] = await db.select().from(usuarios).where(eq(usuarios.id, userId));
  if (!u || !u.ativo) return undefined;
  const user = await loadSessionUser(db, u);
  return { sessaoId: 0, user, ability: abilityFor(user.permissions), beneficiarioId: u.beneficiarioId, prestadorId: u.prestadorId, senhaValidadaEm: null };
}
