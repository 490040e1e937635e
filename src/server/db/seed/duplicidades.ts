import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { query } from '../sql';
import { carteirinhaDe, DEMO_PESSOAS } from './people';

/**
 * Registrations made twice, as an operator's base has them after a contract migration or a counter registration
 * without the CPF: the same person under a second matrícula. Six share the CPF (registered again years later), four
 * have no CPF but the same name and birth date. Two of the second registrations carry an authorization, so merging
 * them moves history. The Tratar Duplicidade and Unificação de Matrícula processes find and merge them.
 */
export async function seedDuplicidades(db: Db): Promise<void> {
  const demo = Object.values(DEMO_PESSOAS)
    .filter((p): p is (typeof DEMO_PESSOAS)['titular'] => 'matricula' in p)
    .map((p) => p.matricula);
  // titulars without dependents, active, with a CPF: a second registration of one of them is a plain duplicate
  const fontes = await query<{ id: number }>(
    db,
    sql`select b.id from beneficiarios b
        where b.relacao_dependencia = '1' and b.situacao = 'ATIVO' and b.cpf is not null
          and b.matricula not in (${sql.join(demo.map((m) => sql`${m}`), sql`, `)})
          and not exists (select 1 from beneficiarios d where d.titular = b.id)
        order by b.id offset 3 limit 10`,
  );
  if (!fontes.length) return;
  const colunas = (
    await query<{ c: string }>(db, sql`select column_name as c from information_schema.columns where table_name = 'beneficiarios' and is_generated = 'NEVER' and column_default is distinct from 'nextval(''beneficiarios_id_seq''::regclass)' order by ordinal_position`)
  )
    .map((r) => r.c)
    .filter((c) => c !== 'id');
  const [{ m }] = await query<{ m: string }>(db, sql`select max(matricula) as m from beneficiarios`);
  let proxima = Number(m);
  for (const [i, f] of fontes.entries()) {
    const matricula = String(++proxima).padStart(10, '0');
    const semCpf = i >= 6;
    const troca: Record<string, SQL> = {
      matricula: sql`${matricula}`,
      carteirinha: sql`${carteirinhaDe(matricula)}`,
      // the second registration: a counter without the CPF, or the contract migrated again years later
      cpf: semCpf ? sql`null` : sql`cpf`,
      data_adesao: sql`least(current_date, data_adesao + ${365 * (2 + (i % 3))}::int)`,
    };
    const lista = sql.join(colunas.map((c) => sql.raw(`"${c}"`)), sql`, `);
    const valores = sql.join(colunas.map((c) => troca[c] ?? sql.raw(`"${c}"`)), sql`, `);
    const [dup] = await query<{ id: number }>(db, sql`insert into beneficiarios (${lista}) select ${valores} from beneficiarios where id = ${f.id} returning id`);
    // history on the second registration: one of the person's authorizations was requested under it
    if (i === 0 || i === 6) await db.execute(sql`update autorizacoes set beneficiario_id = ${dup.id} where id = (select min(id) from autorizacoes where beneficiario_id = ${f.id})`);
  }
}
type SQL = ReturnType<typeof sql>;
