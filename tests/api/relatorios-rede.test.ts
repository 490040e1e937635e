import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import type { ListPage } from '../../src/shared/lists/types';
import type { ReportSummary } from '../../src/shared/relatorios/define';
import { as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * The network managers' reports (rep076, rep078, rep081, rep083, rep126). Every expected figure is computed here
 * from the tables in SQL written independently of the report's sources; rep081 sees a change made through the API.
 */

type Who = ReturnType<typeof as>;
type Row = Record<string, unknown> & { id: number };

let t: TestApp;
let operadora: Who;
let admin: Who;
let beneficiario: Who;

beforeAll(async () => {
  t = await startTestApp();
  operadora = as(t.app, await loginAs(t.app, 'operadora'));
  admin = as(t.app, await loginAs(t.app, 'admin'));
  beneficiario = as(t.app, await loginAs(t.app, 'beneficiario'));
}, 120_000);
afterAll(() => t?.close());

const get = async <T>(who: Who, url: string): Promise<T> => {
  const res = await who({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as T;
};
async function allRows(who: Who, code: string, q = ''): Promise<Row[]> {
  const out: Row[] = [];
  let after: string | null = null;
  for (;;) {
    const page: ListPage<Row> = await get(who, `/api/relatorios/${code}?${q}&limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    out.push(...page.rows);
    if (!page.hasMore) return out;
    after = page.next;
  }
}
const db = () => t.database.db;
const EM_VIGOR = sql`p.inicio_vigencia <= current_date and (p.fim_vigencia is null or p.fim_vigencia >= current_date)`;

describe('rep078 — rede credenciada com pendência de dados', () => {
  it('lists every provider in force that misses a datum, with what it misses, and counts the missing data', async () => {
    // the test seed is complete: open the gaps a real registry has (the demo seed keeps a few of each)
    await query(db(), sql`update prestadores set email = null where id in (select id from prestadores order by id limit 2)`);
    await query(db(), sql`update prestadores set cnes = null where id in (select id from prestadores where tipo_pessoa = 'J' order by id desc limit 2)`);
    await query(db(), sql`update prestadores set agencia = null, conta = null, telefone = '' where id in (select id from prestadores order by id limit 1 offset 5)`);
    // the same rules, written row by row in JavaScript over the raw columns
    const prest = await query<Record<string, string | number | null>>(
      db(),
      sql`select p.id, p.tipo_pessoa, p.cpf, p.cnpj, p.numero_conselho, p.cnes, p.especialidade, p.logradouro, p.cidade, p.cep, p.telefone, p.email, p.banco, p.agencia, p.conta, p.tabela_preco
        from prestadores p where ${EM_VIGOR}`,
    );
    const vazio = (v: unknown) => v == null || v === '';
    const faltas = (p: Record<string, unknown>) =>
      [
        p.tipo_pessoa === 'F' ? vazio(p.cpf) && 'CPF/CNPJ' : vazio(p.cnpj) && 'CPF/CNPJ',
        p.tipo_pessoa === 'F' && vazio(p.numero_conselho) && 'Registro no conselho',
        p.tipo_pessoa === 'J' && vazio(p.cnes) && 'CNES',
        p.especialidade == null && 'Especialidade',
        (vazio(p.logradouro) || p.cidade == null) && 'Endereço',
        vazio(p.cep) && 'CEP',
        vazio(p.telefone) && 'Telefone',
        vazio(p.email) && 'E-mail',
        (p.banco == null || vazio(p.agencia) || vazio(p.conta)) && 'Dados bancários',
        p.tabela_preco == null && 'Tabela de preços',
      ].filter(Boolean) as string[];
    const esperado = new Map(prest.map((p) => [Number(p.id), faltas(p)]).filter(([, f]) => (f as string[]).length) as [number, string[]][]);
    expect(esperado.size).toBeGreaterThan(0);

    const s = await get<ReportSummary>(operadora, '/api/relatorios/rep078/grupos');
    expect(s.total).toBe(esperado.size);
    expect(s.totais.quantidade).toBe([...esperado.values()].reduce((a, f) => a + f.length, 0));
    const rows = await allRows(operadora, 'rep078');
    expect(rows.length).toBe(esperado.size);
    for (const r of rows) {
      expect(r.pendencias, `prestador ${r.id}`).toBe(esperado.get(r.id)!.join(', '));
      expect(r.quantidade).toBe(esperado.get(r.id)!.length);
    }
    // one datum at a time: the companies without CNES
    const semCnes = [...esperado].filter(([, f]) => f.includes('CNES')).map(([id]) => id);
    const rc = await allRows(operadora, 'rep078', 'pendencia=cnes');
    expect(new Set(rc.map((r) => r.id))).toEqual(new Set(semCnes));
    expect((await beneficiario({ method: 'GET', url: '/api/relatorios/rep078/grupos' })).statusCode).toBe(403);
    const bad = await operadora({ method: 'GET', url: '/api/relatorios/rep078?pendencia=constructor' });
    expect(bad.statusCode).toBe(400);
  });

  it('a datum filled in takes the provider out of that pendency', async () => {
    const [alvo] = await allRows(operadora, 'rep078', 'pendencia=cnes');
    expect(alvo).toBeDefined();
    await query(db(), sql`update prestadores set cnes = '2077485' where id = ${alvo.id}`);
    const rc = await allRows(operadora, 'rep078', 'pendencia=cnes');
    expect(rc.some((r) => r.id === alvo.id)).toBe(false);
  });
});

describe('rep081 — prestadores atualizados', () => {
  it('shows a change made through the registration, with the changed fields by their labels, the user and the day', async () => {
    const [p] = await query<{ id: number; nome: string; codigo: string; telefone: string | null; version: number }>(
      db(),
      sql`select id, nome, codigo, telefone, version from prestadores p where ${EM_VIGOR} order by id limit 1`,
    );
    const cur = await get<Record<string, unknown>>(admin, `/api/recursos/prestadores/${p.id}`);
    const res = await admin({ method: 'PUT', url: `/api/recursos/prestadores/${p.id}`, payload: { ...cur, telefone: '(31) 3333-4444', email: 'contato.novo@exemplo.com.br' } });
    expect(res.statusCode, res.body).toBe(200);

    const rows = await allRows(operadora, 'rep081', `nome=${encodeURIComponent(p.nome.slice(0, 12))}`);
    const minha = rows.find((r) => r.grupo === `${p.nome} (${p.codigo})` && r.acao === 'update');
    expect(minha, JSON.stringify(rows)).toBeDefined();
    expect(String(minha!.campos).split(', ').sort()).toEqual(['E-mail', 'Telefone']);
    expect(minha!.usuarioLogin).toBe('admin');
    // the period: nothing before yesterday... and nothing in a past year
    const vazio = await get<ReportSummary>(operadora, '/api/relatorios/rep081/grupos?inicio=01/01/2020&termino=31/12/2020');
    expect(vazio.total).toBe(0);
    const [{ n }] = await query<{ n: number }>(db(), sql`select count(*)::int as n from trilha_eventos where entidade = 'prestador' and acao in ('insert', 'update')`);
    expect((await get<ReportSummary>(operadora, '/api/relatorios/rep081/grupos')).total).toBe(n);
  });
});

describe('rep083 — tabelas atuais', () => {
  it('groups the providers in force by the table that pays them, with class and factor', async () => {
    const porTabela = await query<{ rotulo: string; n: number }>(
      db(),
      sql`select coalesce(tp.codigo || ' – ' || tp.descricao, 'Sem tabela contratada (valor de referência)') as rotulo, count(*)::int as n
        from prestadores p left join tabelas_precos tp on tp.id = p.tabela_preco where ${EM_VIGOR} group by 1`,
    );
    const s = await get<ReportSummary>(operadora, '/api/relatorios/rep083/grupos');
    expect(new Map(s.grupos!.map((g) => [g.rotulo, g.n]))).toEqual(new Map(porTabela.map((g) => [g.rotulo, g.n])));
    const [hosp] = await query<{ id: number; fator: string; classe: string }>(
      db(),
      sql`select p.id, cp.fator::text as fator, cp.codigo || ' – ' || cp.descricao as classe from prestadores p join classes_precos cp on cp.id = p.classe_preco
        where ${EM_VIGOR} and cp.fator <> 1 order by p.id limit 1`,
    );
    const row = (await allRows(operadora, 'rep083')).find((r) => r.id === hosp.id)!;
    expect(row.classe).toBe(hosp.classe);
    // the factor as a Brazilian decimal without trailing zeros (1.2000 → "1,2")
    expect(row.fator).toBe(String(Number(hosp.fator)).replace('.', ','));
  });
});

describe('rep126 — gerencial quantitativo da rede', () => {
  it('counts the providers in force of each city (persons, companies, CNES, distinct specialties) and sums them by UF', async () => {
    const prest = await query<{ cidade: number; uf: string; tipo: string; cnes: string | null; e1: number | null; e2: number | null }>(
      db(),
      sql`select p.cidade, c.uf, p.tipo_pessoa as tipo, p.cnes, p.especialidade as e1, p.especialidade2 as e2 from prestadores p join cidades c on c.id = p.cidade where ${EM_VIGOR}`,
    );
    const porCidade = new Map<number, { f: number; j: number; cnes: number; total: number; esp: Set<number> }>();
    for (const p of prest) {
      const c = porCidade.get(p.cidade) ?? { f: 0, j: 0, cnes: 0, total: 0, esp: new Set<number>() };
      c.total++;
      if (p.tipo === 'F') c.f++;
      else c.j++;
      if (p.cnes) c.cnes++;
      for (const e of [p.e1, p.e2]) if (e != null) c.esp.add(e);
      porCidade.set(p.cidade, c);
    }
    const rows = await allRows(operadora, 'rep126');
    expect(rows.length).toBe(porCidade.size);
    for (const r of rows) {
      const c = porCidade.get(r.id)!;
      expect([r.fisicas, r.juridicas, r.comCnes, r.total, r.especialidades], `cidade ${r.id}`).toEqual([c.f, c.j, c.cnes, c.total, c.esp.size]);
    }
    const s = await get<ReportSummary>(operadora, '/api/relatorios/rep126/grupos');
    expect(s.totais.total).toBe(prest.length);
    expect(s.totais.fisicas + s.totais.juridicas).toBe(prest.length);
    const mg = prest.filter((p) => p.uf === 'MG').length;
    expect(s.grupos!.find((g) => g.rotulo === 'Minas Gerais (MG)')?.totais.total ?? 0).toBe(mg);
    // a city filter keeps the city's whole counts
    const [uma] = rows;
    const so = await allRows(operadora, 'rep126', `cidade=${encodeURIComponent(String(uma.cidadeNome))}`);
    expect(so.find((r) => r.id === uma.id)?.total).toBe(uma.total);
  });
});

describe('rep076 — e-mails de prestadores (cliente bhtrans)', () => {
  it('is closed to another client, and on bhtrans lists the providers in force with an e-mail by specialty', async () => {
    expect((await operadora({ method: 'GET', url: '/api/relatorios/rep076/grupos' })).statusCode).toBe(403);
    const b = await startTestApp({ CLIENT: 'bhtrans' });
    try {
      const op = as(b.app, await loginAs(b.app, 'operadora'));
      const [{ n }] = await query<{ n: number }>(b.database.db, sql`select count(*)::int as n from prestadores p where ${EM_VIGOR} and coalesce(p.email, '') <> ''`);
      const s = await get<ReportSummary>(op, '/api/relatorios/rep076/grupos');
      expect(s.total).toBe(n);
      const rows = await allRows(op, 'rep076');
      expect(rows.every((r) => typeof r.email === 'string' && r.email.includes('@'))).toBe(true);
    } finally {
      await b.close();
    }
  });
});
