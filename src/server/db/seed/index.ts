import { count } from 'drizzle-orm';
import type { ClientCode } from '../../../shared/clients';
import type { Db } from '../client';
import { beneficiarios, usuarios } from '../schema';

/**
 * Seeds an empty database once; a database that has users is left alone, except that a database created before
 * the registry of people existed gets its people on the next start. The seeding code (and its fake-data library)
 * is loaded only when there is something to seed: a start on an existing database does not pay for it.
 */
export async function seedIfEmpty(db: Db, size: 'test' | 'demo' | 'bench', client?: ClientCode): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(usuarios);
  if (n > 0) {
    const [{ p }] = await db.select({ p: count() }).from(beneficiarios);
    if (p === 0) await (await import('./populate')).populatePeople(db, size);
    return false;
  }
  await (await import('./populate')).populate(db, size, client);
  return true;
}
