import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { hojeSaoPaulo } from '../../src/shared/atendimentos';
import { isoToBr } from '../../src/shared/dates';
import { somarDias } from '../../src/shared/dias-uteis';
import type { JobDetail } from '../../src/shared/jobs';
import type { ListPage } from '../../src/shared/lists/types';
import { formatMoney } from '../../src/shared/money';
import type { ReportSummary } from '../../src/shared/relatorios/define';
import { as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * The contribution reports (rep275, rep375) over the seeded titles (src/server/db/seed/titulos.ts: four
 * competências of a few hundred families, most paid, one in seven left open). The expected figures come from the
 * rows of `titulos`, `titulos_pagamentos` and `beneficiarios` read with plain SQL and added up in JavaScript; the
 * PDF is read with pdftotext, the XLSX by its sheet and the CSV by lines; the family and the provider are refused.
 */

type Who = ReturnType<typeof as>;
type Row = Record<string, unknown> & { id: number };
interface Titulo {
  id: number;
  titular_id: number;
  nome: string;
  carteirinha: string;
  produto: number | null;
  competencia: string;
  emissao: string;
  vencimento: string;
  mensalidade: number;
  subsidio: number;
  coparticipacao: number;
  valor: number;
  status: string;
  pago_em: string | null;
  valor_pago: number | null;
}
let t: TestApp;
let op: Who;
let benef: Who;
let prest: Who;
let titulos: Titulo[] = [];
const tmp = mkdtempSync(join(tmpdir(), 'relatorios-contribuicoes-'));
const HOJE = hojeSaoPaulo();
const INICIO = `${somarDias(HOJE, -200).slice(0, 7)}-01`;
const PERIODO = `inicio=${isoToBr(INICIO)}&termino=${isoToBr(HOJE)}`;

const get = async <T>(who: Who, url: string): Promise<T> => {
  const res = await who({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json().result as T;
};
async function allRows(code: string, q: string): Promise<Row[]> {
  const out: Row[] = [];
  let after: string | null = null;
  for (;;) {
    const page: ListPage<Row> = await get(op, `/api/relatorios/${code}?${q}&limit=500${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    out.push(...page.rows);
    if (!page.hasMore) return out;
    after = page.next;
  }
}
async function file(comando: string, formato: string, consulta: string): Promise<Buffer> {
  const res = await op({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'relatorio', comando, parametros: { formato, consulta } } });
  expect(res.statusCode, res.body).toBe(201);
  const job: JobDetail = await waitForJob(op, res.json().result.id);
  expect(job.status, job.erro ?? '').toBe('concluida');
  const f = await op({ method: 'GET', url: `/api/arquivos/${job.arquivos[0].id}` });
  expect(f.statusCode).toBe(200);
  return f.rawPayload;
}
const soma = (l: readonly Titulo[], k: (x: Titulo) => number | null) => l.reduce((s, x) => s + (k(x) ?? 0), 0);
const reais = (c: number) => formatMoney(c).replace(/\u00a0/g, ' ');
const porChave = <K>(l: readonly Titulo[], k: (x: Titulo) => K) => {
  const m = new Map<K, Titulo[]>();
  for (const x of l) m.set(k(x), [...(m.get(k(x)) ?? []), x]);
  return m;
};
const diasEntre = (de: string, ate: string) => Math.round((Date.parse(`${ate}T12:00:00Z`) - Date.parse(`${de}T12:00:00Z`)) / 86_400_000);
/** Open at `dia`: live, issued by then, due before it, not paid by it. */
const emAtraso = (dia: string) => titulos.filter((x) => ['ABERTO', 'PAGO'].includes(x.status) && x.emissao <= dia && x.vencimento < dia && (x.pago_em == null || x.pago_em > dia));

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  op = as(t.app, await loginAs(t.app, 'operadora'));
  benef = as(t.app, await loginAs(t.app, 'beneficiario'));
  prest = as(t.app, await loginAs(t.app, 'prestador'));
  const rows = await query<Record<string, unknown>>(
    t.ctx.db,
    sql`select t.id, t.titular_id, b.nome, b.carteirinha, b.produto, t.competencia::text, t.emissao::text, t.vencimento::text, t.mensalidade_centavos, t.subsidio_centavos,
        t.coparticipacao_centavos, t.valor_centavos, t.status, p.data_pagamento::text as pago_em, p.valor_pago_centavos
      from titulos t join beneficiarios b on b.id = t.titular_id left join titulos_pagamentos p on p.titulo_id = t.id and p.estornado_em is null`,
  );
  titulos = rows.map((r) => ({
    id: Number(r.id),
    titular_id: Number(r.titular_id),
    nome: String(r.nome),
    carteirinha: String(r.carteirinha),
    produto: r.produto == null ? null : Number(r.produto),
    competencia: String(r.competencia),
    emissao: String(r.emissao),
    vencimento: String(r.vencimento),
    mensalidade: Number(r.mensalidade_centavos),
    subsidio: Number(r.subsidio_centavos),
    coparticipacao: Number(r.coparticipacao_centavos),
    valor: Number(r.valor_centavos),
    status: String(r.status),
    pago_em: r.pago_em == null ? null : String(r.pago_em),
    valor_pago: r.valor_pago_centavos == null ? null : Number(r.valor_pago_centavos),
  }));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('contribution reports over the seeded titles', () => {
  it('the demo has titles, some paid and some open past due', () => {
    expect(titulos.length).toBeGreaterThan(100);
    expect(titulos.some((x) => x.status === 'PAGO')).toBe(true);
    expect(emAtraso(HOJE).length).toBeGreaterThan(0);
  });

  it('rep275: each family’s titles by competência, with the totals per titular and the filters', async () => {
    const noPeriodo = titulos.filter((x) => x.competencia >= INICIO && x.competencia <= HOJE);
    const s = await get<ReportSummary>(op, `/api/relatorios/rep275/grupos?${PERIODO}`);
    expect(s.total).toBe(noPeriodo.length);
    expect(s.totais).toMatchObject({
      mensalidade: soma(noPeriodo, (x) => x.mensalidade),
      subsidio: soma(noPeriodo, (x) => x.subsidio),
      coparticipacao: soma(noPeriodo, (x) => x.coparticipacao),
      valor: soma(noPeriodo, (x) => x.valor),
      valorPago: soma(noPeriodo, (x) => x.valor_pago),
    });
    const familias = porChave(noPeriodo, (x) => x.titular_id);
    expect(s.grupos!.length).toBe(familias.size);
    const [, uma] = [...familias].find(([, l]) => l.some((x) => x.status === 'PAGO') && l.some((x) => x.status === 'ABERTO')) ?? [...familias][0];
    const g = s.grupos!.find((x) => x.rotulo === `${uma[0].nome} · ${uma[0].carteirinha}`)!;
    expect([g.n, g.totais.valor, g.totais.valorPago]).toEqual([uma.length, soma(uma, (x) => x.valor), soma(uma, (x) => x.valor_pago)]);

    // the family by card: its rows, in competência order, with the payment of each
    const rows = await allRows('rep275', `${PERIODO}&beneficiario=${uma[0].carteirinha}`);
    const esperado = [...uma].sort((a, b) => a.competencia.localeCompare(b.competencia));
    expect(rows.map((r) => r.id)).toEqual(esperado.map((x) => x.id));
    for (const [i, r] of rows.entries()) {
      const x = esperado[i];
      expect(r).toMatchObject({ mes: `${x.competencia.slice(5, 7)}/${x.competencia.slice(0, 4)}`, vencimento: x.vencimento, valor: x.valor, status: x.status, dataPagamento: x.pago_em, valorPago: x.valor_pago });
    }
    // situation and a period of one competência
    expect((await get<ReportSummary>(op, `/api/relatorios/rep275/grupos?${PERIODO}&situacao=ABERTO`)).total).toBe(noPeriodo.filter((x) => x.status === 'ABERTO').length);
    const comp = esperado[0].competencia;
    expect((await get<ReportSummary>(op, `/api/relatorios/rep275/grupos?inicio=${isoToBr(comp)}&termino=${isoToBr(comp)}`)).total).toBe(titulos.filter((x) => x.competencia === comp).length);
  });

  it('rep375: titles open past due at the position day, by plan, with the days late', async () => {
    for (const dia of [HOJE, somarDias(titulos.map((x) => x.vencimento).sort()[0], 3)]) {
      const atraso = emAtraso(dia);
      const s = await get<ReportSummary>(op, `/api/relatorios/rep375/grupos?posicao=${isoToBr(dia)}`);
      expect(s.total, dia).toBe(atraso.length);
      expect(s.totais.valor).toBe(soma(atraso, (x) => x.valor));
      const planos = porChave(atraso, (x) => x.produto);
      expect(s.grupos!.length).toBe(planos.size);
      expect(s.grupos!.map((g) => g.n).sort()).toEqual([...planos.values()].map((l) => l.length).sort());
    }
    const atraso = emAtraso(HOJE);
    const rows = await allRows('rep375', `posicao=${isoToBr(HOJE)}`);
    expect(rows.length).toBe(atraso.length);
    for (const r of rows.slice(0, 20)) {
      const x = atraso.find((a) => a.id === r.id)!;
      expect(r).toMatchObject({ vencimento: x.vencimento, dias: diasEntre(x.vencimento, HOJE), valor: x.valor, titular: `${x.nome} · ${x.carteirinha}` });
    }
  });

  it('writes rep375 as PDF, XLSX and CSV', async () => {
    const atraso = emAtraso(HOJE);
    const consulta = `posicao=${isoToBr(HOJE)}`;
    const path = join(tmp, 'rep375.pdf');
    writeFileSync(path, await file('/relatorio/contribuicao/contribuicoes-atraso', 'pdf', consulta));
    const pdf = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
    expect(pdf).toContain('Contribuições em Atraso');
    expect(pdf).toContain(reais(soma(atraso, (x) => x.valor)));
    const xlsx = await file('/relatorio/contribuicao/contribuicoes-atraso', 'xlsx', consulta);
    const sheet = strFromU8(unzipSync(new Uint8Array(xlsx))['xl/worksheets/sheet1.xml']);
    expect(sheet).toMatch(new RegExp(`Total geral: ${atraso.length} títulos em atraso.*<v>${(soma(atraso, (x) => x.valor) / 100).toFixed(2)}</v>`));
    const csv = (await file('/relatorio/contribuicao/contribuicoes-atraso', 'csv', consulta)).toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(csv[0]).toContain('Titular;');
    expect(csv.filter((l) => atraso.some((x) => l.includes(x.carteirinha))).length).toBeGreaterThanOrEqual(atraso.length);
  });

  it('rep134: issued, paid and open past due per competência, with the default rate', async () => {
    const vivos = titulos.filter((x) => ['ABERTO', 'PAGO'].includes(x.status) && x.competencia >= INICIO);
    const meses = porChave(vivos, (x) => x.competencia);
    const vencido = (x: Titulo) => x.status === 'ABERTO' && x.vencimento < HOJE;
    const s = await get<ReportSummary>(op, `/api/relatorios/rep134/grupos?${PERIODO}`);
    expect(s.total).toBe(meses.size);
    const totEmitido = soma(vivos, (x) => x.valor);
    const totVencido = soma(vivos.filter(vencido), (x) => x.valor);
    expect(s.totais).toMatchObject({ emitidos: vivos.length, valorEmitido: totEmitido, pagos: vivos.filter((x) => x.pago_em != null).length, valorPago: soma(vivos, (x) => x.valor_pago), vencidos: vivos.filter(vencido).length, valorVencido: totVencido });
    expect(s.totais.taxa).toBeCloseTo((totVencido / totEmitido) * 100, 2);
    const rows = await allRows('rep134', PERIODO);
    expect(rows.map((r) => r.mes)).toEqual([...meses.keys()].sort().map((c) => `${c.slice(5, 7)}/${c.slice(0, 4)}`));
    for (const r of rows) {
      const l = meses.get(`${String(r.mes).slice(3)}-${String(r.mes).slice(0, 2)}-01`)!;
      expect(r).toMatchObject({ emitidos: l.length, valorEmitido: soma(l, (x) => x.valor), pagos: l.filter((x) => x.pago_em != null).length, vencidos: l.filter(vencido).length, valorVencido: soma(l.filter(vencido), (x) => x.valor) });
    }
    // the plan filter recomputes inside the aggregate
    const plano = vivos.find((x) => x.produto != null)!.produto!;
    const doPlano = vivos.filter((x) => x.produto === plano);
    expect((await get<ReportSummary>(op, `/api/relatorios/rep134/grupos?${PERIODO}&plano=${plano}`)).totais).toMatchObject({ emitidos: doPlano.length, valorEmitido: soma(doPlano, (x) => x.valor) });
  });

  it('rep205: the titles issued in the period by competência, with fee, subsidy and coparticipation', async () => {
    const emitidos = titulos.filter((x) => x.emissao >= INICIO && x.emissao <= HOJE);
    const s = await get<ReportSummary>(op, `/api/relatorios/rep205/grupos?${PERIODO}`);
    expect(s.total).toBe(emitidos.length);
    expect(s.totais).toMatchObject({ mensalidade: soma(emitidos, (x) => x.mensalidade), subsidio: soma(emitidos, (x) => x.subsidio), coparticipacao: soma(emitidos, (x) => x.coparticipacao), valor: soma(emitidos, (x) => x.valor) });
    const comps = porChave(emitidos, (x) => x.competencia);
    expect(s.grupos!.map((g) => [g.rotulo, g.n, g.totais.valor])).toEqual(
      [...comps.keys()].sort().map((c) => [`${c.slice(5, 7)}/${c.slice(0, 4)}`, comps.get(c)!.length, soma(comps.get(c)!, (x) => x.valor)]),
    );
    expect(emitidos.every((x) => x.mensalidade - x.subsidio + x.coparticipacao === x.valor)).toBe(true);
    const rows = await allRows('rep205', PERIODO);
    const r = rows[0];
    const x = emitidos.find((e) => e.id === r.id)!;
    expect(r).toMatchObject({ nossoNumero: expect.any(String), emissao: x.emissao, vencimento: x.vencimento, mensalidade: x.mensalidade, subsidio: x.subsidio, coparticipacao: x.coparticipacao, valor: x.valor });
    const csv = (await file('/relatorio/cobranca/contraprestacoes-emitidas', 'csv', PERIODO)).toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(csv[0]).toContain('Titular;Nosso número;');
  });

  it('the family and the provider are refused (the operator staff reports)', async () => {
    for (const url of [`/api/relatorios/rep275?${PERIODO}`, `/api/relatorios/rep375?posicao=${isoToBr(HOJE)}`, `/api/relatorios/rep134?${PERIODO}`, `/api/relatorios/rep205?${PERIODO}`]) {
      expect((await benef({ method: 'GET', url })).statusCode, url).toBe(403);
      expect((await prest({ method: 'GET', url })).statusCode, url).toBe(403);
    }
  });
});
