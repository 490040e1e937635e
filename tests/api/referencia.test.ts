import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

let t: TestApp;
let get: (url: string) => ReturnType<ReturnType<typeof as>>;
beforeAll(async () => {
  t = await startTestApp();
  const token = await loginAs(t.app, 'operadora');
  get = (url) => as(t.app, token)({ method: 'GET', url });
});
afterAll(() => t.close());

describe('GET /api/dominios/ufs and /api/cidades/uf/:uf', () => {
  it('lists the 27 UFs', async () => {
    const res = await get('/api/dominios/ufs');
    expect(res.statusCode).toBe(200);
    const ufs = res.json().result;
    expect(ufs).toHaveLength(27);
    expect(ufs).toContain('MG');
    expect(ufs).toContain('DF');
  });

  it('lists every IBGE municipality of MG with id and nome', async () => {
    const res = await get('/api/cidades/uf/mg');
    expect(res.statusCode).toBe(200);
    const cidades = res.json().result;
    expect(cidades).toHaveLength(853);
    expect(cidades).toContainEqual({ id: 3106200, nome: 'Belo Horizonte', uf: 'MG' });
  });

  it('refuses an unknown UF with a pt-BR alert', async () => {
    const res = await get('/api/cidades/uf/XX');
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)[0]).toMatchObject({ value: 'UF inválida.', field: 'uf' });
    expect((await get('/api/cidades/uf/MGX')).statusCode).toBe(400);
  });

  it('requires a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dominios/ufs' })).statusCode).toBe(401);
  });
});

describe('GET /api/findPrestador/:term', () => {
  it('needs at least 5 characters', async () => {
    const res = await get('/api/findPrestador/clin');
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)[0].value).toBe('Informe ao menos 5 caracteres para pesquisar.');
  });

  it('finds by name prefix, accent-insensitive, with the spec fields', async () => {
    const res = await get('/api/findPrestador/clinica%20santa');
    expect(res.statusCode).toBe(200);
    const [p] = res.json().result;
    expect(p).toMatchObject({ codigo: '100001', nome: 'Clínica Santa Luzia Ltda', prestadorJuridico: { cnpj: '11222333000181' }, prestadorFisico: null });
    expect(p).toHaveProperty('adicional');
  });

  it('finds by CNPJ with or without punctuation, and by code', async () => {
    expect((await get('/api/findPrestador/11222333000181')).json().result[0].codigo).toBe('100001');
    expect((await get(`/api/findPrestador/${encodeURIComponent('11.222.333/0001-81')}`)).json().result[0].codigo).toBe('100001');
    expect((await get('/api/findPrestador/100001')).json().result[0].nome).toBe('Clínica Santa Luzia Ltda');
  });

  it('filters by the date of validity and validates the date', async () => {
    expect((await get('/api/findPrestador/100001?data=2014-12-31')).json().result).toHaveLength(0);
    expect((await get('/api/findPrestador/100001?data=2020-01-01')).json().result).toHaveLength(1);
    const bad = await get('/api/findPrestador/100001?data=31/12/2020');
    expect(bad.statusCode).toBe(400);
    expect(alertsOf(bad.body)[0].value).toBe('Data inválida. Use o formato AAAA-MM-DD.');
  });
});

describe('home calls', () => {
  it('GET /api/avisos/inicio answers the notices for the role', async () => {
    const op = (await get('/api/avisos/inicio')).json().result;
    const benefToken = await loginAs(t.app, 'beneficiario');
    const benef = (await as(t.app, benefToken)({ method: 'GET', url: '/api/avisos/inicio' })).json().result;
    expect(benef.length).toBeGreaterThan(op.length);
    expect(benef.map((a: { titulo: string }) => a.titulo)).toContain('Atualização cadastral');
  });

  it('GET beneficiario-logado-requer-atualizacao-cadastral answers from the record', async () => {
    const url = '/api/beneficiarios/beneficiario-logado-requer-atualizacao-cadastral';
    const benef = await as(t.app, await loginAs(t.app, 'beneficiario'))({ method: 'GET', url });
    expect(benef.json().result).toMatchObject({ requerAtualizacao: true });
    expect(benef.json().result.motivos).toContain('e-mail não informado');
    const dep = await as(t.app, await loginAs(t.app, 'dependente'))({ method: 'GET', url });
    expect(dep.json().result).toEqual({ requerAtualizacao: false, motivos: [] });
    expect((await get(url)).json().result.requerAtualizacao).toBe(false);
  });
});
