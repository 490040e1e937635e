import { sql } from 'drizzle-orm';
import { CONTEXTO_GERENCIADOR, GER_MSG, type ArquivoLinha, type MoverArquivo } from '../../shared/gerenciador';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { dbFileStore } from '../files/store';
import { notFound } from '../http/errors';
import { recordTrail } from '../trail/record';
import { enfileirarArquivo } from '../cmis/fila';
import { userName, type SessionActor } from '../workflow/actor';
import { pastaDe } from './pastas';


/**
 * The file manager's files: `arquivos` rows with contexto 'gerenciador' and contexto_id = the folder (null = the
 * root). Sent, moved and deleted with the trail in the same transaction; the folder is locked (for share) so it cannot
 * be deleted halfway through.
 */

async function pastaExiste(t: Db, pastaId: number | null) {
  if (pastaId != null && !(await pastaDe(t, pastaId, 'share'))) throw notFound(GER_MSG.pastaNaoEncontrada);
}

/** Stores a file in a folder: type from the content, 20 MB, safe name (dbFileStore.save checks all three). */
export async function enviarArquivo(ctx: AppContext, actor: SessionActor, pastaId: number | null, nome: string, conteudo: Uint8Array): Promise<ArquivoLinha> {
  const enviadoPor = await userName(ctx.db, actor.session);
  return ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await pastaExiste(t, pastaId);
    const f = await dbFileStore.save(t, { nome, conteudo, contexto: CONTEXTO_GERENCIADOR, contextoId: pastaId, donoId: actor.session.user.id });
    await recordTrail(t, actor, { entidade: 'arquivo', registroId: f.id, acao: 'insert', depois: { id: f.id, nome: f.nome, tipo: f.tipo, tamanho: f.tamanho, sha256: f.sha256, pastaId } });
    // a stored file goes to the document repository too (Integração CMIS)
    await enfileirarArquivo(t, f.id, f.nome);
    return { id: f.id, nome: f.nome, tipo: f.tipo, tamanho: f.tamanho, enviadoPor, criadoEm: f.criadoEm, pastaId };
  });
}

async function arquivoDe(t: Db, id: number) {
  const [a] = await query<{ id: number; nome: string; tipo: string; tamanho: number; sha256: string; contexto_id: number | null }>(
    t,
    sql`select id, nome, tipo, tamanho, sha256, contexto_id from arquivos where id = ${id} and contexto = ${CONTEXTO_GERENCIADOR} for update`,
  );
  // a file of another context (a request's attachment, a run's result) is not the manager's to touch: the same 404
  if (!a) throw notFound(GER_MSG.arquivoNaoEncontrado);
  return a;
}

export async function excluirArquivo(ctx: AppContext, actor: SessionActor, id: number): Promise<{ id: number; nome: string }> {
  return ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const a = await arquivoDe(t, id);
    await dbFileStore.remove(t, id);
    await recordTrail(t, actor, { entidade: 'arquivo', registroId: id, acao: 'delete', antes: { id, nome: a.nome, tipo: a.tipo, tamanho: Number(a.tamanho), sha256: a.sha256, pastaId: a.contexto_id } });
    return { id, nome: a.nome };
  });
}

export async function moverArquivo(ctx: AppContext, actor: SessionActor, id: number, body: MoverArquivo): Promise<{ id: number; nome: string; pastaId: number | null }> {
  return ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const a = await arquivoDe(t, id);
    await pastaExiste(t, body.pastaId);
    if (a.contexto_id !== body.pastaId) {
      await t.execute(sql`update arquivos set contexto_id = ${body.pastaId} where id = ${id}`);
      await recordTrail(t, actor, { entidade: 'arquivo', registroId: id, acao: 'update', antes: { pastaId: a.contexto_id }, depois: { pastaId: body.pastaId } });
    }
    return { id, nome: a.nome, pastaId: body.pastaId };
  });
}
