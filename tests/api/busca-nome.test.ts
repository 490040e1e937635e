import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { resources } from '../../src/shared/resources';
import { fold } from '../../src/shared/text';
import { DEMO_PESSOAS } from '../../src/server/db/seed/people';
import { as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Name search by any part of the name (issue 19, point 1), the same rule everywhere: the beneficiaries grid, the
 * registry's reference picker, the request form's pickers, Consulta de Beneficiário, the palette's `@`, the
 * authorization lists and the provider lookup. The expected names are worked out here in JavaScript over every name
 * of the table, not by the SQL under test.
 */

let t: TestApp;
let op: ReturnType<typeof as>;
let ouv: ReturnType<typeof as>;
type Pessoa = { id: number; nome: string };
let beneficiarios: Pessoa[];
let prestadores: Pessoa[];
let profissionais: Pessoa[];

beforeAll(async () => {
  t = await startTestApp();
  op = as(t.app, await loginAs(t.app, 'operadora'));
  ouv = as(t.app, await loginAs(t.app, 'ouvidoria'));
  beneficiarios = await query<Pessoa>(t.ctx.db, sql`select id, nome from beneficiarios`);
  prestadores = await query<Pessoa>(t.ctx.db, sql`select id, nome from prestadores`);
  profissionais = await query<Pessoa>(t.ctx.db, sql`select id, nome from profissionais where ativo`);
});
afterAll(() => t.close());

const words = (s: string) => fold(s.trim()).split(/\s+/).filter(Boolean);
/** The rule, in JavaScript: each word of 3+ letters anywhere, a shorter one at a word's start; only short words: the name's start. */
function finds(termo: string, nome: string): boolean {
  const n = fold(nome).replace(/\s+/g, ' ');
  const ws = words(termo);
  if (ws.every((w) => w.length < 3)) return n.startsWith(ws.join(' '));
  return ws.every((w) => (w.length >= 3 ? n.includes(w) : n.startsWith(w) || n.includes(` ${w}`)));
}
/** 0: the name starts with the term; 1: every word of the term starts a word of the name; 2: the rest. */
function tier(termo: string, nome: string): number {
  const n = fold(nome).replace(/\s+/g, ' ');
  const ws = words(termo);
  if (n.startsWith(ws.join(' '))) return 0;
  return ws.every((w) => n.startsWith(w) || n.includes(` ${w}`)) ? 1 : 2;
}
const expected = (people: Pessoa[], termo: string) => people.filter((p) => finds(termo, p.nome));
const sortedIds = (xs: { id: number }[]) => xs.map((x) => x.id).sort((a, b) => a - b);

/** Best tier first, then the folded name ("C" order), as the ranked lookups answer. */
function expectRanked(termo: string, nomes: string[]) {
  const keys = nomes.map((n) => [tier(termo, n), fold(n)] as const);
  for (let i = 1; i < keys.length; i++) {
    const [a, b] = [keys[i - 1], keys[i]];
    expect(a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]), `${nomes[i - 1]} antes de ${nomes[i]}`).toBe(true);
  }
}

async function get<T>(who: ReturnType<typeof as>, url: string): Promise<T> {
  const res = await who({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as T;
}
type Page = { rows: { id: number; nome: string }[]; total: number; exact: boolean };
const grid = (termo: string) => get<Page>(op, `/api/recursos/beneficiarios?nome.contains=${encodeURIComponent(termo)}&limit=100`);

describe('a surname, or any part of a name, finds the beneficiary everywhere', () => {
  it('the seed has what the cases below look for: surnames inside names, not at their start', () => {
    for (const termo of ['Souza', 'silva', 'araújo']) {
      const found = expected(beneficiarios, termo);
      expect(found.length, termo).toBeGreaterThan(0);
      expect(found.some((p) => !fold(p.nome).startsWith(fold(termo))), termo).toBe(true);
    }
    expect(expected(beneficiarios, 'JOÃO').length).toBeGreaterThan(0); // a first name, typed in capitals with its accent
  });

  it('the grid (nome.contains): every word anywhere, accents and case ignored, exactly the names that have it', async () => {
    for (const termo of ['Souza', 'silva', 'SILVA', 'JOÃO', 'joao', 'ARAUJO', 'araújo', 'souza beatriz', 'lmeid']) {
      const want = expected(beneficiarios, termo);
      expect(want.length, termo).toBeGreaterThan(0);
      expect(want.length, `${termo}: a página de 100 não cobre`).toBeLessThanOrEqual(100);
      const page = await grid(termo);
      expect(sortedIds(page.rows), termo).toEqual(sortedIds(want));
      expect(page).toMatchObject({ total: want.length, exact: true });
    }
    expect((await grid('souza beatriz')).rows.map((r) => r.nome)).toContain(DEMO_PESSOAS.titular.nome);
    expect((await grid('zzzqx')).rows).toEqual([]);
  });

  it('one or two letters: the name’s start (the btree; trigrams need three)', async () => {
    for (const termo of ['b', 'BE', 'á']) {
      const want = beneficiarios.filter((p) => fold(p.nome).startsWith(fold(termo)));
      expect(want.length, termo).toBeGreaterThan(0);
      const page = await get<Page>(op, `/api/recursos/beneficiarios?nome.contains=${encodeURIComponent(termo)}&limit=100&count=1`);
      expect(page.total, termo).toBe(want.length);
      expect(page.rows.every((r) => fold(r.nome).startsWith(fold(termo))), termo).toBe(true);
    }
    // a short word beside a long one: at a word's start ("a souza" finds "Beatriz Almeida Souza", not "Joana Souza")
    const page = await grid('a souza');
    expect(sortedIds(page.rows)).toEqual(sortedIds(expected(beneficiarios, 'a souza')));
    expect(page.rows.map((r) => r.nome)).toContain(DEMO_PESSOAS.titular.nome);
    // LIKE's wildcards are typed text, not patterns
    expect((await grid('sou%a')).rows).toEqual([]);
    expect((await grid('_ouza')).rows).toEqual([]);
  });

  it('the registry picker (/opcoes): the same names, the name’s start first, then a word’s start, then the rest', async () => {
    for (const termo of ['Souza', 'silva', 'JOÃO', 'ana', 'be']) {
      const r = await get<{ id: number; label: string }[]>(op, `/api/recursos/beneficiarios/opcoes?termo=${encodeURIComponent(termo)}`);
      const want = expected(beneficiarios, termo);
      expect(r.length, termo).toBe(Math.min(50, want.length));
      expect(r.every((o) => finds(termo, o.label)), termo).toBe(true);
      expectRanked(termo, r.map((o) => o.label));
    }
    const ana = await get<{ label: string }[]>(op, '/api/recursos/beneficiarios/opcoes?termo=ana');
    expect(tier('ana', ana[0].label)).toBe(0);
    expect(ana.some((o) => tier('ana', o.label) === 2)).toBe(true); // "Mariana", "Santana": inside a word
  });

  it('the request form’s pickers: beneficiary and requesting professional', async () => {
    for (const termo of ['Souza', 'silva', 'JOÃO']) {
      const r = await get<{ id: number; nome: string }[]>(op, `/api/autorizacoes/beneficiarios?termo=${encodeURIComponent(termo)}`);
      expect(r.length, termo).toBe(Math.min(20, expected(beneficiarios, termo).length));
      expect(r.every((b) => finds(termo, b.nome)), termo).toBe(true);
      expectRanked(termo, r.map((b) => b.nome));
    }
    const sobrenome = profissionais.map((p) => p.nome.split(' ').at(-1)!).find((s) => s.length >= 4)!;
    const prof = await get<{ id: number; nome: string }[]>(op, `/api/autorizacoes/profissionais?termo=${encodeURIComponent(sobrenome.toUpperCase())}`);
    expect(prof.length).toBe(Math.min(20, expected(profissionais, sobrenome).length));
    expect(prof.every((p) => finds(sobrenome, p.nome))).toBe(true);
  });

  it('Consulta de Beneficiário: by surname, ranked; two letters still find by the start', async () => {
    for (const termo of ['Souza', 'silva', 'JOÃO']) {
      const r = await get<{ nome: string }[]>(ouv, `/api/beneficiarios/consulta?termo=${encodeURIComponent(termo)}`);
      expect(r.length, termo).toBe(Math.min(20, expected(beneficiarios, termo).length));
      expect(r.every((b) => finds(termo, b.nome)), termo).toBe(true);
      expectRanked(termo, r.map((b) => b.nome));
    }
    const be = await get<{ nome: string }[]>(ouv, '/api/beneficiarios/consulta?termo=be');
    expect(be.length).toBeGreaterThan(0);
    expect(be.every((b) => fold(b.nome).startsWith('be'))).toBe(true);
  });

  it('the palette’s @: beneficiaries and providers by a surname', async () => {
    type Itens = { itens: { tipo: string; nome: string }[] };
    for (const termo of ['Souza', 'silva', 'JOÃO']) {
      const r = await get<Itens>(op, `/api/busca/registros?termo=${encodeURIComponent(termo)}`);
      const bens = r.itens.filter((i) => i.tipo === 'beneficiario');
      expect(bens.length, termo).toBeGreaterThan(0);
      expect(bens.every((b) => finds(termo, b.nome)), termo).toBe(true);
      expectRanked(termo, bens.map((b) => b.nome));
    }
    expect((await get<Itens>(op, '/api/busca/registros?termo=SOUZA')).itens.map((i) => i.nome)).toContain(DEMO_PESSOAS.titular.nome);
    const luzia = await get<Itens>(op, '/api/busca/registros?termo=luzia');
    expect(luzia.itens.find((i) => i.tipo === 'prestador')?.nome).toBe('Clínica Santa Luzia Ltda');
  });

  it('the provider lookup (findPrestador) and the authorizations list filter by a part of the name', async () => {
    const r = await get<{ nome: string }[]>(op, '/api/findPrestador/LUZIA');
    expect(r.map((p) => p.nome)).toContain('Clínica Santa Luzia Ltda');
    expect(r.every((p) => finds('luzia', p.nome))).toBe(true);
    expect(r.length).toBe(Math.min(50, expected(prestadores, 'luzia').length));
    const lista = await get<{ rows: { beneficiarioNome: string }[] }>(op, '/api/autorizacoes?beneficiario=SOUZA&limit=100');
    expect(lista.rows.length).toBeGreaterThan(0);
    expect(lista.rows.every((r) => finds('souza', r.beneficiarioNome))).toBe(true);
    expect(lista.rows.some((r) => !fold(r.beneficiarioNome).startsWith('souza'))).toBe(true);
  });

  it('every large table of people has the trigram index its name search uses', async () => {
    const ix = await query<{ tablename: string; indexdef: string }>(t.ctx.db, sql`select tablename, indexdef from pg_indexes where indexdef like '%gin_trgm_ops%'`);
    for (const r of resources.filter((x) => x.large)) {
      expect(ix.find((i) => i.tablename === r.table)?.indexdef, r.table).toMatch(/USING gin \(nome_busca gin_trgm_ops\)/);
    }
  });
});
