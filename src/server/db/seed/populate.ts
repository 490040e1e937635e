import { count, eq } from 'drizzle-orm';
import { dayjs } from '../../../shared/format';
import type { Db } from '../client';
import { avisos, beneficiarios, usuarios } from '../schema';
import { seedAutorizacoes } from './autorizacoes';
import { seedPeople, vacuumPeople } from './people';
import { seedReference } from './reference';
import { seedResources } from './resources';
import { demoUsers, seedUsers } from './users';

/**
 * Seeds an empty database once (deterministic); a database that has users is left alone, except that a database
 * created before the registry of people existed gets its people (and the demo users' links) on the next start.
 */
export async function seedIfEmpty(db: Db, size: 'test' | 'demo' | 'bench'): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(usuarios);
  if (n > 0) {
    const [{ p }] = await db.select({ p: count() }).from(beneficiarios);
    if (p === 0) {
      await seedPeopleOnly(db, size);
      await vacuumPeople(db, size);
    }
    return false;
  }
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await seedReference(t);
    await seedResources(t, size);
    const links = await seedPeople(t, size);
    await seedUsers(t, links);
    await seedAutorizacoes(t, size);
    const today = dayjs();
    await t.insert(avisos).values([
      {
        titulo: 'Bem-vindo ao novo portal',
        mensagem: 'Use Ctrl+K para encontrar qualquer tela, relatório ou processo.',
        tipo: 'info',
        inicio: today.subtract(10, 'day').format('YYYY-MM-DD'),
      },
      {
        titulo: 'Atualização cadastral',
        mensagem: 'Mantenha seu telefone e e-mail atualizados para receber os tokens de autorização.',
        tipo: 'warning',
        inicio: today.subtract(5, 'day').format('YYYY-MM-DD'),
        fim: today.add(60, 'day').format('YYYY-MM-DD'),
        perfil: 'beneficiario',
      },
    ]);
  });
  await vacuumPeople(db, size);
  return true;
}

async function seedPeopleOnly(db: Db, size: 'test' | 'demo' | 'bench') {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const links = await seedPeople(t, size);
    for (const u of demoUsers(links)) {
      if (u.beneficiarioId == null && u.prestadorId == null) continue;
      await t.update(usuarios).set({ beneficiarioId: u.beneficiarioId ?? null, prestadorId: u.prestadorId ?? null }).where(eq(usuarios.login, u.login));
    }
  });
}
