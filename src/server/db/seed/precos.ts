import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * What each provider is paid (src/shared/precos/calculo.ts): physicians and hospitals are paid by the CBHPM fee
 * sizes, clinics, laboratories and imaging centers by the operator's own TUSS table; hospitals of reference get
 * their class's 20 % on top, clinics 5 %, physicians the standard class. The consultation in the office and in the
 * emergency room are CBHPM porte 2B, so under CBHPM they are paid by the table's 2B fee, not the reference value.
 */
export async function seedPrecos(db: Db): Promise<void> {
  await db.execute(sql`update procedimentos set porte = '2B' where codigo in ('10101012', '10101039')`);
  await db.execute(sql`
    with t as (select (select id from tabelas_precos where codigo = 'CBHPM5') as cbhpm, (select id from tabelas_precos where codigo = 'TUSS22') as tuss,
      (select id from classes_precos where codigo = 'CP01') as padrao, (select id from classes_precos where codigo = 'CP03') as hospital,
      (select id from classes_precos where codigo = 'CP04') as clinica)
    update prestadores p set
      tabela_preco = case when p.tipo_pessoa = 'F' or p.nome like 'Hospital%' then t.cbhpm else t.tuss end,
      classe_preco = case when p.nome like 'Hospital%' then t.hospital when p.tipo_pessoa = 'F' then t.padrao else t.clinica end
    from t`);
}
