import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import type { ListPage } from '../../src/shared/lists/types';
import { ETAPAS_LIQUIDACAO } from '../../src/shared/relatorios/contabil';
import type { ReportSummary } from '../../src/shared/relatorios/define';
import { seedContabil } from '../../src/server/db/seed/contabil';
import { movimentoContabil } from '../../src/shared/processos/contabilidade';
import { as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * rep120 — Razão por Conta over entries written here (before, inside and after the period, one reversed by its
 * mirror): per account the opening line carries the balance of the entries before the period, each line the running
 * balance, and the closing line the opening plus the period's debits minus its credits — all computed here in plain
 * JavaScript from the rows of `lancamentos_contabeis`; the account filter, the required period and access.
 */

type Who = ReturnType<typeof as>;
let t: TestApp;
let op: Who;
let benef: Who;
let prest: Who;
const PERIODO = 'inicio=01/02/2026&termino=31/03/2026';
interface L { id: number; data: string; debito: string; credito: string; valor: number }
let ls: L[] = [];

beforeAll(async () => {
  // the job engine: the Remessas are runs of Processar Movimento Contábil
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  op = as(t.app, await loginAs(t.app, 'operadora'));
  benef = as(t.app, await loginAs(t.app, 'beneficiario'));
  prest = as(t.app, await loginAs(t.app, 'prestador'));
  const db = t.ctx.db;
  const lancar = (data: string, origem: string, valor: number, debito: string, credito: string, estornoDe: number | null = null) =>
    query<{ id: number }>(db, sql`insert into lancamentos_contabeis (competencia, data, origem, documento_tipo, documento_id, documento, conta_debito, conta_credito, valor_centavos, historico, estorno_de)
      values (${data.slice(0, 7)}, ${data}, ${origem}, 'PROTOCOLO', 1, ${`RZ-${data}`}, ${debito}, ${credito}, ${valor}, ${`Teste ${origem}`}, ${estornoDe}) returning id`);
  await lancar('2026-01-20', 'EVENTO_CONHECIDO', 500_000, '411110000', '211110000');
  await lancar('2026-01-25', 'IMPOSTO', 12_345, '211110000', '215110000');
  await lancar('2026-02-10', 'EVENTO_CONHECIDO', 730_010, '411110000', '211110000');
  const [g] = await lancar('2026-02-18', 'GLOSA', 41_000, '211110000', '411110000');
  await lancar('2026-03-02', 'GLOSA', 41_000, '411110000', '211110000', g.id);
  await lancar('2026-03-28', 'IMPOSTO', 9_999, '211110000', '215110000');
  await lancar('2026-04-03', 'EVENTO_CONHECIDO', 88_888, '411110000', '211110000');
  // three closed protocols with a released value: one asked for, one consolidated to pay, one paid
  const [pr] = await query<{ id: number }>(db, sql`select id from prestadores order by id limit 1`);
  const fechados: { id: number; prestador_id: number }[] = [];
  // four protocols of one guide each: three closed with a released value and a glosa, one still under review
  for (let i = 0; i < 4; i++) {
    const [p] = await query<{ id: number; prestador_id: number }>(
      db,
      sql`insert into protocolos_recebimento (numero, prestador_id, numero_lote, padrao, tipo_guia, qtd_guias, valor_informado_centavos, recebido_em, analise_encerrada_em)
          values (${`19970000000${i}`}, ${pr.id}, ${`LIQ-${i}`}, '4.03.00', 'SP-SADT', 1, ${100_000 + i * 1_111}, ${`2026-03-1${i}T12:00:00Z`}, ${i < 3 ? sql`${`2026-03-2${i}T12:00:00Z`}::timestamptz` : sql`null`}) returning id, prestador_id`,
    );
    await db.execute(
      sql`insert into guias_faturadas (protocolo_id, ordem, numero_guia_prestador, numero_carteira, data_atendimento, valor_informado_centavos, valor_liberado_centavos, valor_glosa_centavos)
          values (${p.id}, 1, ${`LIQ-G${i}`}, '00000000000000', '2026-03-05', ${100_000 + i * 1_111}, ${i < 3 ? 90_000 + i * 1_111 : null}, ${i < 3 ? 10_000 : 0})`,
    );
    if (i < 3) fechados.push(p);
  }
  expect(fechados.length).toBe(3);
  const pedir = async (i: number, pagamento: string | null) => {
    const p = fechados[i];
    let pagamentoId: number | null = null;
    if (pagamento)
      [{ id: pagamentoId }] = await query<{ id: number }>(
        db,
        sql`insert into pagamentos_prestadores (numero, prestador_id, competencia, qtd_protocolos, valor_bruto_centavos, valor_retencoes_centavos, valor_liquido_centavos, status, consolidado_por, vencimento)
            values (${`T-LIQ-${i}`}, ${p.prestador_id}, '2026-03', 1, 1, 0, 1, ${pagamento}, 'Teste', '2026-04-10') returning id`,
      );
    const [s] = await query<{ id: number }>(
      db,
      sql`insert into solicitacoes_pagamento (numero, prestador_id, status, qtd_protocolos, valor_total_centavos, pagamento_id, solicitado_por)
          values (${`T-SOL-${i}`}, ${p.prestador_id}, ${pagamento ? 'CONSOLIDADA' : 'SOLICITADA'}, 1, 1, ${pagamentoId}, 'Teste') returning id`,
    );
    await db.execute(sql`insert into solicitacao_pagamento_protocolos (solicitacao_id, protocolo_id, valor_liberado_centavos) values (${s.id}, ${p.id}, 1)`);
  };
  await pedir(0, null);
  await pedir(1, 'A_PAGAR');
  await pedir(2, 'PAGO');
  ls = (await query<Record<string, unknown>>(db, sql`select id, data::text as data, conta_debito, conta_credito, valor_centavos from lancamentos_contabeis order by id`)).map((r) => ({
    id: Number(r.id),
    data: String(r.data),
    debito: String(r.conta_debito),
    credito: String(r.conta_credito),
    valor: Number(r.valor_centavos),
  }));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function todas(url: string) {
  return todasDe(url);
}
async function todasDe(url: string) {
  const out: Record<string, unknown>[] = [];
  let after = '';
  for (;;) {
    const res = await op({ method: 'GET', url: `${url}&limit=50${after}` });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().result as ListPage<Record<string, unknown>>;
    out.push(...page.rows);
    if (!page.next) return out;
    after = `&after=${encodeURIComponent(page.next)}`;
  }
}

/** The ledger of one account as this file reads it: opening, the period's lines in date order, closing. */
function esperado(conta: string) {
  const lados = ls
    .flatMap((l) => [
      ...(l.debito === conta ? [{ data: l.data, id: l.id * 2, debito: l.valor, credito: 0, contrapartida: l.credito }] : []),
      ...(l.credito === conta ? [{ data: l.data, id: l.id * 2 + 1, debito: 0, credito: l.valor, contrapartida: l.debito }] : []),
    ])
    .filter((x) => x.data <= '2026-03-31')
    .sort((a, b) => a.data.localeCompare(b.data) || a.id - b.id);
  const abertura = lados.filter((x) => x.data < '2026-02-01').reduce((s, x) => s + x.debito - x.credito, 0);
  let saldo = abertura;
  const linhas = lados.filter((x) => x.data >= '2026-02-01').map((x) => ({ data: x.data, contrapartida: x.contrapartida, debito: x.debito, credito: x.credito, saldo: (saldo += x.debito - x.credito) }));
  return { abertura, linhas, final: saldo };
}

describe('rep120 — Razão por Conta', () => {
  it('per account: opening balance, each entry with the running balance, closing = opening + debits − credits', async () => {
    const contas = [...new Set(ls.flatMap((l) => (l.data <= '2026-03-31' ? [l.debito, l.credito] : [])))].sort();
    const s = (await op({ method: 'GET', url: `/api/relatorios/rep120/grupos?${PERIODO}` })).json().result as ReportSummary;
    expect(s.grupos!.map((g) => g.rotulo.slice(0, 9))).toEqual(contas);
    const rows = await todas(`/api/relatorios/rep120?${PERIODO}`);
    for (const conta of contas) {
      const e = esperado(conta);
      const minhas = rows.filter((r) => String(r.grupo).startsWith(conta));
      expect(minhas[0]).toMatchObject({ historico: 'Saldo anterior', data: '2026-02-01', saldo: e.abertura, debito: null });
      expect(minhas.at(-1)).toMatchObject({ historico: 'Saldo final', data: '2026-03-31', saldo: e.final });
      expect(minhas.slice(1, -1).map((r) => ({ data: r.data, contrapartida: r.contrapartida, debito: r.debito, credito: r.credito, saldo: r.saldo }))).toEqual(e.linhas);
      const g = s.grupos!.find((x) => x.rotulo.startsWith(conta))!;
      expect(g.n).toBe(e.linhas.length + 2);
      // the closing balance is the opening one plus the group's debits minus its credits
      expect(e.abertura + g.totais.debito - g.totais.credito).toBe(e.final);
    }
    expect(rows.find((r) => String(r.grupo).startsWith('211110000'))!.grupo).toBe('211110000 · Provisão de eventos a liquidar');
  });

  it('one account by the filter; the period is required; the family and the provider are refused', async () => {
    const [c] = await query<{ id: number }>(t.ctx.db, sql`select id from planos_contas where codigo = '215110000'`);
    const rows = await todas(`/api/relatorios/rep120?${PERIODO}&conta=${c.id}`);
    const e = esperado('215110000');
    expect(new Set(rows.map((r) => String(r.grupo).slice(0, 9)))).toEqual(new Set(['215110000']));
    expect(rows.map((r) => r.saldo)).toEqual([e.abertura, ...e.linhas.map((l) => l.saldo), e.final]);
    expect(e.abertura).toBe(-12_345);
    expect((await op({ method: 'GET', url: '/api/relatorios/rep120?inicio=01/02/2026' })).statusCode).toBe(400);
    expect((await benef({ method: 'GET', url: `/api/relatorios/rep120?${PERIODO}` })).statusCode).toBe(403);
    expect((await prest({ method: 'GET', url: `/api/relatorios/rep120?${PERIODO}` })).statusCode).toBe(403);
  });
});

describe('Eventos a Liquidar', () => {
  it('the protocols not paid by stage, with the value to settle, read against the tables one by one', async () => {
    const db = t.ctx.db;
    const prots = await query<{ id: number; numero: string; recebido: string; informado: string; encerrado: boolean }>(
      db,
      sql`select id, numero, (recebido_em at time zone 'America/Sao_Paulo')::date::text as recebido, valor_informado_centavos::text as informado, analise_encerrada_em is not null as encerrado from protocolos_recebimento`,
    );
    const guias = await query<{ protocolo_id: number; liberado: string | null; glosa: string | null }>(db, sql`select protocolo_id, valor_liberado_centavos::text as liberado, valor_glosa_centavos::text as glosa from guias_faturadas`);
    const vinculos = await query<{ protocolo_id: number; pagamento_id: number | null }>(db, sql`select x.protocolo_id, s.pagamento_id from solicitacao_pagamento_protocolos x join solicitacoes_pagamento s on s.id = x.solicitacao_id`);
    const pags = new Map((await query<{ id: number; status: string; estornado: boolean }>(db, sql`select id, status, estornado_em is not null as estornado from pagamentos_prestadores`)).map((p) => [p.id, p]));
    const ate = '2026-12-31' < prots.map((p) => p.recebido).sort().at(-1)! ? prots.map((p) => p.recebido).sort().at(-1)! : '2026-12-31';
    const esperado = new Map<string, { n: number; guias: number; informado: number; glosa: number; aLiquidar: number }>();
    for (const p of prots) {
      const gs = guias.filter((g) => g.protocolo_id === p.id);
      if (!gs.length || p.recebido > ate) continue;
      const liberado = gs.reduce((s, g) => s + Number(g.liberado ?? 0), 0);
      const v = vinculos.find((x) => x.protocolo_id === p.id);
      const pag = v?.pagamento_id != null ? pags.get(v.pagamento_id) : undefined;
      const vivo = pag && !pag.estornado ? pag : undefined;
      if (vivo?.status === 'PAGO' || (p.encerrado && liberado === 0)) continue;
      const etapa = !p.encerrado ? '1' : !v ? '2' : !vivo ? '3' : '4';
      const x = esperado.get(etapa) ?? { n: 0, guias: 0, informado: 0, glosa: 0, aLiquidar: 0 };
      esperado.set(etapa, {
        n: x.n + 1,
        guias: x.guias + gs.length,
        informado: x.informado + Number(p.informado),
        glosa: x.glosa + (p.encerrado ? gs.reduce((s, g) => s + Number(g.glosa ?? 0), 0) : 0),
        aLiquidar: x.aLiquidar + (p.encerrado ? liberado : Number(p.informado)),
      });
    }
    const [d, m, a] = [ate.slice(8), ate.slice(5, 7), ate.slice(0, 4)];
    const res = await op({ method: 'GET', url: `/api/relatorios/eventos-liquidar/grupos?data=${d}/${m}/${a}` });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().result as ReportSummary;
    expect(s.grupos!.map((g) => [g.rotulo, { n: g.n, ...g.totais }])).toEqual([...esperado.entries()].sort(([x], [y]) => x.localeCompare(y)).map(([k, v]) => [ETAPAS_LIQUIDACAO.find(([e]) => e === k)![1], v]));
    expect(s.grupos!.map((g) => g.rotulo.slice(0, 1))).toEqual(expect.arrayContaining(['1', '3', '4']));
    // the one consolidated to pay shows its payment; the one paid is gone
    const rows = await todasDe(`/api/relatorios/eventos-liquidar?data=${d}/${m}/${a}&etapa=4`);
    expect(rows.some((r) => r.pagamento === 'T-LIQ-1' && r.vencimento === '2026-04-10')).toBe(true);
    expect(rows.some((r) => r.pagamento === 'T-LIQ-2')).toBe(false);
    expect(rows.every((r) => r.grupo === '4 · Consolidado, a pagar')).toBe(true);
    expect((await benef({ method: 'GET', url: '/api/relatorios/eventos-liquidar' })).statusCode).toBe(403);
    expect((await prest({ method: 'GET', url: '/api/relatorios/eventos-liquidar' })).statusCode).toBe(403);
  });
});

describe('rep058 — Eventos Conhecidos a Pagar', () => {
  let protoId = 0;
  beforeAll(async () => {
    const db = t.ctx.db;
    // one protocol through every stage: received 20/03, review closed 22/03, asked 24/03, consolidated 26/03, credited
    // in a borderô on 05/04; its known event entered the ledger on the day of receipt
    const [pr] = await query<{ id: number }>(db, sql`select id from prestadores order by id desc limit 1`);
    const [p] = await query<{ id: number }>(
      db,
      sql`insert into protocolos_recebimento (numero, prestador_id, numero_lote, padrao, tipo_guia, qtd_guias, valor_informado_centavos, recebido_em, analise_encerrada_em)
          values ('199500000001', ${pr.id}, 'EC-1', '4.03.00', 'SP-SADT', 2, 333_337, '2026-03-20T13:00:00Z', '2026-03-22T13:00:00Z') returning id`,
    );
    protoId = p.id;
    await db.execute(sql`insert into guias_faturadas (protocolo_id, ordem, numero_guia_prestador, numero_carteira, data_atendimento, valor_informado_centavos, valor_liberado_centavos, valor_glosa_centavos)
      values (${p.id}, 1, 'EC-G1', '00000000000000', '2026-03-01', 200_000, 180_001, 19_999), (${p.id}, 2, 'EC-G2', '00000000000000', '2026-03-02', 133_337, 133_337, 0)`);
    const [g] = await query<{ id: number }>(
      db,
      sql`insert into pagamentos_prestadores (numero, prestador_id, competencia, qtd_protocolos, valor_bruto_centavos, valor_retencoes_centavos, valor_liquido_centavos, status, consolidado_por, vencimento, criado_em)
          values ('T-EC-1', ${pr.id}, '2026-03', 1, 313_338, 0, 313_338, 'PAGO', 'Teste', '2026-04-10', '2026-03-26T13:00:00Z') returning id`,
    );
    const [s] = await query<{ id: number }>(
      db,
      sql`insert into solicitacoes_pagamento (numero, prestador_id, status, qtd_protocolos, valor_total_centavos, pagamento_id, solicitado_por, criado_em)
          values ('T-EC-S1', ${pr.id}, 'CONSOLIDADA', 1, 313_338, ${g.id}, 'Teste', '2026-03-24T13:00:00Z') returning id`,
    );
    await db.execute(sql`insert into solicitacao_pagamento_protocolos (solicitacao_id, protocolo_id, valor_liberado_centavos) values (${s.id}, ${p.id}, 313_338)`);
    const [b] = await query<{ id: number }>(
      db,
      sql`insert into borderos_pagamento (numero, data_credito, banco_origem, agencia_origem, conta_origem, registrado_por) values ('T-EC-B1', '2026-04-05', '001', '1234', '99999', 'Teste') returning id`,
    );
    await db.execute(sql`insert into bordero_pagamentos (bordero_id, pagamento_id, banco, agencia, conta, valor_liquido_centavos) values (${b.id}, ${g.id}, '001', '1', '2', 313_338)`);
    await db.execute(sql`insert into lancamentos_contabeis (competencia, data, origem, documento_tipo, documento_id, documento, conta_debito, conta_credito, valor_centavos, historico)
      values ('2026-03', '2026-03-20', 'EVENTO_CONHECIDO', 'PROTOCOLO', ${p.id}, '199500000001', '411110000', '211110000', 333_337, 'Evento conhecido protocolo 199500000001')`);
  });

  /** The position at a date computed here from the rows, one protocol at a time. */
  async function posicao(d: string) {
    const db = t.ctx.db;
    const dia = (col: string) => sql.raw(`to_char(${col} at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`);
    const prots = await query<{ id: number; recebido: string; encerrado: string | null; informado: string }>(
      db,
      sql`select id, ${dia('recebido_em')} as recebido, ${dia('analise_encerrada_em')} as encerrado, valor_informado_centavos::text as informado from protocolos_recebimento`,
    );
    const guias = await query<{ protocolo_id: number; liberado: string | null; glosa: string }>(db, sql`select protocolo_id, valor_liberado_centavos::text as liberado, valor_glosa_centavos::text as glosa from guias_faturadas`);
    const pedidos = await query<{ protocolo_id: number; criado: string; pagamento_id: number | null }>(
      db,
      sql`select x.protocolo_id, ${dia('s.criado_em')} as criado, s.pagamento_id from solicitacao_pagamento_protocolos x join solicitacoes_pagamento s on s.id = x.solicitacao_id`,
    );
    const pags = new Map(
      (await query<{ id: number; criado: string; estornado: string | null; status: string }>(db, sql`select id, ${dia('criado_em')} as criado, ${dia('estornado_em')} as estornado, status from pagamentos_prestadores`)).map((g) => [g.id, g]),
    );
    const baixas = await query<{ pagamento_id: number; credito: string; estornado: string | null }>(
      db,
      sql`select bp.pagamento_id, b.data_credito::text as credito, ${dia('bp.estornado_em')} as estornado from bordero_pagamentos bp join borderos_pagamento b on b.id = bp.bordero_id`,
    );
    const out = new Map<string, { n: number; informado: number; glosa: number; aPagar: number; ids: number[] }>();
    for (const p of prots) {
      const gs = guias.filter((g) => g.protocolo_id === p.id);
      if (!gs.length || p.recebido > d) continue;
      const encerrado = p.encerrado != null && p.encerrado <= d;
      const liberado = gs.reduce((s, g) => s + Number(g.liberado ?? 0), 0);
      const pedido = pedidos.find((x) => x.protocolo_id === p.id && x.criado <= d);
      const g = pedido?.pagamento_id != null ? pags.get(pedido.pagamento_id) : undefined;
      const pag = g && g.criado <= d && (g.estornado == null || g.estornado > d) ? g : undefined;
      const dele = baixas.filter((b) => b.pagamento_id === pag?.id);
      const pago = pag != null && (dele.some((b) => b.credito <= d && (b.estornado == null || b.estornado > d)) || (pag.status === 'PAGO' && dele.length === 0));
      if (pago || (encerrado && liberado === 0)) continue;
      const etapa = !encerrado ? '1' : !pedido ? '2' : !pag ? '3' : '4';
      const x = out.get(etapa) ?? { n: 0, informado: 0, glosa: 0, aPagar: 0, ids: [] };
      out.set(etapa, {
        n: x.n + 1,
        informado: x.informado + Number(p.informado),
        glosa: x.glosa + (encerrado ? gs.reduce((s, g) => s + Number(g.glosa), 0) : 0),
        aPagar: x.aPagar + (encerrado ? liberado : Number(p.informado)),
        ids: [...x.ids, p.id],
      });
    }
    return [...out.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [ETAPAS_LIQUIDACAO.find(([e]) => e === k)![1], v] as const);
  }
  const br = (iso: string) => `${iso.slice(8)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  const grupos = async (d: string) => {
    const res = await op({ method: 'GET', url: `/api/relatorios/rep058/grupos?data=${br(d)}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().result as ReportSummary).grupos!;
  };

  it('at each date, the stages as they stood that day, read against the tables one by one', async () => {
    const etapaDoProtocolo = new Map<string, string | undefined>();
    for (const d of ['2026-03-19', '2026-03-21', '2026-03-23', '2026-03-25', '2026-03-31', '2026-04-04', '2026-04-05']) {
      const e = await posicao(d);
      expect((await grupos(d)).map((g) => [g.rotulo, { n: g.n, ...g.totais }])).toEqual(e.map(([r, v]) => [r, { n: v.n, informado: v.informado, glosa: v.glosa, aPagar: v.aPagar }]));
      etapaDoProtocolo.set(d, e.find(([, v]) => v.ids.includes(protoId))?.[0].slice(0, 1));
    }
    // the protocol walks the stages and leaves on the borderô's credit date
    expect([...etapaDoProtocolo.values()]).toEqual([undefined, '1', '2', '3', '4', '4', undefined]);
    const rows = await todasDe(`/api/relatorios/rep058?data=31/03/2026&etapa=4`);
    expect(rows.find((r) => r.numero === '199500000001')).toMatchObject({ dias: 11, conta: '211110000', informado: 333_337, glosa: 19_999, aPagar: 313_338, pagamento: 'T-EC-1', vencimento: '2026-04-10' });
    const antes = await todasDe(`/api/relatorios/rep058?data=21/03/2026&etapa=1`);
    expect(antes.find((r) => r.numero === '199500000001')).toMatchObject({ dias: 1, glosa: 0, aPagar: 333_337, pagamento: null });
  });

  it('at today, the same stages and totals as Eventos a Liquidar', async () => {
    const hoje = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const liq = (await op({ method: 'GET', url: `/api/relatorios/eventos-liquidar/grupos?data=${br(hoje)}` })).json().result as ReportSummary;
    const k = await grupos(hoje);
    expect(k.length).toBeGreaterThan(0);
    expect(k.map((g) => [g.rotulo, g.n, g.totais.informado, g.totais.glosa, g.totais.aPagar])).toEqual(
      liq.grupos!.map((g) => [g.rotulo, g.n, g.totais.informado, g.totais.glosa, g.totais.aLiquidar]),
    );
  });

  it('by provider; the date is required; the family and the provider are refused', async () => {
    const [pr] = await query<{ id: number }>(t.ctx.db, sql`select prestador_id as id from protocolos_recebimento where numero = '199500000001'`);
    const rows = await todasDe(`/api/relatorios/rep058?data=31/03/2026&prestador=${pr.id}`);
    expect(rows.length).toBeGreaterThan(0);
    const nome = String(rows[0].prestador);
    expect(rows.every((r) => r.prestador === nome)).toBe(true);
    expect((await op({ method: 'GET', url: '/api/relatorios/rep058' })).statusCode).toBe(400);
    expect((await benef({ method: 'GET', url: '/api/relatorios/rep058?data=31/03/2026' })).statusCode).toBe(403);
    expect((await prest({ method: 'GET', url: '/api/relatorios/rep058?data=31/03/2026' })).statusCode).toBe(403);
  });
});

describe('Contribuição Atuarial', () => {
  let produto = 0;
  beforeAll(async () => {
    const db = t.ctx.db;
    // a family of two of one plan in 07/2019: one live title paid, one reversed (not a charge); two guides of the
    // dependant attended that month, one in a review closed (an event) and one still under review (not yet)
    const [a, b] = await query<{ id: number; produto: number }>(
      db,
      sql`select id, produto from beneficiarios where produto = (select produto from beneficiarios where produto is not null group by produto order by count(*) desc limit 1) order by id limit 2`,
    );
    produto = a.produto;
    const titulo = async (nosso: string, status: string, partes: [number, number, number, number][]) => {
      const soma = (i: number) => partes.reduce((s, x) => s + x[i], 0);
      const [tt] = await query<{ id: number }>(
        db,
        sql`insert into titulos (titular_id, competencia, nosso_numero, banco, agencia, conta, carteira, convenio, emissao, vencimento, mensalidade_centavos, subsidio_centavos, coparticipacao_centavos, valor_centavos, status)
            values (${a.id}, '2019-07-01', ${nosso}, '001', '1', '2', '17', '2874561', '2019-06-28', '2019-08-10', ${soma(0)}, ${soma(1)}, ${soma(2)}, ${soma(3)}, ${status}) returning id`,
      );
      for (const [i, x] of partes.entries())
        await db.execute(sql`insert into titulos_membros (titulo_id, beneficiario_id, mensalidade_centavos, subsidio_centavos, coparticipacao_centavos, valor_centavos)
          values (${tt.id}, ${[a.id, b.id][i]}, ${x[0]}, ${x[1]}, ${x[2]}, ${x[3]})`);
      return tt.id;
    };
    const vivo = await titulo('T-ATU-1', 'PAGO', [
      [45_011, 10_000, 1_503, 36_514],
      [32_007, 7_000, 0, 25_007],
    ]);
    await titulo('T-ATU-2', 'ESTORNADO', [[99_999, 0, 0, 99_999]]);
    await db.execute(sql`insert into titulos_pagamentos (titulo_id, data_pagamento, valor_pago_centavos, origem) values (${vivo}, '2019-08-09', 61_521, 'SEMENTE')`);
    const [px] = await query<{ id: number }>(db, sql`select id from prestadores order by id limit 1`);
    for (const [i, fechado, liberado] of [
      [0, true, 51_234],
      [1, false, 70_000],
    ] as const) {
      const [p] = await query<{ id: number }>(
        db,
        sql`insert into protocolos_recebimento (numero, prestador_id, numero_lote, padrao, tipo_guia, qtd_guias, valor_informado_centavos, recebido_em, analise_encerrada_em)
            values (${`19940000000${i}`}, ${px.id}, ${`ATU-${i}`}, '4.03.00', 'SP-SADT', 1, 80_000, '2019-08-05T12:00:00Z', ${fechado ? sql`'2019-08-20T12:00:00Z'::timestamptz` : sql`null`}) returning id`,
      );
      await db.execute(sql`insert into guias_faturadas (protocolo_id, ordem, numero_guia_prestador, numero_carteira, beneficiario_id, data_atendimento, valor_informado_centavos, valor_liberado_centavos, valor_glosa_centavos)
        values (${p.id}, 1, ${`ATU-G${i}`}, '00000000000000', ${b.id}, '2019-07-15', 80_000, ${fechado ? liberado : null}, ${fechado ? 80_000 - liberado : 0})`);
    }
  });

  it('per competência and plan, the members’ shares of the live titles and the month’s events, read against the rows in JavaScript', async () => {
    const db = t.ctx.db;
    const membros = await query<{ competencia: string; produto: number | null; beneficiario: number; mensalidade: string; subsidio: string; copart: string; valor: string; pago: boolean }>(
      db,
      sql`select t.competencia::text as competencia, b.produto, tm.beneficiario_id as beneficiario, tm.mensalidade_centavos::text as mensalidade, tm.subsidio_centavos::text as subsidio,
            tm.coparticipacao_centavos::text as copart, tm.valor_centavos::text as valor,
            t.id in (select titulo_id from titulos_pagamentos where estornado_em is null) as pago, t.status
          from titulos_membros tm join titulos t on t.id = tm.titulo_id join beneficiarios b on b.id = tm.beneficiario_id where t.status in ('ABERTO', 'PAGO')`,
    );
    const guias = await query<{ atendimento: string; produto: number | null; liberado: string | null; fechado: boolean }>(
      db,
      sql`select g.data_atendimento::text as atendimento, b.produto, g.valor_liberado_centavos::text as liberado, p.analise_encerrada_em is not null as fechado
          from guias_faturadas g join protocolos_recebimento p on p.id = g.protocolo_id join beneficiarios b on b.id = g.beneficiario_id`,
    );
    const esperado = new Map<string, { vidas: Set<number>; mensalidade: number; subsidio: number; coparticipacao: number; cobrado: number; recebido: number; eventos: number }>();
    const de = (mes: string, produto: number) => {
      const k = `${mes.slice(5, 7)}/${mes.slice(0, 4)}|${produto}`;
      if (!esperado.has(k)) esperado.set(k, { vidas: new Set(), mensalidade: 0, subsidio: 0, coparticipacao: 0, cobrado: 0, recebido: 0, eventos: 0 });
      return esperado.get(k)!;
    };
    for (const m of membros) {
      if (m.produto == null) continue;
      const x = de(m.competencia, m.produto);
      x.vidas.add(m.beneficiario);
      x.mensalidade += Number(m.mensalidade);
      x.subsidio += Number(m.subsidio);
      x.coparticipacao += Number(m.copart);
      x.cobrado += Number(m.valor);
      if (m.pago) x.recebido += Number(m.valor);
    }
    for (const g of guias) if (g.fechado && g.produto != null) de(g.atendimento, g.produto).eventos += Number(g.liberado ?? 0);
    const produtos = new Map((await query<{ id: number; nome: string; registro_ans: string }>(db, sql`select id, nome, registro_ans from produtos`)).map((p) => [p.id, `${p.nome} (${p.registro_ans})`]));
    const rows = await todasDe('/api/relatorios/contribuicao-atuarial?inicio=01/01/2000&termino=31/12/2099');
    const obtido = new Map(rows.map((r) => [`${String(r.grupo)}|${String(r.plano)}`, r]));
    expect(rows.length).toBe(esperado.size);
    for (const [k, v] of esperado) {
      const [mes, pid] = k.split('|');
      expect(obtido.get(`${mes}|${produtos.get(Number(pid))}`), k).toMatchObject({
        vidas: v.vidas.size,
        mensalidade: v.mensalidade,
        subsidio: v.subsidio,
        coparticipacao: v.coparticipacao,
        cobrado: v.cobrado,
        recebido: v.recebido,
        eventos: v.eventos,
        sinistralidade: v.mensalidade ? Math.round((v.eventos * 10000) / v.mensalidade) / 100 : null,
      });
    }
    // the month written here, figure by figure
    const nosso = rows.find((r) => r.grupo === '07/2019' && r.plano === produtos.get(produto))!;
    expect(nosso).toMatchObject({ vidas: 2, mensalidade: 77_018, subsidio: 17_000, coparticipacao: 1_503, cobrado: 61_521, recebido: 61_521, eventos: 51_234, sinistralidade: 66.52 });
    const s = (await op({ method: 'GET', url: '/api/relatorios/contribuicao-atuarial/grupos?inicio=01/07/2019&termino=31/07/2019' })).json().result as ReportSummary;
    expect(s.grupos!.map((g) => [g.rotulo, g.totais.mensalidade, g.totais.eventos])).toEqual([['07/2019', 77_018, 51_234]]);
  });

  it('filters by plan and contratação; the family and the provider are refused', async () => {
    const [p] = await query<{ contratacao: string }>(t.ctx.db, sql`select contratacao from produtos where id = ${produto}`);
    const doPlano = await todasDe(`/api/relatorios/contribuicao-atuarial?inicio=01/01/2000&termino=31/12/2099&plano=${produto}`);
    expect(doPlano.length).toBeGreaterThan(0);
    expect(new Set(doPlano.map((r) => r.plano)).size).toBe(1);
    const outra = p.contratacao === 'INDIVIDUAL' ? 'EMPRESARIAL' : 'INDIVIDUAL';
    const daOutra = await todasDe(`/api/relatorios/contribuicao-atuarial?inicio=01/07/2019&termino=31/07/2019&contratacao=${outra}`);
    expect(daOutra.some((r) => r.plano === doPlano[0].plano)).toBe(false);
    expect((await benef({ method: 'GET', url: '/api/relatorios/contribuicao-atuarial' })).statusCode).toBe(403);
    expect((await prest({ method: 'GET', url: '/api/relatorios/contribuicao-atuarial' })).statusCode).toBe(403);
  });
});

describe('Remessas (contábil)', () => {
  const hoje = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
  const mes = `${hoje.slice(5, 7)}${hoje.slice(0, 4)}`;
  const run = async (parametros: Record<string, unknown>) => {
    const res = await op({ method: 'POST', url: '/api/execucoes', payload: { tipo: movimentoContabil.tipo, comando: movimentoContabil.comando, parametros } });
    expect(res.statusCode, res.body).toBe(201);
    const j = await waitForJob(op, res.json().result.id);
    expect(j.status, j.erro ?? '').toBe('concluida');
    return j as { id: number; arquivos: { id: number; nome: string }[] };
  };

  it('each run of the month’s movement (generation and reversal) with its entries and totals, as its file’s trailer says', async () => {
    // the current month: a bill received today; one generation, its reversal, and one generation refused (not a remittance)
    const [px] = await query<{ id: number }>(t.ctx.db, sql`select id from prestadores order by id limit 1`);
    await t.ctx.db.execute(sql`insert into protocolos_recebimento (numero, prestador_id, numero_lote, padrao, tipo_guia, qtd_guias, valor_informado_centavos, recebido_em)
      values ('199300000001', ${px.id}, 'REM-1', '4.03.00', 'SP-SADT', 1, 12_345, now())`);
    const gerar = await run({ competencia: mes, operacao: 'GERAR' });
    const falhou = await op({ method: 'POST', url: '/api/execucoes', payload: { tipo: movimentoContabil.tipo, comando: movimentoContabil.comando, parametros: { competencia: mes, operacao: 'GERAR' } } });
    expect((await waitForJob(op, falhou.json().result.id)).status).toBe('falhou');
    const estornar = await run({ competencia: mes, operacao: 'ESTORNAR', motivo: 'Conferência da remessa' });
    const rodape = async (arquivoId: number) => {
      const linhas = (await op({ method: 'GET', url: `/api/arquivos/${arquivoId}` })).rawPayload.toString('latin1').split('\r\n').filter(Boolean);
      const r = linhas.at(-1)!;
      expect(r[0]).toBe('9');
      return { lancamentos: Number(r.slice(1, 7)), debito: Number(r.slice(7, 22)), credito: Number(r.slice(22, 37)), detalhe: linhas.length - 2 };
    };
    const br = `${hoje.slice(5, 7)}/${hoje.slice(0, 4)}`;
    const rows = await todasDe(`/api/relatorios/remessa?inicio=01/${br}&termino=${hoje.slice(8)}/${br}`);
    expect(rows.map((r) => r.execucao)).toEqual([gerar.id, estornar.id]);
    const [nome] = await query<{ nome: string }>(t.ctx.db, sql`select u.nome from usuarios u where u.login = 'operadora'`);
    for (const [j, rotulo] of [
      [gerar, 'Movimento contábil'],
      [estornar, 'Estorno do movimento'],
    ] as const) {
      const f = await rodape(j.arquivos[0].id);
      expect(f.detalhe).toBe(f.lancamentos);
      expect(rows.find((r) => r.execucao === j.id)).toMatchObject({ grupo: br, processoRotulo: rotulo, usuario: nome.nome, lancamentos: f.lancamentos, debito: f.debito, credito: f.credito, arquivo: j.arquivos[0].nome });
    }
    expect(Number(rows[0].lancamentos)).toBeGreaterThan(0);
    expect(rows[1].arquivo).toBe(`MOVCONTABIL_${hoje.slice(0, 4)}${hoje.slice(5, 7)}_ESTORNO.txt`);
    const so = await todasDe(`/api/relatorios/remessa?inicio=01/${br}&termino=${hoje.slice(8)}/${br}&processo=ESTORNAR`);
    expect(so.map((r) => r.execucao)).toEqual([estornar.id]);
    const s = (await op({ method: 'GET', url: `/api/relatorios/remessa/grupos?inicio=01/${br}&termino=${hoje.slice(8)}/${br}` })).json().result as ReportSummary;
    expect(s.grupos!.map((g) => [g.rotulo, g.n, g.totais.lancamentos])).toEqual([[br, 2, Number(rows[0].lancamentos) * 2]]);
    expect((await benef({ method: 'GET', url: '/api/relatorios/remessa' })).statusCode).toBe(403);
    expect((await prest({ method: 'GET', url: '/api/relatorios/remessa' })).statusCode).toBe(403);
  });
});

describe('the demo seed', () => {
  it('writes the last four closed months as Processar Movimento Contábil does: one entry per protocol received and per glosa', async () => {
    const db = t.ctx.db;
    const antes = (await query<{ n: number }>(db, sql`select count(*)::int as n from lancamentos_contabeis`))[0].n;
    const hoje = new Date();
    const ini = new Date(Date.UTC(hoje.getUTCFullYear(), hoje.getUTCMonth() - 4, 1)).toISOString().slice(0, 7);
    const fim = new Date(Date.UTC(hoje.getUTCFullYear(), hoje.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    // two protocols in the window (one glosed in part), one in the current month (left open)
    const [pr] = await query<{ id: number }>(db, sql`select id from prestadores order by id limit 1`);
    const proto = async (numero: string, em: string, encerrado: string | null, glosa: number) => {
      const [p] = await query<{ id: number }>(
        db,
        sql`insert into protocolos_recebimento (numero, prestador_id, numero_lote, padrao, tipo_guia, qtd_guias, valor_informado_centavos, recebido_em, analise_encerrada_em)
            values (${numero}, ${pr.id}, ${numero}, '4.03.00', 'SP-SADT', 1, 50000, ${`${em}-15T12:00:00Z`}, ${encerrado ? sql`${`${encerrado}-16T12:00:00Z`}::timestamptz` : sql`null`}) returning id`,
      );
      await db.execute(sql`insert into guias_faturadas (protocolo_id, ordem, numero_guia_prestador, numero_carteira, data_atendimento, valor_informado_centavos, valor_glosa_centavos)
        values (${p.id}, 1, ${numero}, '00000000000000', ${`${em}-10`}, 50000, ${glosa})`);
    };
    await proto('199600000001', ini, fim, 7_000);
    await proto('199600000002', fim, null, 0);
    await proto('199600000003', new Date().toISOString().slice(0, 7), null, 0);
    await seedContabil(db, 'demo');
    const novos = await query<{ competencia: string; origem: string; valor: string; documento: string; conta_debito: string; conta_credito: string }>(
      db,
      sql`select competencia, origem, valor_centavos::text as valor, documento, conta_debito, conta_credito from lancamentos_contabeis where documento like '1996%' order by documento, origem`,
    );
    expect(novos.map((l) => [l.documento, l.origem, l.competencia, Number(l.valor), l.conta_debito, l.conta_credito])).toEqual([
      ['199600000001', 'EVENTO_CONHECIDO', ini, 50000, '411110000', '211110000'],
      ['199600000001', 'GLOSA', fim, 7000, '211110000', '411110000'],
      ['199600000002', 'EVENTO_CONHECIDO', fim, 50000, '411110000', '211110000'],
    ]);
    expect((await query<{ n: number }>(db, sql`select count(*)::int as n from lancamentos_contabeis`))[0].n).toBeGreaterThanOrEqual(antes + 3);
    // each month is a run of the process with its file, which the Remessas report lists
    const runs = await query<{ competencia: string; n: number; arquivo: string; trailer: string }>(
      db,
      sql`select e.parametros->>'competencia' as competencia, (select count(*)::int from lancamentos_contabeis l where l.execucao_id = e.id) as n, a.nome as arquivo,
            (select convert_from(string_agg(x.dados, ''::bytea order by x.n), 'LATIN1') from arquivos_partes x where x.arquivo_id = a.id) as trailer
          from execucoes e join arquivos a on a.contexto = 'execucao' and a.contexto_id = e.id where e.tipo = 'movimento-contabil' and e.parametros->>'competencia' in (${`${ini.slice(5)}${ini.slice(0, 4)}`}, ${`${fim.slice(5)}${fim.slice(0, 4)}`})`,
    );
    expect(runs.map((r) => r.arquivo).sort()).toEqual([`MOVCONTABIL_${ini.replace('-', '')}.txt`, `MOVCONTABIL_${fim.replace('-', '')}.txt`]);
    for (const r of runs) expect(r.trailer.trim().split('\r\n').at(-1)!.slice(1, 7)).toBe(String(r.n).padStart(6, '0'));
    const rem = await todasDe(`/api/relatorios/remessa?inicio=01/${ini.slice(5)}/${ini.slice(0, 4)}&termino=28/${fim.slice(5)}/${fim.slice(0, 4)}`);
    expect(rem.length).toBeGreaterThanOrEqual(2);
  });
});
