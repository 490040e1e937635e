import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { query } from '../sql';

/**
 * Registration classes of the titulars (Lei 9.656/98: retirees under art. 31 and dismissed employees under art. 30
 * stay in company plans) and the families of titulars who died: three still waiting for a pensioner (the dependents
 * active, the titular cancelled for death, SIB 44), two where the spouse already became the pensioner.
 */
export async function seedClasses(db: Db): Promise<void> {
  await db.execute(sql`
    update beneficiarios b set classe = case
      when b.empresa is not null and b.data_nascimento < date '1961-01-01' and b.id % 5 <> 0 then 'I'
      when b.empresa is not null and b.id % 17 = 5 then 'E'
      else 'A' end
    where b.relacao_dependencia = '1'`);
  // families of the generated part (not the fixed demo people) with an active spouse and at least one other dependent
  const familias = await query<{ titular: number; conjuge: number }>(
    db,
    sql`select t.id as titular, min(c.id)::int as conjuge
        from beneficiarios t join beneficiarios c on c.titular = t.id and c.relacao_dependencia = '3' and c.situacao = 'ATIVO'
        where t.relacao_dependencia = '1' and t.situacao = 'ATIVO' and t.matricula >= '0000001000' and t.empresa is not null
          and exists (select 1 from beneficiarios f where f.titular = t.id and f.relacao_dependencia = '4' and f.situacao = 'ATIVO')
        group by t.id order by t.id limit 5`,
  );
  const obitos = ['2026-09-18', '2026-10-02', '2026-10-27', '2025-03-11', '2024-11-29'];
  for (const [i, f] of familias.entries()) {
    await db.execute(sql`update beneficiarios set situacao = 'CANCELADO', motivo_cancelamento = '44', data_situacao = ${obitos[i]} where id = ${f.titular}`);
    if (i < 3) continue;
    // the spouse took the titular's place: the children follow the pensioner
    await db.execute(sql`update beneficiarios set relacao_dependencia = '1', titular = null, classe = 'P' where id = ${f.conjuge}`);
    await db.execute(sql`update beneficiarios set titular = ${f.conjuge} where titular = ${f.titular} and situacao = 'ATIVO'`);
  }
}
