import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { recordTrail, type Actor } from '../trail/record';

/** The beneficiary whose matrícula changes, as read (and locked) before the change. */
export interface Cadastro {
  id: number;
  nome: string;
  matricula: string;
  situacao: string;
}

/** The refusals, worded once for the single change and for each line of a file. */
export const RECUSA_MATRICULA = {
  cancelado: (nome: string) => `O cadastro de ${nome} está cancelado: a matrícula de um cadastro cancelado não muda.`,
  igual: (nome: string) => `A nova matrícula é igual à atual de ${nome}.`,
  deOutro: (nova: string, nome: string) => `A matrícula ${nova} já é de ${nome}.`,
  jaFoi: (nova: string, nome: string, atual: string) => `A matrícula ${nova} já foi de ${nome} (hoje ${atual}) e continua encontrando esse cadastro.`,
};

/**
 * Why a matrícula cannot become `nova` for `b`, in Portuguese, or null: it must differ from the current one and be
 * free — neither another beneficiary's now nor one another beneficiary had before (the old ones stay findable, so a
 * number never points at two people).
 */
export async function recusaMatricula(db: Db, b: Cadastro, nova: string): Promise<string | null> {
  if (b.situacao === 'CANCELADO') return RECUSA_MATRICULA.cancelado(b.nome);
  if (nova === b.matricula) return RECUSA_MATRICULA.igual(b.nome);
  const [dono] = await query<{ nome: string }>(db, sql`select nome from beneficiarios where matricula = ${nova} and id <> ${b.id}`);
  if (dono) return RECUSA_MATRICULA.deOutro(nova, dono.nome);
  const [antigo] = await query<{ nome: string; matricula: string }>(
    db,
    sql`select b.nome, b.matricula from matriculas_anteriores ma join beneficiarios b on b.id = ma.beneficiario_id where ma.matricula = ${nova} and ma.beneficiario_id <> ${b.id} limit 1`,
  );
  if (antigo) return RECUSA_MATRICULA.jaFoi(nova, antigo.nome, antigo.matricula);
  return null;
}

export const cadastroPorId = async (db: Db, id: number, lock = false) =>
  (await query<Cadastro>(db, sql`select id, nome, matricula, situacao from beneficiarios where id = ${id}${lock ? sql` for update` : sql``}`))[0];

/**
 * Moves `b` (locked by the caller's transaction, refusal already checked) to matrícula `nova`: the record, the row of
 * its former matrícula (with the run and who did it) and the trail, in the caller's transaction.
 */
export async function trocarMatricula(db: Db, actor: Actor, b: Cadastro, nova: string, o: { motivo: string; usuarioNome: string; execucaoId: number }) {
  await db.execute(sql`update beneficiarios set matricula = ${nova}, version = version + 1 where id = ${b.id}`);
  await db.execute(
    sql`insert into matriculas_anteriores (beneficiario_id, matricula, matricula_nova, motivo, usuario_nome, execucao_id) values (${b.id}, ${b.matricula}, ${nova}, ${o.motivo}, ${o.usuarioNome}, ${o.execucaoId})`,
  );
  await recordTrail(db, actor, { entidade: 'beneficiario', registroId: b.id, acao: 'update', antes: { matricula: b.matricula }, depois: { matricula: nova, motivoAlteracaoMatricula: o.motivo } });
}
