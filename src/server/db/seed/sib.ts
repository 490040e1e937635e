import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { DEMO_PESSOAS } from './people';

/**
 * The flaws a real beneficiary base carries into the SIB (Análise do SIB finds them): children registered without a
 * CPF (allowed until 18), adults and a few titulars without one (counter registrations), typos in the CPF's and the
 * CNS's last digit, no CNS at all (common), the mother's name typed as a placeholder, a zip code missing, a birth
 * date migrated as the spreadsheet's day zero (30/12/1899), a dependent left without the titular after a migration,
 * and records the ANS never returned a CCO for. Recent adhesions have no CCO yet (not a flaw: the ANS has not
 * answered). Chosen by a fixed hash of the id, so the same rows every time; the demo people (their screens and tests
 * show exact data), the first records and the seeded duplicates are left alone.
 */
export async function seedQualidadeSib(db: Db): Promise<void> {
  const demo = sql.join(
    Object.values(DEMO_PESSOAS)
      .filter((p): p is (typeof DEMO_PESSOAS)['titular'] => 'matricula' in p)
      .map((p) => sql`${p.matricula}`),
    sql`, `,
  );
  // a hash of the id per salt, 0..9999
  const h = (salt: number) => sql.raw(`((b.id::bigint * ${[2654435761, 2246822519, 3266489917, 668265263, 374761393, 1181783497, 3864292196, 1597334677][salt]}) % 10007 % 10000)`);
  const livre = sql`b.id > 60 and b.matricula not in (${demo})
    and not exists (select 1 from beneficiarios o where o.id <> b.id and (o.cpf = b.cpf or (o.nome_busca = b.nome_busca and o.data_nascimento = b.data_nascimento)))`;
  const upd = (set: ReturnType<typeof sql>, where: ReturnType<typeof sql>) => db.execute(sql`update beneficiarios b set ${set} where ${where} and ${livre}`);

  // CPF: children without one (4 in 10: not a flaw), adult dependents (1.2%) and titulars (0.3%) without one, typos (0.4%)
  await upd(sql`cpf = null`, sql`b.relacao_dependencia in ('4', '6') and b.data_nascimento > current_date - interval '18 years' and ${h(0)} < 4000`);
  await upd(sql`cpf = null`, sql`b.relacao_dependencia <> '1' and b.data_nascimento <= current_date - interval '18 years' and ${h(0)} < 120`);
  await upd(sql`cpf = null`, sql`b.relacao_dependencia = '1' and ${h(0)} < 30`);
  await upd(sql`cpf = substr(b.cpf, 1, 10) || ((substr(b.cpf, 11, 1)::int + 1) % 10)::text`, sql`b.cpf is not null and ${h(1)} < 40`);
  // CNS: missing for 7%, a wrong last digit for 0.4%
  await upd(sql`cns = null`, sql`${h(2)} < 700`);
  await upd(sql`cns = substr(b.cns, 1, 14) || ((substr(b.cns, 15, 1)::int + 1) % 10)::text`, sql`b.cns is not null and ${h(2)} between 700 and 739`);
  // the mother's name as a placeholder or a single name (0.6%)
  await upd(sql`nome_mae = (array['NÃO INFORMADO', 'IGNORADA', 'Maria', 'NAO CONSTA'])[1 + ${h(3)} % 4]`, sql`${h(3)} < 60`);
  // no CCO: adhesions after the last competência sent (the ANS has not answered yet), and 0.5% the ANS never returned
  await upd(sql`cco = null`, sql`b.data_adesao >= date_trunc('month', current_date - interval '5 days')`);
  await upd(sql`cco = null`, sql`${h(4)} < 50`);
  // no zip code (0.4%); a birth date migrated as day zero (0.05%); a dependent without the titular (0.05%)
  await upd(sql`cep = null`, sql`${h(5)} < 40`);
  await upd(sql`data_nascimento = date '1899-12-30'`, sql`${h(6)} < 5`);
  await upd(sql`titular = null`, sql`b.relacao_dependencia <> '1' and ${h(7)} < 5`);
}
