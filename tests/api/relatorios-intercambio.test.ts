import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import type { ListPage } from '../../src/shared/lists/types';
import type { ReportSummary } from '../../src/shared/relatorios/define';
import { formatMoney } from '../../src/shared/money';
import { as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * The interchange reports (rep362, rep093) over the demo's interchange (the seeded partners' cards, received and sent
 * authorizations and movements): each figure is recomputed here from the tables' plain rows in JavaScript and compared
 * with the report's groups, totals and rows; the filters; the provider and the family refused.
 */

type Who = ReturnType<typeof as>;
let t: TestApp;
let op: Who;
const PERIODO = 'inicio=01/01/2000&termino=31/12/2099';
interface Aut {
  id: number;
  parceira: string;
  direcao: string;
  quantidade: number;
  valor: number;
  movimento: number | null;
  cartao: number | null;
}
let auts: Aut[] = [];
let cartoes: { id: number; parceira: string; situacao: string }[] = [];

const get = async <T>(who: Who, url: string): Promise<T> => {
  const res = await who({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json().result as T;
};

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  op = as(t.app, await loginAs(t.app, 'operadora'));
  const [pars, a, c] = await Promise.all([
    query<{ id: number; nome: string; codigo: string }>(t.ctx.db, sql`select id, nome, codigo from intercambios`),
    query<{ id: number; intercambio_id: number; direcao: string; quantidade: number; valor: string; movimento_id: number | null; cartao_id: number | null }>(
      t.ctx.db,
      sql`select id, intercambio_id, direcao, quantidade, valor_centavos::text as valor, movimento_id, cartao_id from autorizacoes_intercambio`,
    ),
    query<{ id: number; intercambio_id: number; situacao: string }>(t.ctx.db, sql`select id, intercambio_id, situacao from cartoes_intercambio`),
  ]);
  const nome = new Map(pars.map((p) => [p.id, `${p.nome} (${p.codigo})`]));
  auts = a.map((x) => ({ id: x.id, parceira: nome.get(x.intercambio_id)!, direcao: x.direcao, quantidade: x.quantidade, valor: Number(x.valor), movimento: x.movimento_id, cartao: x.cartao_id }));
  cartoes = c.map((x) => ({ id: x.id, parceira: nome.get(x.intercambio_id)!, situacao: x.situacao }));
}, 120_000);
afterAll(() => t?.close());

const porParceira = <T extends { parceira: string }>(l: readonly T[]) => {
  const m = new Map<string, T[]>();
  for (const x of l) m.set(x.parceira, [...(m.get(x.parceira) ?? []), x]);
  return m;
};
const soma = (l: readonly Aut[]) => l.reduce((s, a) => s + a.valor, 0);

describe('Relatórios de intercâmbio', () => {
  it('the demo has interchange to count', () => {
    expect(auts.some((a) => a.direcao === 'RECEBIDA')).toBe(true);
    expect(auts.some((a) => a.direcao === 'ENVIADA')).toBe(true);
    expect(cartoes.length).toBeGreaterThan(0);
  });

  it('rep362: the authorizations by partner, with quantity and value per partner and in all', async () => {
    const s = await get<ReportSummary>(op, `/api/relatorios/rep362/grupos?${PERIODO}`);
    expect([s.total, s.totais.valor, s.totais.quantidade]).toEqual([auts.length, soma(auts), auts.reduce((x, a) => x + a.quantidade, 0)]);
    const grupos = porParceira(auts);
    expect(s.grupos!.map((g) => [g.rotulo, g.n, g.totais.valor]).sort()).toEqual([...grupos].map(([k, l]) => [k, l.length, soma(l)]).sort());
    // by direction, and those no movement took yet
    const recebidas = auts.filter((a) => a.direcao === 'RECEBIDA');
    expect((await get<ReportSummary>(op, `/api/relatorios/rep362/grupos?${PERIODO}&direcao=RECEBIDA`)).totais.valor).toBe(soma(recebidas));
    const aFaturar = auts.filter((a) => a.movimento == null);
    expect((await get<ReportSummary>(op, `/api/relatorios/rep362/grupos?${PERIODO}&situacao=A_FATURAR`)).total).toBe(aFaturar.length);
    const page = await get<ListPage<Record<string, unknown> & { id: number }>>(op, `/api/relatorios/rep362?${PERIODO}&limit=500`);
    for (const r of page.rows) {
      const a = auts.find((x) => x.id === r.id)!;
      expect([r.direcao, r.valor, r.quantidade, r.competencia === 'A faturar']).toEqual([a.direcao, a.valor, a.quantidade, a.movimento == null]);
    }
  });

  it('rep093: the partners cards, each with the authorizations received on it', async () => {
    const s = await get<ReportSummary>(op, `/api/relatorios/rep093/grupos`);
    const comCartao = auts.filter((a) => a.cartao != null);
    expect([s.total, s.totais.autorizacoes, s.totais.valor]).toEqual([cartoes.length, comCartao.length, soma(comCartao)]);
    expect(s.grupos!.map((g) => [g.rotulo, g.n]).sort()).toEqual([...porParceira(cartoes)].map(([k, l]) => [k, l.length]).sort());
    const page = await get<ListPage<Record<string, unknown> & { id: number }>>(op, `/api/relatorios/rep093?limit=500`);
    for (const r of page.rows) {
      const l = auts.filter((a) => a.cartao === r.id);
      expect([r.autorizacoes, r.valor], `cartão ${r.id}`).toEqual([l.length, soma(l)]);
    }
    expect((await get<ReportSummary>(op, `/api/relatorios/rep093/grupos?situacao=ATIVO`)).total).toBe(cartoes.filter((c) => c.situacao === 'ATIVO').length);
  });

  it('writes rep362 as a PDF with a subtotal per partner and the grand total in reais', async () => {
    const res = await op({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'relatorio', comando: '/relatorio/beneficiario/intercambio/autorizacoes-intercambio', parametros: { formato: 'pdf', consulta: PERIODO } } });
    expect(res.statusCode, res.body).toBe(201);
    const job = await waitForJob(op, res.json().result.id);
    expect(job.status, job.erro ?? '').toBe('concluida');
    const f = await op({ method: 'GET', url: `/api/arquivos/${job.arquivos[0].id}` });
    const path = join(mkdtempSync(join(tmpdir(), 'rep362-')), 'rep362.pdf');
    writeFileSync(path, f.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
    expect(text).toContain('Autorizações de Intercâmbio');
    for (const k of porParceira(auts).keys()) expect(text).toContain(`Subtotal de ${k}`);
    expect(text).toContain(formatMoney(soma(auts)).replace(/\u00a0/g, ' '));
  });

  it('the provider and the family are refused', async () => {
    for (const u of ['prestador', 'beneficiario']) {
      const who = as(t.app, await loginAs(t.app, u));
      for (const code of ['rep362', 'rep093']) expect((await who({ method: 'GET', url: `/api/relatorios/${code}?${PERIODO}` })).statusCode, `${u} ${code}`).toBe(403);
    }
  });
});
