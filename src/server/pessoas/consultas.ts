import { and, asc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { toIsoDate } from '../../shared/dates';
import { APP_MSG } from '../../shared/messages';
import { checkDocument, rawDocument } from '../../shared/validation/br';
import type { BeneficiarioOpcao } from '../../shared/pessoas';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { beneficiarioLookup } from '../policy';
import { onlyDigits } from '../../shared/text';
import { beneficiarios, empresas, produtos } from '../db/schema';
import { escapeLike } from '../db/sql';
import { AppError, badRequest } from '../http/errors';
import { buscaNome, rankedByName, unranked, type NameSearch } from '../lists/busca-nome';

/** Digits typed as a document (punctuation and spaces allowed), or null when the term has letters. */
export function digitosDe(termo: string): string | null {
  const d = onlyDigits(termo);
  return d.length > 0 && d.length === termo.replace(/[.\-/\s]/g, '').length ? d : null;
}

const porNome = (termo: string) => buscaNome(sql`${beneficiarios.nomeBusca}`, termo);

/**
 * The beneficiary lookup by one typed term. `any` (the operator's lookup and picker): any part of the name (each word
 * typed, accents and case ignored, indexed: busca-nome.ts), or digits: CPF (11), card (16), matrícula (10, also a
 * former one), CNS (15), or a matrícula prefix. `exact` (a provider picking a patient): only a whole card number or
 * CPF, never part of a name (LGPD: health data). Undefined when the term can be none of them.
 */
export function beneficiarioPorTermo(termo: string, modo: 'any' | 'exact' = 'any'): SQL | undefined {
  const digits = digitosDe(termo);
  if (modo === 'exact') {
    if (digits?.length === 11) return eq(beneficiarios.cpf, digits);
    if (digits?.length === 16) return eq(beneficiarios.carteirinha, digits);
    return undefined;
  }
  if (!digits) return porNome(termo).where;
  return or(
    digits.length === 11 ? eq(beneficiarios.cpf, digits) : undefined,
    digits.length === 16 ? eq(beneficiarios.carteirinha, digits) : undefined,
    digits.length === 10 ? eq(beneficiarios.matricula, digits) : undefined,
    // a matrícula changed since (Alteração de Matrícula) still finds its record
    digits.length === 10 ? sql`${beneficiarios.id} in (select ma.beneficiario_id from matriculas_anteriores ma where ma.matricula = ${digits})` : undefined,
    digits.length === 15 ? eq(beneficiarios.cns, digits) : undefined,
    digits.length < 10 ? like(beneficiarios.matricula, `${digits}%`) : undefined,
  );
}

/** The lookup in the order it is read: a name's tiers (its start first, busca-nome.ts), else the one condition. */
function beneficiarioBusca(termo: string, modo: 'any' | 'exact' = 'any'): NameSearch | undefined {
  const where = beneficiarioPorTermo(termo, modo);
  if (!where) return undefined;
  return modo === 'any' && !digitosDe(termo) ? porNome(termo) : unranked(where);
}

/** Why a provider's lookup found nothing by a name: it finds patients by their card or CPF only. */
export const MSG_BUSCA_EXATA = 'Informe a carteirinha (16 dígitos) ou o CPF do beneficiário.';

type ConsultaRow = { id: number; nome: string; matricula: string; carteirinha: string; cpf: string | null; dataNascimento: string; relacaoDependencia: string; situacao: string };

/** The operator's lookup (ombudsman, auditors, operators): any part of the name, CPF, card or matrícula. */
export async function consultaBeneficiarios(ctx: AppContext, termo: string) {
  const { db } = ctx;
  if (termo.length < 2) throw badRequest(APP_MSG.termoCurto(2), 'termo');
  const busca = beneficiarioBusca(termo);
  if (!busca) return [];
  return rankedByName(busca, 20, sql`${beneficiarios.id}`, (where, n) =>
    db
      .select({
        id: beneficiarios.id,
        nome: beneficiarios.nome,
        matricula: beneficiarios.matricula,
        carteirinha: beneficiarios.carteirinha,
        cpf: beneficiarios.cpf,
        dataNascimento: beneficiarios.dataNascimento,
        relacaoDependencia: beneficiarios.relacaoDependencia,
        situacao: beneficiarios.situacao,
      })
      .from(beneficiarios)
      .where(where)
      .orderBy(asc(beneficiarios.nomeBusca))
      .limit(n) as Promise<ConsultaRow[]>,
  );
}

/** The SIB search's query (the hidden /cadastro/pessoa/beneficiarios/busca/sib). */
export const sibQuerySchema = z.object({
  cco: z.string().trim().max(12).optional(),
  cpf: z.string().trim().max(20).optional(),
  cns: z.string().trim().max(20).optional(),
  nome: z.string().trim().max(150).optional(),
  dataNascimento: z.string().trim().max(10).optional(),
  nomeMae: z.string().trim().max(150).optional(),
});

/** Beneficiaries by CCO, CPF, CNS or name (birth date and mother's name narrow), with the SIB fields. */
export async function buscaSib(ctx: AppContext, q: z.output<typeof sibQuerySchema>) {
  const { db } = ctx;
  const parts: SQL[] = [];
  const alerts: AppError['alerts'] = [];
  const doc = (kind: 'cpf' | 'cns', v: string | undefined) => {
    if (!v) return undefined;
    const raw = rawDocument(kind, v);
    const msg = checkDocument(kind, raw);
    if (msg) alerts.push({ type: 'error', value: msg, field: kind });
    return raw;
  };
  const cpf = doc('cpf', q.cpf);
  const cns = doc('cns', q.cns);
  const nasc = q.dataNascimento ? toIsoDate(q.dataNascimento) : undefined;
  if (q.dataNascimento && !nasc) alerts.push({ type: 'error', value: 'Data de nascimento inválida. Use DD/MM/AAAA.', field: 'dataNascimento' });
  if (alerts.length) throw new AppError(400, alerts);
  if (cpf) parts.push(eq(beneficiarios.cpf, cpf));
  if (cns) parts.push(eq(beneficiarios.cns, cns));
  if (q.cco) parts.push(eq(beneficiarios.cco, onlyDigits(q.cco).padStart(12, '0')));
  if (q.nome) parts.push(porNome(q.nome).where);
  if (nasc) parts.push(eq(beneficiarios.dataNascimento, nasc));
  if (q.nomeMae) parts.push(sql`lower(${beneficiarios.nomeMae}) like ${`${escapeLike(q.nomeMae.toLowerCase())}%`}`);
  if (!parts.length || (parts.length === 1 && (q.nomeMae || nasc))) throw badRequest('Informe o CCO, o CPF, o CNS ou o nome do beneficiário.', 'cco');
  const t = beneficiarios;
  const rows = (await db
    .select({
      id: t.id,
      cco: t.cco,
      codigoBeneficiario: t.matricula,
      nome: t.nome,
      cpf: t.cpf,
      cns: t.cns,
      sexo: t.sexo,
      dataNascimento: t.dataNascimento,
      nomeMae: t.nomeMae,
      relacaoDependencia: t.relacaoDependencia,
      titular: t.titular,
      numeroPlanoANS: produtos.registroAns,
      dataContratacao: t.dataAdesao,
      cnpjEmpresaContratante: empresas.cnpj,
      coberturaParcialTemporaria: t.cpt,
      situacao: t.situacao,
      dataCancelamento: t.dataSituacao,
      motivoCancelamento: t.motivoCancelamento,
      codigoMunicipio: t.cidade,
      cep: t.cep,
    })
    .from(t)
    .leftJoin(produtos, eq(produtos.id, t.produto))
    .leftJoin(empresas, eq(empresas.id, t.empresa))
    .where(and(...parts))
    .orderBy(asc(t.nomeBusca))
    .limit(50)) as Record<string, unknown>[];
  // the titular's CCO for dependents (SIB ccoBeneficiarioTitular); the IBGE code with 6 digits, as SIB takes it
  const titulares = [...new Set(rows.map((r) => r.titular).filter((x): x is number => typeof x === 'number'))];
  const ccos = titulares.length ? ((await db.select({ id: t.id, cco: t.cco }).from(t).where(inArray(t.id, titulares))) as { id: number; cco: string | null }[]) : [];
  return rows.map((r) => ({
    ...r,
    ccoBeneficiarioTitular: ccos.find((c) => c.id === r.titular)?.cco ?? null,
    codigoMunicipio: r.codigoMunicipio == null ? null : String(r.codigoMunicipio).slice(0, 6),
    dataCancelamento: r.situacao === 'CANCELADO' ? r.dataCancelamento : null,
  }));
}

/**
 * A beneficiary picker (request forms, the document desk's sender) under the policy's lookup: the staff by any part
 * of the lookup (name, CPF, card, matrícula), a provider by the exact card or CPF only, a beneficiary within the family.
 */
export async function beneficiarioOpcoes(ctx: AppContext, s: RequestSession, termo: string): Promise<BeneficiarioOpcao[]> {
  const { mode, scope } = await beneficiarioLookup(ctx, s);
  if (mode === 'none') return [];
  const busca = beneficiarioBusca(termo, mode === 'exact' ? 'exact' : 'any');
  if (mode === 'exact' && !busca && !digitosDe(termo)) throw badRequest(MSG_BUSCA_EXATA, 'termo');
  if (!busca) return [];
  const family = mode === 'family' && scope.kind === 'family' ? inArray(beneficiarios.id, scope.beneficiarioIds) : undefined;
  return rankedByName(
    busca,
    20,
    sql`${beneficiarios.id}`,
    (where, n) =>
      ctx.db
        .select({ id: beneficiarios.id, nome: beneficiarios.nome, carteirinha: beneficiarios.carteirinha, situacao: beneficiarios.situacao })
        .from(beneficiarios)
        .where(and(where, family))
        .orderBy(asc(beneficiarios.nomeBusca))
        .limit(n) as Promise<BeneficiarioOpcao[]>,
  );
}
