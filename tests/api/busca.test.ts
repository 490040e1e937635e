import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import type { BuscaRegistrosResposta, RegistroEncontrado } from '../../src/shared/busca';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function busca(login: string, termo: string) {
  const res = await as(t.app, await loginAs(t.app, login))({ method: 'GET', url: `/api/busca/registros?termo=${encodeURIComponent(termo)}` });
  return { status: res.statusCode, body: res.body, result: (res.statusCode === 200 ? res.json().result : null) as BuscaRegistrosResposta };
}

describe('GET /api/busca/registros (the palette\'s @ scope)', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/busca/registros?termo=beatriz' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a term under 2 characters with a pt-BR message', async () => {
    const r = await busca('operadora', 'b');
    expect(r.status).toBe(400);
    expect(alertsOf(r.body)[0].value).toBe('Informe ao menos 2 caracteres para pesquisar.');
  });

  it('finds the demo beneficiary by CPF, formatted or not, and opens her read-only record in the registry', async () => {
    for (const termo of ['529.982.247-25', '52998224725']) {
      const { result } = await busca('operadora', termo);
      const b = result.itens.find((i: { tipo: string }) => i.tipo === 'beneficiario');
      expect(b).toMatchObject({ nome: 'Beatriz Almeida Souza', path: expect.stringMatching(/^\/cadastro\/pessoa\/beneficiarios\?ver=\d+$/) });
      expect(b!.detalhe).toContain('529.982.247-25');
    }
  });

  it('finds beneficiaries by name prefix, accents and case ignored, and by id', async () => {
    const { result } = await busca('operadora', 'almeida souza');
    expect(result.itens.map((i: { nome: string }) => i.nome)).toEqual(expect.arrayContaining(['Beatriz Almeida Souza', 'Davi Almeida Souza']));
    const id = result.itens[0].id;
    const byId = await busca('operadora', String(id).padStart(4, '0')); // matrícula as typed, with leading zeros
    expect(byId.result.itens.some((i: { id: number; tipo: string }) => i.id === id && i.tipo === 'beneficiario')).toBe(true);
    expect((await busca('operadora', 'BEATRÍZ')).result.itens[0].nome).toBe('Beatriz Almeida Souza');
  });

  it('searches providers only from 5 characters, by name or CNPJ', async () => {
    const short = await busca('operadora', 'clin');
    expect(short.result.prestadores).toBe(false);
    expect(short.result.itens.every((i: { tipo: string }) => i.tipo !== 'prestador')).toBe(true);
    const byName = await busca('operadora', 'clínica santa');
    expect(byName.result.itens.find((i: { tipo: string }) => i.tipo === 'prestador')).toMatchObject({ nome: 'Clínica Santa Luzia Ltda' });
    const byCnpj = await busca('operadora', '11.222.333/0001-81');
    expect(byCnpj.result.itens).toEqual([expect.objectContaining({ tipo: 'prestador', nome: 'Clínica Santa Luzia Ltda', path: expect.stringMatching(/^\/cadastro\/pessoa\/prestadores\?ver=\d+$/) })]);
  });

  it("a beneficiary finds only her family (the policy's scope), never other people, and opens her own record", async () => {
    const own = await busca('beneficiario', 'almeida souza');
    const nomes = own.result.itens.map((i) => i.nome).sort();
    expect(nomes).toEqual(expect.arrayContaining(['Beatriz Almeida Souza']));
    expect(own.result.itens.every((i) => i.tipo === 'beneficiario' && i.path === '/cadastro/beneficiarios')).toBe(true);
    const familia = (await query<{ nome: string }>(t.database.db, sql`select f.nome from beneficiarios b join beneficiarios f on coalesce(f.titular, f.id) = coalesce(b.titular, b.id) where b.cpf = '52998224725'`)).map((r) => r.nome);
    expect(nomes.every((n) => familia.includes(n))).toBe(true);
    expect((await busca('beneficiario', 'Davi')).result.itens.every((i) => familia.includes(i.nome))).toBe(true);
    expect((await busca('beneficiario', 'clínica santa')).result.itens).toEqual([]);
    expect((await busca('beneficiario', 'souza')).result.itens.every((i) => familia.includes(i.nome))).toBe(true);
    expect((await busca('dependente', 'beatriz')).result.itens.map((i) => i.nome)).toEqual(['Beatriz Almeida Souza']);
  });

  it('a provider finds only its own provider record', async () => {
    const r = await busca('prestador', 'clínica santa');
    expect(r.result.itens).toEqual([expect.objectContaining({ tipo: 'prestador', nome: 'Clínica Santa Luzia Ltda', path: '/cadastro/prestadores' })]);
    expect((await busca('prestador', 'beatriz')).result.itens).toEqual([]);
  });
});

describe('@ finds authorization requests by id, guide number or senha, under the record rules', () => {
  const db = () => t.database.db;
  async function umDe(where: ReturnType<typeof sql>) {
    const [r] = await query<{ id: number; numero: string; senha: string | null; prestador_id: number }>(db(), sql`select id, numero, senha, prestador_id from autorizacoes where ${where} order by id limit 1`);
    return r;
  }
  const pedidos = (itens: RegistroEncontrado[]) => itens.filter((i) => i.tipo === 'autorizacao');

  it('the operator and the auditor find any request by guide number or id, opening on the authorizations list as "Guia <número>"', async () => {
    const r = await umDe(sql`id >= 10`); // the term needs 2 characters
    for (const login of ['operadora', 'auditor']) {
      const porNumero = await busca(login, r.numero);
      expect(pedidos(porNumero.result.itens)).toEqual([
        expect.objectContaining({ tipo: 'autorizacao', id: r.id, nome: `Guia ${r.numero}`, path: `/principal/autorizacao/autorizacoes?id=${r.id}` }),
      ]);
      expect(pedidos(porNumero.result.itens)[0].detalhe).toMatch(/\d{2}\/\d{2}\/\d{4}/);
      expect(pedidos((await busca(login, String(r.id))).result.itens).map((i) => i.id)).toContain(r.id);
    }
  });

  it('finds a recent authorized request by its senha', async () => {
    const r = await umDe(sql`senha is not null`);
    await db().execute(sql`update autorizacoes set data_solicitacao = current_date - 3 where id = ${r.id}`);
    const found = pedidos((await busca('auditor', r.senha!)).result.itens);
    expect(found.find((i) => i.id === r.id)?.detalhe).toContain(`Senha ${r.senha}`);
  });

  it("a provider finds its own requests, never another provider's", async () => {
    const [u] = await query<{ prestador_id: number }>(db(), sql`select prestador_id from usuarios where login = 'prestador'`);
    const outro = await umDe(sql`prestador_id <> ${u.prestador_id} and (prestador_executante_id is null or prestador_executante_id <> ${u.prestador_id}) and id >= 10`);
    const meu = await umDe(sql`id > ${outro.id}`);
    await db().execute(sql`update autorizacoes set prestador_id = ${u.prestador_id} where id = ${meu.id}`);
    expect(pedidos((await busca('prestador', meu.numero)).result.itens)).toEqual([expect.objectContaining({ id: meu.id, path: `/principal/autorizacao/autorizacoes?id=${meu.id}` })]);
    expect(pedidos((await busca('prestador', outro.numero)).result.itens)).toEqual([]);
    expect(pedidos((await busca('prestador', String(outro.id))).result.itens)).toEqual([]);
  });

  it("a beneficiary finds the family's requests (on the follow-up screen), not others'; who has no authorization screen finds none", async () => {
    const [me] = await query<{ beneficiario_id: number }>(db(), sql`select beneficiario_id from usuarios where login = 'beneficiario'`);
    const r = await umDe(sql`beneficiario_id <> ${me.beneficiario_id}`);
    const outro = await umDe(sql`id <> ${r.id} and beneficiario_id not in (select id from beneficiarios where coalesce(titular, id) = (select coalesce(titular, id) from beneficiarios where id = ${me.beneficiario_id}))`);
    await db().execute(sql`update autorizacoes set beneficiario_id = ${me.beneficiario_id} where id = ${r.id}`);
    expect(pedidos((await busca('beneficiario', r.numero)).result.itens)).toEqual([
      expect.objectContaining({ id: r.id, path: `/principal/autorizacao/acompanhar-autorizacoes-beneficiario?id=${r.id}` }),
    ]);
    expect(pedidos((await busca('beneficiario', outro.numero)).result.itens)).toEqual([]);
    expect(pedidos((await busca('ouvidoria', r.numero)).result.itens)).toEqual([]);
  });
});
