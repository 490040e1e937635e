import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { dayjs } from '../../shared/format';
import { APP_MSG } from '../../shared/messages';
import { CAMPOS_ATUALIZACAO, type atualizacaoCadastralSchema, type decisaoSchema, type SolicitacaoAtualizacao } from '../../shared/pessoas';
import { beneficiario as defBeneficiario } from '../../shared/resources/pessoas';
import { updateSchema } from '../../shared/resources/schema';
import { recordTrail, type Actor } from '../trail/record';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { atualizacoesCadastrais, beneficiarios, cidades } from '../db/schema';
import { conflict, forbidden, notFound, parse } from '../http/errors';
import { assertRecord, ownBeneficiarioId, scopeOf, scopeWhere } from '../policy';
import { getRow, updateRow } from '../resources/service';

/**
 * The beneficiary's data-update request (/cadastro/beneficiarios/atualizacao-cadastral): the beneficiary proposes new
 * values (or confirms the record as it is); the operator approves — the change is applied to the record — or
 * rejects it with a reason. Every step goes to the trail in its transaction.
 */

type Quem = Actor & { session: RequestSession };
const hoje = () => dayjs().format('YYYY-MM-DD');

/** Default protocol observation of an online data-maintenance request (spec §9: a fixed text). */
export const OBSERVACAO_PADRAO = 'Solicitação de manutenção cadastral feita pelo beneficiário no portal.';

export function toSolicitacao(r: Record<string, unknown>, rotulos: Record<string, string> = {}): SolicitacaoAtualizacao {
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

/** The requests in a situation, under the policy's scope: the staff who may approve see all, a family its own. */
export async function listarAtualizacoes(ctx: AppContext, s: RequestSession, situacao: 'PENDENTE' | 'APROVADA' | 'REJEITADA' | 'TODAS') {
  const { db } = ctx;
  const q = { situacao };
  const a = atualizacoesCadastrais;
  // the staff who may approve see every request; a beneficiary the family's (the policy's scope)
  const escopo = await scopeOf(ctx, s, 'atualizacaocadastral');
  if (escopo.kind === 'none') throw forbidden(escopo.reason);
  const scope = scopeWhere(escopo, 'atualizacaocadastral', 'atualizacoes_cadastrais');
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
  return { itens: rows.map((r) => toSolicitacao(r, rotulos)), podeAprovar: escopo.kind === 'all' };
}

/** A beneficiary's request for the own record or a family member's: the changed fields, or a confirmation. */
export async function solicitarAtualizacao(ctx: AppContext, actor: Quem, body: z.output<typeof atualizacaoCadastralSchema>): Promise<{ confirmado: true } | SolicitacaoAtualizacao> {
  const { db } = ctx;
  const s = actor.session;
  const proprio = ownBeneficiarioId(s, 'Somente o beneficiário pode solicitar a atualização do próprio cadastro.');
  const alvo = body.beneficiarioId ?? proprio;
  await assertRecord(ctx, s, 'beneficiario', { id: alvo });
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
      await t.update(beneficiarios).set({ cadastroAtualizadoEm: hoje(), version: sql`${beneficiarios.version} + 1` } as never).where(eq(beneficiarios.id, alvo));
      await recordTrail(t, actor, { entidade: defBeneficiario.name, registroId: alvo, acao: 'update', antes: { cadastroAtualizadoEm: atual.cadastroAtualizadoEm }, depois: { cadastroAtualizadoEm: hoje() } });
    });
    return { confirmado: true };
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
    await recordTrail(t, actor, { entidade: 'atualizacaocadastralbeneficiario', registroId: ins.id, acao: 'insert', depois: upd });
    return upd;
  });
  return toSolicitacao({ ...row, beneficiarioNome: atual.nome, matricula: atual.matricula });
}

/** The operator approves (the record is changed and audited) or rejects (with the reason) a pending request. */
export async function decidirAtualizacao(ctx: AppContext, actor: Quem, id: number, body: z.output<typeof decisaoSchema>, aprovar: boolean): Promise<SolicitacaoAtualizacao> {
  const { db, settings } = ctx;
  const s = actor.session;
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
      await t.update(beneficiarios).set({ cadastroAtualizadoEm: hoje() } as never).where(eq(beneficiarios.id, sol.beneficiarioId));
      await recordTrail(t, actor, { entidade: defBeneficiario.name, registroId: sol.beneficiarioId, acao: 'update', antes: atual, depois: { ...depois, cadastroAtualizadoEm: hoje() } });
    }
    const [upd] = await t
      .update(a)
      .set({ situacao: aprovar ? 'APROVADA' : 'REJEITADA', decididaEm: new Date(), decididaPorId: s.user.id, motivoRejeicao: aprovar ? null : body.motivo, version: sql`${a.version} + 1` })
      .where(eq(a.id, id))
      .returning();
    await recordTrail(t, actor, { entidade: 'atualizacaocadastralbeneficiario', registroId: id, acao: 'update', antes: sol, depois: upd });
    return upd;
  });
  return toSolicitacao(result as unknown as Record<string, unknown>);
}
