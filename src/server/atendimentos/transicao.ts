import { sql } from 'drizzle-orm';
import { FLUXO, MSG_RESULTADO, type AtendimentoDetalhe, type Status, type Transicao } from '../../shared/atendimentos';
import type { AppContext } from '../context';
import { atendimentoHistorico, atendimentos } from '../db/schema';
import { query } from '../db/sql';
import { badRequest } from '../http/errors';
import { applyTransition } from '../workflow/apply';
import type { SessionActor } from '../workflow/actor';
import { detalhe } from './registro';

export const MSG_NAO_ENCONTRADO = 'Atendimento não encontrado.';

/**
 * One step of a contact (concluir, cancelar, reabrir) through the shared workflow step (the table's transition, the
 * version's 409, the reason, history and trail in one transaction); the contact's own part is the outcome. Concluding
 * a contact still open closes its end time now; reopening keeps it (the time of the first conversation).
 */
export async function transicionar(ctx: AppContext, actor: SessionActor, id: number, body: Transicao): Promise<AtendimentoDetalhe> {
  const regra = FLUXO.transitions[body.acao];
  await applyTransition(ctx, actor, id, body, {
    workflow: FLUXO,
    entity: 'atendimento',
    table: atendimentos,
    history: atendimentoHistorico,
    historyKey: 'atendimentoId',
    notFound: MSG_NAO_ENCONTRADO,
    check: () => {
      if (regra.resultado && !body.resultado) throw badRequest(MSG_RESULTADO, 'resultado');
    },
    lock: async (t, id) =>
      (await query<{ id: number; status: Status; version: number; fim: unknown; resultado: string | null; justificativa: string | null }>(t, sql`select id, status, version, fim, resultado, justificativa from atendimentos where id = ${id} for update`))[0],
    change: async (_t, r, { note: nota, now: agora, to: para }) => {
      const fim = body.acao === 'concluir' && r.fim == null ? agora : undefined;
      // reopening clears the outcome: the contact is open again until it is concluded anew
      const resultado = body.acao === 'concluir' ? body.resultado : body.acao === 'reabrir' ? null : r.resultado;
      return {
        set: { resultado, ...(fim ? { fim } : {}), ...(regra.reason ? { justificativa: nota } : {}) },
        history: { resultado: body.acao === 'concluir' ? body.resultado : null, em: agora },
        before: { status: r.status, resultado: r.resultado, justificativa: r.justificativa, version: r.version },
        after: { status: para, resultado, justificativa: regra.reason ? nota : r.justificativa, version: r.version + 1, acao: body.acao, nota, ...(fim ? { fim: fim.toISOString() } : {}) },
      };
    },
  });
  return (await detalhe(ctx.db, id))!;
}
