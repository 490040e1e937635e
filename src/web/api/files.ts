import { checkFile, type FileInfo, type FileKind } from '../../shared/files';
import { MSG } from '../../shared/messages';
import { store, tokenAtom } from '../session/store';
import { showAlerts } from '../ui/toasts';
import { saveBlob } from './saveBlob';

/** Checks a chosen file (size, and type from its first bytes, as the server will) before sending it. */
export async function checkChosen(file: File, accept?: readonly FileKind[]): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer());
  const r = checkFile(head, file.name, accept, file.size);
  return r.ok ? null : r.message;
}

/**
 * Sends a file (POST /api/arquivos, or another raw upload route such as the file manager's); answers what the server
 * stored or its message.
 */
export async function uploadFile<T = FileInfo>(file: File, url = '/api/arquivos'): Promise<{ ok: true; file: T } | { ok: false; message: string }> {
  const token = store.get(tokenAtom);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-nome-arquivo': encodeURIComponent(file.name), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: file,
    });
    const body = await res.json().catch(() => null);
    if (res.ok) return { ok: true, file: body.result as T };
    return { ok: false, message: body?.messages?.alerts?.[0]?.value ?? `Não foi possível enviar o arquivo (erro ${res.status}).` };
  } catch {
    return { ok: false, message: MSG.falhaConexao };
  }
}

/** Downloads a stored file with the session token and saves it under its name. */
export async function downloadFile(f: Pick<FileInfo, 'id' | 'nome'>) {
  const token = store.get(tokenAtom);
  let res: Response;
  try {
    res = await fetch(`/api/arquivos/${f.id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    showAlerts([{ type: 'error', value: MSG.falhaConexao }]);
    return;
  }
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    showAlerts(body?.messages?.alerts ?? [{ type: 'error', value: `Não foi possível baixar o arquivo (erro ${res.status}).` }]);
    return;
  }
  saveBlob(await res.blob(), f.nome);
}
