import { and, eq, gte, lte } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { descreverGrupo, descreverMomento, momentoEm, minutosDe, REGRA_MSG, regraSchema, type Momento, type ProcessoDatas, type Regra } from '../../shared/usuarios/regras';
import { cidrContains, formatIp, parseCidr, parseIp, type Cidr, type IpAddr } from '../../shared/validation/cidr';
import type { Db } from '../db/client';
import { permissoesDatas } from '../db/schema';
import { query } from '../db/sql';
import type { PermissionsKey } from './permissions';

/**
 * The access rules of a user (Acesso › Regras; the model is in src/shared/usuarios/regras.ts), checked at login and
 * on every request. The groups that apply to a user are cached like the permissions: per user and per database
 * handle, keyed by `usuarios.permissoes_versao`, which every write to a group bumps for everyone it touches (before
 * and after), in the same transaction. What is evaluated per request is only the window against the clock and the
 * address — plain arithmetic — plus, for a rule that follows Permissões de Datas, one indexed lookup of today's
 * window (that table is edited by the generic resource screens, which know nothing of this cache).
 * Administrators are exempt: a rule can never lock the administration out.
 */

interface CompiledRule {
  regra: Regra;
  dias: number;
  inicio: number | null;
  fim: number | null;
  redes: Cidr[];
}

export interface CompiledGroup {
  id: number;
  nome: string;
  regras: CompiledRule[];
}

interface Cached {
  versao: number;
  admin: boolean;
  groups: CompiledGroup[];
}

const caches = new WeakMap<object, Map<number, Cached>>();
const MAX_CACHED = 5000;

function compile(raw: unknown): CompiledRule | undefined {
  // the stored value passed this schema when written; a row that no longer does is skipped, never trusted half-way
  const r = regraSchema.safeParse(raw);
  if (!r.success) return undefined;
  const regra = r.data;
  return {
    regra,
    dias: regra.dias.reduce((m, d) => m | (1 << d), 0),
    inicio: regra.horaInicio ? minutosDe(regra.horaInicio) : null,
    fim: regra.horaFim ? minutosDe(regra.horaFim) : null,
    redes: regra.enderecos.map((e) => parseCidr(e)).flatMap((c) => (c.ok ? [c.cidr] : [])),
  };
}

/** The active groups that restrict the user (none for an administrator). */
export async function accessRulesOf(db: Db, u: PermissionsKey): Promise<CompiledGroup[]> {
  if (u.admin) return [];
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(u.id);
  if (hit && hit.versao === u.permissoesVersao && hit.admin === u.admin) return hit.groups;
  const rows = await query<{ id: number; nome: string; regras: unknown }>(
    db,
    sql`select g.id, g.nome, g.regras from grupos_regras g
      where g.ativo and (
        exists (select 1 from grupo_regras_usuarios gu where gu.grupo_id = g.id and gu.usuario_id = ${u.id})
        or exists (select 1 from grupo_regras_perfis gp join usuario_perfis up on up.perfil_id = gp.perfil_id where gp.grupo_id = g.id and up.usuario_id = ${u.id}))
      order by g.nome, g.id`,
  );
  const groups = rows.map((g) => ({ id: Number(g.id), nome: g.nome, regras: (Array.isArray(g.regras) ? g.regras : []).map(compile).filter((x): x is CompiledRule => !!x) }));
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(u.id, { versao: u.permissoesVersao, admin: u.admin, groups });
  return groups;
}

type Failure = 'periodo' | 'horario' | 'endereco';

async function processOpen(db: Db, processo: ProcessoDatas, dia: string): Promise<boolean> {
  const [row] = await db
    .select({ id: permissoesDatas.id })
    .from(permissoesDatas)
    .where(and(eq(permissoesDatas.processo, processo), lte(permissoesDatas.dataInicio, dia), gte(permissoesDatas.dataFim, dia)))
    .limit(1);
  return !!row;
}

/** The first condition of a rule that fails now, in the order a user can act on last: the period, the hours, the address. */
async function failureOf(db: Db, r: CompiledRule, m: Momento, ip: IpAddr | undefined): Promise<Failure | null> {
  const { regra } = r;
  if (regra.dataInicio && m.data < regra.dataInicio) return 'periodo';
  if (regra.dataFim && m.data > regra.dataFim) return 'periodo';
  if (!(r.dias & (1 << m.dia))) return 'horario';
  if (r.inicio != null && r.fim != null && (m.minutos < r.inicio || m.minutos >= r.fim)) return 'horario';
  if (r.redes.length && (!ip || !r.redes.some((c) => cidrContains(c, ip)))) return 'endereco';
  // last: the only condition that reads the database
  if (regra.processoDatas && !(await processOpen(db, regra.processoDatas, m.data))) return 'periodo';
  return null;
}

/**
 * Why the user may not work now, or null when every group that restricts them lets them in. The message names the
 * windows of the first group that refuses (never its networks) and is the one a user reads at login and on the
 * request after the window closes.
 */
export async function accessRefusal(db: Db, groups: readonly CompiledGroup[], address: string, now: Date): Promise<string | null> {
  if (!groups.length) return null;
  const m = momentoEm(now);
  const ip = parseIp(address);
  for (const g of groups) {
    const failures: Failure[] = [];
    let passes = false;
    for (const r of g.regras) {
      const f = await failureOf(db, r, m, ip);
      if (!f) {
        passes = true;
        break;
      }
      failures.push(f);
    }
    if (passes) continue;
    const regras = g.regras.map((r) => r.regra);
    // the refusal a user can do something about: another network when only the address fails, else the hours
    if (failures.includes('endereco')) return REGRA_MSG.enderecoNaoPermitido(ip ? formatIp(ip) : address);
    if (failures.includes('horario')) return REGRA_MSG.foraDoHorario(descreverGrupo(regras), descreverMomento(m));
    return REGRA_MSG.foraDoPeriodo(descreverGrupo(regras));
  }
  return null;
}

/** The clock of the rules: the context's (a test sets one), else the machine's. */
export const nowOf = (ctx: { now?: () => Date }): Date => (ctx.now ? ctx.now() : new Date());
