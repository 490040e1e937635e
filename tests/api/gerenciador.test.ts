import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MSG } from '../../src/shared/messages';
import { FILE_MAX_BYTES, FILE_MSG } from '../../src/shared/files';
import { GER_MSG, type ConteudoPasta } from '../../src/shared/gerenciador';
import { alertsOf, as, loginAs, PDF_PEDIDO, sendFile, startTestApp, type TestApp } from './harness';

/**
 * The shared file manager (/util/gerenciador/arquivo): folders, files typed by content into a folder, download under
 * the command's rule, writes only with their own action, every write in the trail.
 */

let t: TestApp;
const tk: Record<string, string> = {};
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const rowsOf = <T,>(r: unknown): T[] => (r as { rows?: T[] }).rows ?? (r as T[]);

beforeAll(async () => {
  t = await startTestApp();
  // a profile that may open the manager but not change it: browse and download only
  await t.database.db.execute(sql`insert into perfis (nome) values ('Leitura de arquivos')`);
  await t.database.db.execute(
    sql`insert into perfil_permissoes (perfil_id, permissao) select p.id, x from perfis p, unnest(array['util:list', 'gerenciador:list', 'arquivo:list']) x where p.nome = 'Leitura de arquivos'`,
  );
  await t.database.db.execute(
    sql`insert into usuarios (login, nome, senha_hash, grupo_id, operadora) select 'leitor', 'Lia Leitora', senha_hash, grupo_id, true from usuarios where login = 'operadora'`,
  );
  await t.database.db.execute(sql`insert into usuario_perfis (usuario_id, perfil_id) select u.id, p.id from usuarios u, perfis p where u.login = 'leitor' and p.nome = 'Leitura de arquivos'`);
  for (const u of ['operadora', 'admin', 'auditor', 'prestador', 'leitor']) tk[u] = await loginAs(t.app, u);
}, 60_000);
afterAll(() => t?.close());

const call = (who: string) => as(t.app, tk[who]);
const send = (who: string, pasta: number | null, nome: string, payload: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: `/api/gerenciador/arquivos${pasta == null ? '' : `?pasta=${pasta}`}`,
    headers: { authorization: `Bearer ${tk[who]}`, 'content-type': 'application/octet-stream', 'x-nome-arquivo': encodeURIComponent(nome) },
    payload,
  });
const conteudo = async (who: string, pasta: number | null): Promise<ConteudoPasta> => {
  const r = await call(who)({ method: 'GET', url: `/api/gerenciador/conteudo${pasta == null ? '' : `?pasta=${pasta}`}` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().result;
};
const novaPasta = (who: string, nome: unknown, paiId: number | null = null) => call(who)({ method: 'POST', url: '/api/gerenciador/pastas', payload: { nome, paiId } });
const trilha = async (entidade: string, id: number) =>
  rowsOf<{ acao: string; usuario_login: string; antes: unknown; depois: unknown }>(
    await t.database.db.execute(sql`select acao, usuario_login, antes, depois from trilha_eventos where entidade = ${entidade} and registro_id = ${String(id)} order by id`),
  );

describe('gerenciador de arquivos', () => {
  it('shows the demo folders at the root, each with its files, sender and size', async () => {
    const raiz = await conteudo('operadora', null);
    expect(raiz.caminho).toEqual([{ id: null, nome: 'Arquivos' }]);
    expect(raiz.pastas.map((p) => p.nome)).toEqual(expect.arrayContaining(['Contratos', 'Manuais', 'Tabelas de preço']));
    const precos = raiz.pastas.find((p) => p.nome === 'Tabelas de preço')!;
    const dentro = await conteudo('operadora', precos.id);
    expect(dentro.caminho.map((c) => c.nome)).toEqual(['Arquivos', 'Tabelas de preço']);
    expect(dentro.arquivos[0]).toMatchObject({ nome: 'Tabela de honorários e SADT 2025.csv', tipo: 'text/csv', enviadoPor: 'Olívia Operadora' });
    const csv = await call('operadora')({ method: 'GET', url: `/api/arquivos/${dentro.arquivos[0].id}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('10101012;Consulta em consultório');
  });

  it('creates a nested folder, uploads into it, lists it and downloads the same bytes; the trail has both', async () => {
    const criada = await novaPasta('operadora', '  Auditoria   médica  ');
    expect(criada.statusCode, criada.body).toBe(201);
    const pasta = criada.json().result;
    expect(pasta).toMatchObject({ nome: 'Auditoria médica', paiId: null, criadoPor: 'Olívia Operadora' });
    const sub = (await novaPasta('operadora', 'Pareceres 2025', pasta.id)).json().result;
    // same name under the same parent, in any case: refused beside the field
    const dup = await novaPasta('operadora', 'AUDITORIA MÉDICA');
    expect(dup.statusCode).toBe(409);
    expect(alertsOf(dup.body)[0]).toMatchObject({ value: GER_MSG.nomeRepetido('AUDITORIA MÉDICA'), field: 'nome' });

    const env = await send('operadora', sub.id, '../Parecer técnico\u0000.PDF', PDF_PEDIDO);
    expect(env.statusCode, env.body).toBe(201);
    const arq = env.json().result;
    expect(arq).toMatchObject({ nome: 'Parecer técnico.pdf', tipo: 'application/pdf', tamanho: PDF_PEDIDO.length, enviadoPor: 'Olívia Operadora', pastaId: sub.id });

    const lista = await conteudo('operadora', sub.id);
    expect(lista.caminho.map((c) => c.nome)).toEqual(['Arquivos', 'Auditoria médica', 'Pareceres 2025']);
    expect(lista.arquivos).toEqual([expect.objectContaining({ id: arq.id, nome: 'Parecer técnico.pdf', tamanho: PDF_PEDIDO.length })]);

    const baixado = await call('admin')({ method: 'GET', url: `/api/arquivos/${arq.id}` });
    expect(baixado.statusCode).toBe(200);
    expect(sha(baixado.rawPayload)).toBe(sha(PDF_PEDIDO));
    expect(baixado.headers['content-type']).toBe('application/pdf');

    expect(await trilha('pasta', pasta.id)).toEqual([expect.objectContaining({ acao: 'insert', usuario_login: 'operadora', depois: expect.objectContaining({ nome: 'Auditoria médica' }) })]);
    expect(await trilha('arquivo', arq.id)).toEqual([expect.objectContaining({ acao: 'insert', depois: expect.objectContaining({ nome: 'Parecer técnico.pdf', sha256: sha(PDF_PEDIDO), pastaId: sub.id }) })]);
  });

  it('refuses a renamed executable and a 21 MB file with the product’s messages, storing nothing', async () => {
    const pasta = (await novaPasta('operadora', 'Recusas')).json().result;
    const exe = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), Buffer.alloc(200)]);
    const r1 = await send('operadora', pasta.id, 'tabela.pdf', exe);
    expect(r1.statusCode).toBe(422);
    expect(alertsOf(r1.body)[0]).toMatchObject({ value: FILE_MSG.tipo, field: 'arquivo' });
    const big = Buffer.alloc(21 * 1024 * 1024, 0x20);
    big.write('%PDF-1.4', 0, 'latin1');
    expect(big.length).toBeGreaterThan(FILE_MAX_BYTES);
    const r2 = await send('operadora', pasta.id, 'grande.pdf', big);
    expect(r2.statusCode).toBe(413);
    expect(alertsOf(r2.body)[0].value).toBe(FILE_MSG.grande);
    expect((await conteudo('operadora', pasta.id)).arquivos).toEqual([]);
    // into a folder that does not exist
    const r3 = await send('operadora', 999_999, 'x.pdf', PDF_PEDIDO);
    expect(r3.statusCode).toBe(404);
    expect(alertsOf(r3.body)[0].value).toBe(GER_MSG.pastaNaoEncontrada);
  }, 60_000);

  it('validates the folder’s name and body on the server (any string, any field)', async () => {
    for (const [nome, msg] of [
      ['', 'Informe o nome da pasta.'],
      ['a/b', 'O nome da pasta não pode ter / \\ < > : " | ? * nem caracteres de controle.'],
      ['x'.repeat(121), 'Nome da pasta: no máximo 120 caracteres.'],
      ['..', 'Nome de pasta inválido.'],
    ] as const) {
      const r = await novaPasta('operadora', nome);
      expect(r.statusCode, nome).toBe(400);
      expect(alertsOf(r.body)[0], nome).toMatchObject({ value: msg, field: 'nome' });
    }
    expect((await novaPasta('operadora', 42)).statusCode).toBe(400);
    expect((await call('operadora')({ method: 'POST', url: '/api/gerenciador/pastas', payload: { nome: 'Ok', paiId: 1, dono: 1 } })).statusCode).toBe(400);
    expect((await call('operadora')({ method: 'POST', url: '/api/gerenciador/pastas', payload: { nome: 'Ok', paiId: 'abc' } })).statusCode).toBe(400);
    expect((await call('operadora')({ method: 'GET', url: '/api/gerenciador/conteudo?pasta=-1' })).statusCode).toBe(400);
  });

  it('refuses users without the command (403) and hides manager files from them (404)', async () => {
    const pasta = (await novaPasta('admin', 'Diretoria')).json().result;
    const arq = (await send('admin', pasta.id, 'ata.pdf', PDF_PEDIDO)).json().result;
    for (const who of ['auditor', 'prestador']) {
      const r = await call(who)({ method: 'GET', url: '/api/gerenciador/conteudo' });
      expect(r.statusCode, who).toBe(403);
      expect(alertsOf(r.body)[0].value).toBe(APP_MSG.acessoNegado);
      expect((await send(who, pasta.id, 'x.pdf', PDF_PEDIDO)).statusCode, who).toBe(403);
      const get = await call(who)({ method: 'GET', url: `/api/arquivos/${arq.id}` });
      expect(get.statusCode, who).toBe(404);
      expect(alertsOf(get.body)[0].value).toBe(FILE_MSG.naoEncontrado);
    }
    // a file sent through /api/arquivos is not the manager's to delete or move
    const alheio = await sendFile(t.app, tk.operadora);
    const del = await call('operadora')({ method: 'DELETE', url: `/api/gerenciador/arquivos/${alheio}` });
    expect(del.statusCode).toBe(404);
    expect(alertsOf(del.body)[0].value).toBe(GER_MSG.arquivoNaoEncontrado);
  });

  it('lets a group with only `list arquivo` browse and download, but not upload, create, rename or delete', async () => {
    const pasta = (await novaPasta('operadora', 'Somente leitura')).json().result;
    const arq = (await send('operadora', pasta.id, 'regimento.pdf', PDF_PEDIDO)).json().result;
    expect((await conteudo('leitor', pasta.id)).arquivos.map((a) => a.nome)).toEqual(['regimento.pdf']);
    expect((await call('leitor')({ method: 'GET', url: `/api/arquivos/${arq.id}` })).statusCode).toBe(200);
    const tries = [
      await send('leitor', pasta.id, 'x.pdf', PDF_PEDIDO),
      await novaPasta('leitor', 'Nova'),
      await call('leitor')({ method: 'PUT', url: `/api/gerenciador/pastas/${pasta.id}`, payload: { nome: 'Outro' } }),
      await call('leitor')({ method: 'DELETE', url: `/api/gerenciador/arquivos/${arq.id}` }),
      await call('leitor')({ method: 'DELETE', url: `/api/gerenciador/pastas/${pasta.id}` }),
    ];
    expect(tries.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
  });

  it('renames and moves with the trail; deletes a folder only when empty; deletes a file with the trail', async () => {
    const pasta = (await novaPasta('operadora', 'Reembolsos')).json().result;
    const outra = (await novaPasta('operadora', 'Reembolsos antigos')).json().result;
    const ren = await call('operadora')({ method: 'PUT', url: `/api/gerenciador/pastas/${pasta.id}`, payload: { nome: 'Reembolsos 2025' } });
    expect(ren.statusCode, ren.body).toBe(200);
    expect(await trilha('pasta', pasta.id)).toContainEqual(expect.objectContaining({ acao: 'update', antes: { nome: 'Reembolsos' }, depois: { nome: 'Reembolsos 2025' } }));
    const clash = await call('operadora')({ method: 'PUT', url: `/api/gerenciador/pastas/${pasta.id}`, payload: { nome: 'reembolsos antigos' } });
    expect(clash.statusCode).toBe(409);

    const arq = (await send('operadora', pasta.id, 'recibo.pdf', PDF_PEDIDO)).json().result;
    const cheia = await call('operadora')({ method: 'DELETE', url: `/api/gerenciador/pastas/${pasta.id}` });
    expect(cheia.statusCode).toBe(422);
    expect(alertsOf(cheia.body)[0].value).toBe('A pasta não está vazia: 1 arquivo. Exclua ou mova o conteúdo antes de excluir a pasta.');

    const mov = await call('operadora')({ method: 'PUT', url: `/api/gerenciador/arquivos/${arq.id}`, payload: { pastaId: outra.id } });
    expect(mov.statusCode, mov.body).toBe(200);
    expect((await conteudo('operadora', outra.id)).arquivos.map((a) => a.id)).toEqual([arq.id]);
    expect(await trilha('arquivo', arq.id)).toContainEqual(expect.objectContaining({ acao: 'update', antes: { pastaId: pasta.id }, depois: { pastaId: outra.id } }));

    const vazia = await call('operadora')({ method: 'DELETE', url: `/api/gerenciador/pastas/${pasta.id}` });
    expect(vazia.statusCode, vazia.body).toBe(200);
    expect(await trilha('pasta', pasta.id)).toContainEqual(expect.objectContaining({ acao: 'delete', usuario_login: 'operadora', antes: expect.objectContaining({ nome: 'Reembolsos 2025' }) }));
    expect((await call('operadora')({ method: 'GET', url: `/api/gerenciador/conteudo?pasta=${pasta.id}` })).statusCode).toBe(404);

    // a folder with a subfolder says so
    const mae = (await novaPasta('operadora', 'Com subpasta')).json().result;
    await novaPasta('operadora', 'Filha', mae.id);
    const r = await call('operadora')({ method: 'DELETE', url: `/api/gerenciador/pastas/${mae.id}` });
    expect(alertsOf(r.body)[0].value).toBe('A pasta não está vazia: 1 subpasta. Exclua ou mova o conteúdo antes de excluir a pasta.');

    const del = await call('operadora')({ method: 'DELETE', url: `/api/gerenciador/arquivos/${arq.id}` });
    expect(del.statusCode, del.body).toBe(200);
    expect(alertsOf(del.body)[0]).toMatchObject({ type: 'success', value: 'Arquivo "recibo.pdf" excluído.' });
    expect(await trilha('arquivo', arq.id)).toContainEqual(expect.objectContaining({ acao: 'delete', usuario_login: 'operadora', antes: expect.objectContaining({ nome: 'recibo.pdf', sha256: sha(PDF_PEDIDO) }) }));
    expect((await call('operadora')({ method: 'GET', url: `/api/arquivos/${arq.id}` })).statusCode).toBe(404);
    const [{ n }] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from arquivos_partes where arquivo_id = ${arq.id}`));
    expect(n).toBe(0);
  });

  it('uploads into the root as well', async () => {
    const r = await send('operadora', null, 'Organização das pastas.txt', Buffer.from('Contratos: contratos e aditivos.\n'));
    expect(r.statusCode, r.body).toBe(201);
    expect((await conteudo('operadora', null)).arquivos.map((a) => a.nome)).toContain('Organização das pastas.txt');
  });
});
