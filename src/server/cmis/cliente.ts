import type { CmisConfig } from '../config';

/**
 * A minimal CMIS 1.1 browser-binding client: the repository's root folder from the service document, folders found or
 * created along a path, and documents created with their content (multipart form, `cmisaction=createDocument`).
 * Errors carry the repository's own message; a failure to connect is told apart (the run stops there and the rest
 * waits in the queue).
 */

export class CmisError extends Error {
  constructor(
    message: string,
    /** The repository could not be reached (or answered in a way that says nothing about this document). */
    readonly conexao = false,
  ) {
    super(message);
  }
}

interface RepositorioInfo {
  repositoryId: string;
  rootFolderUrl: string;
}

export interface CmisSessao {
  repositorio: string;
  criarDocumento(pasta: string, d: { nome: string; tipo: string; conteudo: Uint8Array; descricao?: string }): Promise<string>;
}

const TIMEOUT_MS = 20_000;

function cabecalhos(c: CmisConfig): Record<string, string> {
  return c.usuario ? { authorization: `Basic ${Buffer.from(`${c.usuario}:${c.senha ?? ''}`).toString('base64')}` } : {};
}

async function chamar(c: CmisConfig, url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, headers: { ...cabecalhos(c), ...(init.headers as Record<string, string> | undefined) }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new CmisError(`Não foi possível conectar ao repositório CMIS (${new URL(url).host}): ${(err as Error).message}.`, true);
  }
}

/** The repository's own words for a refusal (the browser binding answers JSON with `exception` and `message`). */
async function motivo(res: Response): Promise<string> {
  const txt = await res.text().catch(() => '');
  try {
    const j = JSON.parse(txt) as { exception?: string; message?: string };
    if (j.message || j.exception) return `O repositório recusou (${res.status}${j.exception ? ` ${j.exception}` : ''}): ${j.message ?? ''}`.trim();
  } catch {
    // not JSON: the status says it
  }
  return `O repositório respondeu ${res.status}${txt ? `: ${txt.slice(0, 200)}` : ''}.`;
}

const caminho = (root: string, path: string) => `${root}${path.split('/').filter(Boolean).map(encodeURIComponent).map((s) => `/${s}`).join('')}`;

export async function abrirCmis(c: CmisConfig): Promise<CmisSessao> {
  const res = await chamar(c, c.url, { headers: { accept: 'application/json' } });
  if (res.status === 401 || res.status === 403) throw new CmisError(`O repositório CMIS recusou o usuário configurado (${res.status}).`, true);
  if (!res.ok) throw new CmisError(await motivo(res), true);
  const infos = (await res.json().catch(() => ({}))) as Record<string, RepositorioInfo>;
  const repo = c.repositorio ? infos[c.repositorio] : Object.values(infos)[0];
  if (!repo?.rootFolderUrl) throw new CmisError(c.repositorio ? `Repositório ${c.repositorio} não encontrado no serviço CMIS.` : 'O serviço CMIS não informou nenhum repositório.', true);
  const root = repo.rootFolderUrl.replace(/\/+$/, '');
  const existentes = new Set<string>(['']);

  async function garantirPasta(path: string) {
    const partes = path.split('/').filter(Boolean);
    let atual = '';
    for (const p of partes) {
      const pai = atual;
      atual = `${atual}/${p}`;
      if (existentes.has(atual)) continue;
      const r = await chamar(c, `${caminho(root, atual)}?cmisselector=object&succinct=true`, { headers: { accept: 'application/json' } });
      if (r.ok) {
        existentes.add(atual);
        continue;
      }
      if (r.status !== 404) throw new CmisError(await motivo(r));
      const form = new FormData();
      form.set('cmisaction', 'createFolder');
      form.set('propertyId[0]', 'cmis:objectTypeId');
      form.set('propertyValue[0]', 'cmis:folder');
      form.set('propertyId[1]', 'cmis:name');
      form.set('propertyValue[1]', p);
      form.set('succinct', 'true');
      const cr = await chamar(c, caminho(root, pai), { method: 'POST', body: form });
      // another run may have created it meanwhile
      if (!cr.ok && cr.status !== 409) throw new CmisError(await motivo(cr));
      existentes.add(atual);
    }
  }

  return {
    repositorio: repo.repositoryId,
    async criarDocumento(pasta, d) {
      await garantirPasta(pasta);
      const form = new FormData();
      form.set('cmisaction', 'createDocument');
      form.set('propertyId[0]', 'cmis:objectTypeId');
      form.set('propertyValue[0]', 'cmis:document');
      form.set('propertyId[1]', 'cmis:name');
      form.set('propertyValue[1]', d.nome);
      if (d.descricao) {
        form.set('propertyId[2]', 'cmis:description');
        form.set('propertyValue[2]', d.descricao);
      }
      form.set('succinct', 'true');
      form.set('content', new Blob([new Uint8Array(d.conteudo)], { type: d.tipo }), d.nome);
      const r = await chamar(c, caminho(root, pasta), { method: 'POST', body: form });
      // a gateway that cannot reach the repository says nothing about this document: the rest waits too
      if ([502, 503, 504].includes(r.status)) throw new CmisError(await motivo(r), true);
      if (!r.ok) throw new CmisError(await motivo(r));
      const j = (await r.json().catch(() => ({}))) as { succinctProperties?: Record<string, unknown>; properties?: Record<string, { value?: unknown }> };
      const id = j.succinctProperties?.['cmis:objectId'] ?? j.properties?.['cmis:objectId']?.value;
      if (typeof id !== 'string' || !id) throw new CmisError('O repositório criou o documento mas não informou o id (cmis:objectId).');
      return id;
    },
  };
}
