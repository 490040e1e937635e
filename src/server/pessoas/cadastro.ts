import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { isoToBr } from '../../shared/dates';
import { dayjs } from '../../shared/format';
import type { CartaoVirtual, Elegibilidade, MembroFamilia, elegibilidadeQuerySchema } from '../../shared/pessoas';
import { beneficiario as defBeneficiario, RELACOES_DEPENDENCIA, SITUACOES_BENEFICIARIO } from '../../shared/resources/pessoas';
import { labelOf as label, onlyDigits } from '../../shared/text';
import { checkDocument, rawDocument } from '../../shared/validation/br';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { atualizacoesCadastrais, beneficiarios, cartoes, operadoras, produtos } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { assertRecord, familyOf, ownBeneficiarioId } from '../policy';
import { getRow } from '../resources/service';

/**
 * The beneficiary's own registration (spec §2.1 /cadastro/beneficiarios): the record with the family and the pending
 * data-update requests, the virtual card, and the eligibility check providers and the operator make by card or CPF.
 */

const hoje = () => dayjs().format('YYYY-MM-DD');

/** The members of a family, in the family's order (the titular first). */
export async function membros(db: Db, ids: number[]): Promise<MembroFamilia[]> {
  if (!ids.length) return [];
  const rows = (await db
    .select({
      id: beneficiarios.id,
      nome: beneficiarios.nome,
      matricula: beneficiarios.matricula,
      carteirinha: beneficiarios.carteirinha,
      relacaoDependencia: beneficiarios.relacaoDependencia,
      situacao: beneficiarios.situacao,
      dataNascimento: beneficiarios.dataNascimento,
    })
    .from(beneficiarios)
    .where(inArray(beneficiarios.id, ids))) as MembroFamilia[];
  return ids.map((id) => rows.find((r) => r.id === id)!).filter(Boolean);
}

interface PlanoRow {
  nome: string;
  registroAns: string;
  contratacao: string;
  acomodacao: string;
  abrangencia: string;
}
async function planoDe(db: Db, produtoId: number): Promise<PlanoRow | undefined> {
  const [p] = (await db
    .select({ nome: produtos.nome, registroAns: produtos.registroAns, contratacao: produtos.contratacao, acomodacao: produtos.acomodacao, abrangencia: produtos.abrangencia })
    .from(produtos)
    .where(eq(produtos.id, produtoId))) as PlanoRow[];
  return p;
}

/** Short labels of the plan, as the cards print them. */
export const CONTRATACAO: Record<string, string> = { INDIVIDUAL: 'Individual/Familiar', EMPRESARIAL: 'Coletivo empresarial', ADESAO: 'Coletivo por adesão' };
export const ACOMODACAO: Record<string, string> = { COLETIVO: 'Enfermaria', INDIVIDUAL: 'Apartamento' };
export const ABRANGENCIA: Record<string, string> = { MUNICIPAL: 'Municipal', GRUPO_MUNICIPIOS: 'Grupo de municípios', ESTADUAL: 'Estadual', GRUPO_ESTADOS: 'Grupo de estados', NACIONAL: 'Nacional' };


/** The logged-in beneficiary's record, family and pending data-update requests. */
export async function meuCadastro(ctx: AppContext, s: RequestSession) {
  const { db } = ctx;
  const proprio = ownBeneficiarioId(s);
  const registro = await getRow(db, defBeneficiario, proprio);
  const fam = await familyOf(ctx, proprio);
  const pendentes = (await db
    .select({ id: atualizacoesCadastrais.id, protocolo: atualizacoesCadastrais.protocolo })
    .from(atualizacoesCadastrais)
    .where(and(inArray(atualizacoesCadastrais.beneficiarioId, fam?.ids ?? [proprio]), eq(atualizacoesCadastrais.situacao, 'PENDENTE')))) as { id: number; protocolo: string }[];
  return { registro, familia: await membros(db, fam?.ids ?? []), pendentes };
}

/** A family by any of its members, under the policy's record scope. */
export async function familiaDoBeneficiario(ctx: AppContext, s: RequestSession, id: number): Promise<MembroFamilia[]> {
  await assertRecord(ctx, s, 'beneficiario', { id });
  const fam = await familyOf(ctx, id);
  if (!fam) throw notFound('Beneficiário não encontrado.');
  return membros(ctx.db, fam.ids);
}

/**
 * The operator's own record: the first row of `operadoras` (the others are interchange partners). One source for
 * everything that prints the operator's ANS registration: the virtual card, the contact protocols (RN 623/2024).
 */
export async function operadoraPropria(db: Db): Promise<{ nome: string | null; razao: string; registroAns: string } | undefined> {
  const [op] = await db.select({ nome: operadoras.nomeFantasia, razao: operadoras.razaoSocial, registroAns: operadoras.registroAns }).from(operadoras).orderBy(asc(operadoras.id)).limit(1);
  return op as { nome: string | null; razao: string; registroAns: string } | undefined;
}

/** The virtual card of the logged-in beneficiary or of a member of the family. */
export async function cartaoVirtual(ctx: AppContext, s: RequestSession, id?: number): Promise<CartaoVirtual> {
  const { db, settings } = ctx;
  // the card is the self-service beneficiary's: the own or a family member's
  const proprio = ownBeneficiarioId(s);
  const alvo = id ?? proprio;
  await assertRecord(ctx, s, 'beneficiario', { id: alvo });
  const b = await getRow(db, defBeneficiario, alvo);
  const plano = await planoDe(db, b.produto as number);
  const op = await operadoraPropria(db);
  // a dependent's card names the family's titular; the titular's own card, the titular
  const fam = await familyOf(ctx, alvo);
  const [tit] = fam && fam.titularId !== alvo ? await db.select({ nome: beneficiarios.nome }).from(beneficiarios).where(eq(beneficiarios.id, fam.titularId)) : [];
  const titularNome = (tit?.nome as string | undefined) ?? (b.nome as string);
  const ativo = b.situacao === 'ATIVO';
  const [emitido] = await db
    .select({ validade: cartoes.validade })
    .from(cartoes)
    .where(and(eq(cartoes.beneficiarioId, alvo), eq(cartoes.situacao, 'ATIVO')))
    .orderBy(desc(cartoes.via))
    .limit(1);
  const cartao: CartaoVirtual = {
    beneficiarioId: alvo,
    nome: b.nome as string,
    nomeSocial: (b.nomeSocial as string | null) ?? null,
    carteirinha: b.carteirinha as string,
    matricula: b.matricula as string,
    cns: (b.cns as string | null) ?? null,
    dataNascimento: b.dataNascimento as string,
    titular: b.relacaoDependencia === '1',
    titularNome,
    relacao: label(RELACOES_DEPENDENCIA, b.relacaoDependencia),
    plano: plano?.nome ?? String(b.produtoLabel ?? ''),
    registroAnsPlano: plano?.registroAns ?? '',
    contratacao: CONTRATACAO[plano?.contratacao ?? ''] ?? '',
    acomodacao: ACOMODACAO[plano?.acomodacao ?? ''] ?? '',
    abrangencia: ABRANGENCIA[plano?.abrangencia ?? ''] ?? '',
    empresa: (b.empresaLabel as string | null) ?? null,
    operadora: { nome: op?.nome ?? op?.razao ?? settings.nome, registroAns: op?.registroAns ?? '' },
    // the card in force (Gerador de Cartões) gives the validity; never issued: to the end of next year (reissued every two)
    validade: ativo ? (emitido?.validade ?? dayjs().add(1, 'year').endOf('year').format('YYYY-MM-DD')) : null,
    situacao: label(SITUACOES_BENEFICIARIO, b.situacao),
    cpt: b.cpt === true,
    fimCarencia: (b.fimCarencia as string | null) ?? null,
  };
  return cartao;
}

/** Eligibility on the day (spec §8's client messages): by the card (16 digits) or the CPF. */
export async function elegibilidade(ctx: AppContext, q: z.output<typeof elegibilidadeQuerySchema>): Promise<Elegibilidade> {
  const { db, settings } = ctx;
  let where: SQL;
  if (q.carteirinha) {
    const card = onlyDigits(q.carteirinha);
    if (card.length !== 16) throw badRequest('Carteirinha inválida: informe os 16 dígitos do cartão.', 'carteirinha');
    where = eq(beneficiarios.carteirinha, card);
  } else {
    const raw = rawDocument('cpf', q.cpf!);
    const msg = checkDocument('cpf', raw);
    if (msg) throw badRequest(msg, 'cpf');
    where = eq(beneficiarios.cpf, raw);
  }
  // one CPF may hold more than one registration: the active one answers first
  const rows = (await db
    .select({
      id: beneficiarios.id,
      nome: beneficiarios.nome,
      nomeSocial: beneficiarios.nomeSocial,
      carteirinha: beneficiarios.carteirinha,
      situacao: beneficiarios.situacao,
      fimCarencia: beneficiarios.fimCarencia,
      cpt: beneficiarios.cpt,
      fimCpt: beneficiarios.fimCpt,
      produto: beneficiarios.produto,
    })
    .from(beneficiarios)
    .where(where)
    .orderBy(sql`case ${beneficiarios.situacao} when 'ATIVO' then 0 when 'SUSPENSO' then 1 else 2 end`, desc(beneficiarios.id))
    .limit(1)) as { id: number; nome: string; nomeSocial: string | null; carteirinha: string; situacao: string; fimCarencia: string | null; cpt: boolean; fimCpt: string | null; produto: number }[];
  const b = rows[0];
  if (!b) throw notFound('Beneficiário não encontrado. Confira a carteirinha ou o CPF informado.');
  const plano = await planoDe(db, b.produto);
  const dia = hoje();
  const fmt = isoToBr;
  let motivo: Elegibilidade['motivo'] = 'ELEGIVEL';
  let mensagem = `Beneficiário elegível para atendimento em ${fmt(dia)}.`;
  if (b.situacao === 'CANCELADO') [motivo, mensagem] = ['INATIVO', settings.messages.beneficiarioInativo];
  else if (b.situacao === 'SUSPENSO') [motivo, mensagem] = ['SUSPENSO', settings.messages.beneficiarioSuspenso];
  else if (b.fimCarencia && b.fimCarencia >= dia) [motivo, mensagem] = ['CARENCIA', settings.messages.urgenciaCarencia];
  const observacoes: string[] = [];
  if (motivo === 'CARENCIA') observacoes.push(`Em carência até ${fmt(b.fimCarencia!)}.`);
  if (b.cpt && (!b.fimCpt || b.fimCpt >= dia)) observacoes.push(`Cobertura parcial temporária${b.fimCpt ? ` até ${fmt(b.fimCpt)}` : ''} para doenças e lesões preexistentes.`);
  const result: Elegibilidade = {
    elegivel: motivo === 'ELEGIVEL',
    motivo,
    mensagem,
    observacoes,
    consultadaEm: new Date().toISOString(),
    beneficiario: {
      nome: b.nomeSocial || b.nome,
      carteirinha: b.carteirinha,
      plano: plano?.nome ?? '',
      registroAnsPlano: plano?.registroAns ?? '',
      acomodacao: ACOMODACAO[plano?.acomodacao ?? ''] ?? '',
      situacao: label(SITUACOES_BENEFICIARIO, b.situacao),
      fimCarencia: b.fimCarencia,
      cpt: b.cpt,
      fimCpt: b.fimCpt,
    },
  };
  return result;
}
