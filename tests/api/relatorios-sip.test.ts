import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { todayIso } from '../../src/shared/dates';
import type { ListPage } from '../../src/shared/lists/types';
import type { ReportSummary } from '../../src/shared/relatorios/define';
import { trimestresRecentes, type QuadroSip } from '../../src/shared/sip/analise';
import { as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * rep276 — SIP Analítico: its totals per SIP item equal the filing's figures (GET /api/analise-sip/quadro, what the
 * .xsip carries), for the whole quarter and for one type of contract; a bill written here shows with its items, its
 * quantities and the value released read back with plain SQL; a bill of an unknown card (a rule keeps it out) does not;
 * filters, the required quarter and access.
 */

type Who = ReturnType<typeof as>;
let t: TestApp;
let op: Who;
let benef: Who;
let prest: Who;
const TRI = trimestresRecentes(todayIso(), 1)[0];
const mes = (Number(TRI.slice(5)) - 1) * 3 + 2;
const MEIO = `${TRI.slice(0, 4)}-${String(mes).padStart(2, '0')}-10`;
let guiaOk = 0;
const q = <T,>(s: ReturnType<typeof sql>) => query<T>(t.ctx.db, s);

beforeAll(async () => {
  t = await startTestApp();
  op = as(t.app, await loginAs(t.app, 'operadora'));
  benef = as(t.app, await loginAs(t.app, 'beneficiario'));
  prest = as(t.app, await loginAs(t.app, 'prestador'));
  const [pr] = await q<{ id: number }>(sql`select id from prestadores order by id limit 1`);
  const [prot] = await q<{ id: number }>(
    sql`insert into protocolos_recebimento (numero, prestador_id, numero_lote, padrao, tipo_guia, qtd_guias, valor_informado_centavos) values ('199800000276', ${pr.id}, 'SIPA-1', '4.03.00', 'SP-SADT', 2, 100000) returning id`,
  );
  const [b] = await q<{ id: number; carteirinha: string }>(
    sql`select id, carteirinha from beneficiarios where situacao = 'ATIVO' and uf is not null and data_adesao < ${MEIO}::date order by id limit 1`,
  );
  const procs = await q<{ id: number; codigo: string }>(sql`select id, codigo from procedimentos where codigo in ('10101012', '40301630') order by codigo`);
  const guia = async (ordem: number, carteira: string, beneficiario: number | null, itens: [string, number, number][]) => {
    const [g] = await q<{ id: number }>(
      sql`insert into guias_faturadas (protocolo_id, ordem, numero_guia_prestador, numero_carteira, beneficiario_id, data_atendimento, valor_informado_centavos)
          values (${prot.id}, ${ordem}, ${`SIPA-G${ordem}`}, ${carteira}, ${beneficiario}, ${MEIO}::date, 0) returning id`,
    );
    let seq = 0;
    for (const [codigo, qtd, liberado] of itens) {
      const p = procs.find((x) => x.codigo === codigo)!;
      await t.ctx.db.execute(
        sql`insert into itens_faturados (guia_id, sequencial, data, codigo_tabela, codigo_procedimento, procedimento_id, quantidade, valor_unitario_centavos, valor_informado_centavos, valor_liberado_centavos)
            values (${g.id}, ${++seq}, ${MEIO}::date, '22', ${codigo}, ${p.id}, ${qtd}, 10000, ${10000 * qtd}, ${liberado})`,
      );
    }
    return g.id;
  };
  guiaOk = await guia(1, b.carteirinha, b.id, [
    ['10101012', 1, 9_100],
    ['40301630', 3, 15_700],
  ]);
  await guia(2, '99999999999999', null, [['10101012', 1, 5_000]]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The filing's figures summed per item (over the UFs), as the report's groups carry them. */
async function quadroPorItem(extra = '') {
  const res = await op({ method: 'GET', url: `/api/analise-sip/quadro?trimestre=${TRI}${extra}` });
  expect(res.statusCode, res.body).toBe(200);
  const quadro = res.json().result as QuadroSip;
  const porItem = new Map<string, { autorizados: number; faturados: number; despesa: number }>();
  for (const l of quadro.linhas) {
    const x = porItem.get(l.item) ?? { autorizados: 0, faturados: 0, despesa: 0 };
    porItem.set(l.item, { autorizados: x.autorizados + l.eventosAutorizados, faturados: x.faturados + l.eventosFaturados, despesa: x.despesa + l.despesa });
  }
  return [...porItem.entries()].sort(([a], [b]) => a.localeCompare(b));
}

describe('rep276 — SIP Analítico', () => {
  it('its totals per item are the filing’s (the .xsip figures), for the quarter and for one type of contract', async () => {
    for (const extra of ['', '&contratacao=EMPRESARIAL', '&contratacao=INDIVIDUAL']) {
      const esperado = await quadroPorItem(extra);
      const res = await op({ method: 'GET', url: `/api/relatorios/rep276/grupos?trimestre=${TRI}${extra}` });
      expect(res.statusCode, res.body).toBe(200);
      const s = res.json().result as ReportSummary;
      expect((s.grupos ?? []).map((g) => [g.rotulo.slice(0, 1), { autorizados: g.totais.autorizados, faturados: g.totais.faturados, despesa: g.totais.despesa }])).toEqual(esperado);
      const soma = esperado.reduce((a, [, x]) => ({ autorizados: a.autorizados + x.autorizados, faturados: a.faturados + x.faturados, despesa: a.despesa + x.despesa }), { autorizados: 0, faturados: 0, despesa: 0 });
      expect(s.totais).toEqual(soma);
      if (!extra) expect(soma.faturados).toBeGreaterThanOrEqual(4);
    }
  });

  it('the bill written here shows item by item; the unknown card’s does not', async () => {
    const itens = await q<{ id: number; codigo_procedimento: string; quantidade: number; valor_liberado_centavos: number }>(
      sql`select id, codigo_procedimento, quantidade, valor_liberado_centavos from itens_faturados where guia_id = ${guiaOk} order by sequencial`,
    );
    const linhas: Record<string, unknown>[] = [];
    let cursor = '';
    for (;;) {
      const res = await op({ method: 'GET', url: `/api/relatorios/rep276?trimestre=${TRI}&origem=FATURADA&limit=200${cursor}` });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().result as ListPage<Record<string, unknown>>;
      linhas.push(...page.rows);
      if (!page.next) break;
      cursor = `&after=${encodeURIComponent(page.next)}`;
    }
    expect(linhas.every((r) => r.origem === 'FATURADA' && r.autorizados === 0)).toBe(true);
    const minhas = linhas.filter((r) => String(r.guia).startsWith('SIPA-'));
    expect(minhas.map((r) => [r.guia, r.grupo, r.codigo, r.faturados, r.despesa, r.data])).toEqual(
      itens.map((i) => ['SIPA-G1', i.codigo_procedimento === '10101012' ? 'A · Consultas médicas' : 'C · Exames', i.codigo_procedimento, Number(i.quantidade), Number(i.valor_liberado_centavos), MEIO]),
    );
    // the item filter narrows to the consultations
    const so = (await op({ method: 'GET', url: `/api/relatorios/rep276/grupos?trimestre=${TRI}&item=A` })).json().result as ReportSummary;
    expect(so.grupos!.map((g) => g.rotulo)).toEqual(['A · Consultas médicas']);
  });

  it('asks for the quarter; the family and the provider are refused', async () => {
    const sem = await op({ method: 'GET', url: '/api/relatorios/rep276' });
    expect(sem.statusCode).toBe(400);
    expect(sem.body).toContain('Escolha o trimestre.');
    expect((await op({ method: 'GET', url: '/api/relatorios/rep276?trimestre=2026-7' })).statusCode).toBe(400);
    expect((await benef({ method: 'GET', url: `/api/relatorios/rep276?trimestre=${TRI}` })).statusCode).toBe(403);
    expect((await prest({ method: 'GET', url: `/api/relatorios/rep276?trimestre=${TRI}` })).statusCode).toBe(403);
  });
});
