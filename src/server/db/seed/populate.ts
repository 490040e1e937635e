import { asc, eq } from 'drizzle-orm';
import { CLIENT_NAMES, type ClientCode } from '../../../shared/clients';
import type { Db } from '../client';
import { operadoras, usuarios } from '../schema';
import { seedAns } from './ans';
import { seedAtendimentos } from './atendimentos';
import { seedOuvidoria } from './ouvidoria';
import { seedAdesoes } from './adesoes';
import { seedAutorizacoes, vacuumAutorizacoes } from './autorizacoes';
import { seedClasses } from './classes';
import { seedDuplicidades } from './duplicidades';
import { seedFaturamento } from './faturamento';
import { seedGerenciador } from './gerenciador';
import { seedPeople, vacuumPeople } from './people';
import { seedPendenciasRede } from './pendencias';
import { seedPrecos } from './precos';
import { seedRedeProdutos } from './rede';
import { seedProtocolos } from './protocolos';
import { seedReference } from './reference';
import { seedQualidadeSib } from './sib';
import { seedResources } from './resources';
import { demoUsers, seedUsers } from './users';
import { seedUtil } from './util';
import { seedTitulos } from './titulos';
import { seedAvisosDebito } from './avisos-debito';
import { seedContabil } from './contabil';
import { seedPagamentos } from './pagamentos';
import { seedVerbas } from './verbas';
import { seedServicos } from './servicos';

/**
 * Fills an empty database with the reference tables, demo people, users and requests (deterministic). The own operator
 * (the first of `operadoras`) takes the name of the client the database is created for: the card and the header agree.
 */
export async function populate(db: Db, size: 'test' | 'demo' | 'bench', client: ClientCode = 'copass'): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await seedReference(t);
    await seedResources(t, size);
    const [propria] = await t.select({ id: operadoras.id }).from(operadoras).orderBy(asc(operadoras.id)).limit(1);
    await t.update(operadoras).set({ nomeFantasia: CLIENT_NAMES[client] }).where(eq(operadoras.id, propria.id));
    const links = await seedPeople(t, size);
    await seedPrecos(t);
    await seedUsers(t, links);
    await seedPendenciasRede(t, size);
    await seedRedeProdutos(t);
    await seedAutorizacoes(t, size);
    await seedProtocolos(t);
    await seedAtendimentos(t, size);
    await seedOuvidoria(t);
    await seedAdesoes(t);
    // the additional services (aeromedical, dental) the families joined, where the client has their screens or files
    await seedServicos(t, client);
    await seedDuplicidades(t);
    await seedClasses(t);
    await seedQualidadeSib(t);
    await seedGerenciador(t);
    await seedUtil(t);
    // last: the billing reads the registry as the other seeds leave it (a beneficiary's situation on the attendance day)
    await seedFaturamento(t);
    // the receivables read the authorizations (coparticipation) as the other seeds leave them
    await seedTitulos(t);
    // the debt notices sent for the titles still open five days after their due dates
    await seedAvisosDebito(t);
    // provider payments requested, consolidated and paid through the services, from the closed billing
    await seedPagamentos(t, client);
    // the requests of funds to the sponsor companies read the payables and reimbursements as they stand
    await seedVerbas(t, client);
    // the month's accounting entries read the billing as it stands
    await seedContabil(t, size);
    // the SIP targets near what the billing and the authorizations give the last closed quarter
    await seedAns(t);
  });
  await vacuumPeople(db, size);
  await vacuumAutorizacoes(db, size);
}

/** A database created before the registry of people existed gets its people and the demo users' links. */
export async function populatePeople(db: Db, size: 'test' | 'demo' | 'bench') {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const links = await seedPeople(t, size);
    for (const u of demoUsers(links)) {
      if (u.beneficiarioId == null && u.prestadorId == null) continue;
      await t.update(usuarios).set({ beneficiarioId: u.beneficiarioId ?? null, prestadorId: u.prestadorId ?? null }).where(eq(usuarios.login, u.login));
    }
  });
  await vacuumPeople(db, size);
}
