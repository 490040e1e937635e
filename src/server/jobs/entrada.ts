import { FILE_TYPES, type FileKind } from '../../shared/files';
import { ENTRADA_MSG } from '../../shared/processos/define';
import { processoDe } from '../../shared/processos';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { dbFileStore } from '../files/store';
import { AppError } from '../http/errors';

export interface ArquivoEntrada {
  id: number;
  nome: string;
  conteudo: Buffer;
}

/** "CSV ou texto", "CSV, texto ou ZIP": the accepted kinds as the message names them. */
const nomes = (formatos: readonly FileKind[]) => {
  const l = formatos.map((k) => FILE_TYPES[k].label);
  return l.length > 1 ? `${l.slice(0, -1).join(', ')} ou ${l[l.length - 1]}` : l[0];
};

/**
 * The file an import reads (parameter `arquivo`): one the session itself sent (POST /api/arquivos), of a kind the
 * process accepts. Checked when previewing, when queueing and again when the run reads it.
 */
export async function lerEntrada(ctx: AppContext, session: RequestSession, comando: string, params: { arquivo?: unknown }, opts: { conteudo?: boolean } = { conteudo: true }): Promise<ArquivoEntrada> {
  const entrada = processoDe(comando)?.entrada;
  if (!entrada) throw new Error(`${comando} não declara arquivo de entrada`);
  const id = typeof params.arquivo === 'number' ? params.arquivo : NaN;
  const f = Number.isInteger(id) ? await dbFileStore.read(ctx.db, id) : undefined;
  if (!f || f.contexto !== 'envio' || f.donoId !== session.user.id) throw AppError.of(422, ENTRADA_MSG.naoEncontrado, { field: 'arquivo' });
  if (!entrada.formatos.some((k) => FILE_TYPES[k].mime === f.tipo)) throw AppError.of(422, ENTRADA_MSG.formato(nomes(entrada.formatos)), { field: 'arquivo' });
  if (opts.conteudo === false) return { id: f.id, nome: f.nome, conteudo: Buffer.alloc(0) };
  const parts: Buffer[] = [];
  for await (const p of dbFileStore.parts(ctx.db, f.id)) parts.push(p);
  return { id: f.id, nome: f.nome, conteudo: Buffer.concat(parts) };
}
