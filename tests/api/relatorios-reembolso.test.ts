import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { DEMO_PESSOAS } from '../../src/server/db/seed/people';
import { query } from '../../src/server/db/sql';
import { hojeSaoPaulo } from '../../src/shared/atendimentos';
import { isoToBr } from '../../src/shared/dates';
import { somarDias } from '../../src/shared/dias-uteis';
import type { JobDetail } from '../../src/shared/jobs';
import type { ListPage } from '../../src/shared/lists/types';
import { formatMoney } from '../../src/shared/money';
import type { ReportSummary } from '../../src/shared/relatorios/define';
import type { ReembolsoDetalhe } from '../../src/shared/reembolsos';
import { as, loginAs, sendFile, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * The reimbursement reports (rep064, 065, 066, 067, 107, 188, 246, 255, 269) over requests this test makes through the
 * API — asked by the titular, protocolled, analysed by the plan's table, released, denied or left waiting; one
 * protocolled 35 days ago, past the legal deadline. Every figure is computed here from the rows of `reembolsos` and
 * `reembolso_historico` read with plain SQL and added up in JavaScript; the documents (receipt, denial letter) are
 * read from the PDF with pdftotext; the XLSX by its sheet and the CSV by lines; the family and the provider are refused.
 */

type Who = ReturnType<typeof as>;
type Row = Record<string, unknown> & { id: number };
let t: TestApp;
let op: Who;
let benef: Who;
let prest: Who;
let benefToken: string;
const tmp = mkdtempSync(join(tmpdir(), 'relatorios-reembolso-'));
const HOJE = hojeSaoPaulo();
const INICIO = somarDias(HOJE, -60);
const PERIODO = `inicio=${isoToBr(INICIO)}&termino=${isoToBr(HOJE)}`;
const db = () => t.ctx.db;
let titularId: number;
let dependenteId: number;
const ids: Record<'A' | 'B' | 'C' | 'D' | 'E', number> = { A: 0, B: 0, C: 0, D: 0, E: 0 };

interface Pedido {
  id: number;
  protocolo: string;
  status: string;
  beneficiario_id: number;
  titular_id: number;
  nome: string;
  procedimento_id: number;
  quantidade: number;
  pago: number;
  tabela: number | null;
  valor: number | null;
}
let pedidos: Pedido[] = [];
let passos: { reembolso_id: number; para: string; em: Date }[] = [];

const get = async <T>(who: Who, url: string): Promise<T> => {
  const res = await who({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json().result as T;
};
async function allRows(code: string, q: string): Promise<Row[]> {
  const out: Row[] = [];
  let after: string | null = null;
  for (;;) {
    const page: ListPage<Row> = await get(op, `/api/relatorios/${code}?${q}&limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    out.push(...page.rows);
    if (!page.hasMore) return out;
    after = page.next;
  }
}
async function file(comando: string, formato: string, consulta: string): Promise<{ job: JobDetail; bytes: Buffer }> {
  const res = await op({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'relatorio', comando, parametros: { formato, consulta } } });
  expect(res.statusCode, res.body).toBe(201);
  const job = await waitForJob(op, res.json().result.id);
  expect(job.status, job.erro ?? '').toBe('concluida');
  const f = await op({ method: 'GET', url: `/api/arquivos/${job.arquivos[0].id}` });
  expect(f.statusCode).toBe(200);
  return { job, bytes: f.rawPayload };
}
const pdfText = (nome: string, bytes: Buffer) => {
  const path = join(tmp, nome);
  writeFileSync(path, bytes);
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
};
const reais = (c: number) => formatMoney(c).replace(/\u00a0/g, ' ');
const soma = (l: readonly Pedido[], k: (p: Pedido) => number | null) => l.reduce((s, p) => s + (k(p) ?? 0), 0);
const liberado = (p: Pedido) => (p.status === 'LIBERADO' ? p.valor! : 0);
const porChave = <K>(l: readonly Pedido[], k: (p: Pedido) => K) => {
  const m = new Map<K, Pedido[]>();
  for (const p of l) m.set(k(p), [...(m.get(k(p)) ?? []), p]);
  return m;
};
const passoDe = (id: number, para: string) => passos.find((h) => h.reembolso_id === id && h.para === para);

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  op = as(t.app, await loginAs(t.app, 'operadora'));
  benefToken = await loginAs(t.app, 'beneficiario');
  benef = as(t.app, benefToken);
  prest = as(t.app, await loginAs(t.app, 'prestador'));
  [{ id: titularId }] = await query<{ id: number }>(db(), sql`select id from beneficiarios where matricula = ${DEMO_PESSOAS.titular.matricula}`);
  [{ id: dependenteId }] = await query<{ id: number }>(db(), sql`select id from beneficiarios where matricula = ${DEMO_PESSOAS.dependente.matricula}`);
  await db().execute(sql`update beneficiarios set produto = (select id from produtos where nome = 'Master Nacional') where id in (${titularId}, ${dependenteId})`);
  let cpf: string;
  do cpf = generateCpf().replace(/\D/g, '');
  while ((await query(db(), sql`select 1 from prestadores where cpf = ${cpf} union all select 1 from profissionais where cpf = ${cpf}`)).length);
  const [consulta] = await query<{ id: number }>(db(), sql`select id from procedimentos where codigo = '10101012'`);
  const [outro] = await query<{ id: number }>(db(), sql`select id from procedimentos where porte is null and ativo and valor > 0 and coalesce(sexo, 'A') = 'A' order by codigo limit 1`);
  const pedir = async (nome: string, o: { beneficiarioId: number; procedimentoId: number; dias: number; valorPago: number; quantidade?: number }) => {
    const recibo = await sendFile(t.app, benefToken, `${nome}.pdf`);
    const res = await benef({
      method: 'POST',
      url: '/api/reembolsos',
      payload: {
        beneficiarioId: o.beneficiarioId,
        profissionalNome: 'Dr. Paulo Reis Andrade',
        profissionalConselho: 'CRM',
        profissionalNumero: '77120',
        profissionalUf: 'MG',
        profissionalDocumento: cpf,
        procedimentoId: o.procedimentoId,
        quantidade: o.quantidade ?? 1,
        dataAtendimento: isoToBr(somarDias(HOJE, -o.dias)),
        valorPago: o.valorPago,
        anexos: [recibo],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json().result as ReembolsoDetalhe).id;
  };
  const passo = async (tela: 'protocolos' | 'analises', id: number, acao: string, nota?: string) => {
    const d = (await get<ReembolsoDetalhe>(op, `/api/reembolsos/${tela}/${id}`)) as ReembolsoDetalhe;
    const r = await op({ method: 'POST', url: `/api/reembolsos/${tela}/${id}/passo`, payload: { acao, version: d.version, ...(nota ? { nota } : {}) } });
    expect(r.statusCode, r.body).toBe(200);
  };
  ids.A = await pedir('rec-a', { beneficiarioId: dependenteId, procedimentoId: consulta.id, dias: 1, valorPago: 350_00 });
  ids.B = await pedir('rec-b', { beneficiarioId: titularId, procedimentoId: consulta.id, dias: 3, valorPago: 12_34 });
  ids.C = await pedir('rec-c', { beneficiarioId: dependenteId, procedimentoId: outro.id, dias: 40, valorPago: 5_000_00, quantidade: 2 });
  ids.D = await pedir('rec-d', { beneficiarioId: titularId, procedimentoId: consulta.id, dias: 5, valorPago: 220_00 });
  ids.E = await pedir('rec-e', { beneficiarioId: titularId, procedimentoId: consulta.id, dias: 7, valorPago: 180_00 });
  for (const k of ['A', 'B', 'C'] as const) {
    await passo('protocolos', ids[k], 'protocolar');
    await passo('analises', ids[k], 'analisar');
  }
  await passo('analises', ids.A, 'liberar');
  await passo('analises', ids.B, 'liberar');
  await passo('protocolos', ids.D, 'protocolar');
  await passo('protocolos', ids.D, 'negar', 'Recibo ilegível: reenvie com o carimbo do profissional.');
  // C was asked and protocolled 35 days ago and is still waiting for release: past the 30-day legal deadline
  await db().execute(sql`update reembolsos set criado_em = criado_em - interval '36 days' where id = ${ids.C}`);
  await db().execute(sql`update reembolso_historico set em = em - interval '35 days' where reembolso_id = ${ids.C} and para = 'PROTOCOLADO'`);
  await db().execute(sql`update reembolso_historico set em = em - interval '36 days' where reembolso_id = ${ids.C} and para = 'SOLICITADO'`);

  pedidos = (
    await query<Pedido & { pago: string; tabela: string | null; valor: string | null }>(
      db(),
      sql`select r.id, r.protocolo, r.status, r.beneficiario_id, coalesce(b.titular, b.id) as titular_id, r.beneficiario_nome as nome, r.procedimento_id, r.quantidade,
        r.valor_pago_centavos::text as pago, r.valor_tabela_centavos::text as tabela, r.valor_liberado_centavos::text as valor
      from reembolsos r join beneficiarios b on b.id = r.beneficiario_id order by r.id`,
    )
  ).map((p) => ({ ...p, pago: Number(p.pago), tabela: p.tabela == null ? null : Number(p.tabela), valor: p.valor == null ? null : Number(p.valor) }));
  passos = await query(db(), sql`select reembolso_id, para, em from reembolso_historico order by id`);
}, 180_000);
afterAll(() => t?.close());

describe('Relatórios de reembolso', () => {
  it('the test made the requests it counts (and the demo has no others)', () => {
    expect(pedidos.map((p) => p.id).sort((a, b) => a - b)).toEqual(Object.values(ids).sort((a, b) => a - b));
    expect(pedidos.find((p) => p.id === ids.A)!.status).toBe('LIBERADO');
    expect(pedidos.find((p) => p.id === ids.C)!.status).toBe('ANALISADO');
    expect(pedidos.find((p) => p.id === ids.D)!.status).toBe('NEGADO');
    expect(pedidos.find((p) => p.id === ids.E)!.status).toBe('SOLICITADO');
  });

  it('rep064 analítico: each request by beneficiary, with the values paid and released per beneficiary', async () => {
    const s = await get<ReportSummary>(op, `/api/relatorios/rep064/grupos?${PERIODO}`);
    const grupos = porChave(pedidos, (p) => p.beneficiario_id);
    expect(s.total).toBe(pedidos.length);
    expect(s.totais).toMatchObject({ pago: soma(pedidos, (p) => p.pago), liberado: soma(pedidos, liberado), quantidade: soma(pedidos, (p) => p.quantidade) });
    expect(s.grupos!.length).toBe(grupos.size);
    for (const [, l] of grupos) {
      const g = s.grupos!.find((x) => x.rotulo.startsWith(`${l[0].nome} · `))!;
      expect(g, l[0].nome).toBeTruthy();
      expect([g.n, g.totais.pago, g.totais.liberado]).toEqual([l.length, soma(l, (p) => p.pago), soma(l, liberado)]);
    }
    const rows = await allRows('rep064', PERIODO);
    const a = rows.find((r) => r.id === ids.A)!;
    expect(a).toMatchObject({ protocolo: pedidos.find((p) => p.id === ids.A)!.protocolo, pago: 350_00, status: 'LIBERADO', profissional: 'Dr. Paulo Reis Andrade (CRM 77120/MG)' });
    expect(String(a.procedimento)).toMatch(/^10101012 – /);
    // the filters: situation, beneficiary (by card), a period that leaves out C (asked 36 days ago)
    expect((await get<ReportSummary>(op, `/api/relatorios/rep064/grupos?${PERIODO}&situacao=NEGADO`)).total).toBe(1);
    const [{ carteirinha }] = await query<{ carteirinha: string }>(db(), sql`select carteirinha from beneficiarios where id = ${dependenteId}`);
    expect((await get<ReportSummary>(op, `/api/relatorios/rep064/grupos?${PERIODO}&beneficiario=${carteirinha}`)).total).toBe(pedidos.filter((p) => p.beneficiario_id === dependenteId).length);
    const recente = `inicio=${isoToBr(somarDias(HOJE, -10))}&termino=${isoToBr(HOJE)}`;
    expect((await get<ReportSummary>(op, `/api/relatorios/rep064/grupos?${recente}`)).total).toBe(pedidos.length - 1);
  });

  it('rep065 sintético: requests by plan and situation, with the share released of what was paid', async () => {
    const rows = await allRows('rep065', PERIODO);
    const porStatus = porChave(pedidos, (p) => p.status);
    expect(rows.length).toBe(porStatus.size);
    for (const [status, l] of porStatus) {
      const r = rows.find((x) => x.status === status)!;
      expect(r.grupo).toMatch(/^Master Nacional \(/);
      expect([r.pedidos, r.quantidade, r.pago, r.liberado]).toEqual([l.length, soma(l, (p) => p.quantidade), soma(l, (p) => p.pago), soma(l, liberado)]);
    }
    const s = await get<ReportSummary>(op, `/api/relatorios/rep065/grupos?${PERIODO}`);
    const pago = soma(pedidos, (p) => p.pago);
    const lib = soma(pedidos, liberado);
    expect(s.totais).toMatchObject({ pedidos: pedidos.length, pago, liberado: lib, tabela: soma(pedidos, (p) => p.tabela) });
    expect(s.totais.percentualLiberado).toBe(Math.round((lib * 10000) / pago) / 100);
    // the period is required
    expect((await op({ method: 'GET', url: '/api/relatorios/rep065' })).statusCode).toBe(400);
  });

  it('rep066 conferência: only the analysed requests, with the value calculated and the value released', async () => {
    const analisados = pedidos.filter((p) => passoDe(p.id, 'ANALISADO'));
    expect(analisados.map((p) => p.id).sort()).toEqual([ids.A, ids.B, ids.C].sort());
    const s = await get<ReportSummary>(op, `/api/relatorios/rep066/grupos?${PERIODO}`);
    expect(s.total).toBe(analisados.length);
    expect(s.totais).toMatchObject({ calculado: soma(analisados, (p) => p.valor), liberado: soma(analisados, liberado), tabela: soma(analisados, (p) => p.tabela) });
    expect(s.grupos!.map((g) => g.rotulo)).toEqual([expect.stringMatching(/^Master Nacional \(/)]);
    // B paid less than the table: the calculated value is what was paid
    const b = (await allRows('rep066', PERIODO)).find((r) => r.id === ids.B)!;
    expect(b).toMatchObject({ pago: 12_34, calculado: 12_34, liberado: 12_34 });
    expect(b.tabela as number).toBeGreaterThan(12_34);
  });

  it('rep255 by procedure, rep246 by day of the protocol, rep269 by situation with the legal deadline', async () => {
    const s255 = await get<ReportSummary>(op, `/api/relatorios/rep255/grupos?${PERIODO}`);
    const procs = porChave(pedidos, (p) => p.procedimento_id);
    expect(s255.grupos!.length).toBe(procs.size);
    expect(s255.grupos!.find((g) => g.rotulo.startsWith('10101012'))!.n).toBe(procs.get(pedidos.find((p) => p.id === ids.A)!.procedimento_id)!.length);
    expect((await get<ReportSummary>(op, `/api/relatorios/rep255/grupos?${PERIODO}&procedimento=10101012`)).total).toBe(4);

    const protocolados = pedidos.filter((p) => passoDe(p.id, 'PROTOCOLADO'));
    const dia = (d: Date) => isoToBr(new Date(new Date(d).getTime() - 3 * 3600_000).toISOString().slice(0, 10));
    const dias = porChave(protocolados, (p) => dia(passoDe(p.id, 'PROTOCOLADO')!.em));
    const s246 = await get<ReportSummary>(op, `/api/relatorios/rep246/grupos?${PERIODO}`);
    expect(s246.total).toBe(protocolados.length);
    expect(s246.grupos!.map((g) => [g.rotulo, g.n])).toEqual([...dias].map(([k, l]) => [k, l.length]).sort((x, y) => String(x[0]).split('/').reverse().join().localeCompare(String(y[0]).split('/').reverse().join())));
    expect(s246.totais.anexos).toBe(protocolados.length);
    const [{ nome: quem }] = await query<{ nome: string }>(db(), sql`select nome from usuarios where login = 'operadora'`);
    expect((await allRows('rep246', PERIODO)).map((r) => r.protocoladoPor)).toEqual(protocolados.map(() => quem));

    const s269 = await get<ReportSummary>(op, `/api/relatorios/rep269/grupos?${PERIODO}`);
    expect(s269.grupos!.map((g) => [g.rotulo, g.n])).toEqual([
      ['Solicitado', 1],
      ['Analisado', 1],
      ['Liberado', 2],
      ['Negado', 1],
    ]);
    const c = (await allRows('rep269', PERIODO)).find((r) => r.id === ids.C)!;
    expect(c).toMatchObject({ dias: 35, prazo: somarDias(HOJE, -5) });
    const fora = await allRows('rep269', `${PERIODO}&atrasado=true`);
    expect(fora.map((r) => r.id)).toEqual([ids.C]);
  });

  it('rep067 folha: the released ones by payee (the titular), the sheet total', async () => {
    const lib = pedidos.filter((p) => p.status === 'LIBERADO');
    const s = await get<ReportSummary>(op, `/api/relatorios/rep067/grupos?${PERIODO}`);
    expect(s.total).toBe(lib.length);
    expect(s.totais.liberado).toBe(soma(lib, liberado));
    expect(s.grupos!.map((g) => g.rotulo)).toEqual([`${DEMO_PESSOAS.titular.nome} · CPF ${DEMO_PESSOAS.titular.cpf.replace(/\D/g, '')}`]);
  });

  it('rep107 and rep188 are documents: one receipt or letter per request in the PDF', async () => {
    const lib = pedidos.filter((p) => p.status === 'LIBERADO');
    const comp = pdfText('rep107.pdf', (await file('/relatorio/protocolo/reembolso/comprovante-devolucao', 'pdf', PERIODO)).bytes);
    const paginas = comp.split('\f').filter((p) => p.trim());
    expect(paginas.length).toBe(lib.length);
    for (const p of lib) {
      const pg = paginas.find((x) => x.includes(p.protocolo))!;
      expect(pg, p.protocolo).toContain('Comprovante de Devolução de Despesa (Reembolso)');
      expect(pg).toContain(`Valor devolvido: ${reais(p.valor!)}`);
      expect(pg).toContain(DEMO_PESSOAS.titular.nome);
    }
    expect(paginas[0]).toContain(`Página 1 de ${lib.length}`);
    // one protocol only
    const um = pdfText('rep107-um.pdf', (await file('/relatorio/protocolo/reembolso/comprovante-devolucao', 'pdf', `protocolo=${lib[0].protocolo}`)).bytes);
    expect(um.split('\f').filter((p) => p.trim()).length).toBe(1);

    const neg = pdfText('rep188.pdf', (await file('/relatorio/protocolo/reembolso/devolucao-reembolso-negado-protocolo', 'pdf', PERIODO)).bytes);
    const pgs = neg.split('\f').filter((p) => p.trim());
    expect(pgs.length).toBe(1);
    expect(pgs[0]).toContain('Devolução de Documentos — Reembolso Negado');
    expect(pgs[0]).toContain(pedidos.find((p) => p.id === ids.D)!.protocolo);
    expect(pgs[0].replace(/\s+/g, ' ')).toContain('Motivo da negativa: Recibo ilegível: reenvie com o carimbo do profissional.');
  });

  it('writes the analytic report as XLSX with money as numbers and as CSV', async () => {
    const x = await file('/relatorio/protocolo/reembolso/analitico-reembolso', 'xlsx', PERIODO);
    const sheet = strFromU8(unzipSync(new Uint8Array(x.bytes))['xl/worksheets/sheet1.xml']);
    // money written as numbers with the BRL style (typed cells), the grand total's paid sum among them
    const numero = (c: number) => (c / 100).toFixed(2);
    expect(sheet).toMatch(new RegExp(`<c r="H\\d+" s="3"><v>${numero(350_00)}</v></c>`));
    expect(sheet).toMatch(new RegExp(`Total geral: ${pedidos.length} pedidos.*<v>${numero(soma(pedidos, (p) => p.pago))}</v>.*<v>${numero(soma(pedidos, liberado))}</v>`));
    const csv = await file('/relatorio/protocolo/reembolso/analitico-reembolso', 'csv', PERIODO);
    const linhas = csv.bytes.toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(linhas[0]).toContain('Protocolo;');
    for (const p of pedidos) expect(linhas.some((l) => l.includes(p.protocolo))).toBe(true);
  });

  it('the family and the provider are refused (the operator staff reports)', async () => {
    for (const code of ['rep064', 'rep065', 'rep066', 'rep067', 'rep107', 'rep188', 'rep246', 'rep255', 'rep269']) {
      expect((await benef({ method: 'GET', url: `/api/relatorios/${code}?${PERIODO}` })).statusCode, code).toBe(403);
      expect((await prest({ method: 'GET', url: `/api/relatorios/${code}?${PERIODO}` })).statusCode, code).toBe(403);
    }
  });
});
