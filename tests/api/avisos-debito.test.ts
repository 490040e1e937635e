import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { hojeSaoPaulo } from '../../src/shared/atendimentos';
import { isoToBr } from '../../src/shared/dates';
import { somarDias } from '../../src/shared/dias-uteis';
import { AVISO_MSG, type EnvioAvisos } from '../../src/shared/financeiro/avisos-debito';
import type { ListPage } from '../../src/shared/lists/types';
import type { ReportSummary } from '../../src/shared/relatorios/define';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * The debt notices: the registration from the Aviso de Débitos screen (the server reads the overdue titles itself,
 * once per key, never twice for the same titles on a day) and the Conferência de Aviso de Débito over the seeded and
 * the registered notices. Expected figures come from the rows of titulos, titulos_pagamentos and the notice tables,
 * read with plain SQL and classified in JavaScript.
 */

type Who = ReturnType<typeof as>;
type Row = Record<string, unknown> & { id: number };
const HOJE = hojeSaoPaulo();
const URL = '/api/relatorios/rep214/envios';
const TODO_PERIODO = `inicio=${isoToBr(somarDias(HOJE, -400))}&termino=${isoToBr(HOJE)}`;

let t: TestApp;
let op: Who;

interface Titulo {
  id: number;
  titular: number;
  emissao: string;
  vencimento: string;
  valor: number;
  status: string;
  pagoEm: string | null;
}
let titulos: Titulo[] = [];
async function lerTitulos() {
  titulos = (
    await query<Record<string, unknown>>(
      t.ctx.db,
      sql`select t.id, t.titular_id, t.emissao::text, t.vencimento::text, t.valor_centavos, t.status, p.data_pagamento::text as pago_em
        from titulos t left join titulos_pagamentos p on p.titulo_id = t.id and p.estornado_em is null`,
    )
  ).map((r) => ({ id: Number(r.id), titular: Number(r.titular_id), emissao: String(r.emissao), vencimento: String(r.vencimento), valor: Number(r.valor_centavos), status: String(r.status), pagoEm: r.pago_em == null ? null : String(r.pago_em) }));
}
/** Open at `dia` (rep214's rule written again): live, issued by then, due before it, not paid by it. */
const emAtraso = (dia: string) => titulos.filter((x) => ['ABERTO', 'PAGO'].includes(x.status) && x.emissao <= dia && x.vencimento < dia && (x.pagoEm == null || x.pagoEm > dia));

/** Every notice's titles with their situation now, classified here. */
async function conferenciaEsperada() {
  const linhas = await query<Record<string, unknown>>(
    t.ctx.db,
    sql`select x.aviso_id, x.titulo_id, x.valor_centavos, a.data::text as data, a.meio, a.titular_id, a.posicao::text as posicao from avisos_debito_titulos x join avisos_debito a on a.id = x.aviso_id`,
  );
  const porId = new Map(titulos.map((x) => [x.id, x]));
  return linhas.map((l) => {
    const ti = porId.get(Number(l.titulo_id))!;
    const data = String(l.data);
    const situacao = ti.pagoEm != null ? (ti.pagoEm >= data ? 'PAGO_APOS' : 'PAGO_ANTES') : ti.status === 'ABERTO' ? 'ABERTO' : 'ESTORNADO';
    return { aviso: Number(l.aviso_id), titulo: ti.id, titular: Number(l.titular_id), valor: Number(l.valor_centavos), data, meio: String(l.meio), posicao: String(l.posicao), situacao };
  });
}
const soma = <T>(l: readonly T[], k: (x: T) => number) => l.reduce((s, x) => s + k(x), 0);

const get = async <T>(url: string): Promise<T> => {
  const res = await op({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json().result as T;
};
async function todasLinhas(q: string): Promise<Row[]> {
  const out: Row[] = [];
  let after: string | null = null;
  for (;;) {
    const page: ListPage<Row> = await get(`/api/relatorios/rep214-conferencia?${q}&limit=500${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    out.push(...page.rows);
    if (!page.hasMore) return out;
    after = page.next;
  }
}

beforeAll(async () => {
  t = await startTestApp();
  op = as(t.app, await loginAs(t.app, 'operadora'));
  await lerTitulos();
}, 60_000);
afterAll(() => t.close());

describe('Conferência de Aviso de Débito', () => {
  it('lists each seeded notice with the titles overdue at its position, and who paid after it', async () => {
    const esperado = await conferenciaEsperada();
    // the demo has both outcomes
    expect(esperado.some((x) => x.situacao === 'PAGO_APOS')).toBe(true);
    expect(esperado.some((x) => x.situacao === 'ABERTO')).toBe(true);
    // each notice named exactly its payer's titles overdue at its position
    const porAviso = new Map<number, typeof esperado>();
    for (const x of esperado) porAviso.set(x.aviso, [...(porAviso.get(x.aviso) ?? []), x]);
    for (const [aviso, xs] of porAviso) {
      const atrasados = emAtraso(xs[0].posicao).filter((x) => x.titular === xs[0].titular);
      expect(xs.map((x) => x.titulo).sort((a, b) => a - b), `aviso ${aviso}`).toEqual(atrasados.map((x) => x.id).sort((a, b) => a - b));
    }

    const s = await get<ReportSummary>(`/api/relatorios/rep214-conferencia/grupos?${TODO_PERIODO}`);
    expect(s.total).toBe(esperado.length);
    expect(s.grupos?.length).toBe(porAviso.size);
    expect(s.totais).toEqual({
      valor: soma(esperado, (x) => x.valor),
      valorPagoApos: soma(esperado.filter((x) => x.situacao === 'PAGO_APOS'), (x) => x.valor),
      valorAberto: soma(esperado.filter((x) => x.situacao === 'ABERTO'), (x) => x.valor),
    });
    const linhas = await todasLinhas(TODO_PERIODO);
    const porTitulo = new Map(esperado.map((x) => [`${x.aviso}:${x.titulo}`, x]));
    expect(linhas).toHaveLength(esperado.length);
    for (const l of linhas) {
      const e = [...porTitulo.values()].find((x) => x.valor === l.valor && x.situacao === l.situacaoTitulo && x.data === l.data);
      expect(e, JSON.stringify(l)).toBeTruthy();
      if (l.situacaoTitulo === 'PAGO_APOS') expect(l.dias).toBe(Math.round((Date.parse(`${l.dataPagamento}T12:00:00Z`) - Date.parse(`${l.data}T12:00:00Z`)) / 86_400_000));
    }

    // filters: the means, and the notice's situation over all its titles
    const email = await get<ReportSummary>(`/api/relatorios/rep214-conferencia/grupos?${TODO_PERIODO}&meio=EMAIL`);
    expect(email.total).toBe(esperado.filter((x) => x.meio === 'EMAIL').length);
    const situacaoDoAviso = (xs: typeof esperado) => {
      const abertos = xs.filter((x) => x.situacao === 'ABERTO').length;
      const pagos = xs.filter((x) => x.situacao === 'PAGO_APOS' || x.situacao === 'PAGO_ANTES').length;
      return abertos === 0 ? 'PAGO' : pagos === 0 ? 'ABERTO' : 'PARCIAL';
    };
    for (const sit of ['PAGO', 'ABERTO', 'PARCIAL']) {
      const avisos = [...porAviso.values()].filter((xs) => situacaoDoAviso(xs) === sit);
      const r = await get<ReportSummary>(`/api/relatorios/rep214-conferencia/grupos?${TODO_PERIODO}&situacao=${sit}`);
      expect(r.total, sit).toBe(soma(avisos, (xs) => xs.length));
    }
  });

  it('is the staff’s: the family and the provider are refused', async () => {
    for (const login of ['beneficiario', 'prestador']) {
      const who = as(t.app, await loginAs(t.app, login));
      expect((await who({ method: 'GET', url: `/api/relatorios/rep214-conferencia/grupos?${TODO_PERIODO}` })).statusCode, login).toBe(403);
      expect((await who({ method: 'POST', url: URL, payload: { meio: 'CARTA', consulta: '' } })).statusCode, login).toBe(403);
    }
  });
});

describe('Registrar envio dos avisos', () => {
  it('writes one notice per payer of the filters with the titles the server reads, once per key and once per day', async () => {
    const consulta = `posicao=${isoToBr(HOJE)}`;
    const pagadores = new Map<number, number[]>();
    for (const x of emAtraso(HOJE)) pagadores.set(x.titular, [...(pagadores.get(x.titular) ?? []), x.id]);
    expect(pagadores.size).toBeGreaterThan(0);

    const chave = `avisos-${Date.now()}`;
    const a = await op({ method: 'POST', url: URL, payload: { meio: 'CARTA', consulta }, headers: { 'idempotency-key': chave } });
    expect(a.statusCode, a.body).toBe(201);
    const envio = a.json().result as EnvioAvisos;
    // a payer already noticed today for the same titles (none in the seed: its notices are older) is not noticed again
    expect(envio.avisos + envio.repetidos + envio.semEmail).toBe(pagadores.size);
    expect(envio.avisos).toBeGreaterThan(0);
    expect(alertsOf(a.body)[0].value).toContain(`${envio.avisos === 1 ? '1 aviso de débito registrado' : `${envio.avisos.toLocaleString('pt-BR')} avisos de débito registrados`} (carta, ${isoToBr(HOJE)})`);
    const gravados = await query<{ titular_id: number; titulos: string }>(
      t.ctx.db,
      sql`select a.titular_id, string_agg(x.titulo_id::text, ',' order by x.titulo_id) as titulos from avisos_debito a join avisos_debito_titulos x on x.aviso_id = a.id where a.envio_id = ${envio.id} group by a.titular_id`,
    );
    expect(gravados).toHaveLength(envio.avisos);
    for (const g of gravados) expect(g.titulos, `titular ${g.titular_id}`).toBe([...pagadores.get(Number(g.titular_id))!].sort((x, y) => x - y).join(','));
    expect(soma(gravados, (g) => g.titulos.split(',').length)).toBe(envio.titulos);

    // the same key: the same sending; another key the same day: nobody noticed twice
    const b = await op({ method: 'POST', url: URL, payload: { meio: 'CARTA', consulta }, headers: { 'idempotency-key': chave } });
    expect(b.statusCode).toBe(200);
    expect(b.json().result.id).toBe(envio.id);
    const c = await op({ method: 'POST', url: URL, payload: { meio: 'CARTA', consulta }, headers: { 'idempotency-key': `${chave}-2` } });
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json().result).toMatchObject({ avisos: 0, repetidos: envio.avisos });
    expect(alertsOf(c.body)[0]).toMatchObject({ type: 'warning' });
    expect(alertsOf(c.body)[0].value).toContain('já tinham aviso destes mesmos títulos hoje');
    const [{ n }] = await query<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from avisos_debito where data = ${HOJE} and titular_id = any(${`{${[...pagadores.keys()].join(',')}}`}::int[])`);
    expect(n).toBe(envio.avisos);

    // the trail says who registered what
    const trilha = await query<{ depois: { avisos: number } }>(t.ctx.db, sql`select depois from trilha_eventos where entidade = 'envioavisodebito' and registro_id = ${String(envio.id)}`);
    expect(trilha[0].depois.avisos).toBe(envio.avisos);

    // the conference has the new notices, dated today, all titles still open or paid today
    await lerTitulos();
    const hoje = await get<ReportSummary>(`/api/relatorios/rep214-conferencia/grupos?inicio=${isoToBr(HOJE)}&termino=${isoToBr(HOJE)}`);
    expect(hoje.grupos?.length).toBe(envio.avisos);
    expect(hoje.totais.valor).toBe(envio.valor);
  });

  it('refuses bad input beside its field, and a position or a day it cannot be', async () => {
    const erro = async (payload: Record<string, string>, field: string, value: string) => {
      const r = await op({ method: 'POST', url: URL, payload });
      expect(r.statusCode, r.body).toBe(400);
      expect(alertsOf(r.body).find((x) => x.field === field)?.value, JSON.stringify(payload)).toBe(value);
    };
    await erro({ meio: 'FAX', consulta: '' }, 'meio', AVISO_MSG.meio);
    await erro({ meio: 'CARTA', data: '31/02/2026', consulta: '' }, 'data', AVISO_MSG.data);
    await erro({ meio: 'CARTA', data: isoToBr(somarDias(HOJE, 2)), consulta: '' }, 'data', AVISO_MSG.dataFutura);
    await erro({ meio: 'CARTA', consulta: `posicao=${isoToBr(somarDias(HOJE, 3))}` }, 'posicao', AVISO_MSG.posicaoFutura);
    const antes = somarDias(HOJE, -10);
    await erro({ meio: 'CARTA', data: isoToBr(somarDias(antes, -1)), consulta: `posicao=${isoToBr(antes)}` }, 'data', AVISO_MSG.antesDaPosicao(antes));
    // filters that list nobody: nothing to register
    const r = await op({ method: 'POST', url: URL, payload: { meio: 'CARTA', consulta: `posicao=${isoToBr(HOJE)}&atrasoMinimo=9999` } });
    expect(r.statusCode).toBe(422);
    expect(alertsOf(r.body)[0].value).toBe(AVISO_MSG.nenhum);
  });
});
