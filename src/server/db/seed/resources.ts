import { fakerPT_BR as faker } from '@faker-js/faker';
import { count, inArray } from 'drizzle-orm';
import { resources, type Field, type Resource } from '../../../shared/resources';
import { isSlot } from '../../../shared/resources/masks';
import { tableOf } from '../../resources/tables';
import type { Db } from '../client';
import { CAPITAIS, RESOURCE_SEEDS, type SeedContext, type SeedRow } from './resource-data';
import { seedTussCid } from './tuss';

/**
 * Seeds every resource table: TUSS 22 and CID-10 first, from the reference files (seed/tuss.ts); then each entry of
 * resource-data.ts gives its rows. A field a row leaves out is filled from the definition, deterministically and
 * plainly: null where optional, the default, the minimum or a neutral value where required — never an invented
 * amount, percentage or name a user would read as data. Resources are seeded in reference order, so a reference
 * points to an existing row.
 */

function orderByRefs(list: readonly Resource[]): Resource[] {
  const done = new Set<string>();
  const out: Resource[] = [];
  const visit = (r: Resource, stack: Set<string>) => {
    if (done.has(r.name) || stack.has(r.name)) return;
    stack.add(r.name);
    for (const f of Object.values(r.fields)) if (f.kind === 'ref') visit(list.find((x) => x.name === f.resource)!, stack);
    done.add(r.name);
    out.push(r);
  };
  for (const r of list) visit(r, new Set());
  return out;
}

function fillMask(mask: string, seq: number): string {
  const slots = [...mask].filter(isSlot);
  const num = String(seq).padStart(slots.length, '0').slice(-slots.length);
  return slots.map((s, i) => (s === '#' || s === 'X' ? num[i] : String.fromCharCode(65 + ((seq + i) % 26)))).join('');
}

function generate(def: Resource, key: string, f: Field, i: number, ctx: SeedContext): unknown {
  if (f.default !== undefined && f.default !== null && !f.unique && f.kind !== 'boolean') return f.default;
  switch (f.kind) {
    case 'text': {
      if (!f.required) return null;
      if (f.mask) return fillMask(f.mask, i + 1);
      if (f.pattern) return null;
      if (key === 'codigo') return String(i + 1).padStart(Math.min(f.max, 3), '0');
      if (f.format === 'email') return `contato${i + 1}@saudedemo.example`.slice(0, f.max);
      if (f.format === 'html') return '<p></p>';
      if (/nome|responsavel/i.test(key)) return faker.person.fullName().slice(0, f.max);
      return `${def.label.singular} ${i + 1}`.slice(0, f.max);
    }
    case 'integer':
      return f.required ? Math.max(f.min ?? 0, 1) : null;
    case 'money':
    case 'decimal':
      return f.required ? (f.min ?? 0) : null;
    case 'date':
      if (/fim/i.test(key)) return f.required ? '2026-12-31' : null;
      return f.required ? '2025-01-01' : null;
    case 'boolean':
      return f.default === true;
    case 'enum':
      return f.required ? f.options[0].value : null;
    case 'ref': {
      const ids = ctx.ids(f.resource);
      return ids.length && f.required ? ids[i % ids.length] : null;
    }
  }
}

/** Natural keys a seed row is found by (ctx.idOf). */
const NATURAL_KEYS = ['codigo', 'sigla', 'nome', 'registroAns'];

export async function seedResources(db: Db, size: 'test' | 'demo' | 'bench') {
  faker.seed(5005);
  const ids = new Map<string, number[]>();
  const byKey = new Map<string, Map<string, number>>();
  const t0 = performance.now();
  const ref = await seedTussCid(db, size);
  if (process.env.SEED_LOG === '1') console.log(`seed TUSS e CID-10: ${Math.round(performance.now() - t0)} ms`);
  byKey.set('procedimento', ref.procedimentos);
  byKey.set('cid', ref.cids);
  byKey.set('grupoprocedimento', ref.grupos);
  const ctx: SeedContext = {
    size,
    faker,
    ids: (name) => ids.get(name) ?? [],
    idOf: (name, key) => {
      const id = byKey.get(name)?.get(key);
      if (id === undefined) throw new Error(`semente: ${name} '${key}' não encontrado`);
      return id;
    },
  };
  for (const def of orderByRefs(resources)) {
    const table = tableOf(def);
    const entry = RESOURCE_SEEDS[def.name];
    const [{ n }] = await db.select({ n: count() }).from(table);
    if (n > 0 || entry?.skip) {
      // already seeded elsewhere (cidades: every IBGE municipality, from seedReference)
      if (def.name === 'cidade') await db.update(table).set({ capital: true } as never).where(inArray(table.id, CAPITAIS));
      const some = (await db.select({ id: table.id }).from(table).limit(200)) as { id: number }[];
      ids.set(def.name, some.map((r) => r.id));
      continue;
    }
    let given: SeedRow[] = typeof entry?.rows === 'function' ? entry.rows(ctx) : (entry?.rows ?? []);
    if (!given.length) given = (entry?.descricoes ?? []).map((d) => ({ [def.keys.includes('descricao') ? 'descricao' : def.display]: d }));
    if (!given.length) given = Array.from({ length: entry?.count ?? 8 }, () => ({}));
    const rows = given.map((g, i) => {
      const row: SeedRow = {};
      for (const k of def.keys) row[k] = k in g ? g[k] : generate(def, k, def.fields[k], i, ctx);
      return row;
    });
    const out: number[] = [];
    for (let i = 0; i < rows.length; i += 1000) {
      const ins = (await db.insert(table).values(rows.slice(i, i + 1000) as never).returning({ id: table.id })) as { id: number }[];
      out.push(...ins.map((r) => r.id));
    }
    ids.set(def.name, out);
    const keys = new Map<string, number>();
    rows.forEach((r, k) => NATURAL_KEYS.forEach((n) => typeof r[n] === 'string' && !keys.has(r[n] as string) && keys.set(r[n] as string, out[k])));
    byKey.set(def.name, keys);
  }
}
