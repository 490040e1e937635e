import { sql } from 'drizzle-orm';
import { FLUXO, VERBA_MSG, type PassoVerba, type Status, type VerbaDetalhe } from '../../shared/verbas';
import type { AppContext } from '../context';
import { solicitacaoVerbaHistorico, solicitacoesVerba } from '../db/schema';
import { query } from '../db/sql';
import { applyTransition } from '../workflow/apply';
import type { SessionActor } from '../workflow/actor';
import { detalheVerba } from './registro';

/**
 * One step of a request (enviar, receber, cancelar) through the shared workflow step (the transition, the version's
 * 409, the reason, history and trail in one transaction); the request's own part: the amount and the day received,
 * and the cancellation's reason kept on the record.
 */
export async function passoVerba(ctx: AppContext, actor: SessionActor, id: number, b: PassoVerba): Promise<VerbaDetalhe> {
  await applyTransition(ctx, actor, id, b, {
    workflow: FLUXO,
    entity: 'solicitacaoverba',
    table: solicitacoesVerba,
    history: solicitacaoVerbaHistorico,
    historyKey: 'solicitacaoId',
    notFound: VERBA_MSG.naoEncontrada,
    lock: async (t, id) =>
      (
        await query<{ id: number; status: Status; version: number; motivo: string | null }>(
          t,
          sql`select id, status, version, motivo from solicitacoes_verba where id = ${id} for update`,
        )
      )[0],
    change: async (_t, r, { note, to }) => {
      const recebe = b.acao === 'receber';
      const cancela = b.acao === 'cancelar';
      const set: Record<string, unknown> = {};
      if (recebe) Object.assign(set, { valorRecebido: b.valorRecebido!, dataRecebimento: b.dataRecebimento! });
      if (cancela) set.motivo = note;
      return {
        set,
        history: {},
        before: { status: r.status, motivo: r.motivo, version: r.version },
        after: { status: to, version: r.version + 1, acao: b.acao, nota: note, ...(recebe ? { valorRecebido: b.valorRecebido, dataRecebimento: b.dataRecebimento } : {}), ...(cancela ? { motivo: note } : {}) },
      };
    },
  });
  return (await detalheVerba(ctx.db, id))!;
}
