import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import type { JobDetail } from '../../src/shared/jobs';
import type { ListPage } from '../../src/shared/lists/types';
import type { ReportSummary } from '../../src/shared/relatorios/define';
import { MSG_REDE_DO_PLANO } from '../../src/shared/relatorios/rede';
import { fold } from '../../src/shared/text';
import { alertsOf, as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * The reports over each product's network (RPS): rep075 for a beneficiary (her own plan's network only, decided by
 * the server), rep080 (the providers of each product's network), rep367 (copass: one product's network by specialty
 * and city) and rep260 of the RPS (every inclusion and exclusion by product). Every expected figure is computed here
 * from `rede_produtos`, `movimentos_rps` and the registry with SQL, not through the engine.
 */

type Who = ReturnType<typeof as>;
type Row = Record<string, unknown> & { id: number };
let t: TestApp;
let operadora: Who;
let beneficiario: Who;
let dependente: Who;
let prestador: Who;
const tmp = mkdtempSync(join(tmpdir(), 'rede-produto-'));

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  operadora = as(t.app, await loginAs(t.app, 'operadora'));
  beneficiario = as(t.app, await loginAs(t.app, 'beneficiario'));
  dependente = as(t.app, await loginAs(t.app, 'dependente'));
  prestador = as(t.app, await loginAs(t.app, 'prestador'));
}, 120_000);
afterAll(() => t?.close());

const db = () => t.database.db;
const get = async <T>(who: Who, url: string): Promise<T> => {
  const res = await who({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
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
async function file(who: Who, comando: string, formato: string, consulta: string): Promise<Buffer> {
  const res = await who({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'relatorio', comando, parametros: { formato, consulta } } });
  expect(res.statusCode, res.body).toBe(201);
  const job: JobDetail = await waitForJob(who, res.json().result.id);
  expect(job.status, job.erro ?? '').toBe('concluida');
  const f = await who({ method: 'GET', url: `/api/arquivos/${job.arquivos[0].id}` });
  expect(f.statusCode).toBe(200);
  return f.rawPayload;
}
const contar = <K extends string>(xs: readonly { [k in K]: string }[], k: K) => {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x[k], (m.get(x[k]) ?? 0) + 1);
  return m;
};

/** The plan of Beatriz (the `beneficiario` user) and of Davi, her dependent. */
async function planoDaBeatriz() {
  const [p] = await query<{ id: number; nome: string; registro: string; davi: number }>(
    db(),
    sql`select pr.id, pr.nome, pr.registro_ans as registro, (select d.produto from beneficiarios d where d.matricula = '0000000101') as davi
      from beneficiarios b join produtos pr on pr.id = b.produto where b.matricula = '0000000100'`,
  );
  return p;
}

/** A product's network in force today, straight from the tables: the period open and the provider in its term. */
async function redeHoje(produto: number) {
  return query<{ id: number; cidade: string | null; cid: string; e1: string | null; e2: string | null }>(
    db(),
    sql`select p.id, c.nome as cidade, coalesce(c.nome || ' / ' || c.uf, 'Cidade não informada') as cid, e1.descricao as e1, e2.descricao as e2
      from prestadores p left join cidades c on c.id = p.cidade left join especialidades e1 on e1.id = p.especialidade left join especialidades e2 on e2.id = p.especialidade2
      where p.inicio_vigencia <= current_date and (p.fim_vigencia is null or p.fim_vigencia >= current_date)
        and p.id in (select prestador_id from rede_produtos where produto_id = ${produto} and inicio <= current_date and (fim is null or fim > current_date))`,
  );
}

describe('rep075 — a rede do plano do beneficiário', () => {
  it('gives Beatriz and her dependent only their plan’s network in force today, by city, without the hospitals that left it', async () => {
    const plano = await planoDaBeatriz();
    expect(plano.davi).toBe(plano.id);
    const rede = await redeHoje(plano.id);
    const [{ todos }] = await query<{ todos: number }>(db(), sql`select count(*)::int as todos from prestadores p where p.inicio_vigencia <= current_date and (p.fim_vigencia is null or p.fim_vigencia >= current_date)`);
    // her plan is a state plan: fewer providers than the whole network, but a real network
    expect(rede.length).toBeGreaterThan(50);
    expect(rede.length).toBeLessThan(todos);
    for (const who of [beneficiario, dependente]) {
      const s = await get<ReportSummary>(who, '/api/relatorios/rep075/grupos');
      expect(s.total).toBe(rede.length);
      expect(new Map(s.grupos!.map((g) => [g.rotulo, g.n]))).toEqual(contar(rede, 'cid'));
      expect(s.nota).toBe(`Rede do plano ${plano.nome} (registro ANS ${plano.registro})`);
    }
    const rows = await allRows(beneficiario, 'rep075', '');
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(rede.map((p) => p.id)));
    // the hospitals excluded from her plan are out of her guide (and still in another plan's)
    const saidos = await query<{ id: number }>(db(), sql`select prestador_id as id from rede_produtos where produto_id = ${plano.id} and fim <= current_date and motivo_exclusao in ('3', '4')`);
    expect(saidos.length).toBeGreaterThan(0);
    const ids = new Set(rows.map((r) => r.id));
    expect(saidos.every((h) => !ids.has(h.id))).toBe(true);
    // the operator still sees every provider in force, and any one product's network when asked
    expect((await get<ReportSummary>(operadora, '/api/relatorios/rep075/grupos')).total).toBe(todos);
    const op = await get<ReportSummary>(operadora, `/api/relatorios/rep075/grupos?produto=${plano.id}`);
    expect(op.total).toBe(rede.length);
    expect(op.nota).toBeUndefined();
  });

  it('filters her network by city and specialty as the tables say', async () => {
    const plano = await planoDaBeatriz();
    const rede = await redeHoje(plano.id);
    const alvo = rede.find((p) => p.cidade && p.e1)!;
    const cidade = fold(alvo.cidade!).slice(0, 5);
    const esp = fold(alvo.e1!).slice(1, 7).toUpperCase();
    const esperado = rede.filter((p) => p.cidade && fold(p.cidade).includes(cidade) && [p.e1, p.e2].some((e) => e && fold(e).includes(fold(esp))));
    const q = `cidade=${encodeURIComponent(cidade)}&especialidade=${encodeURIComponent(esp)}`;
    const s = await get<ReportSummary>(beneficiario, `/api/relatorios/rep075/grupos?${q}`);
    expect(s.total).toBe(esperado.length);
    expect(new Set((await allRows(beneficiario, 'rep075', q)).map((r) => r.id))).toEqual(new Set(esperado.map((p) => p.id)));
  });

  it('refuses another product’s network to the beneficiary, keeps her own when she names it, and refuses a provider', async () => {
    const plano = await planoDaBeatriz();
    const [outro] = await query<{ id: number }>(db(), sql`select id from produtos where id <> ${plano.id} order by id limit 1`);
    for (const url of [`/api/relatorios/rep075/grupos?produto=${outro.id}`, `/api/relatorios/rep075?produto=${outro.id}`]) {
      const r = await beneficiario({ method: 'GET', url });
      expect(r.statusCode).toBe(403);
      expect(alertsOf(r.body)[0].value).toBe(MSG_REDE_DO_PLANO);
    }
    const r = await dependente({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'relatorio', comando: '/relatorio/rede-credenciada/cidadeespecialidade', parametros: { formato: 'csv', consulta: `produto=${outro.id}` } } });
    // a file of another plan's network is refused when it runs
    if (r.statusCode === 201) expect((await waitForJob(dependente, r.json().result.id)).erro).toBe(MSG_REDE_DO_PLANO);
    else expect(r.statusCode).toBe(403);
    const proprio = await get<ReportSummary>(beneficiario, `/api/relatorios/rep075/grupos?produto=${plano.id}`);
    expect(proprio.total).toBe((await redeHoje(plano.id)).length);
    expect((await prestador({ method: 'GET', url: '/api/relatorios/rep075/grupos' })).statusCode).toBe(403);
  });

  it('writes her PDF with the plan in the header and only her network', async () => {
    const plano = await planoDaBeatriz();
    const rede = await redeHoje(plano.id);
    const q = `cidade=${encodeURIComponent('Belo')}`;
    const n = rede.filter((p) => p.cidade && fold(p.cidade).includes('belo')).length;
    const pdf = await file(beneficiario, '/relatorio/rede-credenciada/cidadeespecialidade', 'pdf', q);
    const path = join(tmp, 'rep075-beatriz.pdf');
    writeFileSync(path, pdf);
    const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
    expect(text).toContain(`Filtros: Cidade contém: Belo · Rede do plano ${plano.nome}`);
    expect(text).toContain(`Total geral: ${n.toLocaleString('pt-BR')} prestador`);
  });
});

describe('rep080 — prestadores por benefício', () => {
  it('counts each product’s network today and on a past date as the periods say', async () => {
    const hoje = await query<{ rotulo: string; n: number }>(
      db(),
      sql`select pr.nome || ' (' || pr.registro_ans || ')' as rotulo, count(*)::int as n from rede_produtos rp join produtos pr on pr.id = rp.produto_id
        where rp.inicio <= current_date and (rp.fim is null or rp.fim > current_date) group by pr.id, pr.nome, pr.registro_ans order by pr.id`,
    );
    const s = await get<ReportSummary>(operadora, '/api/relatorios/rep080/grupos');
    expect(s.grupos!.map((g) => [g.rotulo, g.n])).toEqual(hoje.map((g) => [g.rotulo, g.n]));
    expect(s.total).toBe(hoje.reduce((a, g) => a + g.n, 0));
    // every product has a network; the national one is the largest, the dental one the smallest
    expect(hoje).toHaveLength(5);
    const [nacional] = await query<{ rotulo: string }>(db(), sql`select nome || ' (' || registro_ans || ')' as rotulo from produtos where abrangencia = 'NACIONAL'`);
    expect(Math.max(...hoje.map((g) => g.n))).toBe(hoje.find((g) => g.rotulo === nacional.rotulo)!.n);

    const dia = '2021-06-30';
    const antes = await query<{ rotulo: string; n: number }>(
      db(),
      sql`select pr.nome || ' (' || pr.registro_ans || ')' as rotulo, count(*)::int as n from rede_produtos rp join produtos pr on pr.id = rp.produto_id
        where rp.inicio <= ${dia} and (rp.fim is null or rp.fim > ${dia}) group by pr.id, pr.nome, pr.registro_ans order by pr.id`,
    );
    const s2 = await get<ReportSummary>(operadora, '/api/relatorios/rep080/grupos?data=30/06/2021');
    expect(s2.grupos!.map((g) => [g.rotulo, g.n])).toEqual(antes.map((g) => [g.rotulo, g.n]));
    expect(s2.total).not.toBe(s.total);
  });

  it('lists one product’s network by name with the day each provider entered, and writes its XLSX', async () => {
    const plano = await planoDaBeatriz();
    const esperado = await query<{ id: number; inicio: string }>(
      db(),
      sql`select id, inicio::text as inicio from rede_produtos where produto_id = ${plano.id} and inicio <= current_date and (fim is null or fim > current_date)`,
    );
    const rows = await allRows(operadora, 'rep080', `produto=${plano.id}`);
    expect(new Map(rows.map((r) => [r.id, r.inicio]))).toEqual(new Map(esperado.map((r) => [r.id, r.inicio])));
    const nomes = rows.map((r) => fold(String(r.nome)));
    expect(nomes).toEqual([...nomes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const x = await file(operadora, '/relatorio/rede-credenciada/prestador-beneficio', 'xlsx', `produto=${plano.id}`);
    const sheet = strFromU8(unzipSync(new Uint8Array(x))['xl/worksheets/sheet1.xml']);
    expect(sheet).toContain(`Total geral: ${esperado.length.toLocaleString('pt-BR')} prestadores`);
    // the PDF's header names the product, not its id
    const pdf = join(tmp, 'rep080.pdf');
    writeFileSync(pdf, await file(operadora, '/relatorio/rede-credenciada/prestador-beneficio', 'pdf', `produto=${plano.id}`));
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain(`Filtros: Produto: ${plano.nome}`);
    expect(text).toContain(`Subtotal de ${plano.nome} (${plano.registro}): ${esperado.length.toLocaleString('pt-BR')} prestadores`);
  });

  it('is closed to beneficiaries and providers', async () => {
    expect((await beneficiario({ method: 'GET', url: '/api/relatorios/rep080/grupos' })).statusCode).toBe(403);
    expect((await prestador({ method: 'GET', url: '/api/relatorios/rep080/grupos' })).statusCode).toBe(403);
  });
});

describe('rep367 — pesquisa de prestador por benefício (copass)', () => {
  it('needs the product and finds its network in force by specialty and city; another client does not have it', async () => {
    const sem = await operadora({ method: 'GET', url: '/api/relatorios/rep367/grupos' });
    expect(sem.statusCode).toBe(400);
    expect(alertsOf(sem.body)[0]).toMatchObject({ value: 'Informe o produto.', field: 'produto' });
    const [pl] = await query<{ id: number }>(db(), sql`select id from produtos where abrangencia = 'NACIONAL'`);
    const rede = await query<{ id: number; cidade: string | null; e1: string | null; e2: string | null; grupo: string }>(
      db(),
      // a row is a period of the network (one provider in one product)
      sql`select rp.id, c.nome as cidade, e1.descricao as e1, e2.descricao as e2, coalesce(e1.descricao, 'Sem especialidade') as grupo
        from rede_produtos rp join prestadores p on p.id = rp.prestador_id left join cidades c on c.id = p.cidade
        left join especialidades e1 on e1.id = p.especialidade left join especialidades e2 on e2.id = p.especialidade2
        where rp.produto_id = ${pl.id} and rp.inicio <= current_date and (rp.fim is null or rp.fim > current_date)
          and p.inicio_vigencia <= current_date and (p.fim_vigencia is null or p.fim_vigencia >= current_date)`,
    );
    const todos = await get<ReportSummary>(operadora, `/api/relatorios/rep367/grupos?produto=${pl.id}`);
    expect(todos.total).toBe(rede.length);
    expect(new Map(todos.grupos!.map((g) => [g.rotulo, g.n]))).toEqual(contar(rede, 'grupo'));
    const alvo = rede.find((p) => p.cidade && p.e1)!;
    const cid = fold(alvo.cidade!).slice(0, 4);
    const esp = fold(alvo.e1!).slice(0, 5);
    const esperado = rede.filter((p) => p.cidade && fold(p.cidade).includes(cid) && [p.e1, p.e2].some((e) => e && fold(e).includes(esp)));
    const q = `produto=${pl.id}&cidade=${encodeURIComponent(cid)}&especialidade=${encodeURIComponent(esp)}`;
    expect((await get<ReportSummary>(operadora, `/api/relatorios/rep367/grupos?${q}`)).total).toBe(esperado.length);
    expect(new Set((await allRows(operadora, 'rep367', q)).map((r) => r.id))).toEqual(new Set(esperado.map((p) => p.id)));
    expect((await beneficiario({ method: 'GET', url: `/api/relatorios/rep367/grupos?produto=${pl.id}` })).statusCode).toBe(403);
    const b = await startTestApp({ CLIENT: 'bhtrans' });
    try {
      const op = as(b.app, await loginAs(b.app, 'operadora'));
      expect((await op({ method: 'GET', url: `/api/relatorios/rep367/grupos?produto=${pl.id}` })).statusCode).toBe(403);
    } finally {
      await b.close();
    }
  });
});

describe('rep260 (RPS) — todos os registros da rede', () => {
  it('lists every inclusion and exclusion by product, with each product’s tallies, and writes the CSV', async () => {
    const porProduto = await query<{ rotulo: string; n: number; i: number; e: number }>(
      db(),
      sql`select pr.nome || ' (' || pr.registro_ans || ')' as rotulo, count(*)::int as n, count(*) filter (where m.tipo = 'I')::int as i, count(*) filter (where m.tipo = 'E')::int as e
        from movimentos_rps m join rede_produtos rp on rp.id = m.vinculo_id join produtos pr on pr.id = rp.produto_id group by pr.id, pr.nome, pr.registro_ans order by pr.id`,
    );
    const s = await get<ReportSummary>(operadora, '/api/relatorios/rep260-rps/grupos');
    expect(s.grupos!.map((g) => [g.rotulo, g.n, g.totais.inclusoes, g.totais.exclusoes])).toEqual(porProduto.map((g) => [g.rotulo, g.n, g.i, g.e]));
    expect(s.totais).toEqual({ inclusoes: porProduto.reduce((a, g) => a + g.i, 0), exclusoes: porProduto.reduce((a, g) => a + g.e, 0) });
    // only the exclusions of a period
    const [{ n }] = await query<{ n: number }>(db(), sql`select count(*)::int as n from movimentos_rps where tipo = 'E' and data between '2025-01-01' and '2026-12-31'`);
    const ex = await get<ReportSummary>(operadora, '/api/relatorios/rep260-rps/grupos?tipo=E&inicio=01/01/2025&termino=31/12/2026');
    expect(ex.total).toBe(n);
    expect(ex.totais.inclusoes).toBe(0);
    const csv = (await file(operadora, '/relatorio/credenciamento/rps/todos-registros', 'csv', 'tipo=E&inicio=01/01/2025&termino=31/12/2026')).toString('utf8');
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\uFEFFProduto;Data;Movimento;Prestador;CPF/CNPJ;Motivo da exclusão;Envio à ANS;Inclusões;Exclusões');
    expect(lines).toHaveLength(1 + n);
    expect(lines.slice(1).every((l) => l.split(';')[2] === 'Exclusão' && l.split(';')[6] === 'Pendente de envio' && l.endsWith(';;1'))).toBe(true);
    // the SIB's rep260 stays its own report
    expect((await operadora({ method: 'GET', url: '/api/relatorios/rep260/grupos' })).statusCode).toBe(200);
    expect((await beneficiario({ method: 'GET', url: '/api/relatorios/rep260-rps/grupos' })).statusCode).toBe(403);
  });
});
