import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MAX_BYTES, FILE_MSG } from '../../src/shared/files';
import { alertsOf, as, loginAs, PDF_PEDIDO, sendFile, startTestApp, type TestApp } from './harness';
import { todayIso } from '../../src/shared/dates';

/**
 * Durable files sent by users (POST /api/arquivos): typed by content, 20 MB at most, read back only by their sender
 * and by whoever sees a request that carries them; a request carries only files its own sender sent.
 */

let t: TestApp;
const tk: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['prestador', 'auditor', 'beneficiario', 'operadora']) tk[u] = await loginAs(t.app, u);
}, 60_000);
afterAll(() => t?.close());

const send = (who: string, nome: string, payload: Buffer) =>
  t.app.inject({ method: 'POST', url: '/api/arquivos', headers: { authorization: `Bearer ${tk[who]}`, 'content-type': 'application/octet-stream', 'x-nome-arquivo': encodeURIComponent(nome) }, payload });
const get = (who: string | null, id: number) => t.app.inject({ method: 'GET', url: `/api/arquivos/${id}`, headers: who ? { authorization: `Bearer ${tk[who]}` } : {} });

describe('envio de arquivos', () => {
  it('stores a PDF with its type from the content, its size, SHA-256 and a safe name', async () => {
    const res = await send('prestador', '../Pedido médico\u0000.PDF', PDF_PEDIDO);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result).toMatchObject({ nome: 'Pedido médico.pdf', tipo: 'application/pdf', tamanho: PDF_PEDIDO.length, sha256: createHash('sha256').update(PDF_PEDIDO).digest('hex') });
    const back = await get('prestador', res.json().result.id);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(PDF_PEDIDO)).toBe(true);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(String(back.headers['content-disposition'])).toContain("filename*=UTF-8''Pedido%20m%C3%A9dico.pdf");
  });

  it('refuses a file over 20 MB with the limit in Portuguese (413), and the very limit passes', async () => {
    const big = Buffer.alloc(FILE_MAX_BYTES + 1, 0x20);
    big.write('%PDF-1.4', 0, 'latin1');
    const res = await send('prestador', 'grande.pdf', big);
    expect(res.statusCode).toBe(413);
    expect(alertsOf(res.body)[0].value).toBe('O arquivo passa do limite de 20 MB.');
    const limit = Buffer.alloc(FILE_MAX_BYTES, 0x20);
    limit.write('%PDF-1.4', 0, 'latin1');
    // 20 parts of 1 MB, read back in order, byte for byte
    for (let i = 4096; i < limit.length; i += 4096) limit[i] = (i / 4096) % 251;
    const ok = await send('prestador', 'limite.pdf', limit);
    expect(ok.statusCode).toBe(201);
    const back = await get('prestador', ok.json().result.id);
    expect(back.rawPayload.length).toBe(FILE_MAX_BYTES);
    expect(createHash('sha256').update(back.rawPayload).digest('hex')).toBe(createHash('sha256').update(limit).digest('hex'));
  }, 60_000);

  it('refuses an executable renamed to .pdf, an empty file and a request without a session', async () => {
    const exe = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), Buffer.alloc(200)]);
    const res = await send('prestador', 'pedido.pdf', exe);
    expect(res.statusCode).toBe(422);
    expect(alertsOf(res.body)[0]).toMatchObject({ value: FILE_MSG.tipo, field: 'arquivo' });
    expect(alertsOf((await send('prestador', 'vazio.pdf', Buffer.alloc(0))).body)[0].value).toMatch(/vazio|Envie o conteúdo/);
    const none = await t.app.inject({ method: 'POST', url: '/api/arquivos', headers: { 'content-type': 'application/octet-stream', 'x-nome-arquivo': 'x.pdf' }, payload: PDF_PEDIDO });
    expect(none.statusCode).toBe(401);
  });

  it('a file is its sender’s alone until a request carries it', async () => {
    const id = await sendFile(t.app, tk.prestador);
    expect((await get('auditor', id)).statusCode).toBe(404);
    expect((await get('beneficiario', id)).statusCode).toBe(404);
    expect((await get(null, id)).statusCode).toBe(401);
    expect(alertsOf((await get('auditor', 999_999)).body)[0].value).toBe(FILE_MSG.naoEncontrado);
  });
});

describe('arquivos nas solicitações', () => {
  it('the auditor reads the medical order of a request; another user’s file cannot be attached', async () => {
    const op = as(t.app, tk.operadora);
    const bens = (await op({ method: 'GET', url: '/api/recursos/beneficiarios?situacao.eq=ATIVO&limit=50' })).json().result.rows as { id: number; fimCarencia: string | null }[];
    const b = bens.find((x) => !x.fimCarencia || x.fimCarencia < todayIso())!;
    const profs = (await op({ method: 'GET', url: '/api/recursos/profissionais?conselho.eq=CRM&limit=50' })).json().result.rows as { numeroConselho: string; ufConselho: string; especialidade: number | null }[];
    const p = profs.find((r) => r.especialidade != null)!;
    const body = (arquivoId: number) => ({
      beneficiarioId: b.id,
      profissional: { conselho: '06', numero: p.numeroConselho, uf: p.ufConselho },
      carater: '1',
      indicacaoClinica: 'Dor lombar há 3 meses.',
      itens: [{ tabela: '22', codigo: '40808041', descricao: 'Ressonância magnética de coluna lombar', quantidade: 1 }],
      anexos: [{ arquivoId, tag: 'autorizacao_pedido_medico' }],
    });
    const prest = as(t.app, tk.prestador);
    // the operator's file in the provider's request: refused, nothing created
    const alheio = await sendFile(t.app, tk.operadora, 'do-outro.pdf');
    const recusa = await prest({ method: 'POST', url: '/api/autorizacoes/tipo/sp-sadt', payload: body(alheio) });
    expect(recusa.statusCode, recusa.body).toBe(400);
    expect(alertsOf(recusa.body)[0]).toMatchObject({ value: 'Arquivo do documento não encontrado: envie-o de novo.', field: 'anexos' });
    // without a file the medical order does not count
    const semArquivo = await prest({ method: 'POST', url: '/api/autorizacoes/tipo/sp-sadt', payload: { ...body(1), anexos: [{ nome: 'pedido.pdf', tag: 'autorizacao_pedido_medico' }] } });
    expect(semArquivo.statusCode).toBe(400);
    expect(alertsOf(semArquivo.body).map((a) => a.value), semArquivo.body).toContain('Envie o arquivo do documento: só conta o documento com o arquivo.');

    const proprio = await sendFile(t.app, tk.prestador, 'pedido-rm.pdf');
    const criada = await prest({ method: 'POST', url: '/api/autorizacoes/tipo/sp-sadt', payload: body(proprio) });
    expect(criada.statusCode, criada.body).toBe(201);
    const d = criada.json().result;
    expect(d.anexos).toEqual([expect.objectContaining({ nome: 'pedido-rm.pdf', tag: 'autorizacao_pedido_medico', tamanho: PDF_PEDIDO.length, arquivoId: proprio })]);
    const lido = await get('auditor', proprio);
    expect(lido.statusCode).toBe(200);
    expect(lido.rawPayload.equals(PDF_PEDIDO)).toBe(true);
  });
});
