import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { isoToBr, todayIso } from '../../src/shared/dates';
import type { ContaProtocolo } from '../../src/shared/faturamento/conta';
import { DIGITACAO_MSG, type AutorizacaoParaAtender, type FaturaDigitada, type FaturaDigitadaLinha, type ProtocoloGerado } from '../../src/shared/faturamento/digitacao';
import { APP_MSG } from '../../src/shared/messages';
import { formatMoney } from '../../src/shared/money';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Flow 1 typed in the portal: Atender Autorização (by senha, pre-filled from the authorization), Digitar Faturas and
 * Encerrar Fatura / Gerar Protocolo. Exact totals in centavos; every refusal with its message and field, and nothing
 * stored; the idempotency key; the provider only its own; the protocol of typed bills reviewed like an imported lot's.
 */

type Quem = 'prestador' | 'prestadoradm' | 'operadora' | 'beneficiario' | 'auditor';
let t: TestApp;
const tokens = {} as Record<Quem, string>;
const quem = (k: Quem) => as(t.app, tokens[k]);
const db = () => t.ctx.db;
let p1: number;
let p2: number;
let benef: { id: number; carteirinha: string }[];
let procs: { id: number; codigo: string }[];
const hoje = todayIso();
const diasAtras = (n: number) => new Date(Date.parse(`${hoje}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** An existing authorization rewritten into the case a test needs, with its items. */
async function autorizacao(o: { senha: string; tipo: string; status: number; prestador: number; benef: number; itens: [number, number, number][] }): Promise<number> {
  const [a] = await query<{ id: number }>(
    db(),
    sql`update autorizacoes set tipo = ${o.tipo}, status = ${o.status}, senha = ${o.senha}, prestador_id = ${o.prestador}, prestador_executante_id = null, beneficiario_id = ${o.benef},
          data_autorizacao = ${diasAtras(10)}, validade_senha = ${diasAtras(-20)}
        where id = (select id from autorizacoes where senha is null or senha not like 'DIG%' order by id limit 1 offset 20) returning id`,
  );
  await db().execute(sql`delete from autorizacao_itens where autorizacao_id = ${a.id}`);
  for (const [i, [proc, qtd, valor]] of o.itens.entries()) {
    await db().execute(sql`insert into autorizacao_itens (autorizacao_id, seq, tabela, codigo, descricao, quantidade_solicitada, quantidade_autorizada, valor_centavos)
      select ${a.id}, ${i + 1}, '22', codigo, descricao, ${qtd}, ${qtd}, ${valor} from procedimentos where id = ${procs[proc].id}`);
  }
  return a.id;
}

const contagem = async () =>
  (await query<{ f: number; i: number; p: number; g: number }>(
    db(),
    sql`select (select count(*)::int from faturas_digitadas) as f, (select count(*)::int from faturas_digitadas_itens) as i,
          (select count(*)::int from protocolos_recebimento) as p, (select count(*)::int from guias_faturadas) as g`,
  ))[0];

const profissional = { conselho: 'CRM', numero: '12345', uf: 'mg', cbo: '225125', nome: 'Dra. Helena Prado' };
const sadt = (over: Record<string, unknown> = {}) => ({
  tipoGuia: 'SP-SADT',
  senha: 'DIG0001',
  numeroGuiaPrestador: 'G-100',
  dataAtendimento: isoToBr(diasAtras(2)),
  profissional,
  itens: [
    { codigo: procs[0].codigo, data: isoToBr(diasAtras(2)), quantidade: 1, valorUnitario: '120,00' },
    { codigo: procs[1].codigo, data: diasAtras(1), quantidade: 2, valorUnitario: 87_45 },
  ],
  ...over,
});
const post = (who: Quem, url: string, payload: unknown, chave?: string) =>
  quem(who)({ method: 'POST', url, payload: payload as object, headers: chave ? { 'idempotency-key': chave } : {} });

beforeAll(async () => {
  t = await startTestApp();
  for (const k of ['prestador', 'prestadoradm', 'operadora', 'beneficiario', 'auditor'] as Quem[]) tokens[k] = await loginAs(t.app, k);
  [{ id: p1 }] = await query<{ id: number }>(db(), sql`select p.id from prestadores p join usuarios u on u.prestador_id = p.id where u.login = 'prestador'`);
  [{ id: p2 }] = await query<{ id: number }>(db(), sql`select id from prestadores where id <> ${p1} order by id limit 1`);
  benef = await query(db(), sql`select id, carteirinha from beneficiarios where situacao = 'ATIVO' order by id limit 3`);
  procs = await query(db(), sql`select id, codigo from procedimentos where coalesce(sexo, '') not in ('M', 'F') and codigo ~ '^[0-9]{8}$' order by codigo limit 4`);
  await autorizacao({ senha: 'DIG0001', tipo: 'SP_SADT', status: 1, prestador: p1, benef: benef[0].id, itens: [[0, 1, 120_00], [1, 2, 87_45]] });
  await autorizacao({ senha: 'DIG0002', tipo: 'SP_SADT', status: 1, prestador: p2, benef: benef[1].id, itens: [[2, 1, 55_10]] });
  await autorizacao({ senha: 'DIG0003', tipo: 'SP_SADT', status: 3, prestador: p1, benef: benef[0].id, itens: [[0, 1, 10_00]] });
  await autorizacao({ senha: 'DIG0004', tipo: 'CONSULTA', status: 7, prestador: p1, benef: benef[1].id, itens: [[3, 1, 150_00]] });
  await autorizacao({ senha: 'DIG0005', tipo: 'INTERNACAO', status: 1, prestador: p1, benef: benef[2].id, itens: [[0, 1, 10_00]] });
}, 120_000);
afterAll(() => t?.close());

describe('Atender Autorização: the authorization of a senha, pre-filling the execution', () => {
  it('answers the provider its own authorized guide, with the authorized items and values', async () => {
    const r = await quem('prestador')({ method: 'GET', url: '/api/faturamento/atendimento/autorizacao?senha=DIG0001' });
    expect(r.statusCode, r.body).toBe(200);
    const a = r.json().result as AutorizacaoParaAtender;
    expect(a).toMatchObject({ senha: 'DIG0001', tipoGuia: 'SP-SADT', prestadorId: p1, beneficiarioId: benef[0].id, numeroCarteira: benef[0].carteirinha, faturas: [] });
    expect(a.itens.map((i) => [i.codigo, i.quantidadeAutorizada, i.valorUnitario])).toEqual([
      [procs[0].codigo, 1, 120_00],
      [procs[1].codigo, 2, 87_45],
    ]);
  });

  it('refuses another provider’s senha, one not authorized, a guide not typed here and an unknown one', async () => {
    const ask = (who: Quem, senha: string) => quem(who)({ method: 'GET', url: `/api/faturamento/atendimento/autorizacao?senha=${senha}` });
    const outro = await ask('prestador', 'DIG0002');
    expect(outro.statusCode).toBe(403);
    expect(alertsOf(outro.body)[0]).toMatchObject({ value: DIGITACAO_MSG.senhaOutroPrestador('DIG0002'), field: 'senha' });
    expect(outro.body).not.toContain(benef[1].carteirinha);
    expect((await ask('prestadoradm', 'DIG0002')).statusCode).toBe(403);
    expect(alertsOf((await ask('prestador', 'DIG0003')).body)[0].value).toBe(DIGITACAO_MSG.naoAutorizada('DIG0003', 'Negado'));
    expect(alertsOf((await ask('prestador', 'DIG0005')).body)[0].value).toBe(DIGITACAO_MSG.tipoNaoDigitado('Internação'));
    const nenhuma = await ask('prestador', 'NAOEXISTE');
    expect(nenhuma.statusCode).toBe(404);
    expect(alertsOf(nenhuma.body)[0].value).toBe(DIGITACAO_MSG.senhaNaoEncontrada('NAOEXISTE'));
    // the operator's staff attend any provider's guide; a beneficiary and the auditor hold no such screen
    expect((await ask('operadora', 'DIG0002')).statusCode).toBe(200);
    expect((await ask('beneficiario', 'DIG0001')).statusCode).toBe(403);
    expect((await ask('auditor', 'DIG0001')).statusCode).toBe(403);
  });
});

let sadtId: number;
let consultaId: number;
describe('registering a typed bill', () => {
  it('stores the execution with exact totals in centavos, once per Idempotency-Key, in the trail', async () => {
    const antes = await contagem();
    const r = await post('prestador', '/api/faturamento/atendimento', sadt(), 'chave-atendimento-0001');
    expect(r.statusCode, r.body).toBe(201);
    const f = r.json().result as FaturaDigitada;
    sadtId = f.id;
    expect(f).toMatchObject({ status: 'ABERTA', prestadorId: p1, senha: 'DIG0001', numeroCarteira: benef[0].carteirinha, dataAtendimento: diasAtras(2), valorInformado: 120_00 + 2 * 87_45 });
    expect(f.profissional).toEqual({ conselho: '06', numero: '12345', uf: 'MG', cbo: '225125', nome: 'Dra. Helena Prado' });
    expect(f.itens.map((i) => [i.sequencial, i.codigo, i.quantidade, i.valorUnitario, i.valorTotal, i.foraDaAutorizacao])).toEqual([
      [1, procs[0].codigo, 1, 120_00, 120_00, false],
      [2, procs[1].codigo, 2, 87_45, 174_90, false],
    ]);
    // the same key again: the same bill, nothing new
    const de_novo = await post('prestador', '/api/faturamento/atendimento', sadt(), 'chave-atendimento-0001');
    expect(de_novo.statusCode, de_novo.body).toBe(200);
    expect(de_novo.json().result.id).toBe(sadtId);
    const depois = await contagem();
    expect([depois.f - antes.f, depois.i - antes.i]).toEqual([1, 2]);
    const [trilha] = await query<{ depois: { valorInformado: number; autorizacao: string } }>(db(), sql`select depois from trilha_eventos where entidade = 'faturadigitada' and registro_id = ${String(sadtId)}`);
    const [aut] = await query<{ numero: string }>(db(), sql`select numero from autorizacoes where senha = 'DIG0001'`);
    expect(trilha.depois).toMatchObject({ valorInformado: 294_90, autorizacao: aut.numero });
    // the authorization now shows the bill typed for it
    const a = (await quem('prestador')({ method: 'GET', url: '/api/faturamento/digitadas/autorizacao?senha=DIG0001' })).json().result as AutorizacaoParaAtender;
    expect(a.faturas).toEqual([{ id: sadtId, numeroGuiaPrestador: 'G-100', status: 'ABERTA', protocolo: null }]);
  });

  it('refuses bad input with pt-BR messages beside the field and stores nothing', async () => {
    const antes = await contagem();
    const casos: [Record<string, unknown>, number, string, string][] = [
      [{ numeroGuiaPrestador: 'G-101', itens: [{ codigo: procs[0].codigo, data: diasAtras(2), quantidade: 1, valorUnitario: '10,555' }] }, 400, DIGITACAO_MSG.valor(1), 'itens.0.valorUnitario'],
      [{ numeroGuiaPrestador: 'G-101', itens: [{ codigo: procs[0].codigo, data: diasAtras(2), quantidade: 1, valorUnitario: 1055.5 }] }, 400, DIGITACAO_MSG.valor(1), 'itens.0.valorUnitario'],
      [{ numeroGuiaPrestador: 'G-101', itens: [{ codigo: procs[0].codigo, data: diasAtras(2), quantidade: 1, valorUnitario: 0 }] }, 400, DIGITACAO_MSG.valorZero(1), 'itens.0.valorUnitario'],
      [{ numeroGuiaPrestador: 'G-101', itens: [{ codigo: '99999999', data: diasAtras(2), quantidade: 1, valorUnitario: 100 }] }, 422, DIGITACAO_MSG.procedimento(1, '99999999'), 'itens.0.codigo'],
      [{ numeroGuiaPrestador: 'G-101', senha: 'DIG0002' }, 403, DIGITACAO_MSG.senhaOutroPrestador('DIG0002'), 'senha'],
      [{ numeroGuiaPrestador: 'G-101', numeroCarteira: benef[1].carteirinha }, 422, DIGITACAO_MSG.senhaOutroBeneficiario('DIG0001', benef[1].carteirinha), 'numeroCarteira'],
      [{ numeroGuiaPrestador: 'G-100' }, 422, DIGITACAO_MSG.guiaRepetida('G-100'), 'numeroGuiaPrestador'],
      [{ numeroGuiaPrestador: 'G-101', dataAtendimento: isoToBr(diasAtras(-1)) }, 422, DIGITACAO_MSG.dataFutura, 'dataAtendimento'],
      [{ numeroGuiaPrestador: 'G-101', dataAtendimento: isoToBr(diasAtras(30)) }, 422, DIGITACAO_MSG.antesDaAutorizacao(isoToBr(diasAtras(10))), 'dataAtendimento'],
      [{ numeroGuiaPrestador: 'G-101', senha: null }, 400, DIGITACAO_MSG.sadtSemSenha, 'senha'],
      [{ numeroGuiaPrestador: 'G-101', tipoGuia: 'CONSULTA' }, 400, DIGITACAO_MSG.consultaUmItem, 'itens'],
      [{ numeroGuiaPrestador: 'G-101', profissional: { ...profissional, cbo: '12' } }, 400, DIGITACAO_MSG.cbo, 'profissional.cbo'],
      [{ numeroGuiaPrestador: 'G-101', itens: [] }, 400, DIGITACAO_MSG.itens, 'itens'],
    ];
    for (const [over, status, msg, field] of casos) {
      const r = await post('prestador', '/api/faturamento/atendimento', sadt(over));
      expect(r.statusCode, `${JSON.stringify(over)}: ${r.body}`).toBe(status);
      expect(alertsOf(r.body), JSON.stringify(over)).toContainEqual(expect.objectContaining({ value: msg, field }));
    }
    // a senha of a guide typed elsewhere: the consultation's senha on an SP/SADT guide
    const tipo = await post('prestador', '/api/faturamento/atendimento', sadt({ numeroGuiaPrestador: 'G-101', senha: 'DIG0004' }));
    expect(tipo.statusCode).toBe(422);
    expect(alertsOf(tipo.body)[0]).toMatchObject({ value: DIGITACAO_MSG.tipoDiferente('Consulta'), field: 'tipoGuia' });
    expect(await contagem()).toEqual(antes);
  });

  it('types a consultation by its senha and one without senha by the card; the staff type for any provider', async () => {
    const consulta = await post('prestador', '/api/faturamento/digitadas', {
      tipoGuia: 'CONSULTA',
      senha: 'DIG0004',
      numeroGuiaPrestador: 'C-200',
      dataAtendimento: diasAtras(3),
      profissional,
      itens: [{ codigo: procs[3].codigo, data: diasAtras(3), quantidade: 1, valorUnitario: '150,00' }],
    });
    expect(consulta.statusCode, consulta.body).toBe(201);
    consultaId = consulta.json().result.id;
    const semSenha = await post('prestadoradm', '/api/faturamento/digitadas', {
      tipoGuia: 'CONSULTA',
      numeroCarteira: benef[2].carteirinha,
      numeroGuiaPrestador: 'C-201',
      dataAtendimento: diasAtras(1),
      profissional,
      itens: [{ codigo: procs[2].codigo, data: diasAtras(1), quantidade: 1, valorUnitario: '99,90' }],
    });
    expect(semSenha.statusCode, semSenha.body).toBe(201);
    expect(semSenha.json().result).toMatchObject({ prestadorId: p1, beneficiarioId: benef[2].id, senha: null, valorInformado: 99_90 });
    // an unknown card is refused
    const carteira = await post('prestador', '/api/faturamento/digitadas', { ...semSenha.json().result, tipoGuia: 'CONSULTA', numeroCarteira: '99999999999999', numeroGuiaPrestador: 'C-202', profissional, itens: [{ codigo: procs[2].codigo, data: diasAtras(1), quantidade: 1, valorUnitario: 100 }] });
    expect(alertsOf(carteira.body)[0]).toMatchObject({ value: DIGITACAO_MSG.carteiraDesconhecida('99999999999999'), field: 'numeroCarteira' });
    // the operator types another provider's guide by its senha (the provider comes from the authorization)
    const op = await post('operadora', '/api/faturamento/digitadas', sadt({ senha: 'DIG0002', numeroGuiaPrestador: 'O-300', itens: [{ codigo: procs[2].codigo, data: diasAtras(2), quantidade: 3, valorUnitario: '55,10' }] }));
    expect(op.statusCode, op.body).toBe(201);
    expect(op.json().result).toMatchObject({ prestadorId: p2, valorInformado: 3 * 55_10 });
    // and a consultation without senha needs the provider chosen
    const semPrestador = await post('operadora', '/api/faturamento/digitadas', { tipoGuia: 'CONSULTA', numeroCarteira: benef[2].carteirinha, numeroGuiaPrestador: 'O-301', dataAtendimento: diasAtras(1), profissional, itens: [{ codigo: procs[2].codigo, data: diasAtras(1), quantidade: 1, valorUnitario: 100 }] });
    expect(alertsOf(semPrestador.body)[0]).toMatchObject({ value: DIGITACAO_MSG.prestador, field: 'prestadorId' });
  });

  it('lists each provider only its own bills (the staff every one), with exact totals; a beneficiary is refused', async () => {
    const prest = (await quem('prestador')({ method: 'GET', url: '/api/faturamento/digitadas?limit=200' })).json().result.rows as FaturaDigitadaLinha[];
    expect(prest.length).toBeGreaterThanOrEqual(3);
    expect(new Set(prest.map((r) => r.prestador))).toEqual(new Set([p1]));
    const todas = (await quem('operadora')({ method: 'GET', url: '/api/faturamento/digitadas?limit=200' })).json().result.rows as FaturaDigitadaLinha[];
    expect(new Set(todas.map((r) => r.prestador))).toEqual(new Set([p1, p2]));
    const resumo = (await quem('prestador')({ method: 'GET', url: '/api/faturamento/digitadas/resumo?situacao=ABERTA' })).json().result;
    expect(resumo).toMatchObject({ total: 3, totals: { valorInformado: 294_90 + 150_00 + 99_90 } });
    const doOutro = todas.find((r) => r.prestador === p2)!;
    const ler = await quem('prestador')({ method: 'GET', url: `/api/faturamento/digitadas/${doOutro.id}` });
    expect(ler.statusCode).toBe(403);
    expect(ler.body).not.toContain(doOutro.numeroCarteira);
    expect((await quem('beneficiario')({ method: 'GET', url: '/api/faturamento/digitadas' })).statusCode).toBe(403);
    expect((await quem('beneficiario')({ method: 'POST', url: '/api/faturamento/digitadas', payload: sadt({ numeroGuiaPrestador: 'B-1' }) })).statusCode).toBe(403);
  });

  it('cancels an open bill once (version checked), which frees its guide number', async () => {
    const r = await post('prestador', '/api/faturamento/digitadas', sadt({ numeroGuiaPrestador: 'G-CANC' }));
    expect(r.statusCode, r.body).toBe(201);
    const f = r.json().result as FaturaDigitada;
    const velha = await post('prestador', `/api/faturamento/digitadas/${f.id}/cancelamento`, { version: f.version + 1 });
    expect(velha.statusCode).toBe(409);
    expect(alertsOf(velha.body)[0].value).toBe(APP_MSG.conflito);
    const c = await post('prestador', `/api/faturamento/digitadas/${f.id}/cancelamento`, { version: f.version });
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().result.status).toBe('CANCELADA');
    const outra = await post('prestador', `/api/faturamento/digitadas/${f.id}/cancelamento`, { version: c.json().result.version });
    expect(outra.statusCode).toBe(409);
    expect(alertsOf(outra.body)[0].value).toBe(DIGITACAO_MSG.naoAberta);
    expect((await post('prestador', '/api/faturamento/digitadas', sadt({ numeroGuiaPrestador: 'G-CANC' }))).statusCode).toBe(201);
    expect(alertsOf((await post('prestador', `/api/faturamento/digitadas/${f.id}/cancelamento`, { version: 1 })).body)[0].value).toBe(DIGITACAO_MSG.naoAberta);
  });
});

let protocolo: ProtocoloGerado;
describe('Encerrar Fatura / Gerar Protocolo', () => {
  it('lists the provider’s open bills; the staff first the providers that have some', async () => {
    const r = (await quem('prestador')({ method: 'GET', url: '/api/faturamento/faturas-abertas' })).json().result;
    expect(r.prestador.id).toBe(p1);
    expect(r.prestadores).toEqual([]);
    expect((r.faturas as FaturaDigitadaLinha[]).every((f) => f.prestador === p1 && f.status === 'ABERTA')).toBe(true);
    const op = (await quem('operadora')({ method: 'GET', url: '/api/faturamento/faturas-abertas' })).json().result;
    expect(op.prestador).toBeNull();
    expect((op.prestadores as { id: number }[]).map((p) => p.id).sort()).toEqual([p1, p2].sort());
    const dele = (await quem('operadora')({ method: 'GET', url: `/api/faturamento/faturas-abertas?prestadorId=${p2}` })).json().result;
    expect((dele.faturas as FaturaDigitadaLinha[]).map((f) => f.numeroGuiaPrestador)).toEqual(['O-300']);
  });

  it('refuses mixing guide types, another provider’s bill or a bill not open, storing nothing', async () => {
    const antes = await contagem();
    const mistura = await post('prestador', '/api/faturamento/faturas-abertas/protocolo', { faturas: [sadtId, consultaId] });
    expect(mistura.statusCode).toBe(422);
    expect(alertsOf(mistura.body)[0].value).toBe(DIGITACAO_MSG.tiposDiferentes);
    const [outra] = await query<{ id: number }>(db(), sql`select id from faturas_digitadas where prestador_id = ${p2} limit 1`);
    const alheia = await post('prestador', '/api/faturamento/faturas-abertas/protocolo', { faturas: [sadtId, outra.id] });
    expect(alheia.statusCode).toBe(403);
    expect(alheia.body).not.toContain('O-300');
    expect(alertsOf(alheia.body)[0].value).toBe(DIGITACAO_MSG.faturaAlheia(outra.id));
    expect((await post('prestador', '/api/faturamento/faturas-abertas/protocolo', { faturas: [] })).statusCode).toBe(400);
    expect(await contagem()).toEqual(antes);
  });

  it('closes the bills into one protocol stored like an imported lot, once per key, reviewed the same way', async () => {
    const [cancelada] = await query<{ id: number }>(db(), sql`select id from faturas_digitadas where numero_guia_prestador = 'G-CANC' and status = 'ABERTA'`);
    const r = await post('prestador', '/api/faturamento/faturas-abertas/protocolo', { faturas: [sadtId, cancelada.id] }, 'chave-protocolo-0001');
    expect(r.statusCode, r.body).toBe(201);
    protocolo = r.json().result;
    expect(protocolo).toMatchObject({ tipoGuia: 'SP-SADT', guias: 2, itens: 4, valorInformado: 2 * 294_90 });
    expect(protocolo.numero).toMatch(/^\d{12}$/);
    const de_novo = await post('prestador', '/api/faturamento/faturas-abertas/protocolo', { faturas: [sadtId, cancelada.id] }, 'chave-protocolo-0001');
    expect(de_novo.statusCode).toBe(200);
    expect(de_novo.json().result.id).toBe(protocolo.id);
    const [p] = await query<{ origem: string; numero_lote: string; status: string; qtd_guias: number; valor: string }>(
      db(),
      sql`select origem, numero_lote, status, qtd_guias, valor_informado_centavos::text as valor from protocolos_recebimento where id = ${protocolo.id}`,
    );
    expect(p).toEqual({ origem: 'PORTAL', numero_lote: protocolo.numero, status: '1', qtd_guias: 2, valor: String(2 * 294_90) });
    const f = (await quem('prestador')({ method: 'GET', url: `/api/faturamento/digitadas/${sadtId}` })).json().result as FaturaDigitada;
    expect(f).toMatchObject({ status: 'PROTOCOLADA', protocolo: { id: protocolo.id, numero: protocolo.numero } });
    // a bill already in a protocol is not closed again
    const outra = await post('prestador', '/api/faturamento/faturas-abertas/protocolo', { faturas: [sadtId] });
    expect(alertsOf(outra.body)[0].value).toBe(DIGITACAO_MSG.faturaIndisponivel(sadtId));

    // the review reads it as any received protocol: guides, items, exact totals, the automatic proposals
    const conta = (await quem('operadora')({ method: 'GET', url: `/api/faturamento/protocolos/${protocolo.id}/conta` })).json().result as ContaProtocolo;
    expect(conta.guias.map((g) => [g.numeroGuiaPrestador, g.senha, g.numeroCarteira, g.valorInformado, g.itens.length])).toEqual([
      ['G-100', 'DIG0001', benef[0].carteirinha, 294_90, 2],
      ['G-CANC', 'DIG0001', benef[0].carteirinha, 294_90, 2],
    ]);
    expect(conta.totais).toMatchObject({ valorInformado: 589_80, itens: 4, decididos: 0 });
    expect(conta).toMatchObject({ origem: 'PORTAL', numeroLote: protocolo.numero, tipoGuia: 'SP-SADT', status: '1', podeAnalisar: true });
    // the same procedure on the same day for the same beneficiary, twice: the second guide is proposed 1702
    expect(conta.guias[0].itens.map((i) => i.glosaProposta)).toEqual([null, null]);
    expect(conta.guias[1].itens.map((i) => i.glosaProposta)).toEqual(['1702', '1702']);
    const item = conta.guias[0].itens[1];
    const analise = await quem('operadora')({ method: 'PUT', url: `/api/faturamento/itens/${item.id}/analise`, payload: { version: item.version, glosaCodigo: '1705', valorGlosa: 20_00, justificativa: 'Valor acima do contratado.' } });
    expect(analise.statusCode, analise.body).toBe(200);
    expect(analise.json().result).toMatchObject({ valorLiberado: 154_90, valorGlosa: 20_00 });
    // the provider sees its protocol in the received list
    const lista = (await quem('prestador')({ method: 'GET', url: `/api/faturamento/protocolos?numero=${protocolo.numero}` })).json().result.rows;
    expect(lista).toHaveLength(1);
  });

  it('gives the receipt PDF of a protocol of typed bills to its provider only', async () => {
    const url = `/api/faturamento/faturas-abertas/protocolo/${protocolo.id}/comprovante.pdf`;
    const r = await quem('prestador')({ method: 'GET', url });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'digitacao-'));
    writeFileSync(join(dir, 'c.pdf'), r.rawPayload);
    const texto = execFileSync('pdftotext', ['-layout', join(dir, 'c.pdf'), '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
    expect(texto).toContain(protocolo.numero);
    expect(texto).toContain('Faturas digitadas no portal');
    expect(texto).toContain(formatMoney(589_80).replace(/\u00a0/g, ' '));
    expect(texto).toContain('G-CANC');
    expect((await quem('beneficiario')({ method: 'GET', url })).statusCode).toBe(403);
    // the staff close another provider's bill; its receipt is not the demo provider's to read
    const [o300] = await query<{ id: number }>(db(), sql`select id from faturas_digitadas where numero_guia_prestador = 'O-300'`);
    const doOutro = await post('operadora', '/api/faturamento/faturas-abertas/protocolo', { faturas: [o300.id] });
    expect(doOutro.statusCode, doOutro.body).toBe(201);
    const alheio = `/api/faturamento/faturas-abertas/protocolo/${doOutro.json().result.id}/comprovante.pdf`;
    expect((await quem('operadora')({ method: 'GET', url: alheio })).statusCode).toBe(200);
    const negado = await quem('prestador')({ method: 'GET', url: alheio });
    expect(negado.statusCode).toBe(403);
    expect(negado.body).not.toContain('%PDF');
  });

  it('the attendance control says what became of each authorized guide, per provider', async () => {
    const ler = async (who: Quem, q: string) => (await quem(who)({ method: 'GET', url: `/api/faturamento/atendimento-controle?${q}` })).json().result.rows as { senha: string; situacao: string; protocolo: string | null; valorFaturado: number | null; prestador: number }[];
    expect((await ler('prestador', 'senha=DIG0001'))[0]).toMatchObject({ situacao: 'FATURADA', protocolo: protocolo.numero });
    expect((await ler('prestador', 'senha=DIG0004'))[0]).toMatchObject({ situacao: 'ATENDIDA', protocolo: null, valorFaturado: 150_00 });
    expect(await ler('prestador', 'senha=DIG0002')).toEqual([]);
    expect((await ler('operadora', 'senha=DIG0002'))[0]).toMatchObject({ situacao: 'FATURADA', prestador: p2, valorFaturado: 3 * 55_10 });
    const todos = await ler('prestador', 'limit=500');
    expect(todos.every((r) => r.prestador === p1)).toBe(true);
    const faturadas = await ler('operadora', `situacao=FATURADA&protocolo=${protocolo.numero}`);
    expect(faturadas.map((r) => r.senha)).toEqual(['DIG0001']);
    expect((await quem('beneficiario')({ method: 'GET', url: '/api/faturamento/atendimento-controle' })).statusCode).toBe(403);
  });
});
