import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { anexoSchema } from '../../shared/autorizacoes';
import type { RequestSession } from '../auth/session';
import type { Db } from '../db/client';
import { arquivos } from '../db/schema';
import { badRequest } from '../http/errors';

export const MSG_ARQUIVO_ENVIO = 'Arquivo do documento não encontrado: envie-o de novo.';

/**
 * The documents of a request or answer as stored: each must be a file this user sent (POST /api/arquivos); its name
 * and size come from the file, never from the body. The same file may go with more than one request of its sender.
 */
export async function anexosEnviados(db: Db, s: RequestSession, anexos: z.infer<typeof anexoSchema>[]) {
  if (!anexos.length) return [];
  const ids = [...new Set(anexos.map((a) => a.arquivoId))];
  const files = await db
    .select({ id: arquivos.id, nome: arquivos.nome, tamanho: arquivos.tamanho })
    .from(arquivos)
    .where(and(inArray(arquivos.id, ids), eq(arquivos.contexto, 'envio'), eq(arquivos.donoId, s.user.id)));
  const byId = new Map(files.map((f) => [f.id, f]));
  return anexos.map((a) => {
    const f = byId.get(a.arquivoId);
    if (!f) throw badRequest(MSG_ARQUIVO_ENVIO, 'anexos');
    return { arquivoId: f.id, nome: f.nome.slice(0, 150), tamanho: f.tamanho, tipoDocumento: a.tipoDocumento, tag: a.tag };
  });
}
