import { sql } from 'drizzle-orm';
import { msgTransicaoRecusada, MSG_MOTIVO, MSG_RESULTADO, podeAplicar, TRANSICOES, type AtendimentoDetalhe, type Status, type Transicao } from '../../shared/atendimentos';
import { APP_MSG } from '../../shared/messages';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { atendimentoHistorico, atendimentos } from '../db/schema';
import { query } from '../db/sql';
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { inScope, scopeOf } from '../policy';
import { recordTrail } from '../trail/record';
import { detalhe, nomeDoUsuario, type Quem } from './registro';

export const MSG_NAO_ENCONTRADO = 'Atendimento não encontrado.';

/**
 * One step of a contact (concluir, cancelar, reabrir): the transition the shared table allows from its status,
 * optimistic locking by version (409 when another attendant moved it first), the outcome or reason the step needs, a
 * history step and the trail entry, in one transaction with the row locked. Concluding a contact still open closes
 * its end time now; reopening keeps it (the time of the first conversation).
 */
export async function transicionar(ctx: AppContext, actor: Quem, id: number, body: Transicao): Promise<AtendimentoDetalhe> {
  const { db } = ctx;
  const escopo = await scopeOf(ctx, actor.session, 'atendimento');
  // only the desk moves a contact, even where a beneficiary or provider could read their own
  if (escopo.kind !== 'all') throw forbidden(escopo.kind === 'none' ? escopo.reason : undefined);
  const nome = await nomeDoUsuario(db, actor.session);
  const regra = TRANSICOES[body.acao];
  const nota = body.nota?.trim() || null;
  if (regra.motivo && !nota) throw badRequest(MSG_MOTIVO[body.acao], 'nota');
  if (regra.resultado && !body.resultado) throw badRequest(MSG_RESULTADO, 'resultado');

  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [r] = await query<{ id: number; status: Status; version: number; fim: unknown; resultado: string | null; justificativa: string | null; beneficiario_id: number | null; prestador_id: number | null }>(
      t,
      sql`select id, status, version, fim, resultado, justificativa, beneficiario_id, prestador_id from atendimentos where id = ${id} for update`,
    );
    if (!r) throw notFound(MSG_NAO_ENCONTRADO);
    if (!inScope(escopo, 'atendimento', r)) throw forbidden();
    if (r.version !== body.version) throw conflict(APP_MSG.conflito);
    if (!podeAplicar(body.acao, r.status)) throw AppError.of(422, msgTransicaoRecusada(body.acao, r.status));

    const para = regra.para;
    const agora = new Date();
    const fim = body.acao === 'concluir' && r.fim == null ? agora : undefined;
    // reopening clears the outcome: the contact is open again until it is concluded anew
    const resultado = body.acao === 'concluir' ? body.resultado : body.acao === 'reabrir' ? null : r.resultado;
    const set = {
      status: para,
      version: r.version + 1,
      atualizadoEm: agora,
      resultado,
      ...(fim ? { fim } : {}),
      ...(regra.motivo ? { justificativa: nota } : {}),
    };
    const updated = await t
      .update(atendimentos)
      .set(set)
      .where(sql`${atendimentos.id} = ${id} and ${atendimentos.version} = ${r.version}`)
      .returning({ id: atendimentos.id });
    if (!updated.length) throw conflict(APP_MSG.conflito);
    await t.insert(atendimentoHistorico).values({
      atendimentoId: id,
      usuarioId: actor.session.user.id,
      usuarioNome: nome,
      acao: body.acao,
      de: r.status,
      para,
      resultado: body.acao === 'concluir' ? body.resultado : null,
      nota,
      em: agora,
    });
    await recordTrail(t, actor, {
      entidade: 'atendimento',
      registroId: id,
      acao: 'update',
      antes: { status: r.status, resultado: r.resultado, justificativa: r.justificativa, version: r.version },
      depois: { status: para, resultado, justificativa: regra.motivo ? nota : r.justificativa, version: r.version + 1, acao: body.acao, nota, ...(fim ? { fim: fim.toISOString() } : {}) },
    });
  });
  return (await detalhe(db, id))!;
}
