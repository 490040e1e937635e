import { fakerPT_BR as faker } from '@faker-js/faker';
import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import { count, inArray } from 'drizzle-orm';
import { resources, type Field, type Resource } from '../../../shared/resources';
import { isSlot } from '../../../shared/resources/masks';
import { tableOf } from '../../resources/tables';
import type { Db } from '../client';
import { CAPITAIS, RESOURCE_SEEDS, type SeedContext, type SeedRow } from './resource-data';

/**
 * Seeds every resource table: the entry in resource-data.ts gives real rows (or just descriptions);
 * fields it leaves out are generated deterministically from the definition (seeded faker pt_BR).
 * Resources are seeded in reference order, so a generated reference points to an existing row.
 */

const digits = (s: string) => s.replace(/\D/g, '');

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
      if (key === 'cnpj') return digits(generateCnpj());
      if (key === 'cpf') return digits(generateCpf());
      if (f.mask) return fillMask(f.mask, i + 1);
      if (f.pattern) return null;
      if (f.format === 'email') return faker.internet.email({ provider: 'operadora.example' }).toLowerCase().slice(0, f.max);
      if (f.format === 'url') return `https://www.${faker.internet.domainWord()}.com.br`;
      if (f.format === 'color') return faker.color.rgb({ casing: 'lower' });
      if (f.format === 'image') return null;
      if (f.format === 'html') return `<p>${faker.lorem.paragraph()}</p>`;
      if (key === 'codigo') return String(i + 1).padStart(Math.min(f.max, 3), '0');
      if (f.multiline) return f.required ? faker.lorem.sentence().slice(0, f.max) : null;
      if (/nome|responsavel/i.test(key)) return faker.person.fullName().slice(0, f.max);
      if (/razao/i.test(key)) return faker.company.name().slice(0, f.max);
      if (/descricao|titulo/i.test(key)) return `${def.label.singular} ${i + 1}`.slice(0, f.max);
      return f.required ? faker.lorem.words(2).slice(0, f.max) : null;
    }
    case 'integer':
      return faker.number.int({ min: f.min ?? 0, max: Math.min(f.max ?? 100, 1000) });
    case 'money':
      return faker.number.int({ min: f.min ?? 0, max: Math.min(f.max ?? 500_000, 500_000) });
    case 'decimal': {
      const max = f.max ?? 100;
      const min = f.min ?? 0;
      return Math.round(faker.number.float({ min, max: Math.max(min, Math.min(max, 10 ** (f.precision - f.scale) - 1)) }) * 100) / 100;
    }
    case 'date':
      if (/fim/i.test(key)) return f.required ? '2026-12-31' : null;
      return faker.date.between({ from: '2020-01-01', to: '2025-12-31' }).toISOString().slice(0, 10);
    case 'boolean':
      return f.default === true ? i % 9 !== 8 : i % 3 === 0;
    case 'enum':
      return faker.helpers.arrayElement(f.options).value;
    case 'ref': {
      const ids = ctx.ids(f.resource);
      return ids.length && (f.required || i % 4 !== 3) ? ids[i % ids.length] : null;
    }
  }
}

export async function seedResources(db: Db, size: 'test' | 'demo' | 'bench') {
  faker.seed(5005);
  const ids = new Map<string, number[]>();
  const ctx: SeedContext = { size, faker, ids: (name) => ids.get(name) ?? [] };
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
  }
}
