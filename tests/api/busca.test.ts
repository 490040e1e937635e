import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function busca(login: string, termo: string) {
  const res = await as(t.app, await loginAs(t.app, login))({ method: 'GET', url: `/api/busca/registros?termo=${encodeURIComponent(termo)}` });
  return { status: res.statusCode, body: res.body, result: res.statusCode === 200 ? res.json().result : null };
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

  it('finds the demo beneficiary by CPF, formatted or not, and opens her on the lookup screen', async () => {
    for (const termo of ['529.982.247-25', '52998224725']) {
      const { result } = await busca('operadora', termo);
      const b = result.itens.find((i: { tipo: string }) => i.tipo === 'beneficiario');
      expect(b).toMatchObject({ nome: 'Beatriz Almeida Souza', path: expect.stringMatching(/^\/cadastro\/pessoa\/beneficiarios\?id=\d+$/) });
      expect(b.detalhe).toContain('529.982.247-25');
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
    expect(byCnpj.result.itens).toEqual([expect.objectContaining({ tipo: 'prestador', nome: 'Clínica Santa Luzia Ltda', path: expect.stringMatching(/^\/cadastro\/pessoa\/prestadores\?id=\d+$/) })]);
  });

  it('a beneficiary finds only herself, never other people, and opens her own record', async () => {
    const own = await busca('beneficiario', 'almeida souza');
    expect(own.result.itens).toEqual([expect.objectContaining({ nome: 'Beatriz Almeida Souza', path: '/cadastro/beneficiarios' })]);
    expect((await busca('beneficiario', 'Davi')).result.itens).toEqual([]);
    expect((await busca('beneficiario', 'clínica santa')).result.itens).toEqual([]);
    expect((await busca('dependente', 'beatriz')).result.itens).toEqual([]);
  });

  it('a provider finds only its own provider record', async () => {
    const r = await busca('prestador', 'clínica santa');
    expect(r.result.itens).toEqual([expect.objectContaining({ tipo: 'prestador', nome: 'Clínica Santa Luzia Ltda', path: '/cadastro/prestadores' })]);
    expect((await busca('prestador', 'beatriz')).result.itens).toEqual([]);
  });
});
