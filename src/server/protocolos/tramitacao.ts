import { sql } from 'drizzle-orm';
import { msgTransicaoRecusada, MSG_MOTIVO, podeAplicar, TRANSICOES, type ProtocoloDetalhe, type Status, type Tramitacao } from '../../shared/protocolos';
import { APP_MSG } from '../../shared/messages';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { protocoloHistorico, protocolosDocumentos } from '../db/schema';
import { query } from '../db/sql';
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { inScope, scopeOf } from '../policy';
import { recordTrail, type Actor } from '../trail/record';
import { detalhe, nomeDoUsuario } from './registro';

type Quem = Actor & { session: RequestSession };
export const MSG_NAO_ENCONTRADO = 'Protocolo não encontrado.';

/**
 * One step of a protocol (encaminhar, concluir, devolver, cancelar): the transition the shared table allows from its
 * status, optimistic locking by version (409 when another desk moved it first), the reason where the step needs one,
 * the sector it goes to, a history step and the trail entry, in one transaction with the row locked.
 */
export async function tramitar(ctx: AppContext, actor: Quem, id: number, body: Tramitacao): Promise<ProtocoloDetalhe> {
  const { db } = ctx;
  const escopo = await scopeOf(ctx, actor.session, 'protocolodocumento');
  const nome = await nomeDoUsuario(db, actor.session);
  const regra = TRANSICOES[body.acao];
  const nota = body.nota?.trim() || null;
  if (regra.motivo && !nota) throw badRequest(MSG_MOTIVO[body.acao], 'nota');

  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [r] = await query<{ id: number; status: Status; setor_id: number; version: number; motivo: string | null }>(
      t,
      sql`select id, status, setor_id, version, motivo from protocolos_documentos where id = ${id} for update`,
    );
    if (!r) throw notFound(MSG_NAO_ENCONTRADO);
    if (!inScope(escopo, 'protocolodocumento', r)) throw forbidden(escopo.kind === 'none' ? escopo.reason : undefined);
    if (r.version !== body.version) throw conflict(APP_MSG.conflito);
    if (!podeAplicar(body.acao, r.status)) throw AppError.of(422, msgTransicaoRecusada(body.acao, r.status));

    // forwarding may send it to another sector than the one written at the desk
    let setorId = r.setor_id;
    if (body.acao === 'encaminhar' && body.setorId && body.setorId !== r.setor_id) {
      const [s] = await query<{ ativo: boolean }>(t, sql`select ativo from setores_empresa where id = ${body.setorId}`);
      if (!s) throw badRequest('Setor de destino não encontrado.', 'setorId');
      if (!s.ativo) throw badRequest('Este setor está inativo: escolha outro setor de destino.', 'setorId');
      setorId = body.setorId;
    }
    const para = regra.para;
    const set = { status: para, setorId, version: r.version + 1, atualizadoEm: new Date(), ...(regra.motivo ? { motivo: nota } : {}) };
    const updated = await t
      .update(protocolosDocumentos)
      .set(set)
      .where(sql`${protocolosDocumentos.id} = ${id} and ${protocolosDocumentos.version} = ${r.version}`)
      .returning({ id: protocolosDocumentos.id });
    if (!updated.length) throw conflict(APP_MSG.conflito);
    await t.insert(protocoloHistorico).values({
      protocoloId: id,
      usuarioId: actor.session.user.id,
      usuarioNome: nome,
      acao: body.acao,
      de: r.status,
      para,
      nota,
      setorId: body.acao === 'encaminhar' ? setorId : null,
    });
    await recordTrail(t, actor, {
      entidade: 'protocolodocumento',
      registroId: id,
      acao: 'update',
      antes: { status: r.status, setorId: r.setor_id, motivo: r.motivo, version: r.version },
      depois: { status: para, setorId, motivo: regra.motivo ? nota : r.motivo, version: r.version + 1, acao: body.acao, nota },
    });
  });
  return (await detalhe(db, id))!;
}
