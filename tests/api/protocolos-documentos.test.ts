import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { DEMO_PESSOAS } from '../../src/server/db/seed/people';
import type { ListNeighbors, ListPage, ListSummary } from '../../src/shared/lists/types';
import { APP_MSG } from '../../src/shared/messages';
import { hojeSaoPaulo, msgTransicaoRecusada, type ProtocoloDetalhe, type ProtocoloLinha } from '../../src/shared/protocolos';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Protocolos de Documentos (/principal/protocolos-documentos): registering a received document (the shared schema on
 * the server: pt-BR refusals by field), the protocol number (AAAA/NNNNNN, unique under parallel registrations), the
 * transitions of the shared table with the history, the 409 of a stale version and the trail; the list (each filter,
 * the invalid ones, order and pages, summary and neighbours) and who may reach any of it.
 */

let t: TestApp;
let op: ReturnType<typeof as>;
let setores: Record<string, number>;
let titularId: number;
const ANO = hojeSaoPaulo().slice(0, 4);
const NUMERO = /^\d{4}\/\d{6}$/;

const base = () => ({
  remetenteTipo: 'BENEFICIARIO',
  beneficiarioId: titularId,
  tipoDocumento: 'REQUERIMENTO',
  assunto: 'Segunda via do contrato de adesão',
  setorId: setores.Cadastro,
  folhas: 2,
  recebidoEm: '10/03/2025',
  canal: 'PRESENCIAL',
});
const registrar = async (body: Record<string, unknown>, call = op) => {
  const res = await call({ method: 'POST', url: '/api/protocolos-documentos', payload: body });
  return { status: res.statusCode, body: res.body, d: (res.statusCode === 201 ? res.json().result : undefined) as ProtocoloDetalhe };
};
const tramitar = (id: number, body: Record<string, unknown>, call = op) => call({ method: 'POST', url: `/api/protocolos-documentos/${id}/tramitacao`, payload: body });
const lista = async (qs = '', call = op) => {
  const res = await call({ method: 'GET', url: `/api/protocolos-documentos${qs ? `?${qs}` : ''}` });
  return { status: res.statusCode, body: res.body, page: (res.statusCode === 200 ? res.json().result : undefined) as ListPage<ProtocoloLinha> };
};
const idsOf = async (qs: string) => {
  const l = await lista(`${qs}${qs ? '&' : ''}limit=500`);
  expect(l.status, l.body).toBe(200);
  return l.page.rows.map((r) => r.id);
};
const campo = (body: string) => alertsOf(body).map((a) => [a.field, a.value]);

beforeAll(async () => {
  t = await startTestApp();
  op = as(t.app, await loginAs(t.app, 'operadora'));
  setores = Object.fromEntries((await query<{ id: number; descricao: string }>(t.database.db, sql`select id, descricao from setores_empresa`)).map((s) => [s.descricao, s.id]));
  [{ id: titularId }] = await query<{ id: number }>(t.database.db, sql`select id from beneficiarios where cpf = ${DEMO_PESSOAS.titular.cpf}`);
}, 60_000);
afterAll(() => t.close());

describe('the demo protocols', () => {
  it('are numbered in the order they came in, each with a history that ends in its status', async () => {
    const rows = await query<{ id: number; numero: string; status: string; version: number; recebido_em: string; ultimo: string; passos: number }>(
      t.database.db,
      sql`select p.id, p.numero, p.status, p.version, p.recebido_em::text, count(h.id)::int as passos,
          (select h2.para from protocolo_historico h2 where h2.protocolo_id = p.id order by h2.em desc, h2.id desc limit 1) as ultimo
        from protocolos_documentos p join protocolo_historico h on h.protocolo_id = p.id group by p.id order by p.id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const r of rows) {
      expect(r.numero).toMatch(NUMERO);
      expect(r.ultimo, r.numero).toBe(r.status);
      expect(r.version, r.numero).toBe(r.passos);
      expect(r.recebido_em <= hojeSaoPaulo()).toBe(true);
    }
    // every status of the table is shown somewhere; numbers follow the order of arrival
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['PROTOCOLADO', 'EM_ANALISE', 'CONCLUIDO', 'DEVOLVIDO', 'CANCELADO']));
    const porNumero = [...rows].sort((a, b) => a.numero.localeCompare(b.numero));
    expect(porNumero.map((r) => r.recebido_em)).toEqual([...porNumero.map((r) => r.recebido_em)].sort());
  });
});

describe('registering a document', () => {
  it('answers 201 with the number, the sender read from the registry, the first history step and a trail entry', async () => {
    const { status, body, d } = await registrar({ ...base(), observacao: 'Entregue no balcão.' });
    expect(status, body).toBe(201);
    expect(alertsOf(body)[0]).toMatchObject({ type: 'success', value: `Documento protocolado sob o nº ${d.numero}.` });
    expect(d.numero).toMatch(new RegExp(`^${ANO}/\\d{6}$`));
    expect(d).toMatchObject({
      status: 'PROTOCOLADO',
      remetenteTipo: 'BENEFICIARIO',
      remetenteNome: DEMO_PESSOAS.titular.nome,
      remetenteDocumento: DEMO_PESSOAS.titular.cpf,
      beneficiarioId: titularId,
      prestadorId: null,
      setor: setores.Cadastro,
      setorNome: 'Cadastro',
      folhas: 2,
      recebidoEm: '2025-03-10',
      canal: 'PRESENCIAL',
      observacao: 'Entregue no balcão.',
      criadoPor: 'Olívia Operadora',
      version: 1,
    });
    expect(d.remetenteCodigo).toMatch(/^\d{16}$/);
    expect(d.historico).toEqual([expect.objectContaining({ acao: 'registrar', de: null, para: 'PROTOCOLADO', usuario: 'Olívia Operadora', setorNome: 'Cadastro' })]);
    const trilha = await query<{ acao: string; usuario_login: string; depois: Record<string, unknown> }>(
      t.database.db,
      sql`select acao, usuario_login, depois from trilha_eventos where entidade = 'protocolodocumento' and registro_id = ${String(d.id)}`,
    );
    expect(trilha).toHaveLength(1);
    expect(trilha[0]).toMatchObject({ acao: 'insert', usuario_login: 'operadora', depois: expect.objectContaining({ numero: d.numero, status: 'PROTOCOLADO' }) });
    // the same record read back
    const get = await op({ method: 'GET', url: `/api/protocolos-documentos/${d.id}` });
    expect(get.statusCode).toBe(200);
    expect(get.json().result).toEqual(d);
  });

  it('takes a company or someone else written in, with a valid CPF or CNPJ; a provider from its registry', async () => {
    const empresa = await registrar({ ...base(), remetenteTipo: 'EMPRESA', beneficiarioId: undefined, remetenteNome: 'Laticínios Serra da Canastra Ltda', remetenteDocumento: '11.222.333/0001-81' });
    expect(empresa.status, empresa.body).toBe(201);
    expect(empresa.d).toMatchObject({ remetenteNome: 'Laticínios Serra da Canastra Ltda', remetenteDocumento: '11222333000181', beneficiarioId: null, remetenteCodigo: null });
    const pessoa = await registrar({ ...base(), remetenteTipo: 'OUTRO', remetenteNome: 'José Antônio Ribeiro', remetenteDocumento: '529.982.247-25' });
    expect(pessoa.status, pessoa.body).toBe(201);
    // what belongs to another kind of sender is dropped
    expect(pessoa.d).toMatchObject({ remetenteDocumento: '52998224725', beneficiarioId: null });
    const [p] = await query<{ id: number; nome: string; codigo: string }>(t.database.db, sql`select id, nome, codigo from prestadores where codigo = ${DEMO_PESSOAS.prestador.codigo}`);
    const prest = await registrar({ ...base(), remetenteTipo: 'PRESTADOR', prestadorId: p.id, remetenteNome: 'ignorado' });
    expect(prest.status, prest.body).toBe(201);
    expect(prest.d).toMatchObject({ remetenteNome: p.nome, remetenteDocumento: DEMO_PESSOAS.prestador.cnpj, remetenteCodigo: p.codigo, prestadorId: p.id, beneficiarioId: null });
  });

  it('refuses what is wrong, field by field, in pt-BR, and writes nothing', async () => {
    const [{ n: antes }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from protocolos_documentos`);
    const amanha = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const casos: [Record<string, unknown>, string, string][] = [
      [{ assunto: '  ' }, 'assunto', 'Informe o assunto.'],
      [{ assunto: 'x'.repeat(201) }, 'assunto', 'Assunto: no máximo 200 caracteres.'],
      [{ folhas: 0 }, 'folhas', 'O documento tem ao menos 1 folha.'],
      [{ folhas: 1000 }, 'folhas', 'No máximo 999 folhas por protocolo.'],
      [{ folhas: 2.5 }, 'folhas', 'Número de folhas inválido.'],
      [{ recebidoEm: amanha }, 'recebidoEm', 'A data de recebimento não pode ser futura.'],
      [{ recebidoEm: '31/02/2025' }, 'recebidoEm', 'Data de recebimento inválida. Use DD/MM/AAAA.'],
      [{ tipoDocumento: 'CARTA' }, 'tipoDocumento', 'Informe o tipo de documento.'],
      [{ canal: 'FAX' }, 'canal', 'Informe o canal de recebimento.'],
      [{ setorId: undefined }, 'setorId', 'Informe o setor de destino.'],
      [{ beneficiarioId: undefined }, 'beneficiarioId', 'Escolha o beneficiário remetente.'],
      [{ remetenteTipo: 'PRESTADOR' }, 'prestadorId', 'Escolha o prestador remetente.'],
      [{ remetenteTipo: 'EMPRESA', remetenteDocumento: '11.222.333/0001-81' }, 'remetenteNome', 'Informe a razão social da empresa.'],
      [{ remetenteTipo: 'EMPRESA', remetenteNome: 'Empresa X', remetenteDocumento: '11.222.333/0001-82' }, 'remetenteDocumento', 'CNPJ inválido: os dígitos verificadores não conferem.'],
      [{ remetenteTipo: 'EMPRESA', remetenteNome: 'Empresa X', remetenteDocumento: '529.982.247-25' }, 'remetenteDocumento', 'CNPJ inválido. Use o formato 00.000.000/0000-00.'],
      [{ remetenteTipo: 'OUTRO', remetenteNome: 'José', remetenteDocumento: '529.982.247-24' }, 'remetenteDocumento', 'CPF inválido: os dígitos verificadores não conferem.'],
      [{ remetenteTipo: 'OUTRO', remetenteNome: 'José', remetenteDocumento: '1234' }, 'remetenteDocumento', 'Informe um CPF (11 dígitos) ou um CNPJ (14 caracteres).'],
      [{ remetenteTipo: 'OUTRO', remetenteNome: 'José' }, 'remetenteDocumento', 'Informe o CPF ou o CNPJ do remetente.'],
      [{ remetenteTipo: 'ANONIMO' }, 'remetenteTipo', 'Informe o tipo de remetente.'],
    ];
    for (const [patch, field, msg] of casos) {
      const r = await registrar({ ...base(), ...patch });
      expect(r.status, `${JSON.stringify(patch)} ${r.body}`).toBe(400);
      expect(campo(r.body), JSON.stringify(patch)).toContainEqual([field, msg]);
    }
    // the server's own checks: a sector or a beneficiary that does not exist
    const semSetor = await registrar({ ...base(), setorId: 999_999 });
    expect(semSetor.status).toBe(400);
    expect(campo(semSetor.body)).toEqual([['setorId', 'Setor de destino não encontrado.']]);
    const semBenef = await registrar({ ...base(), beneficiarioId: 2_000_000_000 });
    expect(campo(semBenef.body)).toEqual([['beneficiarioId', 'Beneficiário não encontrado.']]);
    const [{ n: depois }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from protocolos_documentos`);
    expect(depois).toBe(antes);
  });

  it('gives distinct, consecutive numbers to registrations made at the same moment', async () => {
    const N = 24;
    const results = await Promise.all(Array.from({ length: N }, (_, k) => registrar({ ...base(), assunto: `Ofício em lote ${k + 1}` })));
    for (const r of results) expect(r.status, r.body).toBe(201);
    const numeros = results.map((r) => r.d.numero);
    expect(new Set(numeros).size).toBe(N);
    const seqs = numeros.map((n) => Number(n.slice(5))).sort((a, b) => a - b);
    expect(seqs.at(-1)! - seqs[0]).toBe(N - 1);
    // the counter holds the last number given this year
    const [{ ultimo }] = await query<{ ultimo: number }>(t.database.db, sql`select ultimo from protocolo_numeracao where ano = ${Number(ANO)}`);
    const [{ max }] = await query<{ max: string }>(t.database.db, sql`select max(numero) as max from protocolos_documentos where numero like ${`${ANO}/%`}`);
    expect(Number(max.slice(5))).toBe(Number(ultimo));
  });
});

describe('the transitions', () => {
  it('forwards (to another sector), concludes, then refuses any other step with the table’s message; each step in the history and the trail', async () => {
    const { d } = await registrar(base());
    const enc = await tramitar(d.id, { acao: 'encaminhar', version: 1, setorId: setores.Financeiro, nota: 'Conferir boleto anexo.' });
    expect(enc.statusCode, enc.body).toBe(200);
    expect(alertsOf(enc.body)[0].value).toBe(`Protocolo ${d.numero} encaminhado ao setor Financeiro.`);
    expect(enc.json().result).toMatchObject({ status: 'EM_ANALISE', setor: setores.Financeiro, setorNome: 'Financeiro', version: 2 });
    const fim = await tramitar(d.id, { acao: 'concluir', version: 2, nota: 'Segunda via enviada por e-mail.' });
    expect(fim.statusCode, fim.body).toBe(200);
    const r = fim.json().result as ProtocoloDetalhe;
    expect(r).toMatchObject({ status: 'CONCLUIDO', version: 3 });
    expect(r.historico.map((h) => [h.acao, h.de, h.para, h.nota, h.setorNome])).toEqual([
      ['registrar', null, 'PROTOCOLADO', null, 'Cadastro'],
      ['encaminhar', 'PROTOCOLADO', 'EM_ANALISE', 'Conferir boleto anexo.', 'Financeiro'],
      ['concluir', 'EM_ANALISE', 'CONCLUIDO', 'Segunda via enviada por e-mail.', null],
    ]);
    for (const acao of ['encaminhar', 'concluir', 'devolver', 'cancelar'] as const) {
      const x = await tramitar(d.id, { acao, version: 3, nota: 'tentativa' });
      expect(x.statusCode, `${acao} ${x.body}`).toBe(422);
      expect(alertsOf(x.body)[0].value).toBe(msgTransicaoRecusada(acao, 'CONCLUIDO'));
    }
    const trilha = await query<{ acao: string; antes: Record<string, unknown>; depois: Record<string, unknown> }>(
      t.database.db,
      sql`select acao, antes, depois from trilha_eventos where entidade = 'protocolodocumento' and registro_id = ${String(d.id)} order by id`,
    );
    expect(trilha.map((e) => e.acao)).toEqual(['insert', 'update', 'update']);
    expect(trilha[1].antes).toMatchObject({ status: 'PROTOCOLADO', setorId: setores.Cadastro });
    expect(trilha[1].depois).toMatchObject({ status: 'EM_ANALISE', setorId: setores.Financeiro, acao: 'encaminhar' });
  });

  it('returns and cancels only with a reason; cancels from Protocolado; a protocol not yet forwarded cannot be concluded', async () => {
    const { d } = await registrar(base());
    const concluir = await tramitar(d.id, { acao: 'concluir', version: 1 });
    expect(concluir.statusCode).toBe(422);
    expect(alertsOf(concluir.body)[0].value).toBe('Não é possível concluir um protocolo com status "Protocolado".');
    const devolver = await tramitar(d.id, { acao: 'devolver', version: 1 });
    expect(devolver.statusCode).toBe(400);
    expect(campo(devolver.body)).toEqual([['nota', 'Informe o motivo da devolução.']]);
    const semMotivo = await tramitar(d.id, { acao: 'cancelar', version: 1, nota: '   ' });
    expect(campo(semMotivo.body)).toEqual([['nota', 'Informe o motivo do cancelamento.']]);
    const cancelar = await tramitar(d.id, { acao: 'cancelar', version: 1, nota: 'Documento entregue por engano.' });
    expect(cancelar.statusCode, cancelar.body).toBe(200);
    expect(cancelar.json().result).toMatchObject({ status: 'CANCELADO', motivo: 'Documento entregue por engano.' });

    const outro = (await registrar(base())).d;
    await tramitar(outro.id, { acao: 'encaminhar', version: 1 });
    const dev = await tramitar(outro.id, { acao: 'devolver', version: 2, nota: 'Falta a assinatura do titular.' });
    expect(dev.statusCode, dev.body).toBe(200);
    expect(dev.json().result).toMatchObject({ status: 'DEVOLVIDO', motivo: 'Falta a assinatura do titular.', setor: setores.Cadastro });
  });

  it('answers 409 with the clear message to a stale version and changes nothing', async () => {
    const { d } = await registrar(base());
    const [a, b] = await Promise.all([tramitar(d.id, { acao: 'encaminhar', version: 1 }), tramitar(d.id, { acao: 'cancelar', version: 1, nota: 'Duplicado.' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const perdeu = a.statusCode === 409 ? a : b;
    expect(alertsOf(perdeu.body)[0].value).toBe(APP_MSG.conflito);
    const atual = (await op({ method: 'GET', url: `/api/protocolos-documentos/${d.id}` })).json().result as ProtocoloDetalhe;
    expect(atual.version).toBe(2);
    expect(atual.historico).toHaveLength(2);
  });

  it('answers 404 for a protocol that does not exist and 400 for a bad id or action', async () => {
    expect((await op({ method: 'GET', url: '/api/protocolos-documentos/999999' })).statusCode).toBe(404);
    expect((await tramitar(999_999, { acao: 'concluir', version: 1 })).statusCode).toBe(404);
    expect((await op({ method: 'GET', url: '/api/protocolos-documentos/abc' })).statusCode).toBe(400);
    const ruim = await tramitar(1, { acao: 'arquivar', version: 1 });
    expect(campo(ruim.body)).toContainEqual(['acao', 'Ação inválida.']);
  });
});

describe('the list', () => {
  const fx: Record<string, ProtocoloDetalhe> = {};
  beforeAll(async () => {
    const r = async (k: string, patch: Record<string, unknown>) => (fx[k] = (await registrar({ ...base(), ...patch })).d);
    await r('jan', { recebidoEm: '15/01/2024', remetenteTipo: 'OUTRO', remetenteNome: 'Conceição Aparecida Gonçalves', remetenteDocumento: '529.982.247-25', tipoDocumento: 'LAUDO', setorId: setores['Auditoria médica'] });
    await r('fev', { recebidoEm: '20/02/2024', remetenteTipo: 'EMPRESA', remetenteNome: 'Construtora Horizonte Azul S.A.', remetenteDocumento: '11.222.333/0001-81', tipoDocumento: 'CONTRATO', setorId: setores.Financeiro });
    await r('fev2', { recebidoEm: '20/02/2024', tipoDocumento: 'RECURSO', setorId: setores.Ouvidoria });
    await tramitar(fx.fev2.id, { acao: 'encaminhar', version: 1 });
  });

  it('lists the latest received first (then the latest registered), with the sector’s name, and pages by cursor', async () => {
    const all = await lista('limit=500');
    expect(all.status, all.body).toBe(200);
    const rows = all.page.rows;
    const [{ n }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from protocolos_documentos`);
    expect(all.page).toMatchObject({ total: n, exact: true });
    const keys = rows.map((r) => `${r.recebidoEm}#${String(r.id).padStart(8, '0')}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(rows.find((r) => r.id === fx.fev.id)).toMatchObject({ setorNome: 'Financeiro', numero: fx.fev.numero, status: 'PROTOCOLADO' });
    const p1 = await lista('limit=3');
    const p2 = await lista(`limit=3&after=${p1.page.next}`);
    expect([...p1.page.rows, ...p2.page.rows].map((r) => r.id)).toEqual(rows.slice(0, 6).map((r) => r.id));
    const back = await lista(`limit=3&before=${p2.page.prev}`);
    expect(back.page.rows.map((r) => r.id)).toEqual(rows.slice(0, 3).map((r) => r.id));
    // sorted by the sender, accents ignored
    const porNome = (await lista('limit=500&sort=remetenteNome.asc')).page.rows.map((r) => r.remetenteNome.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase());
    expect(porNome).toEqual([...porNome].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('filters by number as people type it', async () => {
    const n = fx.jan.numero;
    const [ano, seq] = n.split('/');
    expect(await idsOf(`numero=${encodeURIComponent(n)}`)).toEqual([fx.jan.id]);
    expect(await idsOf(`numero=${ano}${seq}`)).toEqual([fx.jan.id]);
    expect(await idsOf(`numero=${Number(seq)}%2F${ano}`)).toEqual([fx.jan.id]);
    expect(await idsOf(`numero=${Number(seq)}`)).toContain(fx.jan.id);
    expect(await idsOf('numero=abc')).toEqual([]);
  });

  it('filters by any part of the sender’s name, accents and case ignored', async () => {
    expect(await idsOf('remetente=conceicao%20aparecida')).toEqual([fx.jan.id]);
    expect(await idsOf(`remetente=${encodeURIComponent('GONÇALVES')}`)).toEqual([fx.jan.id]);
    expect(await idsOf('remetente=horizonte%20azul')).toEqual([fx.fev.id]);
    const beatriz = await idsOf('remetente=beatriz%20almeida');
    expect(beatriz).toEqual(expect.arrayContaining([fx.fev2.id]));
    expect(await idsOf('remetente=%25')).toEqual([]);
  });

  it('filters by status, sector, type of document and period of receipt (DD/MM/AAAA)', async () => {
    expect(await idsOf('de=01/01/2024&ate=31/01/2024')).toEqual([fx.jan.id]);
    expect(await idsOf('de=20/02/2024&ate=20/02/2024')).toEqual([fx.fev2.id, fx.fev.id]);
    expect(await idsOf('de=20/02/2024&ate=20/02/2024&status=EM_ANALISE')).toEqual([fx.fev2.id]);
    expect(await idsOf('de=01/01/2024&ate=31/12/2024&status=Em%20an%C3%A1lise')).toEqual([fx.fev2.id]);
    expect(await idsOf(`de=01/01/2024&ate=31/12/2024&setor=${setores.Financeiro}`)).toEqual([fx.fev.id]);
    expect(await idsOf('de=01/01/2024&ate=31/12/2024&tipo=LAUDO')).toEqual([fx.jan.id]);
    expect(await idsOf('ate=31/12/2023')).toEqual([]);
    const resumo = await op({ method: 'GET', url: '/api/protocolos-documentos/resumo?de=01/01/2024&ate=31/12/2024' });
    expect((resumo.json().result as ListSummary).total).toBe(3);
    // neighbours in the list's order and filters (the record screen's previous and next)
    const viz = await op({ method: 'GET', url: `/api/protocolos-documentos/vizinhos?de=01/01/2024&ate=31/12/2024&id=${fx.fev.id}` });
    expect(viz.json().result as ListNeighbors).toEqual({ previous: fx.fev2.id, next: fx.jan.id });
  });

  it('refuses invalid filters with the message and the parameter', async () => {
    const casos: [string, string, string][] = [
      ['status=PERDIDO', 'status', 'Selecione uma opção válida em Status.'],
      ['tipo=CARTA', 'tipo', 'Selecione uma opção válida em Tipo de documento.'],
      ['de=31/02/2024', 'de', 'Recebido de: data inválida. Use DD/MM/AAAA.'],
      ['de=10/03/2024&ate=01/03/2024', 'ate', 'O período termina antes de começar.'],
      ['setor=abc', 'setor', ''],
      ['sort=assunto.asc', 'sort', 'Ordenação inválida: assunto.asc.'],
      ['cor=azul', 'cor', 'Filtro inválido: cor.'],
    ];
    for (const [qs, field, msg] of casos) {
      const l = await lista(qs);
      expect(l.status, `${qs} ${l.body}`).toBe(400);
      const a = alertsOf(l.body).find((x) => x.field === field);
      expect(a, `${qs}: ${l.body}`).toBeDefined();
      if (msg) expect(a!.value).toBe(msg);
    }
  });
});

describe('who may reach it', () => {
  it('refuses anyone without the command (403 with the message) and anyone without a session (401)', async () => {
    const { d } = await registrar(base());
    const calls = [
      { method: 'GET' as const, url: '/api/protocolos-documentos' },
      { method: 'GET' as const, url: '/api/protocolos-documentos/resumo' },
      { method: 'GET' as const, url: `/api/protocolos-documentos/vizinhos?id=${d.id}` },
      { method: 'GET' as const, url: `/api/protocolos-documentos/${d.id}` },
      { method: 'GET' as const, url: '/api/protocolos-documentos/beneficiarios?termo=Beatriz' },
      { method: 'POST' as const, url: '/api/protocolos-documentos', payload: base() },
      { method: 'POST' as const, url: `/api/protocolos-documentos/${d.id}/tramitacao`, payload: { acao: 'cancelar', version: 1, nota: 'x' } },
    ];
    for (const login of ['prestador', 'prestadoradm', 'beneficiario', 'dependente', 'auditor', 'ouvidoria', 'ura']) {
      const call = as(t.app, await loginAs(t.app, login));
      for (const c of calls) {
        const res = await call(c);
        expect(res.statusCode, `${login} ${c.method} ${c.url}`).toBe(403);
        expect(alertsOf(res.body)[0].value).toBe(APP_MSG.acessoNegado);
      }
    }
    for (const c of calls) expect((await as(t.app, undefined)(c)).statusCode).toBe(401);
    expect(((await op({ method: 'GET', url: `/api/protocolos-documentos/${d.id}` })).json().result as ProtocoloDetalhe).status).toBe('PROTOCOLADO');
  });

  it('the admin reaches it; nothing secret leaves (password or token hashes)', async () => {
    const admin = as(t.app, await loginAs(t.app, 'admin'));
    const l = await lista('limit=500', admin);
    expect(l.status).toBe(200);
    const one = await admin({ method: 'GET', url: `/api/protocolos-documentos/${l.page.rows[0].id}` });
    for (const body of [l.body, one.body]) expect(body).not.toMatch(/senha|hash|token/i);
  });

  it('finds a beneficiary sender by name, CPF or card for the staff', async () => {
    const porNome = await op({ method: 'GET', url: '/api/protocolos-documentos/beneficiarios?termo=Beatriz%20Almeida' });
    expect(porNome.statusCode).toBe(200);
    expect(porNome.json().result.map((b: { nome: string }) => b.nome)).toContain(DEMO_PESSOAS.titular.nome);
    const porCpf = await op({ method: 'GET', url: `/api/protocolos-documentos/beneficiarios?termo=${DEMO_PESSOAS.titular.cpf}` });
    expect(porCpf.json().result).toEqual([expect.objectContaining({ id: titularId })]);
    const curto = await op({ method: 'GET', url: '/api/protocolos-documentos/beneficiarios?termo=B' });
    expect(campo(curto.body)).toEqual([['termo', 'Digite ao menos 2 caracteres.']]);
  });
});
