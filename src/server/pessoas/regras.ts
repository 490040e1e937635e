import { eq, like, or, type SQL } from 'drizzle-orm';
import { isVisible, registry, type CommandPath } from '../../../commands';
import { fold, onlyDigits } from '../../shared/text';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { beneficiarios } from '../db/schema';
import { forbidden } from '../http/errors';

/**
 * Record-level rules for people (spec §2.1, issue: "a beneficiary or dependent sees only their own family's data;
 * a provider only their own"). Who sees the operator's lookup screens sees every record; a beneficiary or a
 * dependent reaches their family (the titular and the dependents); a provider its own provider record.
 */

export const PATHS = {
  beneficiarios: '/cadastro/pessoa/beneficiarios',
  consulta: '/cadastro/beneficiarios/consulta',
  prestadores: '/cadastro/pessoa/prestadores',
} as const satisfies Record<string, CommandPath>;

export const MSG_FAMILIA = 'Você só pode consultar os dados do seu grupo familiar.';
export const MSG_PRESTADOR = 'Você só pode consultar o cadastro do seu próprio prestador.';

export function sees(ctx: AppContext, s: RequestSession, path: string): boolean {
  const c = registry.match(path);
  return !!c && isVisible(c, { ability: s.ability, client: ctx.settings.id, flags: ctx.settings.flags });
}

/** Sees every beneficiary: the operator's registry or the lookup of ombudsman and auditors. */
export const seesAllBeneficiaries = (ctx: AppContext, s: RequestSession) => sees(ctx, s, PATHS.beneficiarios) || sees(ctx, s, PATHS.consulta);
export const seesAllProviders = (ctx: AppContext, s: RequestSession) => sees(ctx, s, PATHS.prestadores);

export const isBeneficiaryUser = (s: RequestSession) => (s.user.beneficiario || s.user.dependente) && s.beneficiarioId != null;
export const isProviderUser = (s: RequestSession) => (s.user.prestador || s.user.prestadorAdministrativo) && s.prestadorId != null;

/** The family of a beneficiary: the titular's id and every member's id (titular first). */
export async function familiaDe(db: Db, beneficiarioId: number): Promise<{ titularId: number; ids: number[] } | null> {
  const [b] = (await db.select({ id: beneficiarios.id, titular: beneficiarios.titular }).from(beneficiarios).where(eq(beneficiarios.id, beneficiarioId))) as {
    id: number;
    titular: number | null;
  }[];
  if (!b) return null;
  const titularId = b.titular ?? b.id;
  const rows = (await db
    .select({ id: beneficiarios.id })
    .from(beneficiarios)
    .where(or(eq(beneficiarios.id, titularId), eq(beneficiarios.titular, titularId)))) as { id: number }[];
  const ids = rows.map((r) => r.id).sort((x, y) => (x === titularId ? -1 : y === titularId ? 1 : x - y));
  return { titularId, ids };
}

/** Throws 403 unless the session may read this beneficiary. */
export async function assertBeneficiario(ctx: AppContext, s: RequestSession, id: number): Promise<void> {
  if (seesAllBeneficiaries(ctx, s)) return;
  if (isBeneficiaryUser(s)) {
    const fam = await familiaDe(ctx.db, s.beneficiarioId!);
    if (fam?.ids.includes(id)) return;
  }
  throw forbidden(MSG_FAMILIA);
}

/** Throws 403 unless the session may read this provider. */
export function assertPrestador(ctx: AppContext, s: RequestSession, id: number): void {
  if (seesAllProviders(ctx, s)) return;
  if (isProviderUser(s) && s.prestadorId === id) return;
  throw forbidden(MSG_PRESTADOR);
}

/**
 * The beneficiary lookup by one typed term (the operator's lookup, the request form's picker): a name prefix
 * (accents and case ignored, indexed), or digits: CPF (11), card (16), matrícula (10), CNS (15), or a matrícula
 * prefix. Undefined when the digits can be none of them.
 */
export function beneficiarioPorTermo(termo: string): SQL | undefined {
  const digits = onlyDigits(termo);
  const numeric = digits.length > 0 && digits.length === termo.replace(/[.\-/\s]/g, '').length;
  if (!numeric) return like(beneficiarios.nomeBusca, `${fold(termo).replace(/\s+/g, ' ').replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return or(
    digits.length === 11 ? eq(beneficiarios.cpf, digits) : undefined,
    digits.length === 16 ? eq(beneficiarios.carteirinha, digits) : undefined,
    digits.length === 10 ? eq(beneficiarios.matricula, digits) : undefined,
    digits.length === 15 ? eq(beneficiarios.cns, digits) : undefined,
    digits.length < 10 ? like(beneficiarios.matricula, `${digits}%`) : undefined,
  );
}
