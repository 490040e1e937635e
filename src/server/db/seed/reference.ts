import { getMunicipalities, getStates } from '@brazilian-utils/brazilian-utils';
import type { Db } from '../client';
import { cidades, ufs } from '../schema';

/** The 27 UFs and every IBGE municipality (5,571), from @brazilian-utils' bundled IBGE list. */
export async function seedReference(db: Db) {
  const states = getStates();
  await db.insert(ufs).values(states.map((s) => ({ sigla: s.code, nome: s.name, ibge: s.ibgeCode })));
  const rows = states.flatMap((s) => getMunicipalities(s.code).map((m) => ({ id: Number(m.code), nome: m.name, uf: s.code })));
  for (let i = 0; i < rows.length; i += 1000) await db.insert(cidades).values(rows.slice(i, i + 1000));
}
