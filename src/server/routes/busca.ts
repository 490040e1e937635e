import { isoToBr } from '../../shared/dates';
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { formatCNPJ, formatCPF } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';
import type { CommandPath } from '../../../commands';
import { FILAS, FILA_KEYS, STATUS_LABEL, TIPOS, type Status, type Tipo } from '../../shared/autorizacoes';
import { BUSCA, type BuscaRegistrosResposta, type RegistroEncontrado } from '../../shared/busca';
import { APP_MSG } from '../../shared/messages';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { sessionOf, sessionSees } from '../http/access';
import { badRequest } from '../http/errors';
import type { ZodTypeProvider } from '../http/schemas';
import { buscaNome, rankedByName, unranked } from '../lists/busca-nome';
import { digitosDe } from '../pessoas/consultas';
import { scopeOf, scopeWhere, type Scope } from '../policy';

/** Where a found record opens: the registry's read-only record view (`?ver=`, Editar from there), or the user's own record. */
const PATHS = {
  beneficiarios: '/cadastro/pessoa/beneficiarios',
  beneficiarioProprio: '/cadastro/beneficiarios',
  consulta: '/cadastro/beneficiarios/consulta',
  prestadores: '/cadastro/pessoa/prestadores',
  prestadorProprio: '/cadastro/prestadores',
  autorizacoes: '/principal/autorizacao/autorizacoes',
  historico: '/principal/autorizacao/historicos-utilizacoes-beneficiarios',
  acompanhar: '/principal/autorizacao/acompanhar-autorizacoes-beneficiario',
} as const satisfies Record<string, CommandPath>;

/** A senha is valid for 30 days: it is looked for among the requests of the last 90 (an index range, not a scan). */
const SENHA_JANELA_DIAS = 90;

/**
 * The palette's `@` search: beneficiaries by any part of the name (busca-nome.ts: its start first), CPF, card,
 * matrícula or id; providers by any part of the name, CPF or CNPJ from 5 characters (spec §9); authorization requests
 * by id, guide number or senha.
 * Which records: the access policy's scope of each entity. Where each opens: a screen the session may open (the
 * registry with the record's id, the user's own record, the authorization screens) — without one, the record is
 * not offered.
 */
export function buscaRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/busca/registros', { config: { access: 'session' }, schema: { querystring: z.object({ termo: z.string().trim().max(150).default('') }) } }, async (req) => {
    const { termo } = req.query;
    if (termo.length < BUSCA.minimo) throw badRequest(APP_MSG.termoCurto(BUSCA.minimo), 'termo');
    const s = sessionOf(req);
    const digits = digitosDe(termo);
    const itens: RegistroEncontrado[] = [
      ...(await beneficiariosEncontrados(ctx, s, termo, digits)),
      ...(termo.length >= BUSCA.minimoPrestador ? await prestadoresEncontrados(ctx, s, termo, digits) : []),
      ...(digits ? await autorizacoesEncontradas(ctx, s, digits) : []),
    ];
    const result: BuscaRegistrosResposta = { itens, prestadores: termo.length >= BUSCA.minimoPrestador };
    return { result };
  });
}

async function beneficiariosEncontrados(ctx: AppContext, s: RequestSession, termo: string, digits: string | null): Promise<RegistroEncontrado[]> {
  const scope = await scopeOf(ctx, s, 'beneficiario');
  // the staff's record view: in the registry (with Editar), else in the read-only lookup
  const staff = scope.kind !== 'all' ? null : ([PATHS.beneficiarios, PATHS.consulta] as const).find((p) => sessionSees(ctx.settings, s, p));
  const path = staff ? (id: number) => `${staff}?ver=${id}` : scope.kind === 'family' ? () => PATHS.beneficiarioProprio : null;
  if (!path) return [];
  const within = scopeWhere(scope, 'beneficiario', 'b');
  type Found = { id: number; nome: string; cpf: string | null; matricula: string };
  const find = (by: SQL, limit: number) => query<Found>(ctx.db, sql`select b.id, b.nome, b.cpf, b.matricula from beneficiarios b where ${by} and ${within} order by b.nome_busca limit ${limit}`);
  const found: Found[] = [];
  if (digits) {
    const by = [
      digits.length === 11 ? sql`b.cpf = ${digits}` : null,
      digits.length === 10 ? sql`b.matricula = ${digits}` : null,
      digits.length === 16 ? sql`b.carteirinha = ${digits}` : null,
      digits.length <= 9 ? sql`b.id = ${Number(digits)}` : null,
    ].filter((x): x is SQL => !!x);
    if (by.length) found.push(...(await find(sql`(${sql.join(by, sql` or `)})`, BUSCA.limite)));
  } else {
    // any part of the name: its start first, then the words' starts, then the rest (busca-nome.ts)
    found.push(...(await rankedByName(buscaNome(sql`b.nome_busca`, termo), BUSCA.limite, sql`b.id`, find)));
  }
  return found.map((b) => ({
    tipo: 'beneficiario',
    id: b.id,
    nome: b.nome,
    detalhe: [b.cpf ? `CPF ${formatCPF(b.cpf)}` : '', `Matrícula ${b.matricula}`].filter(Boolean).join(' · '),
    path: path(b.id),
  }));
}

async function prestadoresEncontrados(ctx: AppContext, s: RequestSession, termo: string, digits: string | null): Promise<RegistroEncontrado[]> {
  const scope = await scopeOf(ctx, s, 'prestador');
  const path = scope.kind === 'all' ? (id: number) => `${PATHS.prestadores}?ver=${id}` : scope.kind === 'provider' ? () => PATHS.prestadorProprio : null;
  if (!path) return [];
  const busca = digits
    ? unranked(sql`(${digits.length === 11 ? sql`p.cpf = ${digits} or ` : sql``}${digits.length === 14 ? sql`p.cnpj = ${digits} or ` : sql``}p.codigo like ${`${digits}%`})`)
    : buscaNome(sql`p.nome_busca`, termo);
  const rows = await rankedByName(busca, BUSCA.limite, sql`p.id`, (by, limit) =>
    query<{ id: number; nome: string; codigo: string; cpf: string | null; cnpj: string | null }>(
      ctx.db,
      sql`select p.id, p.nome, p.codigo, p.cpf, p.cnpj from prestadores p where ${by} and ${scopeWhere(scope, 'prestador', 'p')} order by p.nome_busca limit ${limit}`,
    ),
  );
  return rows.map((p) => ({
    tipo: 'prestador',
    id: p.id,
    nome: p.nome,
    detalhe: [p.cnpj ? `CNPJ ${formatCNPJ(p.cnpj)}` : p.cpf ? `CPF ${formatCPF(p.cpf)}` : '', `Código ${p.codigo}`].filter(Boolean).join(' · '),
    path: path(p.id),
  }));
}

/**
 * Where a request opens for this session (a screen it may use, by guide type): the authorizations list when visible,
 * else the audit queue of the guide type, else the utilization history; a provider's list; a family's follow-up.
 * Null: nowhere.
 */
export function autorizacaoOpensAt(ctx: AppContext, s: RequestSession, scope: Scope): ((tipo: Tipo) => string | null) | null {
  const sees = (p: CommandPath) => sessionSees(ctx.settings, s, p);
  if (scope.kind === 'provider') return sees(PATHS.autorizacoes) ? () => PATHS.autorizacoes : null;
  if (scope.kind === 'family') return sees(PATHS.acompanhar) ? () => PATHS.acompanhar : null;
  if (scope.kind !== 'all') return null;
  const fila = (tipo: Tipo) => FILA_KEYS.map((k) => FILAS[k]).find((f) => f.tipos?.includes(tipo as never) && sees(f.command))?.command;
  return (tipo) => (sees(PATHS.autorizacoes) ? PATHS.autorizacoes : (fila(tipo) ?? (sees(PATHS.historico) ? PATHS.historico : null)));
}

/** Requests by id, guide number (12 digits) or a recent senha (9 digits), opening on a screen the session may use. */
async function autorizacoesEncontradas(ctx: AppContext, s: RequestSession, digits: string): Promise<RegistroEncontrado[]> {
  const scope = await scopeOf(ctx, s, 'autorizacao');
  const path = autorizacaoOpensAt(ctx, s, scope);
  if (!path) return [];
  const por: SQL[] = [];
  if (digits.length <= 9 && Number(digits) <= 2_147_483_647) por.push(sql`a.id = ${Number(digits)}`);
  if (digits.length === 12) por.push(sql`a.numero = ${digits}`);
  if (digits.length === 9) por.push(sql`(a.senha = ${digits} and a.data_solicitacao >= current_date - ${SENHA_JANELA_DIAS}::int)`);
  if (!por.length) return [];
  const rows = await query<{ id: number; numero: string; tipo: Tipo; status: number; data_solicitacao: unknown; senha: string | null; beneficiario: string }>(
    ctx.db,
    sql`select a.id, a.numero, a.tipo, a.status, a.data_solicitacao, a.senha, b.nome as beneficiario
      from autorizacoes a join beneficiarios b on b.id = a.beneficiario_id
      where (${sql.join(por, sql` or `)}) and ${scopeWhere(scope, 'autorizacao', 'a')} order by a.id limit ${BUSCA.limite}`,
  );
  const out: RegistroEncontrado[] = [];
  for (const r of rows) {
    const p = path(r.tipo);
    if (!p) continue;
    const data = r.data_solicitacao instanceof Date ? r.data_solicitacao.toISOString().slice(0, 10) : String(r.data_solicitacao).slice(0, 10);
    out.push({
      tipo: 'autorizacao',
      id: r.id,
      nome: `Guia ${r.numero}`,
      detalhe: [TIPOS[r.tipo]?.label ?? r.tipo, STATUS_LABEL[Number(r.status) as Status], r.beneficiario, isoToBr(data), r.senha === digits ? `Senha ${r.senha}` : ''].filter(Boolean).join(' · '),
      path: `${p}?id=${r.id}`,
    });
  }
  return out;
}
