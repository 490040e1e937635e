import { sql, type SQL } from 'drizzle-orm';
import type { CommandPath } from '../../../commands';
import type { RecordEntity } from '../../shared/lists/types';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { sessionSees } from '../http/access';
import { forbidden } from '../http/errors';

/**
 * The access policy: which records of each entity a session sees, written once (ARCHITECTURE "Access policy").
 * Every list, record read, `@` search, picker and export asks it; nothing else decides record scope.
 *
 * - The operator's staff who see an entity's registry or its lookup screens see every record (`all`).
 * - A beneficiary or a dependent sees their family's records (the titular and the dependents: `family`).
 * - A provider and its administrative staff see their own provider's records (`provider`).
 * - Anyone else, or a self-service user not linked to a beneficiary or provider, sees none (deny by default).
 */
/** One list of entities for both sides: a list definition names its scope's entity (src/shared/lists/types.ts). */
export type Entity = RecordEntity;

export type Scope = { kind: 'all' } | { kind: 'family'; beneficiarioIds: number[] } | { kind: 'provider'; prestadorId: number } | { kind: 'none'; reason: string };

export const MSG_FAMILIA = 'Você só pode consultar os dados do seu grupo familiar.';
export const MSG_PRESTADOR = 'Você só pode consultar o cadastro do seu próprio prestador.';
export const MSG_AUTORIZACAO = 'Você só pode consultar as suas próprias solicitações de autorização.';
export const MSG_SEM_BENEFICIARIO = 'Este usuário não está ligado a um beneficiário.';
export const MSG_SEM_PRESTADOR = 'Este usuário não está ligado a um prestador.';
export const MSG_PROTOCOLO = 'Os protocolos de documentos são consultados só pela equipe da operadora.';
export const MSG_ATENDIMENTO = 'Você só pode consultar os seus próprios atendimentos.';
export const MSG_PROTOCOLO_RECEBIMENTO = 'Você só pode consultar os protocolos de faturamento do seu próprio prestador.';
export const MSG_MANIFESTACAO = 'Você só pode consultar as manifestações do seu grupo familiar.';
export const MSG_ADESAO = 'Você só pode consultar as solicitações de adesão do seu grupo familiar.';
export const MSG_FATURA_DIGITADA = 'Você só pode consultar as faturas digitadas do seu próprio prestador.';
export const MSG_REEMBOLSO = 'Você só pode consultar os reembolsos do seu grupo familiar.';
export const MSG_VERBA = 'As solicitações de verba são da equipe financeira da operadora.';
export const MSG_ADESAO_SERVICO = 'As adesões a serviços adicionais são consultadas só pela equipe da operadora.';
export const MSG_PAGAMENTO = 'Você só pode consultar os pagamentos do seu próprio prestador.';

interface EntityRule {
  /** Who sees every record: whoever sees one of these screens (permission, client and switch: `isVisible`). */
  all: readonly CommandPath[] | ((ctx: AppContext, s: RequestSession) => boolean);
  /** Column of the entity's table holding the beneficiary: a family sees its rows. Absent: families see none. */
  family?: string;
  /** Columns holding the provider: a provider sees the rows where any of them is its own. Absent: providers see none. */
  provider?: readonly string[];
  /** Why a record outside the scope is refused. */
  denied: string;
}

/** The staff screens of authorization requests: who sees any of them sees every request. */
const AUTORIZACOES_EQUIPE: CommandPath[] = [
  '/principal/autorizacao/auditoria',
  '/principal/autorizacao/autorizacoes',
  '/principal/autorizacao/historicos-utilizacoes-beneficiarios',
  '/principal/autorizacao/pre-autorizacoes',
  '/principal/autorizacao/anexo/autorizacoes-anexos',
  '/principal/autorizacao/prorrogacoes',
  '/principal/autorizacao/guiasemonus/guias-sem-onus',
  '/principal/autorizacao/guiasemonus/guias-aps',
];

const RULES: Record<Entity, EntityRule> = {
  beneficiario: { all: ['/cadastro/pessoa/beneficiarios', '/cadastro/beneficiarios/consulta'], family: 'id', denied: MSG_FAMILIA },
  prestador: { all: ['/cadastro/pessoa/prestadores'], provider: ['id'], denied: MSG_PRESTADOR },
  autorizacao: { all: AUTORIZACOES_EQUIPE, family: 'beneficiario_id', provider: ['prestador_id', 'prestador_executante_id'], denied: MSG_AUTORIZACAO },
  // approving a data-update request changes the record: the same right as editing a beneficiary
  atualizacaocadastral: { all: (_ctx, s) => s.ability.can('update', 'beneficiario'), family: 'beneficiario_id', denied: MSG_FAMILIA },
  // the document desk's own records: its staff see them all; beneficiaries and providers none (not even as senders)
  protocolodocumento: { all: ['/principal/protocolos-documentos'], denied: MSG_PROTOCOLO },
  // the service desk's contacts: its staff see them all; a beneficiary (family) or a provider, if ever given the
  // screen, only the contacts about themselves
  atendimento: { all: ['/operadora/atendimentos'], family: 'beneficiario_id', provider: ['prestador_id'], denied: MSG_ATENDIMENTO },
  // TISS billing: the operator's billing staff see every provider's lots; a provider only its own
  protocolorecebimento: {
    all: [
      '/principal/faturamento/protocolos-recebimentos-prestadores',
      '/principal/faturamento/faturamentos-prestadores',
      '/principal/faturamento/atendimento-controle',
      '/principal/tiss/segunda-via',
      '/principal/tiss/fechamento-glosa-manual',
    ],
    provider: ['prestador_id'],
    denied: MSG_PROTOCOLO_RECEBIMENTO,
  },
  // bills typed in the portal: whoever types or closes them for the operator sees every provider's; a provider its own
  faturadigitada: {
    all: ['/principal/tiss/atendimento-autorizacao', '/principal/tiss/fatura-protocolo-digitado-prestador', '/principal/atendimento-autorizacao'],
    provider: ['prestador_id'],
    denied: MSG_FATURA_DIGITADA,
  },
  // the ombudsman's manifestações: its staff see them all, a beneficiary the family's; providers none
  manifestacao: { all: ['/ouvidoria/manifestacoes'], family: 'beneficiario_id', denied: MSG_MANIFESTACAO },
  // a dependent's membership request: the operator's staff see them all, the family its titular's
  solicitacaoadesao: { all: ['/principal/solicitacoes-adesoes'], family: 'titular_id', denied: MSG_ADESAO },
  // reimbursements: the receiving desk and the billing staff see them all, a family those of its members
  reembolso: {
    all: ['/principal/faturamento/protocolos-recebimentos-reembolsos', '/principal/faturamento/faturamentos-reembolsos'],
    family: 'beneficiario_id',
    denied: MSG_REEMBOLSO,
  },
  // payment requests and payables of providers: finance's payment process sees them all, a provider its own
  solicitacaopagamento: { all: ['/financeiro/pagamento/processo-pagamento/solicitacao-pagamento-prestador'], provider: ['prestador_id'], denied: MSG_PAGAMENTO },
  // requests of funds to the sponsor companies: finance's receiving process only; no family or provider rows
  solicitacaoverba: { all: ['/financeiro/recebimento/processo-recebimento/solicitacoes-verbas'], denied: MSG_VERBA },
  // the additional services' desk (client copass): its staff see every adhesion; families and providers none
  adesaoservico: { all: ['/operadora/adesao-aeromedico', '/operadora/adesao-odonto'], denied: MSG_ADESAO_SERVICO },
};

export const hasPrestadorRole = (s: RequestSession) => s.user.prestador || s.user.prestadorAdministrativo;
export const hasBeneficiarioRole = (s: RequestSession) => s.user.beneficiario || s.user.dependente;

/** The beneficiary a self-service user is (403 for anyone else, or a user not linked to one). */
export function ownBeneficiarioId(s: RequestSession, message = MSG_SEM_BENEFICIARIO): number {
  if (!hasBeneficiarioRole(s) || s.beneficiarioId == null) throw forbidden(message);
  return s.beneficiarioId;
}

/** The provider a provider's user works for (403 for anyone else, or a user not linked to one). */
export function ownPrestadorId(s: RequestSession, message = MSG_SEM_PRESTADOR): number {
  if (!hasPrestadorRole(s) || s.prestadorId == null) throw forbidden(message);
  return s.prestadorId;
}

/** The family of a beneficiary: the titular's id first, then every dependent's. */
export async function familyOf(ctx: Pick<AppContext, 'db'>, beneficiarioId: number): Promise<{ titularId: number; ids: number[] } | null> {
  const rows = await query<{ id: number; titular: number | null }>(
    ctx.db,
    sql`select f.id, f.titular from beneficiarios b join beneficiarios f on f.id = coalesce(b.titular, b.id) or f.titular = coalesce(b.titular, b.id) where b.id = ${beneficiarioId}`,
  );
  if (!rows.length) return null;
  const titularId = rows.find((r) => r.titular == null)?.id ?? rows[0].titular!;
  const ids = rows.map((r) => r.id).sort((x, y) => (x === titularId ? -1 : y === titularId ? 1 : x - y));
  return { titularId, ids };
}

/** Which records of an entity this session sees. */
export async function scopeOf(ctx: AppContext, s: RequestSession, entity: Entity): Promise<Scope> {
  const rule = RULES[entity];
  if (s.user.admin) return { kind: 'all' };
  // self-service users are held to their own records whatever screens they may open
  if (hasPrestadorRole(s)) {
    if (s.prestadorId == null) return { kind: 'none', reason: MSG_SEM_PRESTADOR };
    return rule.provider ? { kind: 'provider', prestadorId: s.prestadorId } : { kind: 'none', reason: rule.denied };
  }
  if (hasBeneficiarioRole(s)) {
    if (s.beneficiarioId == null) return { kind: 'none', reason: MSG_SEM_BENEFICIARIO };
    if (!rule.family) return { kind: 'none', reason: rule.denied };
    const fam = await familyOf(ctx, s.beneficiarioId);
    return { kind: 'family', beneficiarioIds: fam?.ids ?? [] };
  }
  const all = typeof rule.all === 'function' ? rule.all(ctx, s) : rule.all.some((p) => sessionSees(ctx.settings, s, p));
  return all ? { kind: 'all' } : { kind: 'none', reason: rule.denied };
}

/** The scope as a SQL condition over the entity's table under `alias` (`false` when the session sees nothing). */
export function scopeWhere(scope: Scope, entity: Entity, alias: string): SQL {
  const rule = RULES[entity];
  const col = (c: string) => sql.raw(`"${alias}"."${c}"`);
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'family':
      if (!rule.family || !scope.beneficiarioIds.length) return sql`false`;
      return sql`${col(rule.family)} in (${sql.join(scope.beneficiarioIds.map((i) => sql`${i}`), sql`, `)})`;
    case 'provider':
      if (!rule.provider?.length) return sql`false`;
      return sql`(${sql.join(rule.provider.map((c) => sql`${col(c)} = ${scope.prestadorId}`), sql` or `)})`;
    case 'none':
      return sql`false`;
  }
}

/** Throws 403 unless the session may list the entity at all. */
export function assertAny(scope: Scope): void {
  if (scope.kind === 'none') throw forbidden(scope.reason);
}

/** Whether a record (its owning columns, as stored: `{ beneficiario_id, prestador_id, … }`) is in the scope. */
export function inScope(scope: Scope, entity: Entity, owner: Record<string, unknown>): boolean {
  const rule = RULES[entity];
  switch (scope.kind) {
    case 'all':
      return true;
    case 'family':
      return !!rule.family && scope.beneficiarioIds.includes(Number(owner[rule.family]));
    case 'provider':
      return !!rule.provider?.some((c) => owner[c] != null && Number(owner[c]) === scope.prestadorId);
    case 'none':
      return false;
  }
}

/** Throws 403 (with the entity's reason) unless the session sees the record. */
export async function assertRecord(ctx: AppContext, s: RequestSession, entity: Entity, owner: Record<string, unknown>): Promise<Scope> {
  const scope = await scopeOf(ctx, s, entity);
  if (!inScope(scope, entity, owner)) throw forbidden(scope.kind === 'none' ? scope.reason : RULES[entity].denied);
  return scope;
}

/**
 * How a picker may look beneficiaries up (the request form's patient): the staff who see them all by any part of
 * the name or a document; a provider — who may attend any beneficiary but must not browse them (LGPD: health
 * data) — only by the exact card number or CPF; a beneficiary within the family.
 */
export type Lookup = 'any' | 'exact' | 'family' | 'none';
export async function beneficiarioLookup(ctx: AppContext, s: RequestSession): Promise<{ mode: Lookup; scope: Scope }> {
  if (hasPrestadorRole(s) && !s.user.admin) return { mode: s.prestadorId == null ? 'none' : 'exact', scope: { kind: 'none', reason: MSG_FAMILIA } };
  const scope = await scopeOf(ctx, s, 'beneficiario');
  return { mode: scope.kind === 'all' ? 'any' : scope.kind === 'family' ? 'family' : 'none', scope };
}
