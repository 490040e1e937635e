import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { JUSTIFICATIVA_NEGATIVA_MIN, MSG_JUSTIFICATIVA_NEGATIVA, STATUS, TIPOS, TRANSICOES, VALIDADE_SENHA_DIAS, msgTransicaoRecusada, podeAplicar, type Acao, type AutorizacaoDetalhe, type decisaoSchema } from '../../shared/autorizacoes';
import { todayIso } from '../../shared/dates';
import { dayjs } from '../../shared/format';
import { APP_MSG } from '../../shared/messages';
import { recordTrail, type Actor } from '../trail/record';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { anexosEnviados } from './anexos';
import { autorizacaoAnexos, autorizacaoHistorico, autorizacaoItens, autorizacoes } from '../db/schema';
import { query } from '../db/sql';
import { sessionSees } from '../http/access';
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { inScope, hasBeneficiarioRole, hasPrestadorRole, MSG_AUTORIZACAO, scopeOf, type Scope } from '../policy';
import { detalhe, nomeDoUsuario, novaSenha, registro } from './service';

type Decisao = z.output<typeof decisaoSchema>;
type Quem = Actor & { session: RequestSession };

/** The auditor's decisions (spec §2.5 audit desk): every transition the shared table allows, but the provider's answer. */
export const DECISOES_AUDITORIA: readonly Acao[] = ['autorizar', 'autorizarParcial', 'negar', 'pedirJustificativa', 'pedirDocumentos', 'cancelar'];

/** Segregation of duties: who registered a request (an operator typing it for a provider) does not authorize or deny it. */
const DECIDEM: readonly Acao[] = ['autorizar', 'autorizarParcial', 'negar'];
export const MSG_SEGREGACAO = 'Quem registrou a solicitação não pode autorizá-la nem negá-la: a decisão cabe a outro usuário.';

/**
 * A decision on a request (the auditor's, or the provider's answer and cancellation): the transition allowed by the
 * shared table (TRANSICOES), optimistic locking by version, the items' quantities and negativa codes, the senha
 * when authorized, a history event and the trail entry, in one transaction. `scope` is the writer's record scope
 * (the policy's: a provider its own requests); `emNomeDoPrestador` marks the operator answering for the provider.
 */
export async function decidir(ctx: AppContext, actor: Quem, id: number, body: Decisao, acoes: readonly Acao[], scope: Scope, emNomeDoPrestador = false): Promise<AutorizacaoDetalhe> {
  const { db, settings } = ctx;
  if (!acoes.includes(body.acao)) throw forbidden('Esta decisão não está disponível para o seu perfil.');
  const nome = await nomeDoUsuario(db, actor.session);
  // the operator's day (São Paulo), not the server's: after 21:00 the UTC date is already tomorrow
  const hoje = todayIso();

  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const r = await registro(t, id, true);
    if (!r) throw notFound('Solicitação de autorização não encontrada.');
    if (!inScope(scope, 'autorizacao', r)) throw forbidden(MSG_AUTORIZACAO);
    if (r.version !== body.version) throw conflict(APP_MSG.conflito);
    if (!podeAplicar(body.acao, r.status)) throw AppError.of(422, msgTransicaoRecusada(body.acao, r.status));
    if (DECIDEM.includes(body.acao) && r.criada_por_id != null && r.criada_por_id === actor.session.user.id) throw forbidden(MSG_SEGREGACAO);
    const itens = await query<{ id: number; quantidade_solicitada: number }>(t, sql`select id, quantidade_solicitada from autorizacao_itens where autorizacao_id = ${id} order by seq`);
    const dados = new Map(body.itens.map((i) => [i.id, i]));
    for (const k of dados.keys()) if (!itens.some((i) => i.id === k)) throw badRequest('Item não pertence a esta solicitação.', 'itens');
    const motivo = body.motivo?.trim() || null;
    const para = TRANSICOES[body.acao].para;
    const itemUpdates: { id: number; qtd: number | null; motivo: string | null }[] = [];

    switch (body.acao) {
      case 'autorizar':
        for (const i of itens) itemUpdates.push({ id: i.id, qtd: i.quantidade_solicitada, motivo: null });
        break;
      case 'autorizarParcial': {
        for (const i of itens) {
          const d = dados.get(i.id);
          const qtd = d?.quantidadeAutorizada ?? i.quantidade_solicitada;
          if (qtd > i.quantidade_solicitada) throw badRequest(`A quantidade autorizada não pode passar da solicitada (${i.quantidade_solicitada}).`, 'itens');
          if (qtd < i.quantidade_solicitada && !d?.motivoNegativa) throw badRequest('Informe o motivo da negativa de cada item reduzido.', 'itens');
          itemUpdates.push({ id: i.id, qtd, motivo: qtd < i.quantidade_solicitada ? d!.motivoNegativa! : null });
        }
        if (!itemUpdates.some((u) => (u.qtd ?? 0) > 0)) throw badRequest('Nenhum item autorizado: para recusar tudo, use Negar.', 'itens');
        if (itemUpdates.every((u, k) => u.qtd === itens[k].quantidade_solicitada)) throw badRequest('Reduza a quantidade de ao menos um item; para autorizar tudo, use Autorizar.', 'itens');
        break;
      }
      case 'negar':
        if (!motivo || motivo.length < JUSTIFICATIVA_NEGATIVA_MIN) throw badRequest(MSG_JUSTIFICATIVA_NEGATIVA, 'motivo');
        for (const i of itens) {
          const m = dados.get(i.id)?.motivoNegativa;
          if (!m) throw badRequest('Informe o motivo da negativa de cada item (códigos da tabela 38).', 'itens');
          itemUpdates.push({ id: i.id, qtd: 0, motivo: m });
        }
        break;
      case 'pedirJustificativa':
      case 'pedirDocumentos':
        if (!motivo) throw badRequest(body.acao === 'pedirJustificativa' ? 'Descreva a justificativa técnica pedida ao solicitante.' : 'Descreva os documentos pedidos ao prestador.', 'motivo');
        break;
      case 'cancelar':
        if (!motivo || !body.responsavel?.trim()) throw AppError.of(400, settings.messages.cancelamentoAutorizacao, { field: !motivo ? 'motivo' : 'responsavel' });
        break;
      case 'responder':
        if (!motivo && !body.anexos.length) throw badRequest('Escreva a justificativa técnica ou anexe os documentos pedidos.', 'motivo');
        break;
    }
    if (body.anexos.length && body.acao !== 'responder') throw badRequest('Documentos só acompanham a resposta do prestador.', 'anexos');
    const anexos = await anexosEnviados(t, actor.session, body.anexos);
    if (anexos.length) await t.insert(autorizacaoAnexos).values(anexos.map((a) => ({ autorizacaoId: id, ...a })));

    for (const u of itemUpdates) await t.update(autorizacaoItens).set({ quantidadeAutorizada: u.qtd, motivoNegativa: u.motivo }).where(eq(autorizacaoItens.id, u.id));
    const autoriza = para === STATUS.AUTORIZADO || para === STATUS.AUTORIZADO_PARCIALMENTE;
    const set = {
      status: para,
      version: r.version + 1,
      decididaEm: new Date(),
      decididaPorId: actor.session.user.id,
      ...(motivo || body.acao === 'autorizar' ? { motivo } : {}),
      ...(body.acao === 'cancelar' ? { responsavel: body.responsavel!.trim() } : {}),
      ...(autoriza ? { senha: novaSenha(), dataAutorizacao: hoje, validadeSenha: dayjs(hoje).add(VALIDADE_SENHA_DIAS, 'day').format('YYYY-MM-DD') } : {}),
    };
    const updated = await t
      .update(autorizacoes)
      .set(set)
      .where(sql`${autorizacoes.id} = ${id} and ${autorizacoes.version} = ${r.version}`)
      .returning({ id: autorizacoes.id });
    if (!updated.length) throw conflict(APP_MSG.conflito);
    await t.insert(autorizacaoHistorico).values({
      autorizacaoId: id,
      usuarioId: actor.session.user.id,
      usuarioNome: nome,
      acao: body.acao,
      de: r.status,
      para,
      motivo,
      responsavel: body.acao === 'cancelar' ? body.responsavel!.trim() : null,
      detalhes: itemUpdates.length
        ? itemUpdates
        : body.acao === 'responder'
          ? { anexos: anexos.map((a) => a.nome), ...(emNomeDoPrestador ? { emNomeDoPrestador: true } : {}) }
          : null,
    });
    await recordTrail(t, actor, {
      entidade: 'autorizacao',
      registroId: id,
      acao: 'update',
      antes: { status: r.status, version: r.version },
      depois: { status: para, version: r.version + 1, acao: body.acao, motivo, itens: itemUpdates, ...(anexos.length ? { anexos: anexos.map((a) => a.nome) } : {}) },
    });
  });
  return (await detalhe(db, id))!;
}

/**
 * The answer to a request waiting for the provider (a technical justification, documents) or its cancellation: by the
 * requesting provider for its own requests, or by the operator for the provider — whoever may request that guide
 * type, auditors excepted (they asked the question) and beneficiaries.
 */
export async function responder(ctx: AppContext, actor: Quem, id: number, body: Decisao): Promise<AutorizacaoDetalhe> {
  const s = actor.session;
  if (hasPrestadorRole(s)) return decidir(ctx, actor, id, body, ['responder', 'cancelar'], await scopeOf(ctx, s, 'autorizacao'));
  const r = await registro(ctx.db, id);
  if (!r) throw notFound('Solicitação de autorização não encontrada.');
  if (s.user.auditor || hasBeneficiarioRole(s) || !sessionSees(ctx.settings, s, TIPOS[r.tipo].command))
    throw forbidden('Só o prestador solicitante, ou a operadora em nome dele, responde a esta solicitação.');
  return decidir(ctx, actor, id, body, ['responder', 'cancelar'], { kind: 'all' }, true);
}
