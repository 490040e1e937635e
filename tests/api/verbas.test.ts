import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { isoToBr, todayIso } from '../../src/shared/dates';
import type { JobDetail } from '../../src/shared/jobs';
import type { ListPage } from '../../src/shared/lists/types';
import { formatMoney } from '../../src/shared/money';
import type { ReportSummary } from '../../src/shared/relatorios/define';
import { FLUXO, msgTransicaoRecusada, VERBA_MSG, type VerbaDetalhe } from '../../src/shared/verbas';
import { alertsOf, as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * Solicitações de Verbas: the composition of every seeded request checked against a plain-JavaScript read of the
 * guides, payables, reimbursements and beneficiaries (not the server's query); creation (idempotent, one live request
 * per company and competência, nothing to ask, the schema's refusals), the workflow's steps and refusals, the trail;
 * the two reports' groups, totals, filters and PDF; and the refusals of the beneficiary and the provider.
 */

type Who = ReturnType<typeof as>;
let t: TestApp;
let op: Who;
let adm: Who;
let benef: Who;
let prest: Who;
const URL = '/api/solicitacoes-verbas';
const PERIODO = `inicio=01/01/2000&termino=${isoToBr(todayIso())}`;
const tmp = mkdtempSync(join(tmpdir(), 'verbas-'));

interface Verba { id: number; numero: string; empresa_id: number; empresa: string; competencia: string; status: string; solicitado: number; recebido: number | null; data: string }
let verbas: Verba[] = [];
const lerVerbas = async () =>
  (verbas = (
    await query<Record<string, unknown>>(
      t.ctx.db,
      sql`select v.id, v.numero, v.empresa_id, e.razao_social as empresa, v.competencia, v.status, v.valor_solicitado_centavos as solicitado, v.valor_recebido_centavos as recebido, v.data_solicitacao::text as data
          from solicitacoes_verba v join empresas e on e.id = v.empresa_id order by v.id`,
    )
  ).map((r) => ({ ...(r as unknown as Verba), solicitado: Number(r.solicitado), recebido: r.recebido == null ? null : Number(r.recebido) })));

/** What a company owes for a competência, from the raw rows in JavaScript. */
async function esperado(empresaId: number, competencia: string) {
  const db = t.ctx.db;
  const empresaDe = new Map((await query<{ id: number; empresa: number | null }>(db, sql`select id, empresa from beneficiarios where empresa is not null`)).map((b) => [b.id, b.empresa]));
  const pagamentos = new Set(
    (await query<{ id: number }>(db, sql`select id from pagamentos_prestadores where competencia = ${competencia} and estornado_em is null`)).map((p) => p.id),
  );
  const solicitacoes = new Set((await query<{ id: number; pagamento_id: number | null }>(db, sql`select id, pagamento_id from solicitacoes_pagamento`)).filter((s) => s.pagamento_id != null && pagamentos.has(s.pagamento_id)).map((s) => s.id));
  const protocolos = new Set((await query<{ solicitacao_id: number; protocolo_id: number }>(db, sql`select solicitacao_id, protocolo_id from solicitacao_pagamento_protocolos`)).filter((x) => solicitacoes.has(x.solicitacao_id)).map((x) => x.protocolo_id));
  const guias = (await query<{ protocolo_id: number; beneficiario_id: number | null; v: string | null }>(db, sql`select protocolo_id, beneficiario_id, valor_liberado_centavos::text as v from guias_faturadas`)).filter(
    (g) => protocolos.has(g.protocolo_id) && g.beneficiario_id != null && empresaDe.get(g.beneficiario_id) === empresaId && Number(g.v ?? 0) > 0,
  );
  const liberacoes = await query<{ reembolso_id: number; dia: string }>(db, sql`select reembolso_id, to_char(em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as dia from reembolso_historico where para = 'LIBERADO'`);
  const reembolsos = (await query<{ id: number; beneficiario_id: number; status: string; v: string | null }>(db, sql`select id, beneficiario_id, status, valor_liberado_centavos::text as v from reembolsos`)).filter(
    (r) => r.status === 'LIBERADO' && Number(r.v ?? 0) > 0 && empresaDe.get(r.beneficiario_id) === empresaId && liberacoes.some((h) => h.reembolso_id === r.id && h.dia.slice(0, 7) === competencia),
  );
  const itens = [];
  if (guias.length) itens.push({ tipo: 'CONTAS', quantidade: guias.length, valor: guias.reduce((s, g) => s + Number(g.v), 0) });
  if (reembolsos.length) itens.push({ tipo: 'REEMBOLSOS', quantidade: reembolsos.length, valor: reembolsos.reduce((s, r) => s + Number(r.v), 0) });
  return itens;
}

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  op = as(t.app, await loginAs(t.app, 'operadora'));
  adm = as(t.app, await loginAs(t.app, 'admin'));
  benef = as(t.app, await loginAs(t.app, 'beneficiario'));
  prest = as(t.app, await loginAs(t.app, 'prestador'));
  await lerVerbas();
});
afterAll(async () => t?.close());

const detalhe = async (id: number) => (await op({ method: 'GET', url: `${URL}/${id}` })).json().result as VerbaDetalhe;
const passo = (who: Who, id: number, payload: Record<string, unknown>) => who({ method: 'POST', url: `${URL}/${id}/passo`, payload });

describe('Solicitações de Verbas', () => {
  it('the demo has requests of several companies and months in every situation', () => {
    expect(new Set(verbas.map((v) => v.empresa_id)).size).toBeGreaterThan(1);
    expect(new Set(verbas.map((v) => v.competencia)).size).toBeGreaterThan(1);
    expect(new Set(verbas.map((v) => v.status))).toEqual(new Set(['ABERTA', 'ENVIADA', 'RECEBIDA', 'CANCELADA']));
    for (const v of verbas) expect(v.numero).toMatch(/^\d{4}\/\d{6}$/);
  });

  it('each live request holds the composition the data gives (guides of the competência’s payables, reimbursements released in the month)', async () => {
    const vivas = verbas.filter((v) => v.status !== 'CANCELADA');
    for (const v of vivas) {
      const d = await detalhe(v.id);
      const e = await esperado(v.empresa_id, v.competencia);
      expect(d.itens, `${v.numero}`).toEqual(e);
      expect(d.valorSolicitado).toBe(e.reduce((s, i) => s + i.valor, 0));
    }
  });

  it('creates a request computed by the server, once per key, and refuses a second live one, nothing to ask and bad input', async () => {
    const alvo = verbas.find((v) => v.status === 'ABERTA')!;
    const d0 = await detalhe(alvo.id);
    // a live request of the company and competência: refused, with its number
    const venc = isoToBr(todayIso());
    const corpo = { empresaId: alvo.empresa_id, competencia: `${alvo.competencia.slice(5)}/${alvo.competencia.slice(0, 4)}`, vencimento: venc, observacao: 'Nova emissão' };
    const dup = await op({ method: 'POST', url: URL, payload: corpo });
    expect(dup.statusCode).toBe(422);
    expect(alertsOf(dup.body)[0].value).toBe(VERBA_MSG.duplicada(alvo.numero));
    // cancel it (the reason is required), then ask again: the same composition, a new number
    const semMotivo = await passo(op, alvo.id, { acao: 'cancelar', version: d0.version });
    expect(semMotivo.statusCode).toBe(400);
    expect(alertsOf(semMotivo.body)[0]).toMatchObject({ field: 'nota', value: FLUXO.transitions.cancelar.reason });
    const canc = await passo(op, alvo.id, { acao: 'cancelar', version: d0.version, nota: 'Emitida com vencimento errado.' });
    expect(canc.statusCode, canc.body).toBe(200);
    expect(canc.json().result).toMatchObject({ status: 'CANCELADA', motivo: 'Emitida com vencimento errado.' });
    expect(canc.json().result.historico.at(-1)).toMatchObject({ acao: 'cancelar', para: 'CANCELADA', usuario: expect.any(String), nota: 'Emitida com vencimento errado.' });

    const chave = `verba-${Date.now()}`;
    const [a, b] = await Promise.all([0, 1].map(() => op({ method: 'POST', url: URL, payload: corpo, headers: { 'idempotency-key': chave } })));
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    const nova = a.json().result as VerbaDetalhe;
    expect(b.json().result.id).toBe(nova.id);
    expect(nova).toMatchObject({ status: 'ABERTA', empresaId: alvo.empresa_id, competencia: alvo.competencia, valorSolicitado: d0.valorSolicitado, vencimento: todayIso(), observacao: 'Nova emissão' });
    expect(nova.itens).toEqual(await esperado(alvo.empresa_id, alvo.competencia));
    expect(nova.numero).not.toBe(alvo.numero);
    expect((await op({ method: 'POST', url: URL, payload: corpo, headers: { 'idempotency-key': chave } })).json().result.id).toBe(nova.id);
    expect((await query<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from solicitacoes_verba where empresa_id = ${alvo.empresa_id} and competencia = ${alvo.competencia} and status <> 'CANCELADA'`))[0].n).toBe(1);
    const trilha = await query<{ acao: string; depois: { valorSolicitado: number } }>(t.ctx.db, sql`select acao, depois from trilha_eventos where entidade = 'solicitacaoverba' and registro_id = ${String(nova.id)}`);
    expect(trilha).toEqual([{ acao: 'insert', depois: expect.objectContaining({ valorSolicitado: d0.valorSolicitado }) }]);

    // a month with nothing paid for the company
    const vazio = await op({ method: 'POST', url: URL, payload: { ...corpo, competencia: '01/2020' } });
    expect(vazio.statusCode).toBe(422);
    expect(alertsOf(vazio.body)[0].value).toBe(VERBA_MSG.semValor('01/2020'));
    // the schema's refusals beside their fields
    const ruim = await op({ method: 'POST', url: URL, payload: { empresaId: '', competencia: '13/2025', vencimento: '01/01/2001' } });
    expect(ruim.statusCode).toBe(400);
    const campos = alertsOf(ruim.body).map((x) => x.field);
    expect(campos).toEqual(expect.arrayContaining(['empresaId', 'competencia', 'vencimento']));
    const futura = await op({ method: 'POST', url: URL, payload: { ...corpo, competencia: '12/2099' } });
    expect(alertsOf(futura.body)[0]).toMatchObject({ field: 'competencia', value: VERBA_MSG.futura });
    await lerVerbas();
  });

  it('counts the reimbursements released in the month to the company’s beneficiaries (not another month’s, not a denied one)', async () => {
    const db = t.ctx.db;
    const [b] = await query<{ id: number; nome: string; empresa: number }>(db, sql`select id, nome, empresa from beneficiarios where empresa is not null order by id limit 1`);
    const [proc] = await query<{ id: number }>(db, sql`select id from procedimentos order by id limit 1`);
    const reembolso = async (protocolo: string, status: string, valor: number, liberadoEm: string) => {
      const [r] = await query<{ id: number }>(
        db,
        sql`insert into reembolsos (protocolo, status, beneficiario_id, beneficiario_nome, profissional_nome, profissional_conselho, profissional_numero, profissional_uf, profissional_documento,
              procedimento_id, data_atendimento, valor_pago_centavos, valor_liberado_centavos, solicitado_por)
            values (${protocolo}, ${status}, ${b.id}, ${b.nome}, 'Dra. Teste', 'CRM', '12345', 'MG', '12345678909', ${proc.id}, '2020-03-02', ${valor + 5_000}, ${valor}, 'Teste') returning id`,
      );
      await db.execute(sql`insert into reembolso_historico (reembolso_id, usuario_nome, acao, de, para, em) values (${r.id}, 'Teste', 'liberar', 'ANALISADO', ${status}, ${`${liberadoEm}T15:00:00Z`}::timestamptz)`);
    };
    await reembolso('VERBA-T-1', 'LIBERADO', 12_345, '2020-03-10');
    await reembolso('VERBA-T-2', 'LIBERADO', 20_000, '2020-03-31');
    await reembolso('VERBA-T-3', 'LIBERADO', 99_999, '2020-04-01');
    await reembolso('VERBA-T-4', 'NEGADO', 77_777, '2020-03-12');
    const res = await op({ method: 'POST', url: URL, payload: { empresaId: b.empresa, competencia: '03/2020', vencimento: isoToBr(todayIso()) } });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().result as VerbaDetalhe;
    expect(d.itens).toEqual(await esperado(b.empresa, '2020-03'));
    expect(d.itens).toEqual([{ tipo: 'REEMBOLSOS', quantidade: 2, valor: 32_345 }]);
    expect(d.valorSolicitado).toBe(32_345);
    await lerVerbas();
  });

  it('goes Aberta → Enviada → Recebida, refusing steps its status does not allow and a stale version', async () => {
    const alvo = verbas.find((v) => v.status === 'ABERTA')!;
    let d = await detalhe(alvo.id);
    const receberAntes = await passo(op, alvo.id, { acao: 'receber', version: d.version, valorRecebido: 100, dataRecebimento: isoToBr(todayIso()) });
    expect(receberAntes.statusCode).toBe(422);
    expect(alertsOf(receberAntes.body)[0].value).toBe(msgTransicaoRecusada('receber', 'ABERTA'));
    const env = await passo(op, alvo.id, { acao: 'enviar', version: d.version });
    expect(env.statusCode, env.body).toBe(200);
    expect(alertsOf(env.body)[0].value).toBe(`Solicitação de verba ${alvo.numero} enviada à empresa.`);
    // the version read before the step is stale now
    expect((await passo(op, alvo.id, { acao: 'cancelar', version: d.version, nota: 'x' })).statusCode).toBe(409);
    d = env.json().result;
    const semValor = await passo(op, alvo.id, { acao: 'receber', version: d.version });
    expect(semValor.statusCode).toBe(400);
    expect(alertsOf(semValor.body).map((a) => a.field)).toEqual(expect.arrayContaining(['valorRecebido', 'dataRecebimento']));
    const valor = d.valorSolicitado - 1234;
    const rec = await passo(adm, alvo.id, { acao: 'receber', version: d.version, valorRecebido: valor, dataRecebimento: isoToBr(todayIso()) });
    expect(rec.statusCode, rec.body).toBe(200);
    expect(rec.json().result).toMatchObject({ status: 'RECEBIDA', valorRecebido: valor, dataRecebimento: todayIso() });
    expect(alertsOf(rec.body)[0].value).toBe(`Recebimento de ${formatMoney(valor)} registrado na solicitação de verba ${alvo.numero}.`);
    d = rec.json().result;
    expect(d.historico.map((h) => h.acao)).toEqual(['registrar', 'enviar', 'receber']);
    const cancelarRecebida = await passo(op, alvo.id, { acao: 'cancelar', version: d.version, nota: 'Tarde demais' });
    expect(cancelarRecebida.statusCode).toBe(422);
    expect(alertsOf(cancelarRecebida.body)[0].value).toBe(msgTransicaoRecusada('cancelar', 'RECEBIDA'));
    await lerVerbas();
  });

  it('the list pages, filters and totals what the table holds', async () => {
    const vivas = verbas.filter((v) => v.status === 'RECEBIDA');
    const res = await op({ method: 'GET', url: `${URL}?situacao=RECEBIDA&limit=500` });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().result as ListPage<{ id: number; valorSolicitado: number }>;
    expect(page.rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(vivas.map((v) => v.id));
    const resumo = (await op({ method: 'GET', url: `${URL}/resumo?situacao=RECEBIDA` })).json().result;
    expect(resumo.totals).toEqual({ valorSolicitado: vivas.reduce((s, v) => s + v.solicitado, 0), valorRecebido: vivas.reduce((s, v) => s + (v.recebido ?? 0), 0) });
    const um = verbas[0];
    const porNumero = (await op({ method: 'GET', url: `${URL}?numero=${encodeURIComponent(um.numero)}` })).json().result as ListPage<{ id: number }>;
    expect(porNumero.rows.map((r) => r.id)).toEqual([um.id]);
  });

  it('refuses the beneficiary and the provider everywhere', async () => {
    const id = verbas[0].id;
    for (const who of [benef, prest]) {
      expect((await who({ method: 'GET', url: URL })).statusCode).toBe(403);
      expect((await who({ method: 'GET', url: `${URL}/${id}` })).statusCode).toBe(403);
      expect((await who({ method: 'POST', url: URL, payload: { empresaId: verbas[0].empresa_id, competencia: '01/2020', vencimento: '01/01/2100' } })).statusCode).toBe(403);
      expect((await passo(who, id, { acao: 'enviar', version: 1 })).statusCode).toBe(403);
      for (const code of ['solicitacao-verba', 'solicitacao-verba-id']) expect((await who({ method: 'GET', url: `/api/relatorios/${code}?${PERIODO}` })).statusCode, code).toBe(403);
    }
  });
});

describe('Solicitação de Verba reports', () => {
  it('groups the period’s requests by company with subtotals and a grand total (saldo = solicitado − recebido, none when cancelled)', async () => {
    const saldo = (v: Verba) => (v.status === 'CANCELADA' ? 0 : v.solicitado - (v.recebido ?? 0));
    const porEmpresa = new Map<string, Verba[]>();
    for (const v of verbas) porEmpresa.set(v.empresa, [...(porEmpresa.get(v.empresa) ?? []), v]);
    const res = await op({ method: 'GET', url: `/api/relatorios/solicitacao-verba/grupos?${PERIODO}` });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().result as ReportSummary;
    const soma = (l: Verba[], k: (v: Verba) => number) => l.reduce((x, v) => x + k(v), 0);
    expect(s.total).toBe(verbas.length);
    expect(s.totais).toEqual({ solicitado: soma(verbas, (v) => v.solicitado), recebido: soma(verbas, (v) => v.recebido ?? 0), saldo: soma(verbas, saldo) });
    expect(s.grupos).toEqual(
      [...porEmpresa.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([rotulo, l]) => ({ rotulo, n: l.length, totais: { solicitado: soma(l, (v) => v.solicitado), recebido: soma(l, (v) => v.recebido ?? 0), saldo: soma(l, saldo) } })),
    );
    // filters: the situation and the company
    const e = verbas[0];
    const f = (await op({ method: 'GET', url: `/api/relatorios/solicitacao-verba?${PERIODO}&empresa=${e.empresa_id}&situacao=${e.status}&limit=500` })).json().result as ListPage<{ numero: string; saldo: number }>;
    expect(f.rows.map((r) => r.numero).sort()).toEqual(verbas.filter((v) => v.empresa_id === e.empresa_id && v.status === e.status).map((v) => v.numero).sort());
    // the period is the day of the request
    const dia = verbas[verbas.length - 1].data;
    const noDia = (await op({ method: 'GET', url: `/api/relatorios/solicitacao-verba/grupos?inicio=${isoToBr(dia)}&termino=${isoToBr(dia)}` })).json().result as ReportSummary;
    expect(noDia.total).toBe(verbas.filter((v) => v.data === dia).length);
  });

  it('the document of one request by its number: its composition, in the PDF one page for it', async () => {
    const v = verbas.find((x) => x.status === 'RECEBIDA')!;
    const d = await detalhe(v.id);
    const res = await op({ method: 'GET', url: `/api/relatorios/solicitacao-verba-id?numero=${encodeURIComponent(v.numero)}` });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json().result as ListPage<Record<string, unknown>>).rows;
    const contas = d.itens.find((i) => i.tipo === 'CONTAS');
    const reemb = d.itens.find((i) => i.tipo === 'REEMBOLSOS');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ numero: v.numero, empresaNome: v.empresa, solicitado: v.solicitado, contas: contas?.valor ?? 0, reembolsos: reemb?.valor ?? 0, situacao: 'Recebida' });

    const q = await op({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'relatorio', comando: '/relatorio/contabil/solicitacao-verba-id', parametros: { formato: 'pdf', consulta: `numero=${v.numero}` } } });
    expect(q.statusCode, q.body).toBe(201);
    const job: JobDetail = await waitForJob(op, q.json().result.id);
    expect(job.status, job.erro ?? '').toBe('concluida');
    const pdf = (await op({ method: 'GET', url: `/api/arquivos/${job.arquivos[0].id}` })).rawPayload;
    const path = join(tmp, 'verba.pdf');
    writeFileSync(path, pdf);
    const texto = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
    const reais = (c: number) => formatMoney(c).replace(/\u00a0/g, ' ');
    expect(texto).toContain(`Solicitação de Verba nº ${v.numero}`);
    expect(texto).toContain(v.empresa);
    expect(texto).toContain(`Valor a repassar até ${isoToBr(d.vencimento)}: ${reais(v.solicitado)}`);
    if (contas) expect(texto).toContain(`${contas.quantidade} guia(s) · ${reais(contas.valor)}`);
  });
});
