import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
 * The payer-side reports over the seeded titles (rep178, rep214, rep059, the informe de pagamento, rep119). The
 * expected figures come from the rows of titulos, titulos_membros, titulos_pagamentos, reembolsos and beneficiarios
 * read with plain SQL and added up in JavaScript (not the reports' queries); the family sees only its own members;
 * the letters of rep214 are read from the PDF.
 */

type Who = ReturnType<typeof as>;
type Row = Record<string, unknown> & { id: number };
interface Titulo {
  id: number;
  titular: number;
  nome: string;
  carteirinha: string;
  competencia: string;
  emissao: string;
  vencimento: string;
  valor: number;
  status: string;
  pagoEm: string | null;
  valorPago: number | null;
  juros: number | null;
}
interface Membro {
  titulo: number;
  beneficiario: number;
  mensalidade: number;
  subsidio: number;
  coparticipacao: number;
  valor: number;
}
interface Pessoa {
  id: number;
  titular: number | null;
  nome: string;
  cpf: string | null;
  carteirinha: string;
}
let t: TestApp;
let op: Who;
let benef: Who;
let dep: Who;
let prest: Who;
let titulos: Titulo[] = [];
let membros: Membro[] = [];
const pessoas = new Map<number, Pessoa>();
let reembolsos: { beneficiario: number; valor: number; liberadoEm: string }[] = [];
let familiaBeatriz: number[] = [];
let usos: { beneficiario: number; data: string; valor: number }[] = [];
const tmp = mkdtempSync(join(tmpdir(), 'relatorios-cobranca-benef-'));
const HOJE = hojeSaoPaulo();
const ANO = Number(HOJE.slice(0, 4));
const INICIO = `${somarDias(HOJE, -200).slice(0, 7)}-01`;
const PERIODO = `inicio=${isoToBr(INICIO)}&termino=${isoToBr(HOJE)}`;

const get = async <T>(who: Who, url: string): Promise<T> => {
  const res = await who({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json().result as T;
};
async function allRows(who: Who, code: string, q: string): Promise<Row[]> {
  const out: Row[] = [];
  let after: string | null = null;
  for (;;) {
    const page: ListPage<Row> = await get(who, `/api/relatorios/${code}?${q}&limit=500${after ? `&after=${encodeURIComponent(after)}` : ''}`);
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
const soma = <T>(l: readonly T[], k: (x: T) => number | null) => l.reduce((s, x) => s + (k(x) ?? 0), 0);
const dias = (de: string, ate: string) => Math.round((Date.parse(`${ate}T12:00:00Z`) - Date.parse(`${de}T12:00:00Z`)) / 86_400_000);
/** Open at `dia`: live, issued by then, due before it, not paid by it. */
const emAtraso = (dia: string) => titulos.filter((x) => ['ABERTO', 'PAGO'].includes(x.status) && x.emissao <= dia && x.vencimento < dia && (x.pagoEm == null || x.pagoEm > dia));

/** What each member paid in the year and was reimbursed, from the rows: the DMED's rule written again in JavaScript. */
function anoPorMembro(ano: number) {
  const out = new Map<number, { pago: number; reembolso: number; titular: number }>();
  const de = `${ano}-01-01`;
  const ate = `${ano}-12-31`;
  const porTitulo = new Map(titulos.map((x) => [x.id, x]));
  for (const m of membros) {
    const x = porTitulo.get(m.titulo)!;
    if (x.status !== 'PAGO' || x.pagoEm == null || x.pagoEm < de || x.pagoEm > ate) continue;
    const e = out.get(m.beneficiario) ?? { pago: 0, reembolso: 0, titular: x.titular };
    e.pago += m.valor + (m.beneficiario === x.titular ? (x.juros ?? 0) : 0);
    out.set(m.beneficiario, e);
  }
  for (const r of reembolsos.filter((x) => x.liberadoEm >= de && x.liberadoEm <= ate)) {
    const p = pessoas.get(r.beneficiario)!;
    const e = out.get(r.beneficiario) ?? { pago: 0, reembolso: 0, titular: p.titular ?? p.id };
    e.reembolso += r.valor;
    out.set(r.beneficiario, e);
  }
  return out;
}

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  op = as(t.app, await loginAs(t.app, 'operadora'));
  benef = as(t.app, await loginAs(t.app, 'beneficiario'));
  dep = as(t.app, await loginAs(t.app, 'dependente'));
  prest = as(t.app, await loginAs(t.app, 'prestador'));
  const db = t.ctx.db;
  titulos = (
    await query<Record<string, unknown>>(
      db,
      sql`select t.id, t.titular_id, b.nome, b.carteirinha, t.competencia::text, t.emissao::text, t.vencimento::text, t.valor_centavos, t.status,
          p.data_pagamento::text as pago_em, p.valor_pago_centavos, p.juros_centavos
        from titulos t join beneficiarios b on b.id = t.titular_id left join titulos_pagamentos p on p.titulo_id = t.id and p.estornado_em is null`,
    )
  ).map((r) => ({
    id: Number(r.id),
    titular: Number(r.titular_id),
    nome: String(r.nome),
    carteirinha: String(r.carteirinha),
    competencia: String(r.competencia),
    emissao: String(r.emissao),
    vencimento: String(r.vencimento),
    valor: Number(r.valor_centavos),
    status: String(r.status),
    pagoEm: r.pago_em == null ? null : String(r.pago_em),
    valorPago: r.valor_pago_centavos == null ? null : Number(r.valor_pago_centavos),
    juros: r.juros_centavos == null ? null : Number(r.juros_centavos),
  }));
  membros = (await query<Record<string, unknown>>(db, sql`select titulo_id, beneficiario_id, mensalidade_centavos, subsidio_centavos, coparticipacao_centavos, valor_centavos from titulos_membros`)).map((r) => ({
    titulo: Number(r.titulo_id),
    beneficiario: Number(r.beneficiario_id),
    mensalidade: Number(r.mensalidade_centavos),
    subsidio: Number(r.subsidio_centavos),
    coparticipacao: Number(r.coparticipacao_centavos),
    valor: Number(r.valor_centavos),
  }));
  reembolsos = (
    await query<Record<string, unknown>>(
      db,
      sql`select r.beneficiario_id, r.valor_liberado_centavos, (select min((h.em at time zone 'America/Sao_Paulo')::date)::text from reembolso_historico h where h.reembolso_id = r.id and h.para = 'LIBERADO') as em
        from reembolsos r where r.status = 'LIBERADO' and r.valor_liberado_centavos > 0`,
    )
  )
    .filter((r) => r.em != null)
    .map((r) => ({ beneficiario: Number(r.beneficiario_id), valor: Number(r.valor_liberado_centavos), liberadoEm: String(r.em) }));
  const ids = [...new Set([...membros.map((m) => m.beneficiario), ...reembolsos.map((r) => r.beneficiario), ...titulos.map((x) => x.titular)])];
  for (const r of await query<Record<string, unknown>>(db, sql`select id, titular, nome, cpf, carteirinha from beneficiarios where id = any(${`{${ids.join(',')}}`}::int[])`))
    pessoas.set(Number(r.id), { id: Number(r.id), titular: r.titular == null ? null : Number(r.titular), nome: String(r.nome), cpf: r.cpf == null ? null : String(r.cpf), carteirinha: String(r.carteirinha) });
  usos = (
    await query<Record<string, unknown>>(
      db,
      sql`select a.beneficiario_id, a.data_autorizacao::text as data, i.quantidade_autorizada, i.valor_centavos from autorizacoes a join autorizacao_itens i on i.autorizacao_id = a.id
        where a.status in (1, 7) and a.data_autorizacao is not null`,
    )
  )
    .filter((r) => Number(r.quantidade_autorizada ?? 0) > 0)
    .map((r) => ({ beneficiario: Number(r.beneficiario_id), data: String(r.data).slice(0, 10), valor: Number(r.quantidade_autorizada) * Number(r.valor_centavos) }));
  const [bia] = await query<{ id: number }>(db, sql`select id from beneficiarios where cpf = '52998224725'`);
  familiaBeatriz = (await query<{ id: number }>(db, sql`select id from beneficiarios where id = ${bia.id} or titular = ${bia.id}`)).map((r) => Number(r.id));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('payer-side reports over the seeded titles', () => {
  it('rep178: the titles due in the period by family, with payment, interest and delay, and the filters', async () => {
    const noPeriodo = titulos.filter((x) => x.vencimento >= INICIO && x.vencimento <= HOJE);
    expect(noPeriodo.length).toBeGreaterThan(50);
    const s = await get<ReportSummary>(op, `/api/relatorios/rep178-cobranca/grupos?${PERIODO}`);
    expect(s.total).toBe(noPeriodo.length);
    expect(s.totais).toMatchObject({ valor: soma(noPeriodo, (x) => x.valor), valorPago: soma(noPeriodo, (x) => x.valorPago), juros: soma(noPeriodo, (x) => x.juros) });
    expect(s.grupos!.length).toBe(new Set(noPeriodo.map((x) => x.titular)).size);

    // one family with a paid and an open title: its rows in due-date order, the delay of each
    const porFamilia = new Map<number, Titulo[]>();
    for (const x of noPeriodo) porFamilia.set(x.titular, [...(porFamilia.get(x.titular) ?? []), x]);
    const [, uma] = [...porFamilia].find(([, l]) => l.some((x) => x.status === 'PAGO') && l.some((x) => x.status === 'ABERTO')) ?? [...porFamilia][0];
    const rows = await allRows(op, 'rep178-cobranca', `${PERIODO}&beneficiario=${uma[0].carteirinha}`);
    const esperado = [...uma].sort((a, b) => a.vencimento.localeCompare(b.vencimento) || a.id - b.id);
    expect(rows.map((r) => r.id)).toEqual(esperado.map((x) => x.id));
    for (const [i, r] of rows.entries()) {
      const x = esperado[i];
      expect(r).toMatchObject({ vencimento: x.vencimento, valor: x.valor, dataPagamento: x.pagoEm, valorPago: x.valorPago, status: x.status });
      const atraso = x.pagoEm ? Math.max(dias(x.vencimento, x.pagoEm), 0) : x.status === 'ABERTO' ? Math.max(dias(x.vencimento, HOJE), 0) : null;
      expect(r.atraso, `título ${x.id}`).toBe(atraso);
    }
    const abertos = await get<ReportSummary>(op, `/api/relatorios/rep178-cobranca/grupos?${PERIODO}&situacao=ABERTO`);
    expect(abertos.total).toBe(noPeriodo.filter((x) => x.status === 'ABERTO').length);
  });

  it('rep214: the payers with titles overdue at the position day, the minimum delay, and one letter per payer in the PDF', async () => {
    const vencidos = emAtraso(HOJE);
    const porPagador = new Map<number, Titulo[]>();
    for (const x of vencidos) porPagador.set(x.titular, [...(porPagador.get(x.titular) ?? []), x]);
    expect(porPagador.size).toBeGreaterThan(0);
    const s = await get<ReportSummary>(op, `/api/relatorios/rep214/grupos?posicao=${isoToBr(HOJE)}`);
    expect(s.total).toBe(porPagador.size);
    expect(s.totais).toMatchObject({ titulos: vencidos.length, valor: soma(vencidos, (x) => x.valor) });
    const rows = await allRows(op, 'rep214', `posicao=${isoToBr(HOJE)}`);
    for (const r of rows) {
      const l = porPagador.get(r.id)!;
      const antigo = l.map((x) => x.vencimento).sort()[0];
      expect(r).toMatchObject({ titulos: l.length, valor: soma(l, (x) => x.valor), maisAntigo: antigo, dias: dias(antigo, HOJE) });
    }
    // at least 40 days late: the payers whose oldest open title is that old
    const sMin = await get<ReportSummary>(op, `/api/relatorios/rep214/grupos?posicao=${isoToBr(HOJE)}&atrasoMinimo=40`);
    expect(sMin.total).toBe([...porPagador.values()].filter((l) => dias(l.map((x) => x.vencimento).sort()[0], HOJE) >= 40).length);

    // the letters of two payers: one page each, with the titles and the total
    const dois = rows.slice(0, 2);
    const pdfs: string[] = [];
    for (const r of dois) {
      const pdf = await file('/relatorio/cobranca/aviso-debitos', 'pdf', `posicao=${isoToBr(HOJE)}&beneficiario=${String(r.carteirinha)}`);
      const path = join(tmp, `aviso-${r.id}.pdf`);
      writeFileSync(path, pdf);
      expect(execFileSync('pdfinfo', [path], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);
      pdfs.push(execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' '));
      writeFileSync(join(tmp, 'ultimo.pdf'), pdf);
    }
    for (const [i, r] of dois.entries()) {
      expect(pdfs[i]).toContain('Aviso de Débito');
      expect(pdfs[i]).toContain(String(r.titular));
      expect(pdfs[i]).toContain(`Total em aberto: ${formatMoney(Number(r.valor)).replace(/\u00a0/g, ' ')}`);
      for (const x of porPagador.get(r.id)!) expect(pdfs[i]).toContain(x.vencimento.split('-').reverse().join('/'));
    }
  });

  it('rep059: each member’s coparticipation per competência', async () => {
    const porTitulo = new Map(titulos.map((x) => [x.id, x]));
    const noPeriodo = membros.filter((m) => m.coparticipacao > 0 && porTitulo.get(m.titulo)!.competencia >= INICIO && porTitulo.get(m.titulo)!.competencia <= HOJE);
    expect(noPeriodo.length).toBeGreaterThan(0);
    const s = await get<ReportSummary>(op, `/api/relatorios/rep059/grupos?${PERIODO}`);
    expect(s.total).toBe(noPeriodo.length);
    expect(s.totais.coparticipacao).toBe(soma(noPeriodo, (m) => m.coparticipacao));
    expect(s.grupos!.length).toBe(new Set(noPeriodo.map((m) => m.beneficiario)).size);
    const m = noPeriodo[0];
    const p = pessoas.get(m.beneficiario)!;
    const g = s.grupos!.find((x) => x.rotulo === `${p.nome} · ${p.carteirinha}`)!;
    const dele = noPeriodo.filter((x) => x.beneficiario === m.beneficiario);
    expect([g.n, g.totais.coparticipacao]).toEqual([dele.length, soma(dele, (x) => x.coparticipacao)]);
    const rows = await allRows(op, 'rep059', `${PERIODO}&beneficiario=${p.carteirinha}`);
    expect(rows.filter((r) => r.grupo === g.rotulo).map((r) => r.coparticipacao)).toEqual(
      dele.sort((a, b) => porTitulo.get(a.titulo)!.competencia.localeCompare(porTitulo.get(b.titulo)!.competencia)).map((x) => x.coparticipacao),
    );
  });

  it('informe de pagamento: each member’s year, the family sees only its own members, the dependant and the provider are refused', async () => {
    const ano = anoPorMembro(ANO);
    const s = await get<ReportSummary>(op, `/api/relatorios/informe-pagamento/grupos?ano=${ANO}`);
    expect(s.total).toBe(ano.size);
    expect(s.totais).toMatchObject({ valorPago: soma([...ano.values()], (x) => x.pago), reembolso: soma([...ano.values()], (x) => x.reembolso) });

    const minha = [...ano].filter(([id]) => familiaBeatriz.includes(id));
    expect(minha.length).toBeGreaterThan(0);
    const rows = await allRows(benef, 'informe-pagamento', `ano=${ANO}`);
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(minha.map(([id]) => id).sort((a, b) => a - b));
    for (const r of rows) expect([r.valorPago, r.reembolso]).toEqual([ano.get(r.id)!.pago, ano.get(r.id)!.reembolso]);
    const sb = await get<ReportSummary>(benef, `/api/relatorios/informe-pagamento/grupos?ano=${ANO}`);
    expect(sb.total).toBe(minha.length);
    expect(sb.totais.valorPago).toBe(soma(minha, ([, x]) => x.pago));
    // asking for another family's card changes nothing for the titular: the scope holds
    const outro = [...ano.keys()].find((id) => !familiaBeatriz.includes(id))!;
    expect((await get<ReportSummary>(benef, `/api/relatorios/informe-pagamento/grupos?ano=${ANO}&beneficiario=${pessoas.get(outro)!.carteirinha}`)).total).toBe(0);
    // the operator finds the same family by card
    const porOp = await allRows(op, 'informe-pagamento', `ano=${ANO}&beneficiario=${pessoas.get(familiaBeatriz[0])!.carteirinha}`);
    expect(porOp.map((r) => r.id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
    // a year is required
    expect((await op({ method: 'GET', url: '/api/relatorios/informe-pagamento' })).statusCode).toBe(400);
    for (const who of [dep, prest]) expect((await who({ method: 'GET', url: `/api/relatorios/informe-pagamento?ano=${ANO}` })).statusCode).toBe(403);
  });

  it('rep119: the year per titular’s CPF, the same figures as the informe; staff only', async () => {
    const ano = anoPorMembro(ANO);
    const porTitular = new Map<number, { titular: number; deps: number; reembolso: number }>();
    for (const [id, x] of ano) {
      const e = porTitular.get(x.titular) ?? { titular: 0, deps: 0, reembolso: 0 };
      if (id === x.titular) e.titular += x.pago;
      else e.deps += x.pago;
      e.reembolso += x.reembolso;
      porTitular.set(x.titular, e);
    }
    const s = await get<ReportSummary>(op, `/api/relatorios/rep119/grupos?ano=${ANO}`);
    expect(s.total).toBe(porTitular.size);
    const v = [...porTitular.values()];
    expect(s.totais).toMatchObject({ valorTitular: soma(v, (x) => x.titular), valorDependentes: soma(v, (x) => x.deps), valorTotal: soma(v, (x) => x.titular + x.deps), reembolso: soma(v, (x) => x.reembolso) });
    const rows = await allRows(op, 'rep119', `ano=${ANO}`);
    for (const r of rows.slice(0, 50)) {
      const e = porTitular.get(r.id)!;
      expect([r.valorTitular, r.valorDependentes, r.valorTotal, r.cpf ? '' : 'x']).toEqual([e.titular, e.deps, e.titular + e.deps, pessoas.get(r.id)!.cpf ? '' : 'x']);
    }
    for (const code of ['rep119', 'rep178-cobranca', 'rep214', 'rep059']) {
      const url = `/api/relatorios/${code}?ano=${ANO}&${PERIODO}`;
      expect((await benef({ method: 'GET', url })).statusCode, url).toBe(403);
      expect((await prest({ method: 'GET', url })).statusCode, url).toBe(403);
    }
  });

  it('extrato unificado: charged, paid and used per member and month; the family sees only its own members', async () => {
    const porTitulo = new Map(titulos.map((x) => [x.id, x]));
    const noPeriodo = membros.filter((m) => porTitulo.get(m.titulo)!.competencia >= INICIO && porTitulo.get(m.titulo)!.competencia <= HOJE);
    const uso = (m: Membro) => {
      const mes = porTitulo.get(m.titulo)!.competencia.slice(0, 7);
      return usos.filter((u) => u.beneficiario === m.beneficiario && u.data.slice(0, 7) === mes);
    };
    const esperado = (l: Membro[]) => ({
      mensalidade: soma(l, (m) => m.mensalidade - m.subsidio),
      coparticipacao: soma(l, (m) => m.coparticipacao),
      valor: soma(l, (m) => m.valor),
      procedimentos: soma(l, (m) => uso(m).length),
      valorUtilizado: soma(l, (m) => soma(uso(m), (u) => u.valor)),
    });
    const s = await get<ReportSummary>(op, `/api/relatorios/extrato-unificado/grupos?${PERIODO}`);
    expect(s.total).toBe(noPeriodo.length);
    expect(s.totais).toMatchObject(esperado(noPeriodo));
    expect(esperado(noPeriodo).procedimentos).toBeGreaterThan(0);

    const minha = noPeriodo.filter((m) => familiaBeatriz.includes(m.beneficiario));
    expect(minha.length).toBeGreaterThan(0);
    const sb = await get<ReportSummary>(benef, `/api/relatorios/extrato-unificado/grupos?${PERIODO}`);
    expect(sb.total).toBe(minha.length);
    expect(sb.totais).toMatchObject(esperado(minha));
    const rows = await allRows(benef, 'extrato-unificado', PERIODO);
    expect(rows.length).toBe(minha.length);
    for (const r of rows) {
      const m = minha.find((x) => x.titulo * 64 < r.id + 64 && x.titulo === Math.floor((r.id - 1) / 64) && `${porTitulo.get(x.titulo)!.competencia.slice(5, 7)}/${porTitulo.get(x.titulo)!.competencia.slice(0, 4)}` === r.mes && String(r.grupo).startsWith(pessoas.get(x.beneficiario)!.nome));
      expect(m, JSON.stringify(r)).toBeDefined();
      expect([r.valor, r.dataPagamento]).toEqual([m!.valor, porTitulo.get(m!.titulo)!.pagoEm]);
    }
    const outro = noPeriodo.find((m) => !familiaBeatriz.includes(m.beneficiario))!;
    expect((await get<ReportSummary>(benef, `/api/relatorios/extrato-unificado/grupos?${PERIODO}&beneficiario=${pessoas.get(outro.beneficiario)!.carteirinha}`)).total).toBe(0);
    for (const who of [dep, prest]) expect((await who({ method: 'GET', url: `/api/relatorios/extrato-unificado?${PERIODO}` })).statusCode).toBe(403);
  });
});
