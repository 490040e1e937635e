import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import type { ListPage } from '../../src/shared/lists/types';
import { ETAPAS_LIQUIDACAO } from '../../src/shared/relatorios/contabil';
import type { ReportSummary } from '../../src/shared/relatorios/define';
import { seedContabil } from '../../src/server/db/seed/contabil';
import { as, loginAs, startTestApp, type TestApp } from './harness';

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
  t = await startTestApp();
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
  });
});
