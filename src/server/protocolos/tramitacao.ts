import { sql } from 'drizzle-orm';
import { FLUXO, type ProtocoloDetalhe, type Status, type Tramitacao } from '../../shared/protocolos';
import type { AppContext } from '../context';
import { protocoloHistorico, protocolosDocumentos } from '../db/schema';
import { query } from '../db/sql';
import { badRequest } from '../http/errors';
import { applyTransition } from '../workflow/apply';
import type { SessionActor } from '../workflow/actor';
import { detalhe } from './registro';

export const MSG_NAO_ENCONTRADO = 'Protocolo não encontrado.';

/**
 * One step of a protocol (encaminhar, concluir, devolver, cancelar) through the shared workflow step (the table's
 * transition, the version's 409, the reason, history and trail in one transaction); the protocol's own part is the
 * sector it is forwarded to and the last reason kept on the record.
 */
export async function tramitar(ctx: AppContext, actor: SessionActor, id: number, body: Tramitacao): Promise<ProtocoloDetalhe> {
  await applyTransition(ctx, actor, id, body, {
    workflow: FLUXO,
    entity: 'protocolodocumento',
    table: protocolosDocumentos,
    history: protocoloHistorico,
    historyKey: 'protocoloId',
    notFound: MSG_NAO_ENCONTRADO,
    lock: async (t, id) =>
      (await query<{ id: number; status: Status; setor_id: number; version: number; motivo: string | null }>(t, sql`select id, status, setor_id, version, motivo from protocolos_documentos where id = ${id} for update`))[0],
    change: async (t, r, { note: nota, to: para }) => {
      // forwarding may send it to another sector than the one written at the desk
      let setorId = r.setor_id;
      if (body.acao === 'encaminhar' && body.setorId && body.setorId !== r.setor_id) {
        const [s] = await query<{ ativo: boolean }>(t, sql`select ativo from setores_empresa where id = ${body.setorId}`);
        if (!s) throw badRequest('Setor de destino não encontrado.', 'setorId');
        if (!s.ativo) throw badRequest('Este setor está inativo: escolha outro setor de destino.', 'setorId');
        setorId = body.setorId;
      }
      const motivo = FLUXO.transitions[body.acao].reason != null;
      return {
        set: { setorId, ...(motivo ? { motivo: nota } : {}) },
        history: { setorId: body.acao === 'encaminhar' ? setorId : null },
        before: { status: r.status, setorId: r.setor_id, motivo: r.motivo, version: r.version },
        after: { status: para, setorId, motivo: motivo ? nota : r.motivo, version: r.version + 1, acao: body.acao, nota },
      };
    },
  });
  return (await detalhe(ctx.db, id))!;
}
