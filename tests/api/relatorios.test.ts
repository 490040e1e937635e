import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { PDF_GRANDE_DEMAIS, PDF_MAX_ROWS } from '../../src/server/relatorios/job';
import type { JobDetail } from '../../src/shared/jobs';
import type { ListPage } from '../../src/shared/lists/types';
import { FAIXAS_ANS, faixaAns } from '../../src/shared/relatorios/beneficiarios';
import type { ReportSummary } from '../../src/shared/relatorios/define';
import { fold } from '../../src/shared/text';
import { as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * The report engine on two reports: rep075 (the network guide, grouped by city, open to beneficiaries) and rep301
 * (beneficiaries by product and ANS age band). Every expected figure is computed here from the tables with SQL
 * and plain JavaScript, not through the engine; the files are read back (pdftotext, the XLSX's XML, the CSV).
 */

type Who = ReturnType<typeof as>;
type Row = Record<string, unknown> & { id: number };
const R075 = '/relatorio/rede-credenciada/cidadeespecialidade';
const R301 = '/relatorio/beneficiario/produto/faixa-etaria-produto';

let t: TestApp;
let operadora: Who;
let beneficiario: Who;
let prestador: Who;
const tmp = mkdtempSync(join(tmpdir(), 'relatorios-'));

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  operadora = as(t.app, await loginAs(t.app, 'operadora'));
  beneficiario = as(t.app, await loginAs(t.app, 'beneficiario'));
  prestador = as(t.app, await loginAs(t.app, 'prestador'));
}, 120_000);
afterAll(() => t?.close());

const get = async <T>(who: Who, url: string): Promise<T> => {
  const res = await who({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as T;
};
/** Every row of a report by following the keyset cursor, 50 at a time. */
async function allRows(who: Who, code: string, q: string): Promise<Row[]> {
  const out: Row[] = [];
  let after: string | null = null;
  for (;;) {
    const page: ListPage<Row> = await get(who, `/api/relatorios/${code}?${q}&limit=50${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    out.push(...page.rows);
    if (!page.hasMore) return out;
    after = page.next;
  }
}
async function file(who: Who, comando: string, formato: string, consulta: string): Promise<{ job: JobDetail; bytes: Buffer }> {
  const res = await who({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'relatorio', comando, parametros: { formato, consulta } } });
  expect(res.statusCode, res.body).toBe(201);
  const job = await waitForJob(who, res.json().result.id);
  if (job.status !== 'concluida') return { job, bytes: Buffer.alloc(0) };
  const f = await who({ method: 'GET', url: `/api/arquivos/${job.arquivos[0].id}` });
  expect(f.statusCode).toBe(200);
  return { job, bytes: f.rawPayload };
}

/** The providers in force with city and specialties, read straight from the tables. */
async function rede() {
  return query<{ id: number; nome: string; cidade: string | null; uf: string | null; cid: string | null; e1: string | null; e2: string | null; puf: string | null }>(
    t.database.db,
    sql`select p.id, p.nome, c.nome as cidade, c.uf, p.uf as puf, e1.descricao as e1, e2.descricao as e2,
          case when c.id is null then null else c.nome || ' / ' || c.uf end as cid
        from prestadores p left join cidades c on c.id = p.cidade left join especialidades e1 on e1.id = p.especialidade left join especialidades e2 on e2.id = p.especialidade2
        where p.inicio_vigencia <= current_date and (p.fim_vigencia is null or p.fim_vigencia >= current_date)`,
  );
}

describe('rep075 — rede credenciada por cidade e especialidade', () => {
  it('counts the providers in force per city for the operator (a beneficiary sees their plan’s network: relatorios-rede-produto), and refuses a provider', async () => {
    const all = await rede();
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep075/grupos`);
    expect(s.total).toBe(all.length);
    const porCidade = new Map<string, number>();
    for (const p of all) porCidade.set(p.cid ?? 'Cidade não informada', (porCidade.get(p.cid ?? 'Cidade não informada') ?? 0) + 1);
    expect(new Map(s.grupos!.map((g) => [g.rotulo, g.n]))).toEqual(porCidade);
    expect(s.grupos!.reduce((a, g) => a + g.n, 0)).toBe(s.total);
    // providers out of force are not in the guide
    const [{ n }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from prestadores`);
    expect(n).toBeGreaterThanOrEqual(all.length);
    expect((await prestador({ method: 'GET', url: '/api/relatorios/rep075/grupos' })).statusCode).toBe(403);
    expect((await beneficiario({ method: 'GET', url: '/api/relatorios/rep301/grupos' })).statusCode).toBe(403);
  });

  it('filters by UF, any part of a specialty without accents and of the city, and pages in group order', async () => {
    const all = await rede();
    // a specialty that some provider in MG has, typed in capitals and without accents
    const alvo = all.find((p) => p.uf === 'MG' && p.e1 && /[áéíóúâêôãõç]/i.test(p.e1)) ?? all.find((p) => p.uf === 'MG' && p.e1)!;
    const termo = fold(alvo.e1!).slice(2, 9).toUpperCase();
    const esperado = all.filter((p) => p.puf === 'MG' && [p.e1, p.e2].some((e) => e && fold(e).includes(fold(termo))));
    const q = `uf=MG&especialidade=${encodeURIComponent(termo)}`;
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep075/grupos?${q}`);
    expect(s.total).toBe(esperado.length);
    const rows = await allRows(operadora, 'rep075', q);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(esperado.map((p) => p.id)));
    // the rows of a group come together, in the order of /grupos, each with its specialties and address
    const runs = rows.map((r) => String(r.grupo)).filter((g, i, a) => i === 0 || a[i - 1] !== g);
    expect(runs).toEqual(s.grupos!.map((g) => g.rotulo));
    expect(rows.every((r) => fold(String(r.especialidades)).includes(fold(termo)))).toBe(true);
    // a city by part of its name
    const cidade = alvo.cidade!;
    const parte = fold(cidade).slice(1, 6);
    const s2 = await get<ReportSummary>(operadora, `/api/relatorios/rep075/grupos?cidade=${encodeURIComponent(parte)}`);
    expect(s2.total).toBe(all.filter((p) => p.cidade && fold(p.cidade).includes(parte)).length);
  });

  it('refuses a filter it does not have and a UF that does not exist, in Portuguese', async () => {
    const r1 = await operadora({ method: 'GET', url: '/api/relatorios/rep075?cpf=123' });
    expect(r1.statusCode).toBe(400);
    const r2 = await operadora({ method: 'GET', url: '/api/relatorios/rep075/grupos?uf=XX' });
    expect(r2.statusCode).toBe(400);
    expect(r2.body).toMatch(/UF/);
  });

  it('writes the PDF (pages numbered "x de y", header with operator, filters and author), the XLSX with typed subtotals and the CSV', async () => {
    const q = 'uf=MG';
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep075/grupos?${q}`);
    const pdf = await file(operadora, R075, 'pdf', q);
    expect(pdf.job.status, pdf.job.erro ?? '').toBe('concluida');
    const pdfPath = join(tmp, 'rep075.pdf');
    writeFileSync(pdfPath, pdf.bytes);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((p, i) => expect(p).toContain(`Página ${i + 1} de ${pages.length}`));
    expect(pages[0]).toContain('Rede Credenciada por Cidade e Especialidade');
    expect(pages[0]).toContain('Filtros: UF: MG');
    expect(pages[0]).toMatch(/Gerado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} por /);
    expect(pages.at(-1)).toContain(`Total geral: ${s.total.toLocaleString('pt-BR')} prestadores`);
    const primeiro = s.grupos![0];
    expect(pages[0]).toContain(`Subtotal de ${primeiro.rotulo}: ${primeiro.n.toLocaleString('pt-BR')} prestador`);
    // repeated column headers on every page
    pages.forEach((p) => expect(p).toMatch(/Prestador\s+Especialidades\s+Endereço/));

    const xlsx = await file(operadora, R075, 'xlsx', q);
    const sheet = strFromU8(unzipSync(new Uint8Array(xlsx.bytes))['xl/worksheets/sheet1.xml']);
    expect(sheet).toContain('state="frozen"');
    const rowsXml = sheet.match(/<row r="\d+">/g)!;
    // header + rows + one subtotal per city + the grand total
    expect(rowsXml.length).toBe(1 + s.total + s.grupos!.length + 1);
    expect(sheet).toContain(`Total geral: ${s.total.toLocaleString('pt-BR')} prestadores`);

    const csv = await file(operadora, R075, 'csv', q);
    const lines = csv.bytes.toString('utf8').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\uFEFFCidade;Prestador;Especialidades;Endereço;Bairro;Telefone');
    expect(lines.length).toBe(1 + s.total);
    // the phone as it is shown, with its mask
    expect(lines.slice(1).some((l) => /;\(\d{2}\) \d{4,5}-\d{4}$/.test(l))).toBe(true);
  });
});

describe('rep301 — beneficiários por produto e faixa etária', () => {
  it('counts each product and an age band as the birth dates say', async () => {
    const db = t.database.db;
    const bens = await query<{ id: number; nasc: string; produto: string; situacao: string; hoje: string }>(
      db,
      sql`select b.id, to_char(b.data_nascimento, 'YYYY-MM-DD') as nasc, pr.nome || ' (' || pr.registro_ans || ')' as produto, b.situacao, to_char(current_date, 'YYYY-MM-DD') as hoje
          from beneficiarios b join produtos pr on pr.id = b.produto`,
    );
    const hoje = bens[0].hoje;
    const idade = (nasc: string) => {
      let a = Number(hoje.slice(0, 4)) - Number(nasc.slice(0, 4));
      if (hoje.slice(5) < nasc.slice(5)) a--;
      return a;
    };
    const s = await get<ReportSummary>(operadora, '/api/relatorios/rep301/grupos?situacao=ATIVO');
    const ativos = bens.filter((b) => b.situacao === 'ATIVO');
    expect(s.total).toBe(ativos.length);
    const porProduto = new Map<string, number>();
    for (const b of ativos) porProduto.set(b.produto, (porProduto.get(b.produto) ?? 0) + 1);
    expect(new Map(s.grupos!.map((g) => [g.rotulo, g.n]))).toEqual(porProduto);
    for (const faixa of [FAIXAS_ANS[0], FAIXAS_ANS[5], FAIXAS_ANS[9]]) {
      const esperado = ativos.filter((b) => faixaAns(idade(b.nasc)).value === faixa.value);
      const rows = await allRows(operadora, 'rep301', `situacao=ATIVO&faixa=${faixa.value}`);
      expect(rows.length, faixa.label).toBe(esperado.length);
      expect(rows.every((r) => r.faixa === faixa.value && Number(r.idade) >= faixa.min && Number(r.idade) <= faixa.max)).toBe(true);
    }
  });

  it('refuses a PDF over its row limit with the reason, and still writes the XLSX', async () => {
    const [{ n }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from beneficiarios`);
    // the test seed is small: lower nothing, only check the rule's message when it applies
    const r = await file(operadora, R301, 'pdf', '');
    if (n > PDF_MAX_ROWS) {
      expect(r.job.status).toBe('falhou');
      expect(r.job.erro).toBe(PDF_GRANDE_DEMAIS(n));
    } else expect(r.job.status, r.job.erro ?? '').toBe('concluida');
    const x = await file(operadora, R301, 'xlsx', 'situacao=ATIVO');
    expect(x.job.status).toBe('concluida');
    const sheet = strFromU8(unzipSync(new Uint8Array(x.bytes))['xl/worksheets/sheet1.xml']);
    // dates as dates (serial numbers with the date style), ages as numbers
    expect(sheet).toMatch(/<c r="D2" s="2"><v>\d+<\/v><\/c><c r="E2" s="5"><v>\d+<\/v><\/c>/);
  });

  it('a beneficiary cannot have the report written either', async () => {
    const res = await beneficiario({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'relatorio', comando: R301, parametros: { formato: 'csv', consulta: '' } } });
    expect(res.statusCode).toBe(403);
  });
});

describe('rep316 — tabela de preço contratado do prestador', () => {
  it('a provider sees its own table without choosing, never another provider’s; the operator must choose', async () => {
    const db = t.database.db;
    const [{ id: proprio }] = await query<{ id: number }>(db, sql`select prestador_id as id from usuarios where login = 'prestador'`);
    const [{ outro }] = await query<{ outro: number }>(db, sql`select id as outro from prestadores where id <> ${proprio} order by id limit 1`);
    const [{ n }] = await query<{ n: number }>(db, sql`select count(*)::int as n from procedimentos where ativo and inicio_vigencia <= current_date and (fim_vigencia is null or fim_vigencia >= current_date)`);
    const s = await get<ReportSummary>(prestador, '/api/relatorios/rep316/grupos');
    expect(s.total).toBe(n);
    const grupos = await query<{ g: string; n: number }>(
      db,
      sql`select coalesce(g.descricao, 'Sem grupo') as g, count(*)::int as n from procedimentos p left join grupos_procedimentos g on g.id = p.grupo
          where p.ativo and p.inicio_vigencia <= current_date and (p.fim_vigencia is null or p.fim_vigencia >= current_date) group by 1`,
    );
    expect(new Map(s.grupos!.map((g) => [g.rotulo, g.n]))).toEqual(new Map(grupos.map((g) => [g.g, g.n])));
    expect((await prestador({ method: 'GET', url: `/api/relatorios/rep316/grupos?prestador=${outro}` })).statusCode).toBe(403);
    const semPrestador = await operadora({ method: 'GET', url: '/api/relatorios/rep316/grupos' });
    expect(semPrestador.statusCode).toBe(400);
    expect(semPrestador.body).toContain('Informe o prestador.');
    // the operator choosing that provider reads the very same prices
    const q = 'codigo=1010';
    const doPrestador = await allRows(prestador, 'rep316', q);
    const daOperadora = await allRows(operadora, 'rep316', `${q}&prestador=${proprio}`);
    expect(daOperadora).toEqual(doPrestador);
    expect(doPrestador.length).toBeGreaterThan(0);
    // a price only where the procedure has a reference value or a fee size, and the rule that gave it
    for (const r of doPrestador) {
      if (r.valor == null) expect(r.base).toBe('Sem valor de referência nem porte');
      else expect(String(r.base).length).toBeGreaterThan(0);
    }
    const csv = await file(prestador, '/relatorio/rede-credenciada/prestador-tabela-preco-contratado', 'csv', q);
    expect(csv.job.status, csv.job.erro ?? '').toBe('concluida');
    expect(csv.bytes.toString('utf8').split('\r\n').filter(Boolean).length).toBe(1 + doPrestador.length);
  });
});

describe('rep169 — autorizações por situação (um relatório com totais em dinheiro)', () => {
  const R169 = '/relatorio/autorizacao/autorizacoes-situacao';
  const periodo = 'inicio=01/01/2000&termino=31/12/2099';
  it('sums the value per status exactly, in centavos; a provider does not have the report', async () => {
    const db = t.database.db;
    const porStatus = await query<{ status: number; n: number; v: string }>(db, sql`select status, count(*)::int as n, sum(valor_centavos)::text as v from autorizacoes group by status`);
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep169/grupos?${periodo}`);
    expect(s.total).toBe(porStatus.reduce((a, r) => a + r.n, 0));
    expect(s.totais.valor).toBe(porStatus.reduce((a, r) => a + Number(r.v), 0));
    const { STATUS_LABEL } = await import('../../src/shared/autorizacoes');
    expect(new Map(s.grupos!.map((g) => [g.rotulo, [g.n, g.totais.valor]]))).toEqual(
      new Map(porStatus.map((r) => [STATUS_LABEL[r.status as keyof typeof STATUS_LABEL], [r.n, Number(r.v)]])),
    );
    expect((await prestador({ method: 'GET', url: `/api/relatorios/rep169/grupos?${periodo}` })).statusCode).toBe(403);
    // a period that ends before it starts is refused on the server too
    const r = await operadora({ method: 'GET', url: '/api/relatorios/rep169/grupos?inicio=10/05/2026&termino=01/05/2026' });
    expect(r.statusCode).toBe(400);
  });

  it('writes money as BRL-formatted numbers in the XLSX, with subtotals that add up, and a decimal comma in the CSV', async () => {
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep169/grupos?${periodo}`);
    const x = await file(operadora, R169, 'xlsx', periodo);
    expect(x.job.status, x.job.erro ?? '').toBe('concluida');
    const sheet = strFromU8(unzipSync(new Uint8Array(x.bytes))['xl/worksheets/sheet1.xml']);
    // the subtotal rows: label in A (bold text), the value in H (bold money, style 7)
    const subs = [...sheet.matchAll(/<row r="\d+"><c r="A\d+" s="1" t="inlineStr"><is><t xml:space="preserve">Subtotal de ([^<]+): [^<]+<\/t><\/is><\/c><c r="H\d+" s="7"><v>([\d.-]+)<\/v><\/c><\/row>/g)];
    expect(subs.length).toBe(s.grupos!.length);
    for (const [, rotulo, v] of subs) expect(Math.round(Number(v) * 100)).toBe(s.grupos!.find((g) => g.rotulo === rotulo)!.totais.valor);
    const total = /Total geral: [^<]+<\/t><\/is><\/c><c r="H\d+" s="7"><v>([\d.-]+)<\/v>/.exec(sheet)!;
    expect(Math.round(Number(total[1]) * 100)).toBe(s.totais.valor);
    // the data rows' values are money cells (style 3)
    expect(sheet).toMatch(/<c r="H2" s="3"><v>[\d.]+<\/v><\/c>/);

    const csv = await file(operadora, R169, 'csv', periodo);
    const lines = csv.bytes.toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Situação;Nº da guia;Data;Tipo de guia;Beneficiário;Prestador;Procedimento;Valor solicitado');
    const soma = lines.slice(1).reduce((a, l) => a + Math.round(Number(l.split(';').at(-1)!.replace(',', '.')) * 100), 0);
    expect(soma).toBe(s.totais.valor);
    expect(lines.slice(1).every((l) => /;\d+,\d{2}$/.test(l))).toBe(true);

    const pdf = await file(operadora, R169, 'pdf', periodo);
    expect(pdf.job.status, pdf.job.erro ?? '').toBe('concluida');
    const pdfPath = join(tmp, 'rep169.pdf');
    writeFileSync(pdfPath, pdf.bytes);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    const brl = (c: number) => `R$ ${(c / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(text.replace(/\u00a0/g, ' ')).toContain(brl(s.totais.valor));
    expect(text).toContain('Filtros: Início: 01/01/2000 · Término: 31/12/2099');
  });
});

describe('rep077 e rep079 — endereços e situação dos prestadores', () => {
  it('lists the providers in force by UF and every provider by the state of its term, as the dates say', async () => {
    const db = t.database.db;
    const porUf = await query<{ uf: string | null; n: number }>(
      db,
      sql`select uf, count(*)::int as n from prestadores where inicio_vigencia <= current_date and (fim_vigencia is null or fim_vigencia >= current_date) group by uf`,
    );
    const s77 = await get<ReportSummary>(operadora, '/api/relatorios/rep077/grupos');
    expect(s77.total).toBe(porUf.reduce((a, r) => a + r.n, 0));
    expect(new Map(s77.grupos!.map((g) => [/\(([A-Z]{2})\)$/.exec(g.rotulo)?.[1] ?? null, g.n]))).toEqual(new Map(porUf.map((r) => [r.uf, r.n])));
    const hoje = (await query<{ d: string }>(db, sql`select current_date::text as d`))[0].d;
    const todos = await query<{ i: string; f: string | null }>(db, sql`select inicio_vigencia::text as i, fim_vigencia::text as f from prestadores`);
    const esperado = new Map<string, number>();
    for (const p of todos) {
      const k = p.i > hoje ? 'Vigência a iniciar' : p.f != null && p.f < hoje ? 'Vigência encerrada' : 'Em vigor';
      esperado.set(k, (esperado.get(k) ?? 0) + 1);
    }
    const s79 = await get<ReportSummary>(operadora, '/api/relatorios/rep079/grupos');
    expect(new Map(s79.grupos!.map((g) => [g.rotulo, g.n]))).toEqual(esperado);
    expect(esperado.get('Vigência encerrada')).toBeGreaterThan(0);
    const encerrados = await allRows(operadora, 'rep079', 'situacao=Vig%C3%AAncia%20encerrada');
    expect(encerrados.length).toBe(esperado.get('Vigência encerrada'));
    expect(encerrados.every((r) => r.fimVigencia != null && String(r.fimVigencia) < hoje)).toBe(true);
    // the network guide is open to beneficiaries; the address list is not
    expect((await beneficiario({ method: 'GET', url: '/api/relatorios/rep077/grupos' })).statusCode).toBe(403);
  });
});

describe('rep170 — inclusões e exclusões de beneficiários', () => {
  it('counts memberships and cancellations of the period as the dates say, with the reason of each exclusion', async () => {
    const db = t.database.db;
    const de = '2025-01-01';
    const ate = '2025-12-31';
    const bens = await query<{ id: number; adesao: string; sit: string; dsit: string | null; motivo: string | null }>(
      db,
      sql`select id, data_adesao::text as adesao, situacao as sit, data_situacao::text as dsit, motivo_cancelamento as motivo from beneficiarios`,
    );
    const saiu = (b: (typeof bens)[number]) => b.sit === 'CANCELADO' && b.dsit != null && b.dsit >= de && b.dsit <= ate;
    const exclusoes = bens.filter(saiu);
    const inclusoes = bens.filter((b) => !saiu(b) && b.adesao >= de && b.adesao <= ate);
    expect(exclusoes.length).toBeGreaterThan(0);
    expect(inclusoes.length).toBeGreaterThan(0);
    const s = await get<ReportSummary>(operadora, '/api/relatorios/rep170/grupos?inicio=01/01/2025&termino=31/12/2025');
    expect(new Map(s.grupos!.map((g) => [g.rotulo, g.n]))).toEqual(new Map([['Exclusões', exclusoes.length], ['Inclusões', inclusoes.length]]));
    const rows = await allRows(operadora, 'rep170', 'inicio=01/01/2025&termino=31/12/2025&movimento=Exclus%C3%B5es');
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(exclusoes.map((b) => b.id)));
    expect(rows.every((r) => r.motivoCancelamento === exclusoes.find((b) => b.id === r.id)!.motivo)).toBe(true);
    const semFim = await operadora({ method: 'GET', url: '/api/relatorios/rep170/grupos?inicio=01/01/2025' });
    expect(semFim.statusCode).toBe(400);
    expect(semFim.body).toContain('Informe o início e o término do período.');
  });
});

describe('rep336 — atendimentos por motivo', () => {
  it('groups the period’s contacts by reason with the minutes summed as the screen rounds them', async () => {
    const db = t.database.db;
    const { MOTIVOS, duracaoMinutos } = await import('../../src/shared/atendimentos');
    const todos = await query<{ motivo: string; canal: string; inicio: Date; fim: Date | null }>(db, sql`select motivo, canal, inicio, fim from atendimentos`);
    expect(todos.length).toBeGreaterThan(0);
    const periodo = 'inicio=01/01/2000&termino=31/12/2099';
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep336/grupos?${periodo}`);
    const esperado = new Map<string, [number, number]>();
    for (const a of todos) {
      const k = MOTIVOS.find(([v]) => v === a.motivo)![1] as string;
      const [n, m] = esperado.get(k) ?? [0, 0];
      esperado.set(k, [n + 1, m + (duracaoMinutos(new Date(a.inicio).toISOString(), a.fim ? new Date(a.fim).toISOString() : null) ?? 0)]);
    }
    expect(new Map(s.grupos!.map((g) => [g.rotulo, [g.n, g.totais.duracao]]))).toEqual(esperado);
    // one reason by its code in the address
    const [codigo, rotulo] = MOTIVOS.find(([v]) => todos.some((a) => a.motivo === v))!;
    const um = await get<ReportSummary>(operadora, `/api/relatorios/rep336/grupos?${periodo}&motivo=${codigo}`);
    expect(um.grupos!.map((g) => g.rotulo)).toEqual([rotulo]);
    expect(um.total).toBe(todos.filter((a) => a.motivo === codigo).length);
  });
});

describe('rep278 — beneficiários por empresa', () => {
  it('counts each company’s beneficiaries and leaves out those of individual plans', async () => {
    const db = t.database.db;
    const porEmpresa = await query<{ rotulo: string; n: number }>(
      db,
      sql`select e.razao_social || ' (' || e.cnpj || ')' as rotulo, count(*)::int as n from beneficiarios b join empresas e on e.id = b.empresa group by 1`,
    );
    const [{ sem }] = await query<{ sem: number }>(db, sql`select count(*)::int as sem from beneficiarios where empresa is null`);
    expect(sem).toBeGreaterThan(0);
    const s = await get<ReportSummary>(operadora, '/api/relatorios/rep278/grupos');
    expect(new Map(s.grupos!.map((g) => [g.rotulo, g.n]))).toEqual(new Map(porEmpresa.map((r) => [r.rotulo, r.n])));
    const rows = await allRows(operadora, 'rep278', '');
    expect(rows.length).toBe(s.total);
    const runs = rows.map((r) => String(r.grupo)).filter((g, i, a) => i === 0 || a[i - 1] !== g);
    expect(runs).toEqual(s.grupos!.map((g) => g.rotulo));
  });
});

describe('rep071 — prestadores por especialidade', () => {
  it('counts the providers in force of each main specialty, and one specialty by part of its name', async () => {
    const all = await rede();
    const esperado = new Map<string, number>();
    for (const p of all) esperado.set(p.e1 ?? 'Sem especialidade', (esperado.get(p.e1 ?? 'Sem especialidade') ?? 0) + 1);
    const s = await get<ReportSummary>(operadora, '/api/relatorios/rep071/grupos');
    expect(new Map(s.grupos!.map((g) => [g.rotulo, g.n]))).toEqual(esperado);
    const alvo = all.find((p) => p.e1)!.e1!;
    const parte = fold(alvo).slice(0, 6);
    const s2 = await get<ReportSummary>(operadora, `/api/relatorios/rep071/grupos?especialidade=${encodeURIComponent(parte)}`);
    expect(s2.total).toBe(all.filter((p) => p.e1 && fold(p.e1).includes(parte)).length);
  });
});

describe('rep072 — decisões de auditoria por auditor', () => {
  it('groups the decided requests by who decided, with the hours from the request to the decision; the auditor reads it', async () => {
    const db = t.database.db;
    const auditor = as(t.app, await loginAs(t.app, 'auditor'));
    const decididas = await query<{ quem: string; n: number; v: string }>(
      db,
      sql`select coalesce(u.nome, 'Decisão automática') as quem, count(*)::int as n, sum(a.valor_centavos)::text as v
          from autorizacoes a left join usuarios u on u.id = a.decidida_por_id where a.decidida_em is not null group by 1`,
    );
    const periodo = 'inicio=01/01/2000&termino=31/12/2099';
    const s = await get<ReportSummary>(auditor, `/api/relatorios/rep072/grupos?${periodo}`);
    expect(new Map(s.grupos!.map((g) => [g.rotulo, [g.n, g.totais.valor]]))).toEqual(new Map(decididas.map((r) => [r.quem, [r.n, Number(r.v)]])));
    const [linha] = await allRows(auditor, 'rep072', periodo);
    const [{ h }] = await query<{ h: number }>(db, sql`select floor(extract(epoch from (decidida_em - criada_em)) / 3600)::int as h from autorizacoes where id = ${linha.id}`);
    expect(linha.horas).toBe(h);
    expect((await beneficiario({ method: 'GET', url: `/api/relatorios/rep072/grupos?${periodo}` })).statusCode).toBe(403);
  });
});

describe('rep074 — etiquetas de prestadores', () => {
  it('prints one label per provider in force with an address, 21 to an A4 sheet, in CEP order, with no header', async () => {
    const esperado = await query<{ nome: string; cep: string }>(
      t.database.db,
      sql`select p.nome, p.cep from prestadores p where p.inicio_vigencia <= current_date and (p.fim_vigencia is null or p.fim_vigencia >= current_date)
          and coalesce(p.logradouro, '') <> '' and coalesce(p.cep, '') <> '' and p.uf = 'MG' order by p.cep, p.nome_busca, p.id`,
    );
    expect(esperado.length).toBeGreaterThan(21);
    const { job, bytes } = await file(operadora, '/relatorio/rede-credenciada/etiqueta-prestador', 'pdf', 'uf=MG');
    expect(job.status).toBe('concluida');
    const pdf = join(tmp, 'rep074.pdf');
    writeFileSync(pdf, bytes);
    const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
    expect(Number(/Pages:\s+(\d+)/.exec(info)![1])).toBe(Math.ceil(esperado.length / 21));
    expect(info).toMatch(/Page size:\s+595\.\d* x 841\.\d*/);
    const first = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-raw', pdf, '-'], { encoding: 'utf8' });
    // the first label is the lowest CEP's; no report header on a label sheet
    expect(first.trimStart().startsWith(esperado[0].nome.slice(0, 20))).toBe(true);
    expect(first).toContain(`${esperado[0].cep.slice(0, 5)}-${esperado[0].cep.slice(5)}`);
    expect(first).not.toContain('Filtros:');
    expect(first).not.toContain('Página');
  });
});
