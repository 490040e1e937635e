import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PESSOAS } from '../../src/server/db/seed/people';
import { query } from '../../src/server/db/sql';
import { isoToBr, todayIso } from '../../src/shared/dates';
import { TIPOS_GUIA_LOTE } from '../../src/shared/faturamento';
import type { JobDetail } from '../../src/shared/jobs';
import type { ListPage } from '../../src/shared/lists/types';
import { formatMoney } from '../../src/shared/money';
import type { ReportSummary } from '../../src/shared/relatorios/define';
import { as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * The billing reports over the seeded billing (six months of lots, reviews, glosas and appeals): every figure is
 * computed here from the tables — the items with their protocol, read with plain SQL and added up in JavaScript — and
 * compared with the report's groups, totals and rows; the provider's scope (the lots of the provider with the most
 * protocols are moved to the demo clinic, so its user has some), the refusals and the files (PDF by pdftotext, XLSX
 * by its sheet XML, CSV by lines).
 */

type Who = ReturnType<typeof as>;
type Row = Record<string, unknown> & { id: number };

let t: TestApp;
let operadora: Who;
let prestador: Who;
let beneficiario: Who;
let auditor: Who;
const tmp = mkdtempSync(join(tmpdir(), 'relatorios-faturamento-'));
let demo: number;
let titular: number;
/** The two hospitals this test bills deliveries for. */
let hospitais: number[] = [];

interface Item {
  id: number;
  guia: number;
  protocolo: number;
  numero: string;
  lote: string;
  pre: number;
  nome: string;
  codigo_pre: string | null;
  dia: string;
  status: string;
  tipo: string;
  atendimento: string;
  informado: number;
  liberado: number | null;
  glosa: number;
  codigo: string | null;
  proc: string;
  senha: string | null;
  ben: number | null;
}
let itens: Item[] = [];

const hoje = todayIso();
const menos = (dias: number) => {
  const d = new Date(`${hoje}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - dias);
  return d.toISOString().slice(0, 10);
};
const INICIO = menos(200);
const PERIODO = `inicio=${isoToBr(INICIO)}&termino=${isoToBr(hoje)}`;

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  const db = t.database.db;
  [{ id: demo }] = await query<{ id: number }>(db, sql`select id from prestadores where codigo = ${DEMO_PESSOAS.prestador.codigo}`);
  [{ id: titular }] = await query<{ id: number }>(db, sql`select beneficiario_id as id from usuarios where login = 'beneficiario'`);
  // the demo clinic takes over the lots (and appeals) of the provider with the most protocols
  const [{ id: maior }] = await query<{ id: number }>(db, sql`select prestador_id as id from protocolos_recebimento group by 1 order by count(*) desc, 1 limit 1`);
  await db.execute(sql`update protocolos_recebimento set prestador_id = ${demo} where prestador_id = ${maior}`);
  await db.execute(sql`update recursos_glosa set prestador_id = ${demo} where prestador_id = ${maior}`);
  // and a closed guide was the demo titular's (the extrato's billed lines)
  await db.execute(sql`update guias_faturadas set beneficiario_id = ${titular}, numero_carteira = (select carteirinha from beneficiarios where id = ${titular})
    where id = (select g.id from guias_faturadas g join protocolos_recebimento p on p.id = g.protocolo_id where p.status = '5' order by g.id limit 1)`);
  await partos();
  itens = (
    await query<Item & { informado: string; liberado: string | null; glosa: string }>(
      db,
      sql`select i.id, g.id as guia, p.id as protocolo, p.numero, p.numero_lote as lote, p.prestador_id as pre, pr.nome, pr.codigo as codigo_pre,
          (p.recebido_em at time zone 'America/Sao_Paulo')::date::text as dia, p.status, p.tipo_guia as tipo, g.data_atendimento::text as atendimento,
          i.valor_informado_centavos as informado, i.valor_liberado_centavos as liberado, i.valor_glosa_centavos as glosa, i.glosa_codigo as codigo, i.codigo_procedimento as proc,
          g.senha, g.beneficiario_id as ben
        from itens_faturados i join guias_faturadas g on g.id = i.guia_id join protocolos_recebimento p on p.id = g.protocolo_id join prestadores pr on pr.id = p.prestador_id`,
    )
  ).map((i) => ({ ...i, informado: Number(i.informado), liberado: i.liberado == null ? null : Number(i.liberado), glosa: Number(i.glosa) }));
  operadora = as(t.app, await loginAs(t.app, 'operadora'));
  prestador = as(t.app, await loginAs(t.app, 'prestador'));
  beneficiario = as(t.app, await loginAs(t.app, 'beneficiario'));
  auditor = as(t.app, await loginAs(t.app, 'auditor'));
}, 180_000);
afterAll(() => t?.close());

/**
 * Deliveries billed in resumos de internação of two hospitals, this test's own (the small seed has none): a caesarean,
 * a vaginal delivery, a labour that ended in a caesarean (one caesarean), a caesarean glosed whole (not a delivery) and,
 * at the other hospital, a vaginal delivery and a caesarean with hysterectomy.
 */
async function partos() {
  const db = t.database.db;
  const hosp = await query<{ id: number }>(db, sql`select id from prestadores where nome like 'Hospital%' order by id limit 2`);
  hospitais = hosp.map((h) => h.id);
  const ben = await query<{ id: number; carteirinha: string }>(db, sql`select id, carteirinha from beneficiarios where sexo = '3' and situacao = 'ATIVO' order by id limit 6`);
  const dia = menos(20);
  let k = 0;
  const guia = async (protocolo: number, itens: [string, 'L' | 'G' | null][]) => {
    const b = ben[k++ % ben.length];
    const [{ id: g }] = await query<{ id: number }>(
      db,
      sql`insert into guias_faturadas (protocolo_id, ordem, numero_guia_prestador, numero_carteira, beneficiario_id, data_atendimento, valor_informado_centavos)
        values (${protocolo}, ${k}, ${`PARTO-${k}`}, ${b.carteirinha}, ${b.id}, ${dia}, 0) returning id`,
    );
    let seq = 0;
    for (const [codigo, decisao] of itens) {
      seq++;
      await db.execute(sql`insert into itens_faturados (guia_id, sequencial, data, codigo_tabela, codigo_procedimento, procedimento_id, quantidade, valor_unitario_centavos,
          valor_informado_centavos, valor_liberado_centavos, valor_glosa_centavos, glosa_codigo)
        select ${g}, ${seq}, ${dia}, '22', codigo, id, 1, 150000, 150000, ${decisao === 'L' ? 150000 : decisao === 'G' ? 0 : null}, ${decisao === 'G' ? 150000 : 0},
          ${decisao === 'G' ? '1308' : null} from procedimentos where codigo = ${codigo}`);
    }
    await db.execute(sql`update guias_faturadas set valor_informado_centavos = (select sum(valor_informado_centavos) from itens_faturados where guia_id = ${g}) where id = ${g}`);
  };
  for (const [i, h] of hosp.entries()) {
    const [{ id: p }] = await query<{ id: number }>(
      db,
      sql`insert into protocolos_recebimento (numero, prestador_id, numero_lote, padrao, tipo_guia, qtd_guias, valor_informado_centavos, status, recebido_em)
        values (${`19990000010${i}`}, ${h.id}, ${`PARTOS${i}`}, '4.03.00', 'RESUMO_INTERNACAO', 0, 0, '2', now() - interval '10 days') returning id`,
    );
    if (i === 0) {
      await guia(p, [['31309054', 'L']]);
      await guia(p, [['31309127', null]]);
      await guia(p, [['31309038', 'L'], ['31309054', 'L']]);
      await guia(p, [['31309054', 'G']]);
    } else {
      await guia(p, [['31309127', 'L']]);
      await guia(p, [['31309208', null]]);
    }
    await db.execute(sql`update protocolos_recebimento set qtd_guias = (select count(*) from guias_faturadas where protocolo_id = ${p}),
      valor_informado_centavos = (select sum(valor_informado_centavos) from guias_faturadas where protocolo_id = ${p}) where id = ${p}`);
  }
}

const get = async <T>(who: Who, url: string): Promise<T> => {
  const res = await who({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json().result as T;
};
async function allRows(who: Who, code: string, q: string): Promise<Row[]> {
  const out: Row[] = [];
  let after: string | null = null;
  for (;;) {
    const page: ListPage<Row> = await get(who, `/api/relatorios/${code}?${q}&limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    out.push(...page.rows);
    if (!page.hasMore) return out;
    after = page.next;
  }
}
async function file(who: Who, comando: string, formato: string, consulta: string): Promise<{ job: JobDetail; bytes: Buffer }> {
  const res = await who({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'relatorio', comando, parametros: { formato, consulta } } });
  expect(res.statusCode, res.body).toBe(201);
  const job = await waitForJob(who, res.json().result.id);
  expect(job.status, job.erro ?? '').toBe('concluida');
  const f = await who({ method: 'GET', url: `/api/arquivos/${job.arquivos[0].id}` });
  expect(f.statusCode).toBe(200);
  return { job, bytes: f.rawPayload };
}

/** The sums of a set of items: informed, released (decided), glosed, still to decide. */
function somas(l: readonly Item[]) {
  const informado = l.reduce((s, i) => s + i.informado, 0);
  const liberado = l.reduce((s, i) => s + (i.liberado ?? 0), 0);
  const glosa = l.reduce((s, i) => s + i.glosa, 0);
  return { informado, liberado, glosa, aDecidir: informado - liberado - glosa };
}
const porChave = <K>(l: readonly Item[], k: (i: Item) => K) => {
  const m = new Map<K, Item[]>();
  for (const i of l) m.set(k(i), [...(m.get(k(i)) ?? []), i]);
  return m;
};
const distintos = (l: readonly Item[], k: (i: Item) => unknown) => new Set(l.map(k)).size;
/** A share in percent with two decimals (this test's own arithmetic). */
const pct = (a: number, b: number) => (b ? Math.round((a * 10000) / b) / 100 : 0);
const noPeriodo = (i: Item) => i.dia >= INICIO && i.dia <= hoje;
const grupoPrestador = (i: Item) => `${i.nome}${i.codigo_pre ? ` (${i.codigo_pre})` : ''}`;
const grupoProtocolo = (i: Item) => `Protocolo ${i.numero} · lote ${i.lote} · ${i.nome}`;

describe('rep061 — Lote Sintético', () => {
  it('sums each lot of the period by provider, exactly, and shows a provider only its own', async () => {
    const l = itens.filter(noPeriodo);
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep061/grupos?${PERIODO}`);
    expect(s.total).toBe(distintos(l, (i) => i.protocolo));
    expect(s.totais).toEqual({ guias: distintos(l, (i) => i.guia), itens: l.length, ...somas(l) });
    expect(s.totais.liberado + s.totais.glosa + s.totais.aDecidir).toBe(s.totais.informado);
    const grupos = porChave(l, grupoPrestador);
    expect(new Map(s.grupos!.map((g) => [g.rotulo, [g.n, g.totais.informado, g.totais.glosa]]))).toEqual(
      new Map([...grupos].map(([k, v]) => [k, [distintos(v, (i) => i.protocolo), somas(v).informado, somas(v).glosa]])),
    );
    // each row is its protocol's sums
    const rows = await allRows(operadora, 'rep061', PERIODO);
    expect(rows.length).toBe(s.total);
    const porProtocolo = porChave(l, (i) => i.protocolo);
    for (const r of rows) {
      const v = porProtocolo.get(r.id)!;
      expect([r.numero, r.status, r.guias, r.itens, r.informado, r.liberado, r.glosa, r.aDecidir], `protocolo ${r.id}`).toEqual([
        v[0].numero, v[0].status, distintos(v, (i) => i.guia), v.length, ...Object.values(somas(v)),
      ]);
    }
    const runs = rows.map((r) => String(r.grupo)).filter((g, i, a) => i === 0 || a[i - 1] !== g);
    expect(runs).toEqual(s.grupos!.map((g) => g.rotulo));
    // the provider: its own lots only
    const meus = l.filter((i) => i.pre === demo);
    expect(meus.length).toBeGreaterThan(0);
    const sp = await get<ReportSummary>(prestador, `/api/relatorios/rep061/grupos?${PERIODO}`);
    expect([sp.total, sp.totais.informado]).toEqual([distintos(meus, (i) => i.protocolo), somas(meus).informado]);
    expect(new Set((await allRows(prestador, 'rep061', PERIODO)).map((r) => r.id))).toEqual(new Set(meus.map((i) => i.protocolo)));
    // naming another provider in the address: the provider's filter is held to its own record (its screen does not
    // offer the filter), so it still reads its own lots and never the other's; the operator reads that provider's lots
    const outro = l.find((i) => i.pre !== demo && i.codigo_pre)!;
    const deOutro = l.filter((i) => i.pre === outro.pre);
    const nomeado = await get<ReportSummary>(prestador, `/api/relatorios/rep061/grupos?${PERIODO}&prestador=${outro.codigo_pre}`);
    expect([nomeado.total, nomeado.totais.informado]).toEqual([sp.total, sp.totais.informado]);
    const a060 = await get<ReportSummary>(prestador, `/api/relatorios/rep060/grupos?${PERIODO}&prestador=${outro.codigo_pre}`);
    expect(a060.totais.informado).toBe(somas(meus).informado);
    expect((await get<ReportSummary>(operadora, `/api/relatorios/rep061/grupos?${PERIODO}&prestador=${outro.codigo_pre}`)).totais.informado).toBe(somas(deOutro).informado);
    // and the provider's CSV holds its own protocols, line by line
    const csv = await file(prestador, '/relatorio/protocolo/prestador/lote-sintetico', 'csv', PERIODO);
    const linhas = csv.bytes.toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).slice(1);
    expect(linhas.map((x) => x.split(';')[1]).sort()).toEqual([...new Set(meus.map((i) => i.numero))].sort());
    // by status
    const emAnalise = l.filter((i) => i.status === '2');
    expect((await get<ReportSummary>(operadora, `/api/relatorios/rep061/grupos?${PERIODO}&situacao=2`)).total).toBe(distintos(emAnalise, (i) => i.protocolo));
    expect(emAnalise.length).toBeGreaterThan(0);
  });

  it('refuses an unknown status, a beneficiary and the auditor', async () => {
    const r = await operadora({ method: 'GET', url: `/api/relatorios/rep061/grupos?${PERIODO}&situacao=99` });
    expect(r.statusCode).toBe(400);
    expect((await beneficiario({ method: 'GET', url: `/api/relatorios/rep061?${PERIODO}` })).statusCode).toBe(403);
    expect((await auditor({ method: 'GET', url: `/api/relatorios/rep061?${PERIODO}` })).statusCode).toBe(403);
  });
});

describe('rep060 — Analítico de Protocolo do Prestador', () => {
  it('lists every item of one protocol with its values and glosa code; another provider’s protocol shows nothing to a provider', async () => {
    const alvo = itens.filter((i) => i.status === '5' && i.glosa > 0 && i.pre !== demo)[0];
    const doProtocolo = itens.filter((i) => i.protocolo === alvo.protocolo);
    const q = `${PERIODO}&protocolo=${alvo.numero}`;
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep060/grupos?${q}`);
    expect(s.total).toBe(doProtocolo.length);
    expect(s.grupos!.map((g) => g.rotulo)).toEqual([grupoProtocolo(alvo)]);
    const { aDecidir: _, ...valores } = somas(doProtocolo);
    expect({ informado: s.totais.informado, liberado: s.totais.liberado, glosa: s.totais.glosa }).toEqual(valores);
    const rows = await allRows(operadora, 'rep060', q);
    expect(new Map(rows.map((r) => [r.id, [r.glosa, r.motivo]]))).toEqual(new Map(doProtocolo.map((i) => [i.id, [i.glosa, i.glosa > 0 ? i.codigo : null]])));
    expect(rows.every((r) => String(r.procedimento).startsWith(doProtocolo.find((i) => i.id === r.id)!.proc))).toBe(true);
    // the provider asking for another's protocol gets none of it
    expect((await get<ReportSummary>(prestador, `/api/relatorios/rep060/grupos?${q}`)).total).toBe(0);
    const meu = itens.find((i) => i.pre === demo)!;
    expect((await get<ReportSummary>(prestador, `/api/relatorios/rep060/grupos?${PERIODO}&protocolo=${meu.numero}`)).total).toBe(itens.filter((i) => i.protocolo === meu.protocolo).length);
  });
});

describe('rep124 — Protocolos Abertos com Atendimentos Vinculados', () => {
  it('lists the guides of the protocols under review with what is decided and the authorization each executes', async () => {
    const abertos = itens.filter((i) => i.status === '1' || i.status === '2');
    expect(abertos.length).toBeGreaterThan(0);
    const s = await get<ReportSummary>(operadora, '/api/relatorios/abertos-atendimentos-vinculados/grupos');
    expect(s.total).toBe(distintos(abertos, (i) => i.guia));
    expect(s.totais).toEqual({ itens: abertos.length, decididos: abertos.filter((i) => i.liberado != null).length, ...somas(abertos) });
    expect(new Set(s.grupos!.map((g) => g.rotulo))).toEqual(new Set(abertos.map(grupoProtocolo)));
    const rows = await allRows(operadora, 'abertos-atendimentos-vinculados', '');
    const auts = await query<{ numero: string; senha: string; ben: number }>(t.database.db, sql`select numero, senha, beneficiario_id as ben from autorizacoes where status in (1, 7) and senha is not null`);
    for (const r of rows) {
      const g = abertos.find((i) => i.guia === r.id)!;
      const a = auts.filter((x) => x.senha === g.senha && x.ben === g.ben).sort((x, y) => (x.numero < y.numero ? -1 : 1))[0];
      expect(r.autorizacao ?? null, `guia ${r.id}`).toBe(g.senha ? (a?.numero ?? null) : null);
    }
  });
});

describe('rep124 — Contas a Pagar por Protocolo', () => {
  it('lists the closed protocols with something released, what is to pay after the appeals and what is still under appeal', async () => {
    const l = itens.filter((i) => noPeriodo(i) && ['3', '5', '6'].includes(i.status));
    const porProtocolo = [...porChave(l, (i) => i.protocolo)].filter(([, v]) => somas(v).liberado > 0);
    const pendentes = await query<{ protocolo: number; v: string }>(
      t.database.db,
      sql`select r.protocolo_id as protocolo, sum(ri.valor_recursado_centavos)::text as v from recursos_glosa r join recursos_glosa_itens ri on ri.recurso_id = r.id
          where ri.resultado is null group by 1`,
    );
    const emRecurso = new Map(pendentes.map((p) => [p.protocolo, Number(p.v)]));
    const s = await get<ReportSummary>(operadora, `/api/relatorios/relatorio-contas-pagar/grupos?${PERIODO}`);
    expect(s.total).toBe(porProtocolo.length);
    const todos = porProtocolo.flatMap(([, v]) => v);
    expect(s.totais).toEqual({
      guias: distintos(todos, (i) => i.guia),
      informado: somas(todos).informado,
      glosa: somas(todos).glosa,
      liberado: somas(todos).liberado,
      emRecurso: porProtocolo.reduce((a, [p]) => a + (emRecurso.get(p) ?? 0), 0),
    });
    expect(s.totais.liberado + s.totais.glosa).toBe(s.totais.informado);
  });
});

describe('rep062 — Protocolos sem Atendimento Vinculado', () => {
  it('lists the guides without an authorized attendance (no senha, a senha of no authorization of the beneficiary), by reason', async () => {
    const auts = new Set(
      (await query<{ senha: string; ben: number }>(t.database.db, sql`select senha, beneficiario_id as ben from autorizacoes where status in (1, 7) and senha is not null`)).map(
        (a) => `${a.ben}|${a.senha}`,
      ),
    );
    const motivo = (i: Item) => (i.ben == null ? 'SEM_BENEFICIARIO' : i.senha == null ? 'SEM_SENHA' : auts.has(`${i.ben}|${i.senha}`) ? null : 'SENHA_NAO_VINCULADA');
    const l = itens.filter((i) => noPeriodo(i) && motivo(i) != null);
    expect(l.some((i) => motivo(i) === 'SEM_SENHA')).toBe(true);
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep062/grupos?${PERIODO}`);
    expect(s.total).toBe(distintos(l, (i) => i.guia));
    expect(s.totais).toEqual({ itens: l.length, informado: somas(l).informado, glosa: somas(l).glosa });
    const rows = await allRows(operadora, 'rep062', PERIODO);
    expect(new Map(rows.map((r) => [r.id, r.motivo]))).toEqual(new Map(l.map((i) => [i.guia, motivo(i)])));
    const semSenha = await get<ReportSummary>(operadora, `/api/relatorios/rep062/grupos?${PERIODO}&motivo=SEM_SENHA`);
    expect(semSenha.total).toBe(distintos(l.filter((i) => motivo(i) === 'SEM_SENHA'), (i) => i.guia));
  });
});

describe('rep118 — Contas por Prestador', () => {
  it('sums each provider’s bills of the period with the share of glosa, the largest first, and needs the period', async () => {
    const l = itens.filter(noPeriodo);
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep118/grupos?${PERIODO}`);
    const tot = somas(l);
    expect(s.totais).toEqual({ protocolos: distintos(l, (i) => i.protocolo), guias: distintos(l, (i) => i.guia), itens: l.length, ...tot, percentualGlosa: pct(tot.glosa, tot.informado) });
    const rows = await allRows(operadora, 'rep118', PERIODO);
    const porPrestador = porChave(l, (i) => i.pre);
    expect(rows.length).toBe(porPrestador.size);
    for (const r of rows) {
      const v = porPrestador.get(r.id)!;
      const sv = somas(v);
      expect([r.protocolos, r.guias, r.itens, r.informado, r.liberado, r.glosa, r.aDecidir, r.percentualGlosa], `prestador ${r.id}`).toEqual([
        distintos(v, (i) => i.protocolo), distintos(v, (i) => i.guia), v.length, sv.informado, sv.liberado, sv.glosa, sv.aDecidir, pct(sv.glosa, sv.informado),
      ]);
    }
    const valores = rows.map((r) => Number(r.informado));
    expect(valores).toEqual([...valores].sort((a, b) => b - a));
    // by guide type
    const sadt = l.filter((i) => i.tipo === 'SP-SADT');
    expect((await get<ReportSummary>(operadora, `/api/relatorios/rep118/grupos?${PERIODO}&tipo=SP-SADT`)).totais.informado).toBe(somas(sadt).informado);
    // the provider: its own line only
    const sp = await allRows(prestador, 'rep118', PERIODO);
    expect(sp.map((r) => r.id)).toEqual([demo]);
    const semFim = await operadora({ method: 'GET', url: `/api/relatorios/rep118/grupos?inicio=${isoToBr(INICIO)}` });
    expect(semFim.statusCode).toBe(400);
    expect(semFim.body).toContain('Informe o início e o término do período.');
  });
});

describe('rep144 — Glosas por Motivo', () => {
  it('groups the glosed items by table-38 reason with the appeal’s outcome, and filters a reason', async () => {
    const l = itens.filter((i) => noPeriodo(i) && i.glosa > 0);
    const motivos = new Map((await query<{ codigo: string; descricao: string }>(t.database.db, sql`select codigo, descricao from motivos`)).map((m) => [m.codigo, m.descricao]));
    const rotulo = (i: Item) => `${i.codigo} – ${motivos.get(i.codigo!)}`;
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep144/grupos?${PERIODO}`);
    expect(s.total).toBe(l.length);
    expect(s.totais).toEqual({ informado: somas(l).informado, glosa: somas(l).glosa });
    const grupos = porChave(l, rotulo);
    expect(new Map(s.grupos!.map((g) => [g.rotulo, [g.n, g.totais.glosa]]))).toEqual(new Map([...grupos].map(([k, v]) => [k, [v.length, somas(v).glosa]])));
    expect(s.grupos!.map((g) => g.rotulo)).toEqual([...grupos.keys()].sort());
    const recursos = new Map(
      (await query<{ item: number; r: string | null }>(t.database.db, sql`select item_id as item, resultado as r from recursos_glosa_itens`)).map((x) => [x.item, x.r ?? 'PENDENTE']),
    );
    const rows = await allRows(operadora, 'rep144', PERIODO);
    expect(new Map(rows.map((r) => [r.id, r.recurso ?? null]))).toEqual(new Map(l.map((i) => [i.id, recursos.get(i.id) ?? null])));
    const q1705 = await get<ReportSummary>(operadora, `/api/relatorios/rep144/grupos?${PERIODO}&motivo=1705`);
    expect(q1705.total).toBe(l.filter((i) => i.codigo === '1705').length);
    // the auditor reads it; the provider its own glosas
    expect((await get<ReportSummary>(auditor, `/api/relatorios/rep144/grupos?${PERIODO}`)).total).toBe(l.length);
    expect((await get<ReportSummary>(prestador, `/api/relatorios/rep144/grupos?${PERIODO}`)).total).toBe(l.filter((i) => i.pre === demo).length);
  });

  it('writes the PDF with the reasons, their subtotals and the grand total in reais', async () => {
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep144/grupos?${PERIODO}`);
    const pdf = await file(operadora, '/relatorio/faturamento/glosas-motivo', 'pdf', PERIODO);
    const path = join(tmp, 'rep144.pdf');
    writeFileSync(path, pdf.bytes);
    const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
    const reais = (c: number) => formatMoney(c).replace(/\u00a0/g, ' ');
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages[0]).toContain('Glosas por Motivo');
    expect(pages[0]).toContain(`Filtros: Recebidos de: ${isoToBr(INICIO)} · Recebidos até: ${isoToBr(hoje)}`);
    for (const g of s.grupos!) expect(text).toContain(`Subtotal de ${g.rotulo}`);
    const ultima = pages.at(-1)!;
    expect(ultima).toMatch(new RegExp(`Total geral: ${s.total.toLocaleString('pt-BR').replace('.', '\\.')} ite(m|ns) glosados?`));
    expect(ultima).toContain(reais(s.totais.glosa));
    expect(ultima).toContain(reais(s.totais.informado));
    // each reason's subtotal line carries its glosa in reais
    for (const g of s.grupos!) expect(text).toMatch(new RegExp(`Subtotal de ${g.rotulo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:.*${reais(g.totais.glosa).replace(/[.$]/g, '\\$&')}`));
  });
});

describe('rep091 and rep092 — Faturamento por Competência e por Tipo de Guia', () => {
  const DE = menos(190);
  const Q = `inicio=${isoToBr(DE)}&termino=${isoToBr(hoje)}`;
  const mes = (i: Item) => `${i.atendimento.slice(5, 7)}/${i.atendimento.slice(0, 4)}`;
  const naCompetencia = (i: Item) => i.atendimento >= DE && i.atendimento <= hoje;

  it('rep091 sums each competência (the month of the attendance), provider by provider', async () => {
    const l = itens.filter(naCompetencia);
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep091/grupos?${Q}`);
    const tot = somas(l);
    expect(s.totais).toEqual({ guias: distintos(l, (i) => i.guia), itens: l.length, ...tot, percentualGlosa: pct(tot.glosa, tot.informado) });
    const grupos = porChave(l, mes);
    expect(s.grupos!.map((g) => g.rotulo)).toEqual([...grupos.keys()].sort((a, b) => (a.slice(3) + a.slice(0, 2) < b.slice(3) + b.slice(0, 2) ? -1 : 1)));
    for (const g of s.grupos!) {
      const v = grupos.get(g.rotulo)!;
      expect([g.n, g.totais.informado, g.totais.liberado, g.totais.glosa, g.totais.percentualGlosa], g.rotulo).toEqual([
        distintos(v, (i) => i.pre), somas(v).informado, somas(v).liberado, somas(v).glosa, pct(somas(v).glosa, somas(v).informado),
      ]);
    }
    const rows = await allRows(operadora, 'rep091', Q);
    expect(rows.length).toBe(s.total);
    const linha = rows[0];
    const v = l.filter((i) => mes(i) === linha.grupo && i.nome === linha.nome);
    expect([linha.guias, linha.informado, linha.glosa]).toEqual([distintos(v, (i) => i.guia), somas(v).informado, somas(v).glosa]);
  });

  it('rep092 sums each guide type by competência over what the session sees', async () => {
    const l = itens.filter(naCompetencia);
    const rotulo = new Map<string, string>(TIPOS_GUIA_LOTE);
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep092/grupos?${Q}`);
    expect(s.totais.informado).toBe(somas(l).informado);
    const grupos = porChave(l, (i) => rotulo.get(i.tipo)!);
    expect(new Map(s.grupos!.map((g) => [g.rotulo, [g.n, g.totais.guias, g.totais.informado, g.totais.glosa]]))).toEqual(
      new Map([...grupos].map(([k, v]) => [k, [distintos(v, mes), distintos(v, (i) => i.guia), somas(v).informado, somas(v).glosa]])),
    );
    const rows = await allRows(operadora, 'rep092', Q);
    for (const r of rows) {
      const v = l.filter((i) => rotulo.get(i.tipo) === r.grupo && mes(i) === r.competencia);
      expect([r.prestadores, r.guias, r.itens, r.informado, r.liberado], `${r.grupo} ${r.competencia}`).toEqual([distintos(v, (i) => i.pre), distintos(v, (i) => i.guia), v.length, somas(v).informado, somas(v).liberado]);
    }
    // the provider: only its own bills are added up
    const meus = l.filter((i) => i.pre === demo);
    expect((await get<ReportSummary>(prestador, `/api/relatorios/rep092/grupos?${Q}`)).totais.informado).toBe(somas(meus).informado);
    expect((await beneficiario({ method: 'GET', url: `/api/relatorios/rep092/grupos?${Q}` })).statusCode).toBe(403);
  });

  it('the XLSX of rep118 carries the money totals and the share of glosa as numbers', async () => {
    const l = itens.filter(noPeriodo);
    const x = await file(operadora, '/relatorio/faturamento/contas-prestador', 'xlsx', PERIODO);
    const sheet = strFromU8(unzipSync(new Uint8Array(x.bytes))['xl/worksheets/sheet1.xml']);
    const total = /Total geral: [^<]+<\/t><\/is><\/c>(.*?)<\/row>/.exec(sheet)![1];
    const tot = somas(l);
    const cel = (col: string) => new RegExp(`<c r="${col}\\d+" s="\\d+"><v>([\\d.]+)</v>`).exec(total)?.[1];
    // F informado, G liberado, H glosa, I a decidir (money in reais with two decimals), J the share of glosa
    expect([cel('F'), cel('G'), cel('H'), cel('I')]).toEqual([tot.informado, tot.liberado, tot.glosa, tot.aDecidir].map((v) => (v / 100).toFixed(2)));
    expect(Number(cel('J'))).toBe(pct(tot.glosa, tot.informado));
  });
});

describe('rep264 — Percentual de Partos', () => {
  it('counts the deliveries billed by provider, caesarean ones and their share; a delivery glosed whole is not one', async () => {
    const q = `inicio=${isoToBr(menos(60))}&termino=${isoToBr(hoje)}`;
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep264/grupos?${q}`);
    const rows = await allRows(operadora, 'rep264', q);
    // this test's two hospitals (the test seed bills no delivery; the demo seed does)
    const de = (id: number) => rows.find((r) => r.id === id)!;
    expect([hospitais.map((h) => [de(h).partos, de(h).normais, de(h).cesareos, de(h).percentualCesareos])]).toEqual([
      [
        [3, 1, 2, 66.67],
        [2, 1, 1, 50],
      ],
    ]);
    const soma = (k: string) => rows.reduce((a, r) => a + Number(r[k]), 0);
    expect(s.totais).toEqual({ partos: soma('partos'), normais: soma('normais'), cesareos: soma('cesareos'), percentualCesareos: pct(soma('cesareos'), soma('partos')) });
    expect(rows.every((r) => r.partos === Number(r.normais) + Number(r.cesareos))).toBe(true);
    expect((await prestador({ method: 'GET', url: `/api/relatorios/rep264/grupos?${q}` })).statusCode).toBe(403);
  });
});

describe('rep117 — Radar TISS', () => {
  it('counts the guides received in the period by provider and channel, and the share received electronically', async () => {
    const q = `inicio=${isoToBr(menos(90))}&termino=${isoToBr(hoje)}`;
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep117/grupos?${q}`);
    const rows = await allRows(operadora, 'rep117', q);
    // each protocol as stored: who sent it, how, on which day of São Paulo, how many guides; the channels counted here
    const prot = await query<{ prestador: number; origem: string; dia: string; do_prestador: boolean; guias: number }>(
      t.database.db,
      sql`select p.prestador_id as prestador, p.origem, to_char(p.recebido_em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as dia,
          coalesce(u.prestador, false) as do_prestador, (select count(*)::int from guias_faturadas g where g.protocolo_id = p.id) as guias
        from protocolos_recebimento p left join usuarios u on u.id = p.usuario_id`,
    );
    const esperado = new Map<number, { xml: number; portal: number; papel: number }>();
    for (const p of prot.filter((x) => x.dia >= menos(90) && x.dia <= hoje && x.guias > 0)) {
      const e = esperado.get(p.prestador) ?? { xml: 0, portal: 0, papel: 0 };
      if (p.origem === 'XML') e.xml += p.guias;
      else if (p.do_prestador) e.portal += p.guias;
      else e.papel += p.guias;
      esperado.set(p.prestador, e);
    }
    expect(esperado.size).toBeGreaterThan(0);
    expect(new Map(rows.map((r) => [r.id, { xml: r.xml, portal: r.portal, papel: r.papel }]))).toEqual(esperado);
    for (const r of rows) {
      expect(r.total).toBe(Number(r.xml) + Number(r.portal) + Number(r.papel));
      expect(r.eletronicas).toBe(Number(r.xml) + Number(r.portal));
      expect(r.percentualEletronico).toBe(pct(Number(r.eletronicas), Number(r.total)));
    }
    const soma = (k: 'xml' | 'portal' | 'papel') => [...esperado.values()].reduce((a, e) => a + e[k], 0);
    const total = soma('xml') + soma('portal') + soma('papel');
    expect(s.totais).toEqual({ xml: soma('xml'), portal: soma('portal'), eletronicas: soma('xml') + soma('portal'), papel: soma('papel'), total, percentualEletronico: pct(soma('xml') + soma('portal'), total) });
    // the operator's figure to the regulator: not the providers'
    expect((await prestador({ method: 'GET', url: `/api/relatorios/rep117/grupos?${q}` })).statusCode).toBe(403);
  });
});

describe('Extrato de Utilização com os itens faturados', () => {
  it('shows the family its authorizations and, beside them, the items billed for it with what was released', async () => {
    const db = t.database.db;
    const periodo = 'inicio=01/01/2000&termino=31/12/2099';
    const auts = await query<{ nome: string; n: number; v: string }>(
      db,
      sql`select b.nome, count(*)::int as n, sum(a.valor_centavos)::text as v from autorizacoes a join beneficiarios b on b.id = a.beneficiario_id
          where b.id = ${titular} or b.titular = ${titular} group by b.nome`,
    );
    const contas = await query<{ nome: string; n: number; f: string; l: string }>(
      db,
      sql`select b.nome, count(*)::int as n, sum(i.valor_informado_centavos)::text as f, coalesce(sum(i.valor_liberado_centavos), 0)::text as l
          from itens_faturados i join guias_faturadas g on g.id = i.guia_id join beneficiarios b on b.id = g.beneficiario_id
          where b.id = ${titular} or b.titular = ${titular} group by b.nome`,
    );
    expect(contas.length).toBeGreaterThan(0);
    const esperado = new Map<string, [number, number, number, number]>();
    for (const a of auts) esperado.set(a.nome, [a.n, Number(a.v), 0, 0]);
    for (const c of contas) {
      const e = esperado.get(c.nome) ?? [0, 0, 0, 0];
      esperado.set(c.nome, [e[0] + c.n, e[1], Number(c.f), Number(c.l)]);
    }
    const s = await get<ReportSummary>(beneficiario, `/api/relatorios/extrato-utilizacao/grupos?${periodo}`);
    expect(new Map(s.grupos!.map((g) => [g.rotulo, [g.n, g.totais.solicitado, g.totais.faturado, g.totais.liberado]]))).toEqual(esperado);
    const rows = await allRows(beneficiario, 'extrato-utilizacao', `${periodo}&origem=CONTA`);
    expect(rows.length).toBe(contas.reduce((a, c) => a + c.n, 0));
    expect(rows.every((r) => r.origem === 'CONTA' && r.solicitado == null && /^(Liberado|Glosado|Liberado em parte|Em análise)/.test(String(r.situacao)))).toBe(true);
    // the operator reads anyone's: every request and every billed item of a known card
    const [{ n }] = await query<{ n: number }>(
      db,
      sql`select (select count(*) from autorizacoes)::int + (select count(*) from itens_faturados i join guias_faturadas g on g.id = i.guia_id where g.beneficiario_id is not null)::int as n`,
    );
    expect((await get<ReportSummary>(operadora, `/api/relatorios/extrato-utilizacao/grupos?${periodo}`)).total).toBe(n);
    const csv = await file(beneficiario, '/relatorio/beneficiario/extratos/extrato-utilizacao', 'csv', periodo);
    const lines = csv.bytes.toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines.length).toBe(1 + s.total);
    expect(lines.slice(1).filter((l) => l.includes(';Conta faturada;')).length).toBe(rows.length);
    // the status by its label, never its number
    expect(lines.slice(1).every((l) => !/;[1-7];/.test(l))).toBe(true);
    expect((await prestador({ method: 'GET', url: `/api/relatorios/extrato-utilizacao/grupos?${periodo}` })).statusCode).toBe(403);
  });
});
