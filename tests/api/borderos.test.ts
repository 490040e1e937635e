import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { hojeSaoPaulo } from '../../src/shared/atendimentos';
import { isoToBr } from '../../src/shared/dates';
import { formatMoney } from '../../src/shared/money';
import type { ListPage } from '../../src/shared/lists/types';
import { BORDERO_MSG, type Bordero, type PagavelBaixa } from '../../src/shared/pagamentos/bordero';
import type { ReportSummary } from '../../src/shared/relatorios/define';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * The baixa of provider payments (Borderô de Pagamento) and the six reports over the payments paid, on the demo's
 * payments (requested, consolidated and paid by the seed through the services) plus the ones paid and reversed
 * here. Every figure is worked out apart: the raw rows of the borderô lines, payments, withholdings and protocols
 * read with plain SQL and summed in JavaScript.
 */

type Who = ReturnType<typeof as>;
let t: TestApp;
let op: Who;
let adm: Who;
let prest: Who;
let padm: Who;
let benef: Who;
let auditor: Who;
const db = () => t.ctx.db;
const HOJE = hojeSaoPaulo();
const TUDO = `inicio=01/01/2000&termino=${isoToBr(HOJE)}`;
const CONTA = { bancoOrigem: '001', agenciaOrigem: '3064-3', contaOrigem: '40518-4' };
let chaves = 0;
const chave = () => `teste-bordero-${Date.now()}-${++chaves}`;

interface Linha {
  linha: number;
  bordero: string;
  data: string;
  banco_origem: string;
  agencia_origem: string;
  conta_origem: string;
  pagamento: number;
  numero: string;
  competencia: string;
  vencimento: string;
  prestador_id: number;
  nome: string;
  doc: string | null;
  banco: string;
  agencia: string;
  conta: string;
  bruto: number;
  liquido: number;
  retencoes: Record<string, number>;
  codigoIrrf: string | null;
}

/** The live borderô lines as the tables hold them, each with its payment's withholdings by tax. */
async function linhasPagas(): Promise<Linha[]> {
  const ls = await query<Record<string, unknown>>(
    db(),
    sql`select x.id as linha, b.numero as bordero, b.data_credito::text as data, b.banco_origem, b.agencia_origem, b.conta_origem, g.id as pagamento, g.numero, g.competencia,
          g.vencimento::text as vencimento, g.prestador_id, p.nome, coalesce(p.cnpj, p.cpf) as doc, x.banco, x.agencia, x.conta, g.valor_bruto_centavos::text as bruto, x.valor_liquido_centavos::text as liquido
        from bordero_pagamentos x, borderos_pagamento b, pagamentos_prestadores g, prestadores p
        where b.id = x.bordero_id and g.id = x.pagamento_id and p.id = g.prestador_id and x.estornado_em is null and g.estornado_em is null`,
  );
  const rs = await query<{ pagamento_id: number; tributo: string; codigo_receita: string | null; valor: string }>(db(), sql`select pagamento_id, tributo, codigo_receita, valor_centavos::text as valor from retencoes_pagamentos`);
  return ls.map((l) => {
    const minhas = rs.filter((r) => r.pagamento_id === l.pagamento);
    const retencoes: Record<string, number> = {};
    for (const r of minhas) retencoes[r.tributo] = (retencoes[r.tributo] ?? 0) + Number(r.valor);
    return { ...(l as unknown as Linha), bruto: Number(l.bruto), liquido: Number(l.liquido), retencoes, codigoIrrf: minhas.find((r) => r.tributo === 'IRRF')?.codigo_receita ?? null };
  });
}

const rotuloBordero = (l: Linha) => `Borderô ${l.bordero} · crédito em ${isoToBr(l.data)} · conta pagadora ${l.banco_origem} ag. ${l.agencia_origem} c/c ${l.conta_origem}`;
const rotuloPrestador = (l: { nome: string; doc: string | null }) => `${l.nome}${l.doc ? ` · ${l.doc}` : ''}`;
const soma = <T>(xs: T[], f: (x: T) => number) => xs.reduce((a, x) => a + f(x), 0);
const porChave = <T>(xs: T[], k: (x: T) => string) => {
  const m = new Map<string, T[]>();
  for (const x of xs) m.set(k(x), [...(m.get(k(x)) ?? []), x]);
  return m;
};
const resumo = async (who: Who, id: string, filtros: string) => {
  const r = await who({ method: 'GET', url: `/api/relatorios/${id}/grupos?${filtros}` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().result as ReportSummary;
};
const pagina = async (who: Who, id: string, filtros: string) => {
  const r = await who({ method: 'GET', url: `/api/relatorios/${id}?${filtros}&limit=500` });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().result as ListPage<Record<string, unknown>>).rows;
};

/** A payable written as consolidation writes it, with IRRF and ISS withheld, consolidated some days ago. */
async function pagavel(numero: string, prestadorId: number, competencia: string, bruto: number): Promise<number> {
  const irrf = Math.round(bruto * 0.015);
  const iss = Math.round(bruto * 0.05);
  const [{ id }] = await query<{ id: number }>(
    db(),
    sql`insert into pagamentos_prestadores (numero, prestador_id, competencia, qtd_protocolos, valor_bruto_centavos, valor_retencoes_centavos, valor_liquido_centavos, vencimento, consolidado_por, criado_em)
        values (${numero}, ${prestadorId}, ${competencia}, 1, ${bruto}, ${irrf + iss}, ${bruto - irrf - iss}, ${HOJE}, 'Teste', now() - interval '10 days') returning id`,
  );
  await db().execute(sql`insert into retencoes_pagamentos (pagamento_id, tributo, codigo_receita, natureza_rendimento, base_centavos, aliquota, valor_centavos)
    values (${id}, 'IRRF', '1708', '17001', ${bruto}, '1.50', ${irrf}), (${id}, 'ISS', null, '17001', ${bruto}, '5.00', ${iss})`);
  return id;
}

let comConta: { id: number; nome: string; banco: string; agencia: string; conta: string };
let semConta: { id: number; nome: string };
let meu: number;
let meu2: number;
let semContaPag: number;
let seedAPagar: { id: number; numero: string; protocolos: number[] };
/** The borderô paid here (T-BD-1 and a demo payment). */
let bordero: Bordero;

beforeAll(async () => {
  t = await startTestApp();
  op = as(t.app, await loginAs(t.app, 'operadora'));
  adm = as(t.app, await loginAs(t.app, 'admin'));
  prest = as(t.app, await loginAs(t.app, 'prestador'));
  padm = as(t.app, await loginAs(t.app, 'prestadoradm'));
  benef = as(t.app, await loginAs(t.app, 'beneficiario'));
  auditor = as(t.app, await loginAs(t.app, 'auditor'));
  [comConta] = await query<typeof comConta>(
    db(),
    sql`select p.id, p.nome, b.codigo as banco, p.agencia, p.conta from prestadores p join bancos b on b.id = p.banco where p.tipo_pessoa = 'J' and p.agencia is not null and p.conta is not null order by p.id limit 1`,
  );
  [semConta] = await query<typeof semConta>(db(), sql`select id, nome from prestadores where tipo_pessoa = 'J' and id <> ${comConta.id} order by id desc limit 1`);
  await db().execute(sql`update prestadores set banco = null, agencia = null, conta = null where id = ${semConta.id}`);
  meu = await pagavel('T-BD-1', comConta.id, '2026-01', 1_000_00);
  meu2 = await pagavel('T-BD-2', comConta.id, '2026-01', 250_00);
  semContaPag = await pagavel('T-BD-3', semConta.id, '2026-01', 300_00);
  const [s] = await query<{ id: number; numero: string }>(
    db(),
    sql`select g.id, g.numero from pagamentos_prestadores g where g.status = 'A_PAGAR' and g.consolidado_por <> 'Teste' and exists (select 1 from solicitacoes_pagamento s where s.pagamento_id = g.id) order by g.id limit 1`,
  );
  const protocolos = await query<{ id: number }>(db(), sql`select x.protocolo_id as id from solicitacao_pagamento_protocolos x join solicitacoes_pagamento s on s.id = x.solicitacao_id where s.pagamento_id = ${s.id}`);
  seedAPagar = { ...s, protocolos: protocolos.map((p) => p.id) };
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('Borderô de Pagamento: a baixa', () => {
  it('the demo has payments paid in borderôs and some still to pay', async () => {
    expect((await linhasPagas()).length).toBeGreaterThan(5);
    const r = await op({ method: 'GET', url: '/api/pagamentos/borderos/a-pagar' });
    expect(r.statusCode, r.body).toBe(200);
    const lista = r.json().result as PagavelBaixa[];
    expect(lista.map((x) => x.id)).toEqual(expect.arrayContaining([meu, meu2, seedAPagar.id]));
    expect(lista.find((x) => x.id === meu)).toMatchObject({ banco: comConta.banco, agencia: comConta.agencia, conta: comConta.conta, valorLiquido: 1_000_00 - 15_00 - 50_00 });
    expect(lista.find((x) => x.id === semContaPag)).toMatchObject({ banco: null, agencia: null, conta: null });
  });

  it('refuses bad input beside each field, and users outside finance', async () => {
    const vazio = await op({ method: 'POST', url: '/api/pagamentos/borderos', payload: { pagamentos: [], dataCredito: '31/02/2026', bancoOrigem: '1', agenciaOrigem: 'x', contaOrigem: '' } });
    expect(vazio.statusCode).toBe(400);
    const campos = alertsOf(vazio.body).map((a) => [a.field, a.value]);
    expect(campos).toEqual(
      expect.arrayContaining([
        ['pagamentos', BORDERO_MSG.pagamentos],
        ['dataCredito', 'Data do crédito inválida. Use DD/MM/AAAA.'],
        ['bancoOrigem', 'Banco: o código de 3 dígitos (ex.: 001).'],
        ['agenciaOrigem', 'Agência: até 5 dígitos e o dígito verificador (ex.: 3064-3).'],
      ]),
    );
    const futuro = await op({ method: 'POST', url: '/api/pagamentos/borderos', payload: { pagamentos: [meu], dataCredito: '01/01/2099', ...CONTA } });
    expect(alertsOf(futuro.body)).toContainEqual(expect.objectContaining({ field: 'dataCredito', value: BORDERO_MSG.dataFutura }));
    for (const who of [prest, padm, benef, auditor]) {
      expect((await who({ method: 'POST', url: '/api/pagamentos/borderos', payload: { pagamentos: [meu], dataCredito: isoToBr(HOJE), ...CONTA } })).statusCode).toBe(403);
      expect((await who({ method: 'GET', url: '/api/pagamentos/borderos' })).statusCode).toBe(403);
    }
    const [{ n }] = await query<{ n: number }>(db(), sql`select count(*)::int as n from bordero_pagamentos where pagamento_id = ${meu}`);
    expect(n).toBe(0);
  });

  it('refuses the whole borderô when a provider has no account, or the credit comes before the consolidation', async () => {
    const [{ antes }] = await query<{ antes: number }>(db(), sql`select count(*)::int as antes from borderos_pagamento`);
    const sem = await op({ method: 'POST', url: '/api/pagamentos/borderos', payload: { pagamentos: [meu, semContaPag], dataCredito: isoToBr(HOJE), ...CONTA } });
    expect(sem.statusCode).toBe(422);
    expect(alertsOf(sem.body)[0].value).toBe(BORDERO_MSG.semConta(semConta.nome));
    const [{ consolidado }] = await query<{ consolidado: string }>(db(), sql`select to_char(criado_em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as consolidado from pagamentos_prestadores where id = ${meu}`);
    const cedo = await op({ method: 'POST', url: '/api/pagamentos/borderos', payload: { pagamentos: [meu], dataCredito: '01/01/2020', ...CONTA } });
    expect(cedo.statusCode).toBe(400);
    expect(alertsOf(cedo.body)[0]).toMatchObject({ field: 'dataCredito', value: BORDERO_MSG.antesDaConsolidacao('T-BD-1', isoToBr(consolidado)) });
    const [{ depois }] = await query<{ depois: number }>(db(), sql`select count(*)::int as depois from borderos_pagamento`);
    expect(depois).toBe(antes);
    expect((await query<{ status: string }>(db(), sql`select status from pagamentos_prestadores where id = ${meu}`))[0].status).toBe('A_PAGAR');
  });

  it('pays: one borderô, each line with the account credited, the payments PAGO, their protocols 6, in the trail; the same submission answers it again', async () => {
    const k = chave();
    const payload = { pagamentos: [meu, seedAPagar.id], dataCredito: isoToBr(HOJE), ...CONTA };
    const [a, b] = await Promise.all([
      op({ method: 'POST', url: '/api/pagamentos/borderos', headers: { 'idempotency-key': k }, payload }),
      op({ method: 'POST', url: '/api/pagamentos/borderos', headers: { 'idempotency-key': k }, payload }),
    ]);
    expect([a.statusCode, b.statusCode].sort(), a.body + b.body).toEqual([200, 201]);
    bordero = a.json().result as Bordero;
    expect((b.json().result as Bordero).id).toBe(bordero.id);
    const linhas = await query<{ pagamento_id: number; banco: string; agencia: string; conta: string; liquido: string }>(
      db(),
      sql`select pagamento_id, banco, agencia, conta, valor_liquido_centavos::text as liquido from bordero_pagamentos where bordero_id = ${bordero.id} order by pagamento_id`,
    );
    expect(linhas).toHaveLength(2);
    expect(linhas.find((l) => l.pagamento_id === meu)).toMatchObject({ banco: comConta.banco, agencia: comConta.agencia, conta: comConta.conta, liquido: String(1_000_00 - 65_00) });
    const [{ liquidos }] = await query<{ liquidos: string }>(db(), sql`select sum(valor_liquido_centavos)::text as liquidos from pagamentos_prestadores where id in (${meu}, ${seedAPagar.id})`);
    expect(bordero).toMatchObject({ dataCredito: HOJE, ...CONTA, registradoPor: 'Olívia Operadora', valorLiquido: Number(liquidos) });
    expect(alertsOf(a.statusCode === 201 ? a.body : b.body)[0].value).toBe(`Borderô nº ${bordero.numero} registrado: 2 pagamentos pagos em ${isoToBr(HOJE)}, ${formatMoney(bordero.valorLiquido)} creditados.`);
    const st = await query<{ id: number; status: string }>(db(), sql`select id, status from pagamentos_prestadores where id in (${meu}, ${seedAPagar.id})`);
    expect(st.map((x) => x.status)).toEqual(['PAGO', 'PAGO']);
    const protocolos = await query<{ status: string }>(db(), sql`select status from protocolos_recebimento where id in (${sql.join(seedAPagar.protocolos.map((i) => sql`${i}`), sql`, `)})`);
    expect(protocolos.length).toBeGreaterThan(0);
    expect(new Set(protocolos.map((p) => p.status))).toEqual(new Set(['6']));
    const trilha = await query<{ entidade: string; registro_id: string }>(
      db(),
      sql`select entidade, registro_id from trilha_eventos where (entidade = 'borderopagamento' and registro_id = ${String(bordero.id)}) or (entidade = 'pagamentoprestador' and registro_id in (${String(meu)}, ${String(seedAPagar.id)}) and depois->>'status' = 'PAGO')`,
    );
    expect(trilha).toHaveLength(3);
    // paying it again (another submission) is refused: it is no longer to pay
    const outra = await op({ method: 'POST', url: '/api/pagamentos/borderos', headers: { 'idempotency-key': chave() }, payload: { ...payload, pagamentos: [meu2, meu] } });
    expect(outra.statusCode).toBe(422);
    expect(alertsOf(outra.body)[0].value).toBe(BORDERO_MSG.naoAPagar('T-BD-1'));
    expect((await query<{ status: string }>(db(), sql`select status from pagamentos_prestadores where id = ${meu2}`))[0].status).toBe('A_PAGAR');
  });

  it('the borderô shows in the list and in the report of the day, its provider line with the account and the withholdings', async () => {
    const lista = (await op({ method: 'GET', url: '/api/pagamentos/borderos' })).json().result as Bordero[];
    expect(lista.find((b) => b.id === bordero.id)?.linhas.map((l) => l.numero).sort()).toEqual(['T-BD-1', seedAPagar.numero].sort());
    const rows = await pagina(op, 'rep140', `inicio=${isoToBr(HOJE)}&termino=${isoToBr(HOJE)}&bordero=${bordero.numero}`);
    expect(rows.find((r) => r.numero === 'T-BD-1')).toMatchObject({
      contaCredito: `${comConta.banco} · ${comConta.agencia} · ${comConta.conta}`,
      competenciaMes: '01/2026',
      bruto: 1_000_00,
      irrf: 15_00,
      iss: 50_00,
      csrf: 0,
      liquido: 935_00,
    });
  });

  it('reverses one baixa with a reason: the line kept and marked, the payment to pay again, its protocols back to 3; not twice', async () => {
    const curto = await op({ method: 'POST', url: `/api/pagamentos/a-pagar/${seedAPagar.id}/estorno-baixa`, payload: { motivo: 'erro' } });
    expect(curto.statusCode).toBe(400);
    expect(alertsOf(curto.body)[0]).toMatchObject({ field: 'motivo', value: BORDERO_MSG.motivo });
    expect((await prest({ method: 'POST', url: `/api/pagamentos/a-pagar/${seedAPagar.id}/estorno-baixa`, payload: { motivo: 'Crédito devolvido pelo banco.' } })).statusCode).toBe(403);
    const r = await op({ method: 'POST', url: `/api/pagamentos/a-pagar/${seedAPagar.id}/estorno-baixa`, payload: { motivo: 'Crédito devolvido pelo banco: conta encerrada.' } });
    expect(r.statusCode, r.body).toBe(200);
    const b = r.json().result as Bordero;
    expect(b.linhas.find((l) => l.pagamentoId === seedAPagar.id)).toMatchObject({ estornadoPor: 'Olívia Operadora', estornoMotivo: 'Crédito devolvido pelo banco: conta encerrada.' });
    expect(b.valorLiquido).toBe(935_00);
    expect((await query<{ status: string }>(db(), sql`select status from pagamentos_prestadores where id = ${seedAPagar.id}`))[0].status).toBe('A_PAGAR');
    const protocolos = await query<{ status: string }>(db(), sql`select status from protocolos_recebimento where id in (${sql.join(seedAPagar.protocolos.map((i) => sql`${i}`), sql`, `)})`);
    expect(new Set(protocolos.map((p) => p.status))).toEqual(new Set(['3']));
    const deNovo = await op({ method: 'POST', url: `/api/pagamentos/a-pagar/${seedAPagar.id}/estorno-baixa`, payload: { motivo: 'Crédito devolvido pelo banco: conta encerrada.' } });
    expect(deNovo.statusCode).toBe(422);
    expect(alertsOf(deNovo.body)[0].value).toBe(BORDERO_MSG.naoPago(seedAPagar.numero));
    // out of the report; and it can be paid again in another borderô
    const rows = await pagina(op, 'rep140', `inicio=${isoToBr(HOJE)}&termino=${isoToBr(HOJE)}&bordero=${bordero.numero}`);
    expect(rows.map((x) => x.numero)).toEqual(['T-BD-1']);
    const outra = await op({ method: 'POST', url: '/api/pagamentos/borderos', headers: { 'idempotency-key': chave() }, payload: { pagamentos: [seedAPagar.id], dataCredito: isoToBr(HOJE), ...CONTA } });
    expect(outra.statusCode, outra.body).toBe(201);
  });
});

describe('Relatórios dos pagamentos pagos', () => {
  it('rep140 Borderô de Pagamento: per borderô the payments, withholdings by tax and totals, checked against the lines', async () => {
    const ls = await linhasPagas();
    const s = await resumo(op, 'rep140', TUDO);
    expect(s.total).toBe(ls.length);
    const tributo = (k: string) => soma(ls, (l) => l.retencoes[k] ?? 0);
    expect(s.totais).toMatchObject({ bruto: soma(ls, (l) => l.bruto), irrf: tributo('IRRF'), pis: tributo('PIS'), cofins: tributo('COFINS'), csll: tributo('CSLL'), iss: tributo('ISS'), inss: tributo('INSS'), liquido: soma(ls, (l) => l.liquido) });
    const grupos = [...porChave(ls, (l) => `${l.data}${l.bordero}`)].sort(([a], [b]) => a.localeCompare(b)).map(([, xs]) => xs);
    expect(s.grupos!.map((g) => [g.rotulo, g.n, g.totais.bruto, g.totais.liquido])).toEqual(grupos.map((xs) => [rotuloBordero(xs[0]), xs.length, soma(xs, (l) => l.bruto), soma(xs, (l) => l.liquido)]));
    // the filters: one borderô, one provider
    const um = grupos[0][0];
    const doBordero = await resumo(op, 'rep140', `${TUDO}&bordero=${um.bordero}`);
    expect(doBordero.total).toBe(grupos[0].length);
    const doPrestador = ls.filter((l) => l.prestador_id === comConta.id);
    expect((await resumo(op, 'rep140', `${TUDO}&prestador=${encodeURIComponent(comConta.nome)}`)).total).toBe(doPrestador.length);
    // the period: only borderôs credited in it
    const ultimo = grupos.at(-1)![0].data;
    expect((await resumo(op, 'rep140', `inicio=${isoToBr(ultimo)}&termino=${isoToBr(ultimo)}`)).total).toBe(ls.filter((l) => l.data === ultimo).length);
  });

  it('rep140 analítico and rep205 protocolo por data de pagamento: the protocols of each paid payment, their values summing to its gross', async () => {
    const ls = await linhasPagas();
    const ps = await query<{ pagamento_id: number; protocolo_id: number; liberado: string }>(
      db(),
      sql`select s.pagamento_id, x.protocolo_id, x.valor_liberado_centavos::text as liberado from solicitacao_pagamento_protocolos x join solicitacoes_pagamento s on s.id = x.solicitacao_id where s.pagamento_id is not null`,
    );
    const pagos = new Map(ls.map((l) => [l.pagamento, l]));
    const dosPagos = ps.filter((p) => pagos.has(p.pagamento_id));
    const s = await resumo(op, 'rep140-analitico', TUDO);
    expect(s.total).toBe(dosPagos.length);
    expect(s.totais.liberado).toBe(soma(dosPagos, (p) => Number(p.liberado)));
    // a payment consolidated from requests: its protocols' released values are its gross
    for (const [pid, xs] of porChave(dosPagos, (p) => String(p.pagamento_id))) expect(soma(xs, (p) => Number(p.liberado))).toBe(pagos.get(Number(pid))!.bruto);
    const porPrestador = await resumo(op, 'protocolo-data-pagamento-bordero', TUDO);
    expect(porPrestador.total).toBe(dosPagos.length);
    const grupos = porChave(dosPagos, (p) => rotuloPrestador(pagos.get(p.pagamento_id)!));
    expect(new Map(porPrestador.grupos!.map((g) => [g.rotulo, [g.n, g.totais.liberado]]))).toEqual(new Map([...grupos].map(([k, xs]) => [k, [xs.length, soma(xs, (p) => Number(p.liberado))]])));
    const um = ls.find((l) => ps.some((p) => p.pagamento_id === l.pagamento))!;
    const rows = await pagina(op, 'protocolo-data-pagamento-bordero', `inicio=${isoToBr(um.data)}&termino=${isoToBr(um.data)}`);
    expect(rows.length).toBe(dosPagos.filter((p) => pagos.get(p.pagamento_id)!.data === um.data).length);
    expect(rows.every((r) => r.dataCredito === um.data)).toBe(true);
  });

  it('rep140 fora de folha: the payments credited on a day other than their due day, with the days between', async () => {
    const ls = (await linhasPagas()).filter((l) => l.data !== l.vencimento);
    expect(ls.length).toBeGreaterThan(0);
    const s = await resumo(op, 'rep140-fora-folha', TUDO);
    expect(s.total).toBe(ls.length);
    expect(s.totais.liquido).toBe(soma(ls, (l) => l.liquido));
    const rows = await pagina(op, 'rep140-fora-folha', TUDO);
    const dias = (a: string, b: string) => Math.round((Date.parse(a) - Date.parse(b)) / 86_400_000);
    expect(new Map(rows.map((r) => [r.numero, r.dias]))).toEqual(new Map(ls.map((l) => [l.numero, dias(l.data, l.vencimento)])));
  });

  it('rep178 Histórico de Pagamento: every payment of each provider in the competências, paid or not, with its credit', async () => {
    const gs = await query<{ id: number; numero: string; competencia: string; status: string; estornado: boolean; prestador_id: number; nome: string; doc: string | null; bruto: string; ret: string; liq: string; qtd: number }>(
      db(),
      sql`select g.id, g.numero, g.competencia, g.status, g.estornado_em is not null as estornado, g.prestador_id, p.nome, coalesce(p.cnpj, p.cpf) as doc,
            g.valor_bruto_centavos::text as bruto, g.valor_retencoes_centavos::text as ret, g.valor_liquido_centavos::text as liq, g.qtd_protocolos as qtd
          from pagamentos_prestadores g, prestadores p where p.id = g.prestador_id and g.competencia between '2026-01' and ${HOJE.slice(0, 7)}`,
    );
    const s = await resumo(op, 'rep178', `inicio=01/01/2026&termino=${isoToBr(HOJE)}`);
    expect(s.total).toBe(gs.length);
    expect(s.totais).toMatchObject({ protocolos: soma(gs, (g) => g.qtd), bruto: soma(gs, (g) => Number(g.bruto)), retencoes: soma(gs, (g) => Number(g.ret)), liquido: soma(gs, (g) => Number(g.liq)) });
    const grupos = porChave(gs, (g) => rotuloPrestador(g));
    expect(new Map(s.grupos!.map((g) => [g.rotulo, [g.n, g.totais.liquido]]))).toEqual(new Map([...grupos].map(([k, xs]) => [k, [xs.length, soma(xs, (g) => Number(g.liq))]])));
    const aPagar = gs.filter((g) => g.status === 'A_PAGAR' && !g.estornado);
    expect((await resumo(op, 'rep178', `inicio=01/01/2026&termino=${isoToBr(HOJE)}&situacao=A_PAGAR`)).total).toBe(aPagar.length);
    const rows = await pagina(op, 'rep178', `inicio=01/01/2026&termino=31/01/2026&prestador=${encodeURIComponent(comConta.nome)}`);
    expect(rows.find((r) => r.numero === 'T-BD-1')).toMatchObject({ competenciaMes: '01/2026', situacao: 'PAGO', dataCredito: HOJE, bordero: bordero.numero, contaCredito: `${comConta.banco} · ${comConta.agencia} · ${comConta.conta}`, liquido: 935_00 });
    expect(rows.find((r) => r.numero === 'T-BD-2')).toMatchObject({ situacao: 'A_PAGAR', dataCredito: null, bordero: null, contaCredito: null });
  });

  it('rep121 DIRF: per provider and month of the credit in the year, the gross and the IRRF of what was paid', async () => {
    const ano = Number(HOJE.slice(0, 4));
    const ls = (await linhasPagas()).filter((l) => l.data.startsWith(String(ano)));
    const s = await resumo(op, 'rep121', `ano=${ano}`);
    const meses = porChave(ls, (l) => `${l.prestador_id}:${l.data.slice(5, 7)}`);
    expect(s.total).toBe(meses.size);
    expect(s.totais).toMatchObject({
      pagamentos: ls.length,
      bruto: soma(ls, (l) => l.bruto),
      irrf: soma(ls, (l) => l.retencoes.IRRF ?? 0),
      csrf: soma(ls, (l) => (l.retencoes.PIS ?? 0) + (l.retencoes.COFINS ?? 0) + (l.retencoes.CSLL ?? 0)),
    });
    const rows = await pagina(op, 'rep121', `ano=${ano}&prestador=${encodeURIComponent(comConta.nome)}`);
    const meus = ls.filter((l) => l.prestador_id === comConta.id);
    const esperado = [...porChave(meus, (l) => l.data.slice(5, 7))].sort(([a], [b]) => a.localeCompare(b));
    expect(rows.map((r) => [r.mes, r.pagamentos, r.bruto, r.irrf])).toEqual(esperado.map(([m, xs]) => [`${m}/${ano}`, xs.length, soma(xs, (l) => l.bruto), soma(xs, (l) => l.retencoes.IRRF ?? 0)]));
    // another year: nothing paid in it
    expect((await resumo(op, 'rep121', 'ano=2001')).total).toBe(0);
  });

  it('the six reports are finance’s: the provider, its staff, the family and the auditor are refused', async () => {
    for (const id of ['rep140', 'rep140-analitico', 'rep140-fora-folha', 'rep178', 'rep121', 'protocolo-data-pagamento-bordero'])
      for (const who of [prest, padm, benef, auditor]) expect((await who({ method: 'GET', url: `/api/relatorios/${id}?${TUDO}` })).statusCode, id).toBe(403);
    expect((await adm({ method: 'GET', url: `/api/relatorios/rep140?${TUDO}` })).statusCode).toBe(200);
  });
});
