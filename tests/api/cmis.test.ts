import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { MSG_CMIS_NAO_CONFIGURADO, type SituacaoCmis } from '../../src/shared/cmis';
import { APP_MSG } from '../../src/shared/messages';
import { alertsOf, as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * Integração CMIS: a protocolled document and a file stored in the file manager enter the queue when they are created;
 * without CMIS_URL a run leaves them "pendente" with the reason; with it, against a small local HTTP server that plays
 * the CMIS 1.1 browser binding (service document, folders by path, createFolder and createDocument as multipart
 * forms, HTTP Basic), each goes to its folder with its content and ends "enviado" with the repository's id, and a
 * refusal of the repository ends "erro" with its words, tried again by the next run.
 */

interface Objeto {
  id: string;
  tipo: 'folder' | 'document';
  nome: string;
  conteudo?: Buffer;
  mime?: string;
  descricao?: string;
}

let t: TestApp;
let op: ReturnType<typeof as>;
let opToken: string;
let server: Server;
let base = '';
const repo = new Map<string, Objeto>([['', { id: 'root', tipo: 'folder', nome: '' }]]);
const autorizacoes: string[] = [];
let recusar = '';
const q = <T,>(s: ReturnType<typeof sql>) => query<T>(t.database.db, s);

async function corpo(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const p of req) parts.push(p as Buffer);
  return Buffer.concat(parts);
}

/** The browser binding's answers this test needs, over an in-memory tree of paths. */
async function cmis(req: IncomingMessage, res: import('node:http').ServerResponse) {
  autorizacoes.push(req.headers.authorization ?? '');
  const url = new URL(req.url ?? '/', base);
  const json = (status: number, v: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(v));
  };
  if (req.headers.authorization !== `Basic ${Buffer.from('ged:segredo').toString('base64')}`) return json(401, { exception: 'permissionDenied', message: 'Unauthorized' });
  if (url.pathname === '/cmis/browser' && req.method === 'GET') return json(200, { ged: { repositoryId: 'ged', rootFolderUrl: `${base}/cmis/browser/ged/root`, repositoryUrl: `${base}/cmis/browser/ged` } });
  const prefix = '/cmis/browser/ged/root';
  if (!url.pathname.startsWith(prefix)) return json(404, { exception: 'objectNotFound', message: 'Not found' });
  const path = decodeURIComponent(url.pathname.slice(prefix.length)).replace(/\/$/, '');
  if (req.method === 'GET') {
    const o = repo.get(path);
    return o ? json(200, { succinctProperties: { 'cmis:objectId': o.id, 'cmis:name': o.nome } }) : json(404, { exception: 'objectNotFound', message: `Object not found: ${path}` });
  }
  if (!repo.has(path)) return json(404, { exception: 'objectNotFound', message: `Folder not found: ${path}` });
  const form = await new Request(url, { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: new Uint8Array(await corpo(req)) }).formData();
  const props = new Map<string, string>();
  for (let i = 0; form.has(`propertyId[${i}]`); i++) props.set(String(form.get(`propertyId[${i}]`)), String(form.get(`propertyValue[${i}]`)));
  const nome = props.get('cmis:name') ?? '';
  const alvo = `${path}/${nome}`;
  if (repo.has(alvo)) return json(409, { exception: 'contentAlreadyExists', message: `An object named ${nome} already exists.` });
  if (form.get('cmisaction') === 'createFolder') {
    repo.set(alvo, { id: `f-${repo.size}`, tipo: 'folder', nome });
    return json(201, { succinctProperties: { 'cmis:objectId': `f-${repo.size}`, 'cmis:name': nome } });
  }
  if (recusar && nome === recusar) return json(500, { exception: 'storage', message: 'Disk quota exceeded' });
  const content = form.get('content') as File;
  const id = `doc-${repo.size}`;
  repo.set(alvo, { id, tipo: 'document', nome, conteudo: Buffer.from(await content.arrayBuffer()), mime: content.type, descricao: props.get('cmis:description') });
  return json(201, { succinctProperties: { 'cmis:objectId': id, 'cmis:name': nome } });
}

beforeAll(async () => {
  server = createServer((req, res) => void cmis(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  opToken = await loginAs(t.app, 'operadora');
  op = as(t.app, opToken);
  // a clean queue: the seed's documents are taken as sent before this test
  await t.database.db.execute(sql`update cmis_documentos set status = 'enviado', objeto_id = 'anterior'`);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await new Promise((r) => server.close(r));
});

const rodar = async () => {
  const res = await op({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'cmis-envio', comando: '/util/integracao-cmis', parametros: {} } });
  expect(res.statusCode, res.body).toBe(201);
  const j = await waitForJob(op, res.json().result.id);
  expect(j.status, j.erro ?? '').toBe('concluida');
  return j;
};

let protocolo: { id: number; numero: string };
let arquivo: { id: number; nome: string };

describe('Integração CMIS', () => {
  it('queues a protocolled document and a stored file, pending with the reason while CMIS_URL is not set', async () => {
    const [{ id: titular }] = await q<{ id: number }>(sql`select id from beneficiarios where relacao_dependencia = '1' and situacao = 'ATIVO' order by id limit 1`);
    const [{ id: setor }] = await q<{ id: number }>(sql`select id from setores_empresa order by id limit 1`);
    const p = await op({
      method: 'POST',
      url: '/api/protocolos-documentos',
      payload: { remetenteTipo: 'BENEFICIARIO', beneficiarioId: titular, tipoDocumento: 'REQUERIMENTO', assunto: 'Pedido de reembolso de consulta', setorId: setor, folhas: 3, recebidoEm: '10/03/2025', canal: 'PRESENCIAL' },
    });
    expect(p.statusCode, p.body).toBe(201);
    protocolo = { id: p.json().result.id, numero: p.json().result.numero };
    const [{ id: pasta }] = await q<{ id: number }>(sql`insert into pastas (nome, criado_por_nome) values ('Contratos CMIS', 'Teste') returning id`);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/gerenciador/arquivos?pasta=${pasta}`,
      headers: { authorization: `Bearer ${opToken}`, 'content-type': 'application/octet-stream', 'x-nome-arquivo': encodeURIComponent('contrato-2026.pdf') },
      payload: Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n', 'latin1'),
    });
    expect(up.statusCode, up.body).toBe(201);
    arquivo = { id: up.json().result.id, nome: up.json().result.nome };
    const fila = await q<{ origem: string; nome: string; pasta: string; status: string }>(sql`select origem, nome, pasta, status from cmis_documentos where status = 'pendente' order by id`);
    expect(fila).toEqual([
      { origem: 'PROTOCOLO', nome: `Protocolo ${protocolo.numero.replace('/', '-')}.txt`, pasta: `Protocolos/${protocolo.numero.slice(0, 4)}`, status: 'pendente' },
      { origem: 'ARQUIVO', nome: 'contrato-2026.pdf', pasta: 'Gerenciador', status: 'pendente' },
    ]);
    const j = await rodar();
    expect(j.log.map((l) => l.mensagem)).toContain('Repositório CMIS não configurado (CMIS_URL): 2 documentos ficaram pendentes na fila.');
    const rows = (await op({ method: 'GET', url: '/api/cmis/documentos?situacao=pendente' })).json().result.rows as { motivo: string }[];
    expect(rows.map((r) => r.motivo)).toEqual([MSG_CMIS_NAO_CONFIGURADO, MSG_CMIS_NAO_CONFIGURADO]);
    const s = (await op({ method: 'GET', url: '/api/cmis/situacao' })).json().result as SituacaoCmis;
    expect(s).toMatchObject({ configurado: false, pendentes: 2, erros: 0 });
  });

  it('sends them to their folders with their content through the browser binding', async () => {
    await t.configure({ CMIS_URL: `${base}/cmis/browser`, CMIS_USUARIO: 'ged', CMIS_SENHA: 'segredo', CMIS_PASTA: '/Portal' });
    recusar = 'contrato-2026.pdf';
    const j = await rodar();
    expect(j.log.map((l) => l.mensagem)).toContain('1 documento enviado; 1 com erro.');
    const doc = repo.get(`/Portal/Protocolos/${protocolo.numero.slice(0, 4)}/Protocolo ${protocolo.numero.replace('/', '-')}.txt`)!;
    expect(doc.mime).toMatch(/^text\/plain/);
    expect(doc.conteudo!.toString('utf8')).toContain(`Protocolo: ${protocolo.numero}`);
    expect(doc.conteudo!.toString('utf8')).toContain('Assunto: Pedido de reembolso de consulta');
    expect(doc.descricao).toBe(`Protocolo ${protocolo.numero}: Pedido de reembolso de consulta`);
    const [p] = await q<{ status: string; objeto_id: string; tentativas: number }>(sql`select status, objeto_id, tentativas from cmis_documentos where protocolo_id = ${protocolo.id}`);
    expect(p).toEqual({ status: 'enviado', objeto_id: doc.id, tentativas: 1 });
    const [a] = await q<{ status: string; motivo: string; pasta: string }>(sql`select status, motivo, pasta from cmis_documentos where arquivo_id = ${arquivo.id}`);
    expect(a).toEqual({ status: 'erro', motivo: 'O repositório recusou (500 storage): Disk quota exceeded', pasta: 'Gerenciador/Contratos CMIS' });
    expect(autorizacoes.every((h) => h === `Basic ${Buffer.from('ged:segredo').toString('base64')}`)).toBe(true);
    // the next run tries the failed one again, into the file manager's folder path
    recusar = '';
    await rodar();
    const pdf = repo.get('/Portal/Gerenciador/Contratos CMIS/contrato-2026.pdf')!;
    expect(pdf.mime).toBe('application/pdf');
    expect(pdf.conteudo!.toString('latin1')).toContain('%PDF-1.4');
    const [a2] = await q<{ status: string; tentativas: number }>(sql`select status, tentativas from cmis_documentos where arquivo_id = ${arquivo.id}`);
    expect(a2).toEqual({ status: 'enviado', tentativas: 2 });
    expect((await q(sql`select 1 from trilha_eventos where entidade = 'documentocmis'`)).length).toBe(3);
    const s = (await op({ method: 'GET', url: '/api/cmis/situacao' })).json().result as SituacaoCmis;
    expect(s).toMatchObject({ configurado: true, servico: `${base}/cmis/browser`, pasta: '/Portal', pendentes: 0, erros: 0 });
    expect(JSON.stringify(s)).not.toContain('segredo');
  });

  it('leaves the queue pending with the reason when the repository refuses the user', async () => {
    await t.configure({ CMIS_SENHA: 'errada' });
    const [{ id: titular }] = await q<{ id: number }>(sql`select id from beneficiarios where relacao_dependencia = '1' and situacao = 'ATIVO' order by id limit 1`);
    const [{ id: setor }] = await q<{ id: number }>(sql`select id from setores_empresa order by id limit 1`);
    await op({ method: 'POST', url: '/api/protocolos-documentos', payload: { remetenteTipo: 'BENEFICIARIO', beneficiarioId: titular, tipoDocumento: 'REQUERIMENTO', assunto: 'Outro pedido', setorId: setor, folhas: 1, recebidoEm: '10/03/2025', canal: 'PRESENCIAL' } });
    const j = await rodar();
    expect(j.log.map((l) => l.mensagem)).toContain('O repositório CMIS recusou o usuário configurado (401). 1 documento ficou pendente na fila.');
    const [d] = await q<{ status: string; motivo: string }>(sql`select status, motivo from cmis_documentos where status <> 'enviado'`);
    expect(d).toEqual({ status: 'pendente', motivo: 'O repositório CMIS recusou o usuário configurado (401).' });
  });

  it('is refused to users without the command', async () => {
    const pr = as(t.app, await loginAs(t.app, 'prestador'));
    const r = await pr({ method: 'GET', url: '/api/cmis/documentos' });
    expect(r.statusCode).toBe(403);
    expect(alertsOf(r.body)[0].value).toBe(APP_MSG.acessoNegado);
    expect((await pr({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'cmis-envio', comando: '/util/integracao-cmis', parametros: {} } })).statusCode).toBe(403);
  });
});
