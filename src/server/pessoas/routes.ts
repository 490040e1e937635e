import type { CommandPath } from '../../../commands';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { dayjs } from '../../shared/format';
import { APP_MSG } from '../../shared/messages';
import {
  CAMPOS_ATUALIZACAO, atualizacaoCadastralSchema, decisaoSchema, elegibilidadeQuerySchema, type CartaoVirtual, type Elegibilidade, type MembroFamilia,
  type SolicitacaoAtualizacao,
} from '../../shared/pessoas';
import { beneficiario as defBeneficiario, prestador as defPrestador, RELACOES_DEPENDENCIA, SITUACOES_BENEFICIARIO } from '../../shared/resources/pessoas';
import { updateSchema } from '../../shared/resources/schema';
import { fold, onlyDigits } from '../../shared/text';
import { rawDocument, checkDocument } from '../../shared/validation/br';
import { recordAudit } from '../audit/trail';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { atualizacoesCadastrais, beneficiarios, cidades, empresas, operadoras, produtos } from '../db/schema';
import { sessionOf } from '../http/access';
import { AppError, badRequest, conflict, forbidden, notFound, parse } from '../http/errors';
import { getRow, updateRow } from '../resources/service';
import { assertBeneficiario, assertPrestador, beneficiarioPorTermo, familiaDe, isBeneficiaryUser, isProviderUser } from './regras';

/**
 * The people endpoints beyond the generic REST of the registry (/api/recursos/beneficiarios …): the logged-in
 * beneficiary's and provider's own records, a record by id under the record rules, the family, the data-update
 * request and its approval, the virtual card, the eligibility check, the operator's lookup and the SIB search.
 */

const idParams = z.object({ id: z.coerce.number({ error: 'Identificador inválido.' }).int('Identificador inválido.').positive('Identificador inválido.').max(2_147_483_647, 'Identificador inválido.') });
const label = (options: readonly (readonly [string, string])[], v: unknown) => options.find(([k]) => k === v)?.[1] ?? String(v ?? '');
const today = () => dayjs().format('YYYY-MM-DD');
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Default protocol observation of an online data-maintenance request (spec §9: a fixed text). */
export const OBSERVACAO_PADRAO = 'Solicitação de manutenção cadastral feita pelo beneficiário no portal.';

const COMMANDS = {
  proprio: '/cadastro/beneficiarios',
  atualizacao: '/cadastro/beneficiarios/atualizacao-cadastral',
  cartao: '/cadastro/beneficiarios/cartaovirtual',
  consulta: '/cadastro/beneficiarios/consulta',
  sib: '/cadastro/pessoa/beneficiarios/busca/sib',
  registro: '/cadastro/pessoa/beneficiarios',
  prestadorProprio: '/cadastro/prestadores',
  elegibilidade: '/cadastro/consulta-elegibilidade',
} as const satisfies Record<string, CommandPath>;

async function familia(db: Db, ids: number[]): Promise<MembroFamilia[]> {
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

const CONTRATACAO: Record<string, string> = { INDIVIDUAL: 'Individual/Familiar', EMPRESARIAL: 'Coletivo empresarial', ADESAO: 'Coletivo por adesão' };
const ACOMODACAO: Record<string, string> = { COLETIVO: 'Enfermaria', INDIVIDUAL: 'Apartamento' };
const ABRANGENCIA: Record<string, string> = { MUNICIPAL: 'Municipal', GRUPO_MUNICIPIOS: 'Grupo de municípios', ESTADUAL: 'Estadual', GRUPO_ESTADOS: 'Grupo de estados', NACIONAL: 'Nacional' };

function toSolicitacao(r: Record<string, unknown>, rotulos: Record<string, string> = {}): SolicitacaoAtualizacao {
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));
  return {
    id: r.id as number,
    protocolo: r.protocolo as string,
    beneficiarioId: r.beneficiarioId as number,
    beneficiarioNome: (r.beneficiarioNome as string) ?? '',
    matricula: (r.matricula as string) ?? '',
    dados: r.dados as Record<string, unknown>,
    anteriores: r.anteriores as Record<string, unknown>,
    rotulos,
    observacao: (r.observacao as string | null) ?? null,
    situacao: r.situacao as SolicitacaoAtualizacao['situacao'],
    criadaEm: iso(r.criadaEm)!,
    decididaEm: iso(r.decididaEm),
    motivoRejeicao: (r.motivoRejeicao as string | null) ?? null,
    version: r.version as number,
  };
}

/** City names of the requests' city ids (old and new values), for display. */
async function rotulosDe(db: Db, list: { dados: unknown; anteriores: unknown }[]): Promise<Record<string, string>> {
  const ids = new Set<number>();
  for (const r of list) for (const o of [r.dados, r.anteriores] as Record<string, unknown>[]) if (typeof o?.cidade === 'number') ids.add(o.cidade);
  if (!ids.size) return {};
  const rows = (await db.select({ id: cidades.id, nome: cidades.nome, uf: cidades.uf }).from(cidades).where(inArray(cidades.id, [...ids]))) as { id: number; nome: string; uf: string }[];
  return Object.fromEntries(rows.map((c) => [`cidade:${c.id}`, `${c.nome}/${c.uf}`]));
}

export function pessoasRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, settings } = ctx;

  // ---- the logged-in beneficiary ------------------------------------------------------------------------------

  app.get('/api/beneficiarios/logado', { config: { access: { command: COMMANDS.proprio } } }, async (req) => {
    const s = sessionOf(req);
    if (!isBeneficiaryUser(s)) throw forbidden('Este usuário não está ligado a um beneficiário.');
    const registro = await getRow(db, defBeneficiario, s.beneficiarioId!);
    const fam = await familiaDe(db, s.beneficiarioId!);
    const pendentes = (await db
      .select({ id: atualizacoesCadastrais.id, protocolo: atualizacoesCadastrais.protocolo })
      .from(atualizacoesCadastrais)
      .where(and(inArray(atualizacoesCadastrais.beneficiarioId, fam?.ids ?? [s.beneficiarioId!]), eq(atualizacoesCadastrais.situacao, 'PENDENTE')))) as { id: number; protocolo: string }[];
    return { result: { registro, familia: await familia(db, fam?.ids ?? []), pendentes } };
  });

  app.get('/api/beneficiarios/:id', { config: { access: 'session' } }, async (req) => {
    const s = sessionOf(req);
    const { id } = parse(idParams, req.params);
    await assertBeneficiario(ctx, s, id);
    return { result: await getRow(db, defBeneficiario, id) };
  });

  app.get('/api/beneficiarios/:id/familia', { config: { access: 'session' } }, async (req) => {
    const s = sessionOf(req);
    const { id } = parse(idParams, req.params);
    await assertBeneficiario(ctx, s, id);
    const fam = await familiaDe(db, id);
    if (!fam) throw notFound('Beneficiário não encontrado.');
    return { result: await familia(db, fam.ids) };
  });

  // ---- lookup (ombudsman, auditors, operators): name prefix, CPF, card or matrícula ------------------------------

  app.get('/api/beneficiarios/consulta', { config: { access: { command: COMMANDS.consulta } } }, async (req) => {
    const { termo } = parse(z.object({ termo: z.string({ error: 'Informe o nome, o CPF ou a carteirinha.' }).trim().max(150) }), req.query);
    if (termo.length < 2) throw badRequest(APP_MSG.termoCurto(2), 'termo');
    const where = beneficiarioPorTermo(termo);
    if (!where) return { result: [] };
    const rows = await db
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
      .limit(20);
    return { result: rows };
  });

  // ---- SIB search (the hidden /cadastro/pessoa/beneficiarios/busca/sib) --------------------------------------------

  const sibQuery = z.object({
    cco: z.string().trim().max(12).optional(),
    cpf: z.string().trim().max(20).optional(),
    cns: z.string().trim().max(20).optional(),
    nome: z.string().trim().max(150).optional(),
    dataNascimento: z.string().trim().max(10).optional(),
    nomeMae: z.string().trim().max(150).optional(),
  });
  app.get('/api/beneficiarios/busca/sib', { config: { access: { command: COMMANDS.sib } } }, async (req) => {
    const q = parse(sibQuery, req.query);
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
    let nasc: string | undefined;
    if (q.dataNascimento) {
      const d = dayjs(q.dataNascimento, ['DD/MM/YYYY', 'YYYY-MM-DD'], true);
      if (!d.isValid()) alerts.push({ type: 'error', value: 'Data de nascimento inválida. Use DD/MM/AAAA.', field: 'dataNascimento' });
      else nasc = d.format('YYYY-MM-DD');
    }
    if (alerts.length) throw new AppError(400, alerts);
    if (cpf) parts.push(eq(beneficiarios.cpf, cpf));
    if (cns) parts.push(eq(beneficiarios.cns, cns));
    if (q.cco) parts.push(eq(beneficiarios.cco, onlyDigits(q.cco).padStart(12, '0')));
    if (q.nome) parts.push(like(beneficiarios.nomeBusca, `${escapeLike(fold(q.nome))}%`));
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
    return {
      result: rows.map((r) => ({
        ...r,
        ccoBeneficiarioTitular: ccos.find((c) => c.id === r.titular)?.cco ?? null,
        codigoMunicipio: r.codigoMunicipio == null ? null : String(r.codigoMunicipio).slice(0, 6),
        dataCancelamento: r.situacao === 'CANCELADO' ? r.dataCancelamento : null,
      })),
    };
  });

  // ---- data-update request ------------------------------------------------------------------------------------

  const podeAprovar = (s: ReturnType<typeof sessionOf>) => s.ability.can('update', defBeneficiario.name);

  app.get('/api/beneficiarios/atualizacao-cadastral', { config: { access: { command: COMMANDS.atualizacao } } }, async (req) => {
    const s = sessionOf(req);
    const q = parse(z.object({ situacao: z.enum(['PENDENTE', 'APROVADA', 'REJEITADA', 'TODAS'], { error: 'Situação inválida.' }).default('PENDENTE') }), req.query);
    const a = atualizacoesCadastrais;
    let scope: SQL | undefined;
    if (!podeAprovar(s)) {
      if (!isBeneficiaryUser(s)) throw forbidden();
      const fam = await familiaDe(db, s.beneficiarioId!);
      scope = inArray(a.beneficiarioId, fam?.ids ?? [s.beneficiarioId!]);
    }
    const rows = (await db
      .select({
        id: a.id, protocolo: a.protocolo, beneficiarioId: a.beneficiarioId, beneficiarioNome: beneficiarios.nome, matricula: beneficiarios.matricula, dados: a.dados,
        anteriores: a.anteriores, observacao: a.observacao, situacao: a.situacao, criadaEm: a.criadaEm, decididaEm: a.decididaEm, motivoRejeicao: a.motivoRejeicao, version: a.version,
      })
      .from(a)
      .innerJoin(beneficiarios, eq(beneficiarios.id, a.beneficiarioId))
      .where(and(scope, q.situacao === 'TODAS' ? undefined : eq(a.situacao, q.situacao)))
      .orderBy(q.situacao === 'PENDENTE' ? asc(a.criadaEm) : desc(a.criadaEm))
      .limit(200)) as Record<string, unknown>[];
    const rotulos = await rotulosDe(db, rows as { dados: unknown; anteriores: unknown }[]);
    return { result: { itens: rows.map((r) => toSolicitacao(r, rotulos)), podeAprovar: podeAprovar(s) } };
  });

  app.post('/api/beneficiarios/atualizacao-cadastral', { config: { access: { command: COMMANDS.atualizacao } } }, async (req, reply) => {
    const s = sessionOf(req);
    if (!isBeneficiaryUser(s)) throw forbidden('Somente o beneficiário pode solicitar a atualização do próprio cadastro.');
    const body = parse(atualizacaoCadastralSchema, req.body ?? {});
    const alvo = body.beneficiarioId ?? s.beneficiarioId!;
    await assertBeneficiario(ctx, s, alvo);
    const atual = await getRow(db, defBeneficiario, alvo);
    const dados: Record<string, unknown> = {};
    const anteriores: Record<string, unknown> = {};
    for (const k of CAMPOS_ATUALIZACAO) {
      const novo = (body.dados as Record<string, unknown>)[k] ?? null;
      if (JSON.stringify(novo) !== JSON.stringify(atual[k] ?? null)) {
        dados[k] = novo;
        anteriores[k] = atual[k] ?? null;
      }
    }
    // Nothing changed: the beneficiary confirms the data as they are (no approval needed).
    if (!Object.keys(dados).length) {
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        await t.update(beneficiarios).set({ cadastroAtualizadoEm: today(), version: sql`${beneficiarios.version} + 1` } as never).where(eq(beneficiarios.id, alvo));
        await recordAudit(t, req, { entidade: defBeneficiario.name, registroId: alvo, acao: 'update', antes: { cadastroAtualizadoEm: atual.cadastroAtualizadoEm }, depois: { cadastroAtualizadoEm: today() } });
      });
      return { result: { confirmado: true }, messages: { alerts: [{ type: 'success', value: 'Dados confirmados. Obrigado por manter seu cadastro em dia.' }] } };
    }
    const a = atualizacoesCadastrais;
    const [pendente] = (await db.select({ protocolo: a.protocolo }).from(a).where(and(eq(a.beneficiarioId, alvo), eq(a.situacao, 'PENDENTE')))) as { protocolo: string }[];
    if (pendente) throw conflict(`Já existe uma solicitação em análise (protocolo ${pendente.protocolo}). Aguarde a resposta da operadora antes de enviar outra.`);
    const row = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const [ins] = await t
        .insert(a)
        .values({ protocolo: 'novo', beneficiarioId: alvo, solicitanteId: s.user.id, dados, anteriores, observacao: body.observacao || OBSERVACAO_PADRAO })
        .returning();
      const protocolo = `${dayjs().format('YYYYMMDD')}${String(ins.id).padStart(6, '0')}`;
      const [upd] = await t.update(a).set({ protocolo }).where(eq(a.id, ins.id)).returning();
      await recordAudit(t, req, { entidade: 'atualizacaocadastralbeneficiario', registroId: ins.id, acao: 'insert', depois: upd });
      return upd;
    });
    return reply.status(201).send({
      result: toSolicitacao({ ...row, beneficiarioNome: atual.nome, matricula: atual.matricula }),
      messages: { alerts: [{ type: 'success', value: `Solicitação enviada (protocolo ${row.protocolo}). A operadora vai analisar a alteração.` }] },
    });
  });

  const decidir = (aprovar: boolean) => async (req: FastifyRequest) => {
    const s = sessionOf(req);
    const { id } = parse(idParams, req.params);
    const body = parse(decisaoSchema, req.body ?? {});
    if (!aprovar && !body.motivo) throw badRequest('Informe o motivo da rejeição.', 'motivo');
    const a = atualizacoesCadastrais;
    const result = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const [sol] = await t.select().from(a).where(eq(a.id, id));
      if (!sol) throw notFound('Solicitação não encontrada.');
      if (sol.situacao !== 'PENDENTE') throw conflict(`Esta solicitação já foi ${sol.situacao === 'APROVADA' ? 'aprovada' : 'rejeitada'}.`);
      if (sol.version !== body.version) throw conflict(APP_MSG.conflito);
      if (aprovar) {
        const atual = await getRow(t, defBeneficiario, sol.beneficiarioId);
        const merged = { ...atual, ...(sol.dados as Record<string, unknown>), version: atual.version };
        const values = parse(updateSchema(defBeneficiario, settings.flags), merged);
        const depois = await updateRow(t, defBeneficiario, sol.beneficiarioId, values as typeof values & { version: number });
        await t.update(beneficiarios).set({ cadastroAtualizadoEm: today() } as never).where(eq(beneficiarios.id, sol.beneficiarioId));
        await recordAudit(t, req, { entidade: defBeneficiario.name, registroId: sol.beneficiarioId, acao: 'update', antes: atual, depois: { ...depois, cadastroAtualizadoEm: today() } });
      }
      const [upd] = await t
        .update(a)
        .set({ situacao: aprovar ? 'APROVADA' : 'REJEITADA', decididaEm: new Date(), decididaPorId: s.user.id, motivoRejeicao: aprovar ? null : body.motivo, version: sql`${a.version} + 1` })
        .where(eq(a.id, id))
        .returning();
      await recordAudit(t, req, { entidade: 'atualizacaocadastralbeneficiario', registroId: id, acao: 'update', antes: sol, depois: upd });
      return upd;
    });
    return {
      result: toSolicitacao(result as unknown as Record<string, unknown>),
      messages: { alerts: [{ type: 'success', value: aprovar ? `Solicitação ${result.protocolo} aprovada; o cadastro foi atualizado.` : `Solicitação ${result.protocolo} rejeitada.` }] },
    };
  };
  // approving changes the beneficiary's record: the same right as editing it in the registry
  app.post('/api/beneficiarios/atualizacao-cadastral/:id/aprovar', { config: { access: { command: COMMANDS.registro, action: 'update' } } }, decidir(true));
  app.post('/api/beneficiarios/atualizacao-cadastral/:id/rejeitar', { config: { access: { command: COMMANDS.registro, action: 'update' } } }, decidir(false));

  // ---- virtual card -------------------------------------------------------------------------------------------

  app.get('/api/beneficiarios/cartao-virtual', { config: { access: { command: COMMANDS.cartao } } }, async (req) => {
    const s = sessionOf(req);
    if (!isBeneficiaryUser(s)) throw forbidden('Este usuário não está ligado a um beneficiário.');
    const { id } = parse(z.object({ id: z.coerce.number().int().positive().optional() }), req.query);
    const alvo = id ?? s.beneficiarioId!;
    await assertBeneficiario(ctx, s, alvo);
    const b = await getRow(db, defBeneficiario, alvo);
    const plano = await planoDe(db, b.produto as number);
    const [op] = (await db.select({ nome: operadoras.nomeFantasia, razao: operadoras.razaoSocial, registroAns: operadoras.registroAns }).from(operadoras).orderBy(asc(operadoras.id)).limit(1)) as {
      nome: string | null;
      razao: string;
      registroAns: string;
    }[];
    const ativo = b.situacao === 'ATIVO';
    const cartao: CartaoVirtual = {
      beneficiarioId: alvo,
      nome: b.nome as string,
      nomeSocial: (b.nomeSocial as string | null) ?? null,
      carteirinha: b.carteirinha as string,
      matricula: b.matricula as string,
      cns: (b.cns as string | null) ?? null,
      dataNascimento: b.dataNascimento as string,
      titular: b.relacaoDependencia === '1',
      relacao: label(RELACOES_DEPENDENCIA, b.relacaoDependencia),
      plano: plano?.nome ?? String(b.produtoLabel ?? ''),
      registroAnsPlano: plano?.registroAns ?? '',
      contratacao: CONTRATACAO[plano?.contratacao ?? ''] ?? '',
      acomodacao: ACOMODACAO[plano?.acomodacao ?? ''] ?? '',
      abrangencia: ABRANGENCIA[plano?.abrangencia ?? ''] ?? '',
      empresa: (b.empresaLabel as string | null) ?? null,
      operadora: { nome: op?.nome ?? op?.razao ?? settings.nome, registroAns: op?.registroAns ?? '' },
      // the card is reissued every two years: valid to the end of next year while the beneficiary is active
      validade: ativo ? dayjs().add(1, 'year').endOf('year').format('YYYY-MM-DD') : null,
      situacao: label(SITUACOES_BENEFICIARIO, b.situacao),
      cpt: b.cpt === true,
      fimCarencia: (b.fimCarencia as string | null) ?? null,
    };
    return { result: cartao };
  });

  // ---- eligibility --------------------------------------------------------------------------------------------

  app.get('/api/elegibilidade', { config: { access: { command: COMMANDS.elegibilidade } } }, async (req) => {
    const q = parse(elegibilidadeQuerySchema, req.query);
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
    const hoje = today();
    const fmt = (d: string) => dayjs(d).format('DD/MM/YYYY');
    let motivo: Elegibilidade['motivo'] = 'ELEGIVEL';
    let mensagem = `Beneficiário elegível para atendimento em ${fmt(hoje)}.`;
    if (b.situacao === 'CANCELADO') [motivo, mensagem] = ['INATIVO', settings.messages.beneficiarioInativo];
    else if (b.situacao === 'SUSPENSO') [motivo, mensagem] = ['SUSPENSO', settings.messages.beneficiarioSuspenso];
    else if (b.fimCarencia && b.fimCarencia >= hoje) [motivo, mensagem] = ['CARENCIA', settings.messages.urgenciaCarencia];
    const observacoes: string[] = [];
    if (motivo === 'CARENCIA') observacoes.push(`Em carência até ${fmt(b.fimCarencia!)}.`);
    if (b.cpt && (!b.fimCpt || b.fimCpt >= hoje)) observacoes.push(`Cobertura parcial temporária${b.fimCpt ? ` até ${fmt(b.fimCpt)}` : ''} para doenças e lesões preexistentes.`);
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
    return { result };
  });

  // ---- providers ----------------------------------------------------------------------------------------------

  app.get('/api/prestadores/logado', { config: { access: { command: COMMANDS.prestadorProprio } } }, async (req) => {
    const s = sessionOf(req);
    if (!isProviderUser(s)) throw forbidden('Este usuário não está ligado a um prestador.');
    return { result: await getRow(db, defPrestador, s.prestadorId!) };
  });

  app.get('/api/prestadores/:id', { config: { access: 'session' } }, async (req) => {
    const s = sessionOf(req);
    const { id } = parse(idParams, req.params);
    assertPrestador(ctx, s, id);
    return { result: await getRow(db, defPrestador, id) };
  });

}
