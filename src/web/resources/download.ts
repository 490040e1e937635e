import { MSG } from '../../shared/messages';
import { store, tokenAtom } from '../session/store';
import { showAlerts } from '../ui/toasts';
import { saveBlob } from '../api/saveBlob';

export interface DownloadProgress {
  /** Rows received so far (CSV) or null when only bytes are known (XLSX). */
  rows: number | null;
  total: number | null;
  bytes: number;
}

/**
 * Downloads an export with the session token, reading the stream to report progress
 * (rows for CSV, bytes for XLSX), then saves it under the server's file name.
 */
export async function downloadExport(path: string, onProgress: (p: DownloadProgress) => void, signal?: AbortSignal): Promise<void> {
  const token = store.get(tokenAtom);
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    showAlerts([{ type: 'error', value: MSG.falhaConexao }]);
    throw err;
  }
  if (!res.ok || !res.body) {
    const body = await res.json().catch(() => null);
    showAlerts(body?.messages?.alerts ?? [{ type: 'error', value: `Não foi possível exportar (erro ${res.status}).` }]);
    throw new Error(`export ${res.status}`);
  }
  const total = Number(res.headers.get('x-total-count') ?? NaN);
  const csv = (res.headers.get('content-type') ?? '').includes('text/csv');
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'exportacao';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  let last = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.length;
    if (csv) for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
    const now = performance.now();
    if (now - last > 100) {
      last = now;
      onProgress({ rows: csv ? Math.max(0, lines - 1) : null, total: Number.isFinite(total) ? total : null, bytes });
    }
  }
  onProgress({ rows: csv ? Math.max(0, lines - 1) : null, total: Number.isFinite(total) ? total : null, bytes });
  const blob = new Blob(chunks as BlobPart[], { type: res.headers.get('content-type') ?? 'application/octet-stream' });
  saveBlob(blob, name);
}
