import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import type { ListPage } from '../../src/shared/lists/types';
import type { ReportSummary } from '../../src/shared/relatorios/define';
import { as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Contábil › Impostos over withholdings written here as consolidation writes them (two payments of two providers in
 * two competências, one more reversed): the totals per tax and DARF code are computed from the rows of
 * `retencoes_pagamentos` read back with plain SQL; the reversed payment's and the competência out of the period stay out.
 */

type Who = ReturnType<typeof as>;
let t: TestApp;
let op: Who;
let benef: Who;
let prest: Who;
const PERIODO = 'inicio=01/01/2026&termino=28/02/2026';
interface Ret { id: number; tributo: string; codigo: string | null; base: number; valor: number; competencia: string; estornado: boolean }
let rets: Ret[] = [];

beforeAll(async () => {
  t = await startTestApp();
  op = as(t.app, await loginAs(t.app, 'operadora'));
  benef = as(t.app, await loginAs(t.app, 'beneficiario'));
  prest = as(t.app, await loginAs(t.app, 'prestador'));
  const db = t.ctx.db;
  const prs = await query<{ id: number }>(db, sql`select id from prestadores order by id limit 2`);
  const pagar = async (numero: string, prestadorId: number, competencia: string, bruto: number, estornado = false) => {
    const [{ id }] = await query<{ id: number }>(
      db,
      sql`insert into pagamentos_prestadores (numero, prestador_id, competencia, qtd_protocolos, valor_bruto_centavos, valor_retencoes_centavos, valor_liquido_centavos, status, consolidado_por, estornado_em)
        values (${numero}, ${prestadorId}, ${competencia}, 1, ${bruto}, 0, ${bruto}, 'A_PAGAR', 'Teste', ${estornado ? sql`now()` : sql`null`}) returning id`,
    );
    const linhas: [string, string, string, number][] = [
      ['IRRF', '1708', '1.50', Math.round(bruto * 0.015)],
      ['PIS', '5952', '0.65', Math.round(bruto * 0.0065)],
      ['COFINS', '5952', '3.00', Math.round(bruto * 0.03)],
      ['CSLL', '5952', '1.00', Math.round(bruto * 0.01)],
    ];
    for (const [tributo, codigo, aliquota, valor] of linhas)
      await db.execute(sql`insert into retencoes_pagamentos (pagamento_id, tributo, codigo_receita, natureza_rendimento, base_centavos, aliquota, valor_centavos) values (${id}, ${tributo}, ${codigo}, '17001', ${bruto}, ${aliquota}, ${valor})`);
  };
  await pagar('T-IMP-1', prs[0].id, '2026-01', 1_234_567);
  await pagar('T-IMP-2', prs[1].id, '2026-02', 987_654);
  await pagar('T-IMP-3', prs[1].id, '2026-02', 500_000, true);
  await pagar('T-IMP-4', prs[0].id, '2026-03', 700_000);
  // the month's entries: balanced pairs (debit and credit of one value), one of them reversed by its mirror
  const lancar = (competencia: string, origem: string, valor: number, debito: string, credito: string) =>
    query<{ id: number }>(db, sql`insert into lancamentos_contabeis (competencia, data, origem, documento_tipo, documento_id, documento, conta_debito, conta_credito, valor_centavos, historico)
      values (${competencia}, ${`${competencia}-28`}, ${origem}, 'PAGAMENTO', 1, 'T-IMP-1', ${debito}, ${credito}, ${valor}, 'Teste') returning id`);
  await lancar('2026-01', 'EVENTO', 1_234_567, '411110001', '211110001');
  await lancar('2026-02', 'RETENCAO', 37_037, '211110001', '216110001');
  await lancar('2026-02', 'RETENCAO', 37_037, '216110001', '211110001');
  await lancar('2026-03', 'EVENTO', 99_999, '411110001', '211110001');
  rets = (
    await query<Record<string, unknown>>(
      db,
      sql`select r.id, r.tributo, r.codigo_receita, r.base_centavos, r.valor_centavos, p.competencia, p.estornado_em is not null as estornado from retencoes_pagamentos r join pagamentos_prestadores p on p.id = r.pagamento_id`,
    )
  ).map((r) => ({ id: Number(r.id), tributo: String(r.tributo), codigo: r.codigo_receita == null ? null : String(r.codigo_receita), base: Number(r.base_centavos), valor: Number(r.valor_centavos), competencia: String(r.competencia), estornado: Boolean(r.estornado) }));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('Contábil › Impostos', () => {
  it('the withholdings of the period by tax and DARF code, the reversed payment left out', async () => {
    const noPeriodo = rets.filter((r) => !r.estornado && r.competencia >= '2026-01' && r.competencia <= '2026-02');
    const res = await op({ method: 'GET', url: `/api/relatorios/imposto/grupos?${PERIODO}` });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().result as ReportSummary;
    expect(s.total).toBe(noPeriodo.length);
    expect(s.totais.valor).toBe(noPeriodo.reduce((a, r) => a + r.valor, 0));
    const grupos = new Map<string, Ret[]>();
    for (const r of noPeriodo) {
      const k = `${r.tributo}${r.codigo ? ` · DARF ${r.codigo}` : ''}`;
      grupos.set(k, [...(grupos.get(k) ?? []), r]);
    }
    expect(s.grupos!.map((g) => [g.rotulo, g.n, g.totais.valor, g.totais.base])).toEqual(
      [...grupos.keys()].sort().map((k) => [k, grupos.get(k)!.length, grupos.get(k)!.reduce((a, r) => a + r.valor, 0), grupos.get(k)!.reduce((a, r) => a + r.base, 0)]),
    );
    const page = (await op({ method: 'GET', url: `/api/relatorios/imposto?${PERIODO}&tributo=COFINS&limit=50` })).json().result as ListPage<Record<string, unknown>>;
    expect(page.rows.map((r) => [r.numero, r.mes, r.aliquota, r.valor])).toEqual([
      ['T-IMP-1', '01/2026', '3,00', Math.round(1_234_567 * 0.03)],
      ['T-IMP-2', '02/2026', '3,00', Math.round(987_654 * 0.03)],
    ]);
  });

  it('Movimento Contábil: the entries of the period by origin, debits equal to credits', async () => {
    const l = await query<{ origem: string; n: number; total: string }>(
      t.ctx.db,
      sql`select origem, count(*)::int as n, sum(valor_centavos)::text as total from lancamentos_contabeis where competencia between '2026-01' and '2026-02' group by origem order by origem`,
    );
    const s = (await op({ method: 'GET', url: `/api/relatorios/movimento/grupos?${PERIODO}` })).json().result as ReportSummary;
    const total = l.reduce((a, g) => a + Number(g.total), 0);
    expect(s.total).toBe(l.reduce((a, g) => a + g.n, 0));
    expect(s.totais).toMatchObject({ debito: total, credito: total });
    expect(s.grupos!.map((g) => [g.rotulo, g.n, g.totais.debito, g.totais.credito])).toEqual(l.map((g) => [g.origem, g.n, Number(g.total), Number(g.total)]));
    const page = (await op({ method: 'GET', url: `/api/relatorios/movimento?${PERIODO}&limit=50` })).json().result as ListPage<Record<string, unknown>>;
    expect(page.rows.find((r) => r.contaDebito === '411110001')).toMatchObject({ data: '2026-01-28', documento: 'PAGAMENTO T-IMP-1', contaCredito: '211110001', debito: 1_234_567, credito: 1_234_567 });
  });

  it('the family and the provider are refused', async () => {
    for (const code of ['imposto', 'movimento']) {
      expect((await benef({ method: 'GET', url: `/api/relatorios/${code}?${PERIODO}` })).statusCode).toBe(403);
      expect((await prest({ method: 'GET', url: `/api/relatorios/${code}?${PERIODO}` })).statusCode).toBe(403);
    }
  });
});
