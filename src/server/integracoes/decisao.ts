import { sql } from 'drizzle-orm';
import { MSG_INTEGRACAO } from '../../shared/integracoes';
import { APP_MSG } from '../../shared/messages';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError, conflict } from '../http/errors';
import { recordTrail } from '../trail/record';
import { userName, type SessionActor } from '../workflow/actor';

/**
 * Applying or refusing one received record (both integrations): the record locked, still pending and at the version the
 * analyst saw (409 otherwise), the domain's own write (`aplicar`) in the same transaction, then the record's status,
 * who and when, and the trail entry. A refusal of the domain (a rule, a missing titular) rolls everything back and
 * answers its message: the record stays pending for the analyst to refuse with the reason.
 */

export type Quem = SessionActor;
export type Tabela = 'integracoes_beneficiarios' | 'integracoes_atendimentos';
export interface Decidido {
  id: number;
  status: 'APLICADO' | 'RECUSADO';
  version: number;
}

interface Travado {
  status: string;
  version: number;
}

export async function decidirRegistro(
  ctx: AppContext,
  actor: Quem,
  alvo: { tabela: Tabela; entidade: string; id: number; version: number },
  preparar: (t: Db) => Promise<{ linha: Travado; aplicar: () => Promise<Record<string, number | null>> }>,
): Promise<Decidido> {
  const nome = await userName(ctx.db, actor.session);
  return ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const { linha, aplicar } = await preparar(t);
    conferir(linha, alvo.version);
    const colunas = await aplicar();
    const extra = Object.entries(colunas).map(([k, v]) => sql`, ${sql.raw(`"${k.replace(/[^a-z_]/g, '')}"`)} = ${v}`);
    const [r] = await query<{ version: number }>(
      t,
      sql`update ${sql.raw(alvo.tabela)} set status = 'APLICADO', motivo = null, decidido_em = now(), decidido_por_id = ${actor.session.user.id}, decidido_por_nome = ${nome},
            version = version + 1 ${sql.join(extra, sql``)} where id = ${alvo.id} returning version`,
    );
    await recordTrail(t, actor, { entidade: alvo.entidade, registroId: alvo.id, acao: 'update', antes: { status: linha.status }, depois: { status: 'APLICADO', ...colunas } });
    return { id: alvo.id, status: 'APLICADO', version: r.version };
  });
}

export async function recusarRegistro(ctx: AppContext, actor: Quem, alvo: { tabela: Tabela; entidade: string; id: number; version: number; motivo: string }): Promise<Decidido> {
  const nome = await userName(ctx.db, actor.session);
  return ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [linha] = await query<Travado>(t, sql`select status, version from ${sql.raw(alvo.tabela)} where id = ${alvo.id} for update`);
    if (!linha) throw AppError.of(404, MSG_INTEGRACAO.naoEncontrado);
    conferir(linha, alvo.version);
    const [r] = await query<{ version: number }>(
      t,
      sql`update ${sql.raw(alvo.tabela)} set status = 'RECUSADO', motivo = ${alvo.motivo}, decidido_em = now(), decidido_por_id = ${actor.session.user.id}, decidido_por_nome = ${nome},
            version = version + 1 where id = ${alvo.id} returning version`,
    );
    await recordTrail(t, actor, { entidade: alvo.entidade, registroId: alvo.id, acao: 'update', antes: { status: linha.status }, depois: { status: 'RECUSADO', motivo: alvo.motivo } });
    return { id: alvo.id, status: 'RECUSADO', version: r.version };
  });
}

function conferir(linha: Travado, version: number) {
  if (linha.status !== 'PENDENTE') throw conflict(MSG_INTEGRACAO.jaDecidido(linha.status));
  if (linha.version !== version) throw conflict(APP_MSG.conflito);
}
