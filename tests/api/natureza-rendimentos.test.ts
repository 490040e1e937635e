import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MSG } from '../../src/shared/messages';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Natureza de Rendimentos (EFD-Reinf Tabela 01): the seeded codes are the real ones, and the rules the generic
 * resource tests cannot see — the group is the code's prefix, group 10 is paid to individuals, 15/17/18/20 to companies.
 */

const URL = '/api/recursos/natureza-rendimentos';

let t: TestApp;
let op: ReturnType<typeof as>;
beforeAll(async () => {
  t = await startTestApp();
  op = as(t.app, await loginAs(t.app, 'operadora'));
});
afterAll(() => t.close());

type Row = { id: number; codigo: string; descricao: string; grupo: string; tipoBeneficiario: string; retemIr: boolean; retemCsrf: boolean; ativo: boolean; inicioVigencia: string };
const list = async (query: string) => {
  const res = await op({ method: 'GET', url: `${URL}?limit=100&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.rows as Row[];
};

const valida = { codigo: '15041', descricao: 'Remuneração de Serviços de urbanismo', grupo: '15', tipoBeneficiario: 'PJ', retemIr: true, retemCsrf: true, ativo: true, inicioVigencia: '01/09/2023' };

describe('naturezas de rendimento semeadas', () => {
  it('traz os códigos reais que a operadora usa, ordenados pelo código', async () => {
    const rows = await list('sort=codigo.asc');
    const codigos = rows.map((r) => r.codigo);
    expect(codigos).toEqual([...codigos].sort());
    for (const c of ['10002', '13002', '15001', '15005', '15026', '15028', '15099', '20010']) expect(codigos).toContain(c);
    const medicina = rows.find((r) => r.codigo === '15026')!;
    expect(medicina).toMatchObject({ grupo: '15', tipoBeneficiario: 'PJ', retemIr: true, retemCsrf: true, ativo: true, inicioVigencia: '2023-09-01' });
    expect(medicina.descricao).toMatch(/^Remuneração de Serviços de medicina, exceto aquela prestada por ambulatório/);
    // cooperatives of work: IR only; the medical resident's grant: neither
    expect(rows.find((r) => r.codigo === '15001')).toMatchObject({ retemIr: true, retemCsrf: false });
    expect(rows.find((r) => r.codigo === '10010')).toMatchObject({ tipoBeneficiario: 'PF', retemIr: false, retemCsrf: false });
    // every seeded code starts with its group
    for (const r of rows) expect(r.codigo.startsWith(r.grupo), r.codigo).toBe(true);
  });

  it('filtra por grupo, beneficiário, retenção e ativo', async () => {
    const g15 = await list('grupo.eq=15');
    expect(g15.length).toBeGreaterThan(20);
    expect(g15.every((r) => r.grupo === '15' && r.tipoBeneficiario === 'PJ')).toBe(true);
    const pf = await list('tipoBeneficiario.eq=PF');
    expect(pf.map((r) => r.codigo).sort()).toEqual(['10001', '10002', '10004', '10010']);
    const semCsrf = await list('retemCsrf.eq=false&grupo.eq=15');
    expect(semCsrf.map((r) => r.codigo)).toEqual(['15001']);
    // group 17 is only for federal payers: registered, inactive
    const inativas = await list('ativo.eq=false');
    expect(inativas.length).toBeGreaterThan(0);
    expect(inativas.every((r) => r.grupo === '17')).toBe(true);
  });

  it('acha pela descrição sem acento e pelo começo do código', async () => {
    const fisio = await list(`descricao.contains=${encodeURIComponent('fisioterapia')}`);
    expect(fisio.map((r) => r.codigo)).toEqual(['15022']);
    const locacao = await list(`descricao.contains=${encodeURIComponent('locacao')}`);
    expect(locacao.map((r) => r.codigo)).toContain('13002');
    const g20 = await list('codigo.startsWith=200');
    expect(g20.map((r) => r.codigo)).toEqual(['20001', '20009', '20010']);
  });
});

describe('regras da Tabela 01', () => {
  it('grava uma natureza válida, com a data digitada DD/MM/AAAA, e recusa o mesmo código', async () => {
    const res = await op({ method: 'POST', url: URL, payload: valida });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result).toMatchObject({ codigo: '15041', grupo: '15', inicioVigencia: '2023-09-01', version: 1 });
    const dup = await op({ method: 'POST', url: URL, payload: valida });
    expect(dup.statusCode).toBe(409);
    expect(alertsOf(dup.body)).toContainEqual({ type: 'error', field: 'codigo', value: 'Já existe uma natureza de rendimento com este valor de Código.' });
  });

  it('recusa o grupo que não é o começo do código', async () => {
    const res = await op({ method: 'POST', url: URL, payload: { ...valida, codigo: '15042', grupo: '13', tipoBeneficiario: 'AMBOS' } });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)).toContainEqual({ type: 'error', field: 'grupo', value: 'O código 15042 pertence ao grupo 15: escolha esse grupo ou corrija o código.' });
  });

  it('recusa código fora dos grupos 10 a 20 e código sem 5 dígitos', async () => {
    const fora = await op({ method: 'POST', url: URL, payload: { ...valida, codigo: '21001' } });
    expect(fora.statusCode).toBe(400);
    expect(alertsOf(fora.body)).toContainEqual({ type: 'error', field: 'codigo', value: 'O código deve começar por um grupo da Tabela 01, de 10 a 20.' });
    const curto = await op({ method: 'POST', url: URL, payload: { ...valida, codigo: '1500' } });
    expect(curto.statusCode).toBe(400);
    expect(alertsOf(curto.body)).toContainEqual({ type: 'error', field: 'codigo', value: 'Código inválido. Use o formato 00000.' });
  });

  it('exige pessoa física no grupo 10 e pessoa jurídica nos grupos 15, 17, 18 e 20', async () => {
    const trabalho = await op({ method: 'POST', url: URL, payload: { ...valida, codigo: '10003', descricao: 'Rendimento decorrente do trabalho pago a trabalhador avulso', grupo: '10', tipoBeneficiario: 'AMBOS' } });
    expect(trabalho.statusCode).toBe(400);
    expect(alertsOf(trabalho.body)).toContainEqual({ type: 'error', field: 'tipoBeneficiario', value: 'Rendimentos do grupo 10 (trabalho e previdência) são pagos a pessoa física.' });
    const pj = await op({ method: 'POST', url: URL, payload: { ...valida, codigo: '20002', grupo: '20', tipoBeneficiario: 'PF' } });
    expect(pj.statusCode).toBe(400);
    expect(alertsOf(pj.body)).toContainEqual({ type: 'error', field: 'tipoBeneficiario', value: 'Rendimentos do grupo 20 são pagos a pessoa jurídica.' });
  });

  it('a alteração passa pelas mesmas regras', async () => {
    const [row] = await list('codigo.eq=13002');
    const res = await op({ method: 'PUT', url: `${URL}/${row.id}`, payload: { ...row, grupo: '12', version: (row as unknown as { version: number }).version } });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body).map((a) => a.field)).toContain('grupo');
  });
});

describe('acesso', () => {
  it('nega a quem não tem a permissão e a quem não entrou', async () => {
    for (const login of ['beneficiario', 'prestador']) {
      const res = await as(t.app, await loginAs(t.app, login))({ method: 'GET', url: URL });
      expect(res.statusCode, login).toBe(403);
      expect(alertsOf(res.body)[0].value).toBe(APP_MSG.acessoNegado);
    }
    const anon = await t.app.inject({ method: 'GET', url: URL });
    expect(anon.statusCode).toBe(401);
    const escrita = await as(t.app, await loginAs(t.app, 'prestador'))({ method: 'POST', url: URL, payload: { ...valida, codigo: '15040' } });
    expect(escrita.statusCode).toBe(403);
  });
});
