import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { generateCnpj, generateCpf, isValidCns, isValidCnpj, isValidCpf, isValidPis } from '@brazilian-utils/brazilian-utils';
import { operadoras, trilhaEventos } from '../../src/server/db/schema';
import { DEMO_PESSOAS, carteirinhaDe } from '../../src/server/db/seed/people';
import { CLIENT_MESSAGES, CLIENT_NAMES } from '../../src/shared/clients';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';
import { todayIso } from '../../src/shared/dates';

/**
 * The registry of people at the API: Brazilian validation (pt-BR field errors), the client's field rules,
 * record-level rules (own family, own provider), the data-update request and its audited approval,
 * the virtual card, the eligibility check and the lookups.
 */

let t: TestApp;
let op: ReturnType<typeof as>;
let benef: ReturnType<typeof as>;
let dep: ReturnType<typeof as>;
let prest: ReturnType<typeof as>;
let produto: number;
const BH = 3106200;

beforeAll(async () => {
  t = await startTestApp();
  op = as(t.app, await loginAs(t.app, 'operadora'));
  benef = as(t.app, await loginAs(t.app, 'beneficiario'));
  dep = as(t.app, await loginAs(t.app, 'dependente'));
  prest = as(t.app, await loginAs(t.app, 'prestador'));
  produto = (await op({ method: 'GET', url: '/api/recursos/produtos?limit=1' })).json().result.rows[0].id;
});
afterAll(() => t.close());

const digits = (s: string) => s.replace(/\D/g, '');
let seq = 0;
function novoBeneficiario(extra: Record<string, unknown> = {}) {
  seq++;
  return {
    matricula: String(9_000_000_000 + seq),
    carteirinha: `9999${String(seq).padStart(12, '0')}`,
    nome: `Teste Pessoa ${seq}`,
    cpf: generateCpf(),
    nomeMae: 'Maria da Silva',
    sexo: '3',
    dataNascimento: '10/05/1990',
    relacaoDependencia: '1',
    uf: 'MG',
    cidade: BH,
    cep: '30130-010',
    celular: '(31) 98765-4321',
    produto,
    dataAdesao: '01/02/2024',
    situacao: 'ATIVO',
    ...extra,
  };
}
function novoPrestador(extra: Record<string, unknown> = {}) {
  seq++;
  return {
    codigo: `T${seq}`,
    tipoPessoa: 'F',
    nome: `Dra. Teste ${seq}`,
    cpf: generateCpf(),
    conselho: 'CRM',
    numeroConselho: String(50000 + seq),
    ufConselho: 'MG',
    dataInscricao: '01/01/2020',
    pis: '120.56874.10-7',
    nacionalidade: 'Brasileira',
    identidade: 'MG1234567',
    orgaoEmissor: 'SSP',
    ufIdentidade: 'MG',
    paisIdentidade: null as number | null,
    cep: '30140-071',
    uf: 'MG',
    cidade: BH,
    logradouro: 'Rua Espírito Santo',
    numero: '100',
    bairro: 'Centro',
    inicioVigencia: '01/01/2024',
    ...extra,
  };
}
async function brasil() {
  return (await op({ method: 'GET', url: '/api/recursos/paises?codigo.startsWith=BR&limit=1' })).json().result.rows[0].id as number;
}
const fieldAlert = (body: string, field: string) => alertsOf(body).find((a) => a.field === field)?.value;
async function idByMatricula(matricula: string) {
  return (await op({ method: 'GET', url: `/api/recursos/beneficiarios?matricula.eq=${matricula}` })).json().result.rows[0].id as number;
}

describe('seeded people', () => {
  it('carry valid CPF, CNS, CNPJ and PIS check digits and real cities', async () => {
    const rows = (await op({ method: 'GET', url: '/api/recursos/beneficiarios?limit=200' })).json().result.rows as { id: number; cpf: string | null; cns: string | null; cidadeLabel: string; carteirinha: string; matricula: string; situacao: string }[];
    expect(rows.length).toBe(200);
    // the few typos the demo carries on purpose (seed/sib.ts) are the ones Análise do SIB finds
    const achados = async (regra: string) => new Set(((await op({ method: 'GET', url: `/api/analise-sib?regra=${regra}&limit=500` })).json().result.rows as { id: number }[]).map((r) => r.id));
    const cpfInvalido = await achados('cpf-invalido');
    const cnsInvalido = await achados('cns-invalido');
    let erros = 0;
    for (const r of rows) {
      // the demo's registrations made at a counter without the CPF (duplicates for Tratar Duplicidade) and children have none
      if (r.cpf !== null && !isValidCpf(r.cpf)) {
        erros++;
        if (r.situacao !== 'CANCELADO') expect(cpfInvalido.has(r.id), r.cpf).toBe(true);
      }
      if (r.cns !== null && !isValidCns(r.cns)) {
        erros++;
        if (r.situacao !== 'CANCELADO') expect(cnsInvalido.has(r.id), r.cns).toBe(true);
      }
      expect(r.cidadeLabel).toBeTruthy();
      expect(r.carteirinha).toBe(carteirinhaDe(r.matricula));
    }
    expect(erros).toBeLessThanOrEqual(4);
    const prests = (await op({ method: 'GET', url: '/api/recursos/prestadores?limit=200' })).json().result.rows as { cnpj: string | null; cpf: string | null; pis: string | null; tipoPessoa: string }[];
    for (const p of prests) {
      if (p.tipoPessoa === 'J') expect(isValidCnpj(p.cnpj!), p.cnpj!).toBe(true);
      else {
        expect(isValidCpf(p.cpf!), p.cpf!).toBe(true);
        expect(isValidPis(p.pis!), p.pis!).toBe(true);
      }
    }
  });

  it('keeps the demo family and provider the demo users are linked to', async () => {
    const own = (await benef({ method: 'GET', url: '/api/beneficiarios/logado' })).json().result;
    expect(own.registro).toMatchObject({ nome: DEMO_PESSOAS.titular.nome, cpf: '52998224725', relacaoDependencia: '1' });
    expect(own.familia.map((m: { nome: string }) => m.nome)).toEqual([DEMO_PESSOAS.titular.nome, DEMO_PESSOAS.dependente.nome]);
    const p = (await prest({ method: 'GET', url: '/api/prestadores/logado' })).json().result;
    expect(p).toMatchObject({ codigo: '100001', nome: 'Clínica Santa Luzia Ltda', cnpj: '11222333000181' });
  });
});

describe('Brazilian validation answers pt-BR field errors', () => {
  it('refuses a CPF with wrong check digits and a malformed CNS', async () => {
    const res = await op({ method: 'POST', url: '/api/recursos/beneficiarios', payload: novoBeneficiario({ cpf: '529.982.247-24', cns: '123456789010001' }) });
    expect(res.statusCode).toBe(400);
    expect(fieldAlert(res.body, 'cpf')).toBe('CPF inválido: os dígitos verificadores não conferem.');
    expect(fieldAlert(res.body, 'cns')).toBe('CNS inválido: os dígitos verificadores não conferem.');
    const short = await op({ method: 'POST', url: '/api/recursos/beneficiarios', payload: novoBeneficiario({ cpf: '123.456' }) });
    expect(fieldAlert(short.body, 'cpf')).toBe('CPF inválido. Use o formato 000.000.000-00.');
  });

  it('refuses a CNPJ and a PIS with wrong check digits; accepts the alphanumeric CNPJ', async () => {
    const pj = await op({ method: 'POST', url: '/api/recursos/prestadores', payload: novoPrestador({ tipoPessoa: 'J', cpf: null, cnpj: '11.222.333/0001-82', paisIdentidade: await brasil() }) });
    expect(pj.statusCode).toBe(400);
    expect(fieldAlert(pj.body, 'cnpj')).toBe('CNPJ inválido: os dígitos verificadores não conferem.');
    const pf = await op({ method: 'POST', url: '/api/recursos/prestadores', payload: novoPrestador({ pis: '120.56874.10-8', paisIdentidade: await brasil() }) });
    expect(pf.statusCode).toBe(400);
    expect(fieldAlert(pf.body, 'pis')).toBe('PIS/PASEP inválido: os dígitos verificadores não conferem.');
    const alfa = await op({ method: 'POST', url: '/api/recursos/fornecedores', payload: { codigo: 'F-ALFA', tipoPessoa: 'J', nome: 'Fornecedor Alfanumérico Ltda', cnpj: '12.abc.345/01de-35', cep: '30130-010', uf: 'MG', cidade: BH, logradouro: 'Rua A', numero: '1', bairro: 'Centro' } });
    expect(alfa.statusCode, alfa.body).toBe(201);
    expect(alfa.json().result.cnpj).toBe('12ABC34501DE35');
  });

  it('checks phones (11 and 10 digits, 0800), CEP and e-mail', async () => {
    const bad = await op({ method: 'POST', url: '/api/recursos/beneficiarios', payload: novoBeneficiario({ telefone: '(31) 1234-567', cep: '3013', email: 'x@' }) });
    expect(bad.statusCode).toBe(400);
    expect(fieldAlert(bad.body, 'telefone')).toMatch(/^Telefone inválido\. Use \(00\) 00000-0000/);
    expect(fieldAlert(bad.body, 'cep')).toBe('CEP inválido. Use o formato 00000-000.');
    const ok = await op({ method: 'POST', url: '/api/recursos/beneficiarios', payload: novoBeneficiario({ telefone: '(31) 3234-5678', celular: '0800 123 4567' }) });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().result).toMatchObject({ telefone: '3132345678', celular: '08001234567', cep: '30130010' });
  });

  it('checks the city against the UF and the family rules of a dependent', async () => {
    const city = await op({ method: 'POST', url: '/api/recursos/beneficiarios', payload: novoBeneficiario({ uf: 'SP' }) });
    expect(city.statusCode).toBe(400);
    expect(fieldAlert(city.body, 'cidade')).toBe('Cidade: a opção escolhida não pertence à UF SP. Escolha outra.');
    const orphan = await op({ method: 'POST', url: '/api/recursos/beneficiarios', payload: novoBeneficiario({ relacaoDependencia: '4' }) });
    expect(fieldAlert(orphan.body, 'titular')).toBe('Informe o titular do dependente.');
    const cancel = await op({ method: 'POST', url: '/api/recursos/beneficiarios', payload: novoBeneficiario({ situacao: 'CANCELADO', dataSituacao: '01/10/2026' }) });
    expect(fieldAlert(cancel.body, 'motivoCancelamento')).toBe('Informe o motivo do cancelamento (códigos 41 a 48 do SIB).');
  });

  it('a natural-person provider starts in payment status CONF (spec §9)', async () => {
    const res = await op({ method: 'POST', url: '/api/recursos/prestadores', payload: { ...novoPrestador({ paisIdentidade: await brasil() }), statusPagamento: '' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result.statusPagamento).toBe('CONF');
  });
});

describe('client field rules (spec §5)', () => {
  it('copass requires the beneficiary CPF and the provider documents and address', async () => {
    const b = await op({ method: 'POST', url: '/api/recursos/beneficiarios', payload: novoBeneficiario({ cpf: '' }) });
    expect(b.statusCode).toBe(400);
    expect(fieldAlert(b.body, 'cpf')).toBe('O campo CPF é obrigatório.');
    const p = await op({ method: 'POST', url: '/api/recursos/prestadores', payload: novoPrestador({ dataInscricao: '', pis: '', nacionalidade: '', identidade: '', orgaoEmissor: '', ufIdentidade: '', cep: '', logradouro: '' }) });
    expect(p.statusCode).toBe(400);
    for (const [k, label] of [['dataInscricao', 'Data de inscrição'], ['pis', 'PIS/PASEP'], ['nacionalidade', 'Nacionalidade'], ['identidade', 'Identidade (RG)'], ['orgaoEmissor', 'Órgão emissor'], ['ufIdentidade', 'UF da identidade'], ['paisIdentidade', 'País da identidade'], ['cep', 'CEP'], ['logradouro', 'Logradouro']])
      expect(fieldAlert(p.body, k), k).toBe(`O campo ${label} é obrigatório.`);
    const f = await op({ method: 'POST', url: '/api/recursos/fornecedores', payload: { codigo: 'F-PF', tipoPessoa: 'F', nome: 'Fornecedor Pessoa Física', cpf: generateCpf() } });
    expect(f.statusCode).toBe(400);
    for (const k of ['orgaoEmissor', 'ufIdentidade', 'paisIdentidade', 'cep', 'cidade']) expect(fieldAlert(f.body, k), k).toMatch(/^O campo .+ é obrigatório\.$/);
  });

  it('a legal-entity provider does not need the personal documents', async () => {
    const res = await op({ method: 'POST', url: '/api/recursos/prestadores', payload: novoPrestador({ tipoPessoa: 'J', cpf: null, cnpj: generateCnpj(), pis: '', identidade: '', orgaoEmissor: '', ufIdentidade: '', nacionalidade: '' }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result).toMatchObject({ tipoPessoa: 'J', cpf: null, pis: null, statusPagamento: 'LIB' });
  });

  it('another client (caixa) turns them off', async () => {
    const other = await startTestApp({ CLIENT: 'caixa' });
    try {
      const o = as(other.app, await loginAs(other.app, 'operadora'));
      const prod = (await o({ method: 'GET', url: '/api/recursos/produtos?limit=1' })).json().result.rows[0].id;
      const b = await o({ method: 'POST', url: '/api/recursos/beneficiarios', payload: { ...novoBeneficiario({ cpf: '' }), produto: prod } });
      expect(b.statusCode, b.body).toBe(201);
      expect(b.json().result.cpf).toBeNull();
      const p = await o({ method: 'POST', url: '/api/recursos/prestadores', payload: { codigo: 'CX1', tipoPessoa: 'F', nome: 'Dr. Sem Documentos', cpf: generateCpf(), inicioVigencia: '01/01/2024' } });
      expect(p.statusCode, p.body).toBe(201);
    } finally {
      await other.close();
    }
  });
});

describe('record-level rules', () => {
  it('a beneficiary reaches only her own family: another family answers 403', async () => {
    const davi = await idByMatricula(DEMO_PESSOAS.dependente.matricula);
    const carlos = await idByMatricula(DEMO_PESSOAS.suspenso.matricula);
    expect((await benef({ method: 'GET', url: `/api/beneficiarios/${davi}` })).statusCode).toBe(200);
    const other = await benef({ method: 'GET', url: `/api/beneficiarios/${carlos}` });
    expect(other.statusCode).toBe(403);
    expect(alertsOf(other.body)[0].value).toBe('Você só pode consultar os dados do seu grupo familiar.');
    expect((await benef({ method: 'GET', url: `/api/beneficiarios/${carlos}/familia` })).statusCode).toBe(403);
    expect((await benef({ method: 'GET', url: `/api/recursos/beneficiarios/${carlos}` })).statusCode).toBe(403);
    expect((await benef({ method: 'GET', url: `/api/beneficiarios/cartao-virtual?id=${carlos}` })).statusCode).toBe(403);
  });

  it('a dependent reaches the titular of the family but no one else', async () => {
    const beatriz = await idByMatricula(DEMO_PESSOAS.titular.matricula);
    const carlos = await idByMatricula(DEMO_PESSOAS.suspenso.matricula);
    expect((await dep({ method: 'GET', url: `/api/beneficiarios/${beatriz}` })).json().result.nome).toBe(DEMO_PESSOAS.titular.nome);
    expect((await dep({ method: 'GET', url: `/api/beneficiarios/${carlos}` })).statusCode).toBe(403);
  });

  it('a provider reaches only its own record; the operator reaches any', async () => {
    const own = (await prest({ method: 'GET', url: '/api/prestadores/logado' })).json().result.id;
    const other = (await op({ method: 'GET', url: '/api/recursos/prestadores?codigo.eq=100002' })).json().result.rows[0].id;
    expect((await prest({ method: 'GET', url: `/api/prestadores/${own}` })).statusCode).toBe(200);
    const res = await prest({ method: 'GET', url: `/api/prestadores/${other}` });
    expect(res.statusCode).toBe(403);
    expect(alertsOf(res.body)[0].value).toBe('Você só pode consultar o cadastro do seu próprio prestador.');
    expect((await prest({ method: 'GET', url: `/api/beneficiarios/${own}` })).statusCode).toBe(403);
    expect((await op({ method: 'GET', url: `/api/prestadores/${other}` })).statusCode).toBe(200);
    expect((await op({ method: 'GET', url: `/api/beneficiarios/${await idByMatricula(DEMO_PESSOAS.suspenso.matricula)}` })).statusCode).toBe(200);
  });
});

describe('lookups', () => {
  it('provider search needs 5 characters', async () => {
    const short = await op({ method: 'GET', url: '/api/findPrestador/santa' });
    expect(short.statusCode).toBe(200);
    expect(short.json().result.some((p: { codigo: string }) => p.codigo === '100001')).toBe(true);
    for (const term of ['sant', '1000']) {
      const res = await op({ method: 'GET', url: `/api/findPrestador/${term}` });
      expect(res.statusCode).toBe(400);
      expect(alertsOf(res.body)[0]).toMatchObject({ value: 'Informe ao menos 5 caracteres para pesquisar.', field: 'term' });
    }
  });

  it('the provider search shows a natural person\'s CPF whole only to who sees the provider registry', async () => {
    const pf = (await op({ method: 'GET', url: '/api/recursos/prestadores?tipoPessoa.eq=F&limit=1' })).json().result.rows[0];
    const byOp = (await op({ method: 'GET', url: `/api/findPrestador/${pf.codigo}` })).json().result[0];
    expect(byOp.prestadorFisico.cpf).toBe(pf.cpf);
    const byProv = (await prest({ method: 'GET', url: `/api/findPrestador/${pf.codigo}` })).json().result[0];
    expect(byProv.prestadorFisico.cpf).toMatch(/^\*{3}\d{6}\*{2}$/);
  });

  it('cities by UF, and reference options narrowed by a dependency and found by CPF', async () => {
    const mg = (await op({ method: 'GET', url: '/api/recursos/cidades/opcoes?uf=MG' })).json().result;
    expect(mg).toHaveLength(853);
    expect((await op({ method: 'GET', url: '/api/recursos/cidades/opcoes?nada=1' })).statusCode).toBe(400);
    const byCpf = (await op({ method: 'GET', url: '/api/recursos/beneficiarios/opcoes?termo=529.982.247-25' })).json().result;
    expect(byCpf).toEqual([expect.objectContaining({ label: DEMO_PESSOAS.titular.nome })]);
    const byName = (await op({ method: 'GET', url: '/api/recursos/beneficiarios/opcoes?termo=beatriz%20alm' })).json().result;
    expect(byName[0].label).toBe(DEMO_PESSOAS.titular.nome);
  });

  it('the beneficiary lookup (ombudsman) and the SIB search', async () => {
    const ouv = as(t.app, await loginAs(t.app, 'ouvidoria'));
    const r = (await ouv({ method: 'GET', url: `/api/beneficiarios/consulta?termo=${carteirinhaDe(DEMO_PESSOAS.suspenso.matricula)}` })).json().result;
    expect(r).toEqual([expect.objectContaining({ nome: DEMO_PESSOAS.suspenso.nome, situacao: 'SUSPENSO' })]);
    expect((await ouv({ method: 'GET', url: '/api/beneficiarios/consulta?termo=b' })).statusCode).toBe(400);
    expect((await benef({ method: 'GET', url: '/api/beneficiarios/consulta?termo=carlos' })).statusCode).toBe(403);
    const sib = await op({ method: 'GET', url: '/api/beneficiarios/busca/sib?cpf=529.982.247-25' });
    expect(sib.statusCode, sib.body).toBe(200);
    expect(sib.json().result[0]).toMatchObject({ nome: DEMO_PESSOAS.titular.nome, codigoBeneficiario: DEMO_PESSOAS.titular.matricula, relacaoDependencia: '1', codigoMunicipio: '310620' });
    expect(sib.json().result[0].numeroPlanoANS).toMatch(/^\d{9}$/);
    const dav = (await op({ method: 'GET', url: `/api/beneficiarios/busca/sib?cpf=${DEMO_PESSOAS.dependente.cpf}` })).json().result[0];
    expect(dav.ccoBeneficiarioTitular).toBe(sib.json().result[0].cco);
    const bad = await op({ method: 'GET', url: '/api/beneficiarios/busca/sib?cpf=11111111111' });
    expect(fieldAlert(bad.body, 'cpf')).toBe('CPF inválido: os dígitos verificadores não conferem.');
  });
});

describe('self-service', () => {
  it('the data-update request: sent by the beneficiary, approved by the operator, applied and audited', async () => {
    const beatriz = await idByMatricula(DEMO_PESSOAS.titular.matricula);
    const before = (await benef({ method: 'GET', url: '/api/beneficiarios/logado' })).json().result.registro;
    const dados = { nomeSocial: null, telefone: '(31) 3333-4444', celular: before.celular, email: 'beatriz@example.com', cep: before.cep, uf: 'MG', cidade: before.cidade, logradouro: before.logradouro, numero: before.numero, complemento: null, bairro: before.bairro };
    const bad = await benef({ method: 'POST', url: '/api/beneficiarios/atualizacao-cadastral', payload: { dados: { ...dados, telefone: '123' } } });
    expect(bad.statusCode).toBe(400);
    expect(fieldAlert(bad.body, 'dados.telefone')).toMatch(/^Telefone inválido/);
    const sent = await benef({ method: 'POST', url: '/api/beneficiarios/atualizacao-cadastral', payload: { dados } });
    expect(sent.statusCode, sent.body).toBe(201);
    const sol = sent.json().result;
    expect(sol).toMatchObject({ situacao: 'PENDENTE', dados: { telefone: '3133334444', email: 'beatriz@example.com' }, anteriores: { telefone: null, email: null } });
    expect(sol.protocolo).toMatch(/^\d{14}$/);
    const again = await benef({ method: 'POST', url: '/api/beneficiarios/atualizacao-cadastral', payload: { dados } });
    expect(again.statusCode).toBe(409);
    expect(alertsOf(again.body)[0].value).toContain(sol.protocolo);
    // the beneficiary cannot approve; a dependent cannot ask
    expect((await benef({ method: 'POST', url: `/api/beneficiarios/atualizacao-cadastral/${sol.id}/aprovar`, payload: { version: 1 } })).statusCode).toBe(403);
    expect((await dep({ method: 'POST', url: '/api/beneficiarios/atualizacao-cadastral', payload: { dados } })).statusCode).toBe(403);
    // the operator sees it pending and approves it
    const list = (await op({ method: 'GET', url: '/api/beneficiarios/atualizacao-cadastral' })).json().result;
    expect(list.podeAprovar).toBe(true);
    expect(list.itens.find((i: { id: number }) => i.id === sol.id)).toMatchObject({ beneficiarioNome: DEMO_PESSOAS.titular.nome, situacao: 'PENDENTE' });
    expect((await op({ method: 'POST', url: `/api/beneficiarios/atualizacao-cadastral/${sol.id}/aprovar`, payload: { version: 9 } })).statusCode).toBe(409);
    const ok = await op({ method: 'POST', url: `/api/beneficiarios/atualizacao-cadastral/${sol.id}/aprovar`, payload: { version: sol.version } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result.situacao).toBe('APROVADA');
    const after = (await benef({ method: 'GET', url: '/api/beneficiarios/logado' })).json().result.registro;
    expect(after).toMatchObject({ telefone: '3133334444', email: 'beatriz@example.com', version: before.version + 1 });
    expect(after.cadastroAtualizadoEm).toBe(todayIso());
    const trail = await t.database.db.select().from(trilhaEventos).where(and(eq(trilhaEventos.entidade, 'beneficiario'), eq(trilhaEventos.registroId, String(beatriz))));
    expect(trail.some((e) => e.usuarioLogin === 'operadora' && (e.depois as Record<string, unknown>).telefone === '3133334444')).toBe(true);
    // the home no longer asks for the e-mail
    const requer = (await benef({ method: 'GET', url: '/api/beneficiarios/beneficiario-logado-requer-atualizacao-cadastral' })).json().result;
    expect(requer.motivos).not.toContain('e-mail não informado');
  });

  it('a rejection needs the reason; a request with nothing changed confirms the data', async () => {
    const before = (await benef({ method: 'GET', url: '/api/beneficiarios/logado' })).json().result.registro;
    const base = Object.fromEntries(['nomeSocial', 'telefone', 'celular', 'email', 'cep', 'uf', 'cidade', 'logradouro', 'numero', 'complemento', 'bairro'].map((k) => [k, before[k]]));
    const sent = (await benef({ method: 'POST', url: '/api/beneficiarios/atualizacao-cadastral', payload: { dados: { ...base, numero: '999' }, observacao: 'Mudei de apartamento' } })).json().result;
    const semMotivo = await op({ method: 'POST', url: `/api/beneficiarios/atualizacao-cadastral/${sent.id}/rejeitar`, payload: { version: sent.version } });
    expect(fieldAlert(semMotivo.body, 'motivo')).toBe('Informe o motivo da rejeição.');
    const rej = await op({ method: 'POST', url: `/api/beneficiarios/atualizacao-cadastral/${sent.id}/rejeitar`, payload: { version: sent.version, motivo: 'Comprovante de residência ausente' } });
    expect(rej.json().result).toMatchObject({ situacao: 'REJEITADA', motivoRejeicao: 'Comprovante de residência ausente' });
    expect((await benef({ method: 'GET', url: '/api/beneficiarios/logado' })).json().result.registro.numero).toBe(before.numero);
    const mine = (await benef({ method: 'GET', url: '/api/beneficiarios/atualizacao-cadastral?situacao=TODAS' })).json().result;
    expect(mine.podeAprovar).toBe(false);
    expect(mine.itens.map((i: { situacao: string }) => i.situacao)).toEqual(expect.arrayContaining(['REJEITADA', 'APROVADA']));
    const conf = await benef({ method: 'POST', url: '/api/beneficiarios/atualizacao-cadastral', payload: { dados: base } });
    expect(conf.statusCode).toBe(200);
    expect(conf.json().result).toEqual({ confirmado: true });
  });

  it('the virtual card: name, card number, plan and validity; only with the client option', async () => {
    const res = await benef({ method: 'GET', url: '/api/beneficiarios/cartao-virtual' });
    expect(res.statusCode).toBe(200);
    const c = res.json().result;
    expect(c).toMatchObject({ nome: DEMO_PESSOAS.titular.nome, carteirinha: carteirinhaDe(DEMO_PESSOAS.titular.matricula), titular: true, situacao: 'Ativo' });
    expect(c.plano).toBeTruthy();
    expect(c.registroAnsPlano).toMatch(/^\d{9}$/);
    expect(c.validade).toMatch(/^\d{4}-12-31$/);
    // the operator printed on the card is the installation's own (the header's client), with its ANS registration
    expect(c.operadora).toEqual({ nome: CLIENT_NAMES.copass, registroAns: expect.stringMatching(/^\d{6}$/) });
    const [propria] = await t.ctx.db.select({ registroAns: operadoras.registroAns }).from(operadoras).orderBy(asc(operadoras.id)).limit(1);
    expect(c.operadora.registroAns).toBe(propria.registroAns);
    // TITULAR names the family's titular, on the titular's card and on a dependent's
    expect(c.titularNome).toBe(DEMO_PESSOAS.titular.nome);
    const davi = await idByMatricula(DEMO_PESSOAS.dependente.matricula);
    const dependente = (await benef({ method: 'GET', url: `/api/beneficiarios/cartao-virtual?id=${davi}` })).json().result;
    expect(dependente).toMatchObject({ nome: DEMO_PESSOAS.dependente.nome, titular: false, titularNome: DEMO_PESSOAS.titular.nome });
    expect((await op({ method: 'GET', url: '/api/beneficiarios/cartao-virtual' })).statusCode).toBe(403);
    const rondo = await startTestApp({ CLIENT: 'rondo' });
    try {
      const b = as(rondo.app, await loginAs(rondo.app, 'beneficiario'));
      expect((await b({ method: 'GET', url: '/api/beneficiarios/cartao-virtual' })).statusCode).toBe(403);
    } finally {
      await rondo.close();
    }
  });

  it('eligibility by card or CPF: active, suspended, in carence, cancelled, with the client messages', async () => {
    const q = (s: string) => prest({ method: 'GET', url: `/api/elegibilidade?${s}` });
    const ativo = (await q(`carteirinha=${carteirinhaDe(DEMO_PESSOAS.dependente.matricula)}`)).json().result;
    expect(ativo).toMatchObject({ elegivel: true, motivo: 'ELEGIVEL', beneficiario: { nome: DEMO_PESSOAS.dependente.nome } });
    const susp = (await q(`cpf=${DEMO_PESSOAS.suspenso.cpf}`)).json().result;
    expect(susp).toMatchObject({ elegivel: false, motivo: 'SUSPENSO', mensagem: CLIENT_MESSAGES.beneficiarioSuspenso });
    const car = (await q(`cpf=${DEMO_PESSOAS.carencia.cpf}`)).json().result;
    expect(car).toMatchObject({ elegivel: false, motivo: 'CARENCIA', mensagem: CLIENT_MESSAGES.urgenciaCarencia });
    expect(car.observacoes[0]).toMatch(/^Em carência até \d{2}\/\d{2}\/\d{4}\.$/);
    const canc = (await q(`carteirinha=${carteirinhaDe(DEMO_PESSOAS.cancelado.matricula)}`)).json().result;
    expect(canc).toMatchObject({ elegivel: false, motivo: 'INATIVO', mensagem: CLIENT_MESSAGES.beneficiarioInativo });
    const bad = await q('cpf=123.456.789-00');
    expect(bad.statusCode).toBe(400);
    expect(fieldAlert(bad.body, 'cpf')).toBe('CPF inválido: os dígitos verificadores não conferem.');
    expect((await q('carteirinha=1234')).statusCode).toBe(400);
    const none = await q(`cpf=${digits(generateCpf())}`);
    expect(none.statusCode).toBe(404);
    expect((await q('')).statusCode).toBe(400);
    expect((await benef({ method: 'GET', url: `/api/elegibilidade?cpf=${DEMO_PESSOAS.titular.cpf}` })).statusCode).toBe(403);
  });

  it('every write to people goes to the audit trail in the same transaction', async () => {
    const res = await op({ method: 'POST', url: '/api/recursos/beneficiarios', payload: novoBeneficiario() });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().result.id;
    const upd = await op({ method: 'PUT', url: `/api/recursos/beneficiarios/${id}`, payload: { ...novoBeneficiario(), matricula: res.json().result.matricula, carteirinha: res.json().result.carteirinha, nome: 'Nome Corrigido', version: 1 } });
    expect(upd.statusCode, upd.body).toBe(200);
    expect((await op({ method: 'DELETE', url: `/api/recursos/beneficiarios/${id}?version=2` })).statusCode).toBe(200);
    const trail = await t.database.db.select().from(trilhaEventos).where(and(eq(trilhaEventos.entidade, 'beneficiario'), eq(trilhaEventos.registroId, String(id))));
    expect(trail.map((e) => e.acao)).toEqual(['insert', 'update', 'delete']);
    expect(trail[1].depois).toMatchObject({ nome: 'Nome Corrigido' });
  });
});
