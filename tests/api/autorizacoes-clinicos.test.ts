import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import type { AutorizacaoDetalhe } from '../../src/shared/autorizacoes';
import { alertsOf, as, loginAs, sendFile, startTestApp, type TestApp } from './harness';

/**
 * The TISS clinical data of the internação guide and the attachments (quimioterapia, radioterapia, situação inicial
 * odontológica, OPME): required fields, ranges and the rules between fields answered with pt-BR messages per field
 * (clinicos.<campo>), and what was accepted comes back in the request's detail, normalized.
 */

let t: TestApp;
let prestador: string;
let auditor: string;
let benef: number;
let guia: number;
const PROF = { conselho: '06', numero: '771001', uf: 'MG' };

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  const [b] = await query<{ id: number }>(db, sql`select id from beneficiarios where situacao = 'ATIVO' and (fim_carencia is null or fim_carencia < current_date) order by id limit 1`);
  benef = b.id;
  const [esp] = await query<{ id: number }>(db, sql`select id from especialidades order by id limit 1`);
  await db.execute(sql`insert into profissionais (nome, cpf, conselho, numero_conselho, uf_conselho, especialidade, ativo) values ('Dra. Clara Oncologista', '52998224725', 'CRM', '771001', 'MG', ${esp.id}, true)`);
  prestador = await loginAs(t.app, 'prestador');
  auditor = await loginAs(t.app, 'auditor');
  pdf = await sendFile(t.app, prestador);
  // the guide the attachments refer to
  const sadt = await criar('sp-sadt', {});
  expect(sadt.statusCode, sadt.body).toBe(201);
  guia = sadt.json().result.id;
}, 60_000);
afterAll(() => t.close());

let pdf: number;
function pedido(extra: Record<string, unknown>) {
  return {
    beneficiarioId: benef,
    profissional: PROF,
    carater: '1',
    indicacaoClinica: 'Neoplasia maligna em tratamento.',
    itens: [{ tabela: '22', codigo: '40808041', descricao: 'Procedimento solicitado', quantidade: 1 }],
    anexos: [{ arquivoId: pdf, tipoDocumento: '03', tag: 'autorizacao_pedido_medico' }],
    ...extra,
  };
}
const criar = (tipo: string, extra: Record<string, unknown>) => as(t.app, prestador)({ method: 'POST', url: `/api/autorizacoes/tipo/${tipo}`, payload: pedido(extra) });
const campos = (body: string) => Object.fromEntries(alertsOf(body).map((a) => [a.field, a.value]));

const QUIMIO = {
  peso: '72,5',
  altura: 168,
  estadiamento: '2',
  finalidade: '3',
  ecog: '1',
  tipoQuimioterapia: '1',
  planoTerapeutico: 'AC-T: doxorrubicina e ciclofosfamida por 4 ciclos, seguidas de paclitaxel semanal.',
  numeroCiclos: 4,
  cicloAtual: 1,
  intervaloCiclos: 21,
  dataDiagnostico: '10/01/2026',
};

describe('quimioterapia', () => {
  it('refuses the attachment without its clinical data, one message per required field', async () => {
    const res = await criar('anexo-quimio', { referenciaId: guia, cid: 'C509' });
    expect(res.statusCode).toBe(400);
    const m = campos(res.body);
    expect(m['clinicos.peso']).toBe('Informe o peso.');
    expect(m['clinicos.altura']).toBe('Informe a altura.');
    expect(m['clinicos.estadiamento']).toBe('Informe o estadiamento.');
    expect(m['clinicos.finalidade']).toBe('Informe a finalidade do tratamento.');
    expect(m['clinicos.ecog']).toBe('Informe o ECOG.');
    expect(m['clinicos.tipoQuimioterapia']).toBe('Informe o tipo de quimioterapia.');
    expect(m['clinicos.planoTerapeutico']).toBe('Informe o plano terapêutico.');
    expect(m['clinicos.numeroCiclos']).toBe('Informe o número de ciclos.');
    expect(m['clinicos.intervaloCiclos']).toBe('Informe o intervalo entre ciclos.');
    // optional fields are not asked for
    expect(m['clinicos.dataDiagnostico']).toBeUndefined();
    expect(m['clinicos.superficieCorporal']).toBeUndefined();
  });

  it('checks ranges, options and the cycles', async () => {
    const res = await criar('anexo-quimio', {
      referenciaId: guia,
      cid: 'C509',
      clinicos: { ...QUIMIO, peso: 0, altura: 300, ecog: '7', numeroCiclos: 3, cicloAtual: 5, intervaloCiclos: 2.5, dataDiagnostico: '31/02/2026' },
    });
    expect(res.statusCode).toBe(400);
    const m = campos(res.body);
    expect(m['clinicos.peso']).toBe('O peso: no mínimo 1 kg.');
    expect(m['clinicos.altura']).toBe('A altura: no máximo 250 cm.');
    expect(m['clinicos.ecog']).toBe('O ECOG: opção inválida.');
    expect(m['clinicos.intervaloCiclos']).toBe('O intervalo entre ciclos: use um número inteiro.');
    expect(m['clinicos.dataDiagnostico']).toBe('A data do diagnóstico: data inválida (use DD/MM/AAAA).');
    // the rule between fields is checked once the fields themselves are valid
    const ciclos = await criar('anexo-quimio', { referenciaId: guia, cid: 'C509', clinicos: { ...QUIMIO, numeroCiclos: 3, cicloAtual: 5 } });
    expect(ciclos.statusCode).toBe(400);
    expect(campos(ciclos.body)['clinicos.cicloAtual']).toBe('O ciclo atual não pode passar do número de ciclos.');
  });

  it('stores what was accepted, normalized (numbers, ISO dates, body surface by Mosteller), and the auditor reads it', async () => {
    const res = await criar('anexo-quimio', { referenciaId: guia, cid: 'C509', clinicos: QUIMIO });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().result as AutorizacaoDetalhe;
    expect(d.dadosClinicos).toEqual({ ...QUIMIO, peso: 72.5, dataDiagnostico: '2026-01-10', superficieCorporal: 1.84 });
    const lido = await as(t.app, auditor)({ method: 'GET', url: `/api/autorizacoes/${d.id}` });
    expect((lido.json().result as AutorizacaoDetalhe).dadosClinicos).toEqual(d.dadosClinicos);
    // an informed body surface is kept
    const sc = await criar('anexo-quimio', { referenciaId: guia, cid: 'C509', clinicos: { ...QUIMIO, superficieCorporal: '1,9' } });
    expect((sc.json().result as AutorizacaoDetalhe).dadosClinicos?.superficieCorporal).toBe(1.9);
  });
});

describe('radioterapia', () => {
  const RADIO = {
    diagnosticoImagem: 'RM de mama: lesão de 2,1 cm no QSE.',
    estadiamento: '1',
    finalidade: '3',
    ecog: '0',
    numeroCampos: 2,
    dosePorDia: '2,0',
    doseTotal: 50,
    numeroDias: 25,
    dataPrevistaInicio: '2026-12-01',
  };
  it('requires the doses and the start date, the total dose not below the daily one', async () => {
    const falta = await criar('anexo-radio', { referenciaId: guia, cid: 'C509', clinicos: { ...RADIO, dataPrevistaInicio: '', numeroCampos: null } });
    expect(falta.statusCode).toBe(400);
    expect(campos(falta.body)).toMatchObject({ 'clinicos.dataPrevistaInicio': 'Informe a data prevista de início.', 'clinicos.numeroCampos': 'Informe o número de campos.' });
    const dose = await criar('anexo-radio', { referenciaId: guia, cid: 'C509', clinicos: { ...RADIO, doseTotal: 1 } });
    expect(dose.statusCode).toBe(400);
    expect(campos(dose.body)['clinicos.doseTotal']).toBe('A dose total não pode ser menor que a dose por dia.');
    const ok = await criar('anexo-radio', { referenciaId: guia, cid: 'C509', clinicos: RADIO });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((ok.json().result as AutorizacaoDetalhe).dadosClinicos).toMatchObject({ dosePorDia: 2, doseTotal: 50, numeroCampos: 2, dataPrevistaInicio: '2026-12-01' });
  });
});

describe('OPME', () => {
  const MATERIAL = { codigo: '70000000', descricao: 'Parafuso pedicular', opcaoFabricante: '1', fabricante: 'Ortho Brasil', registroAnvisa: '80102511234', quantidade: 4, valor: '1.250,00' };
  it('requires the technical justification and at least one material, each with manufacturer, ANVISA registration and value', async () => {
    const vazio = await criar('anexo-opme', { referenciaId: guia, clinicos: { materiais: [] } });
    expect(vazio.statusCode).toBe(400);
    expect(campos(vazio.body)).toMatchObject({ 'clinicos.justificativaTecnica': 'Informe a justificativa técnica.', 'clinicos.materiais': 'Informe ao menos uma OPME.' });
    const ruim = await criar('anexo-opme', { referenciaId: guia, clinicos: { justificativaTecnica: 'Artrodese lombar.', materiais: [{ ...MATERIAL, registroAnvisa: '123', fabricante: '', valor: 0 }] } });
    expect(ruim.statusCode).toBe(400);
    expect(campos(ruim.body)).toMatchObject({
      'clinicos.materiais.0.registroAnvisa': 'Registro ANVISA inválido (11 a 13 dígitos).',
      'clinicos.materiais.0.fabricante': 'Informe o fabricante.',
      'clinicos.materiais.0.valor': 'O valor unitário: no mínimo R$\u00a00,01.',
    });
    const ok = await criar('anexo-opme', { referenciaId: guia, clinicos: { justificativaTecnica: 'Artrodese lombar L4-L5.', materiais: [MATERIAL] } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((ok.json().result as AutorizacaoDetalhe).dadosClinicos).toEqual({ justificativaTecnica: 'Artrodese lombar L4-L5.', materiais: [{ ...MATERIAL, valor: 125000 }] });
  });
});

describe('situação inicial odontológica', () => {
  it('takes each tooth once (FDI) with its situation', async () => {
    const itens = [{ tabela: '90', codigo: '81000065', descricao: 'Consulta odontológica inicial', quantidade: 1, dente: '16', face: 'O' }];
    const ruim = await criar('anexo-odonto', { referenciaId: guia, itens, clinicos: { dentes: [{ dente: '19', situacao: 'C' }, { dente: '16', situacao: 'X' }] } });
    expect(ruim.statusCode).toBe(400);
    expect(campos(ruim.body)).toMatchObject({ 'clinicos.dentes.0.dente': 'Dente inválido (use o código FDI, ex.: 16).', 'clinicos.dentes.1.situacao': 'A situação do dente: opção inválida.' });
    const dup = await criar('anexo-odonto', { referenciaId: guia, itens, clinicos: { dentes: [{ dente: '16', situacao: 'C' }, { dente: '16', situacao: 'R' }] } });
    expect(campos(dup.body)['clinicos.dentes.1.dente']).toBe('Dente 16 informado mais de uma vez.');
    const ok = await criar('anexo-odonto', { referenciaId: guia, itens, clinicos: { dentes: [{ dente: '16', situacao: 'C' }, { dente: '55', situacao: 'H' }], doencaPeriodontal: true } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((ok.json().result as AutorizacaoDetalhe).dadosClinicos).toEqual({ dentes: [{ dente: '16', situacao: 'C' }, { dente: '55', situacao: 'H' }], doencaPeriodontal: true, alteracaoTecidoMole: false });
  });
});

describe('internação', () => {
  const INT = { tipoInternacao: '2', regimeInternacao: '1', diariasSolicitadas: 3, previsaoOpme: true, previsaoQuimio: false, dataSugerida: '2026-12-10' };
  it('requires type, regime, days and the clinical indication; days between 1 and 365', async () => {
    const falta = await criar('internacao', { cid: 'K359', clinicos: { previsaoOpme: false } });
    expect(falta.statusCode).toBe(400);
    expect(campos(falta.body)).toMatchObject({
      'clinicos.tipoInternacao': 'Informe o tipo de internação.',
      'clinicos.regimeInternacao': 'Informe o regime de internação.',
      'clinicos.diariasSolicitadas': 'Informe a quantidade de diárias solicitadas.',
    });
    const dias = await criar('internacao', { cid: 'K359', clinicos: { ...INT, diariasSolicitadas: 400 } });
    expect(campos(dias.body)['clinicos.diariasSolicitadas']).toBe('A quantidade de diárias solicitadas: no máximo 365.');
    const semIndicacao = await criar('internacao', { cid: 'K359', indicacaoClinica: '', clinicos: INT });
    expect(semIndicacao.statusCode).toBe(400);
    expect(alertsOf(semIndicacao.body)[0]).toMatchObject({ field: 'indicacaoClinica', value: 'Informe a indicação clínica da internação.' });
    const ok = await criar('internacao', { cid: 'K359', clinicos: INT });
    expect(ok.statusCode, ok.body).toBe(201);
    const d = ok.json().result as AutorizacaoDetalhe;
    expect(d.dadosClinicos).toEqual(INT);
    expect(d.cid).toBe('K359');
  });

  it('types without clinical data ignore it', async () => {
    const res = await criar('sp-sadt', { clinicos: { qualquer: 1 } });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json().result as AutorizacaoDetalhe).dadosClinicos).toBeNull();
  });
});
