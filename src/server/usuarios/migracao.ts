import { eq, inArray, sql } from 'drizzle-orm';
import { BENEFICIARIO_ROLES, PRESTADOR_ROLES, USUARIO_MSG } from '../../shared/usuarios/contas';
import { MIGRACAO_MSG, type MigracaoForm, type MigracaoPrevia } from '../../shared/usuarios/migracao';
import { bumpUsers } from '../auth/permissions';
import { endSessions, type RequestSession } from '../auth/session';
import type { Db } from '../db/client';
import { usuarios } from '../db/schema';
import { query } from '../db/sql';
import { badRequest } from '../http/errors';
import { recordTrail, recordTrailMany, type Actor } from '../trail/record';
import { guardAdministration } from './contas';

/**
 * Migração de Usuário: the source's profiles and open work go to the target. What is assigned to a person in this
 * product and moves: the contacts in progress in their name (`atendimentos.atendente_id`, status EM_ANDAMENTO) and the
 * processes they scheduled (`agendamentos.usuario_id`: each firing runs as the owner, so a blocked owner's schedule
 * would fail). What is not assigned to a person is listed in MIGRACAO_NOTAS (audit queues, manifestações, the palette's
 * recents). The preview counts with the same conditions the migration moves by.
 */

type Row = typeof usuarios.$inferSelect;

const resumo = (u: Row) => ({ id: u.id, login: u.login, nome: u.nome, ativo: u.ativo, admin: u.admin });

async function pair(db: Db, origemId: number, destinoId: number, lock: boolean) {
  const q = db
    .select()
    .from(usuarios)
    .where(inArray(usuarios.id, [origemId, destinoId]))
    .orderBy(usuarios.id);
  // the migration locks both rows (in id order: two migrations of the same pair cannot deadlock); the preview only reads
  const rows = lock ? await q.for('update') : await q;
  const origem = rows.find((r) => r.id === origemId);
  const destino = rows.find((r) => r.id === destinoId);
  if (!origem) throw badRequest(MIGRACAO_MSG.origemInexistente, 'origemId');
  if (!destino) throw badRequest(MIGRACAO_MSG.destinoInexistente, 'destinoId');
  if (BENEFICIARIO_ROLES.some((r) => origem[r])) throw badRequest(MIGRACAO_MSG.contaPessoal, 'origemId');
  if (BENEFICIARIO_ROLES.some((r) => destino[r])) throw badRequest(MIGRACAO_MSG.contaPessoal, 'destinoId');
  // a provider's staff hand over to the same provider's staff; an operator's to an operator's
  const vinculo = (u: Row) => (PRESTADOR_ROLES.some((r) => u[r]) ? u.prestadorId : null);
  if (vinculo(origem) !== vinculo(destino)) throw badRequest(MIGRACAO_MSG.vinculoDiferente, 'destinoId');
  if (!destino.ativo) throw badRequest(MIGRACAO_MSG.destinoBloqueado, 'destinoId');
  return { origem, destino };
}

const ATENDIMENTOS = (id: number) => sql`atendente_id = ${id} and status = 'EM_ANDAMENTO'`;

async function previa(db: Db, origem: Row, destino: Row): Promise<MigracaoPrevia> {
  const perfis = await query<{ nome: string; ja_tem: boolean }>(
    db,
    sql`select p.nome, exists (select 1 from usuario_perfis d where d.usuario_id = ${destino.id} and d.perfil_id = p.id) as ja_tem
      from usuario_perfis up join perfis p on p.id = up.perfil_id where up.usuario_id = ${origem.id} order by p.nome`,
  );
  const [c] = await query<{ atendimentos: number; agendamentos: number; grupos: number }>(
    db,
    sql`select (select count(*)::int from atendimentos where ${ATENDIMENTOS(origem.id)}) as atendimentos,
      (select count(*)::int from agendamentos where usuario_id = ${origem.id}) as agendamentos,
      (select count(*)::int from grupo_regras_usuarios where usuario_id = ${origem.id}) as grupos`,
  );
  const avisos: string[] = [];
  if (origem.admin && !destino.admin) avisos.push(`O papel Administrador não é migrado: ${destino.login} não passa a administrar o portal (dê o papel no cadastro do usuário, se for o caso).`);
  const grupos = Number(c.grupos);
  if (grupos) avisos.push(`${grupos === 1 ? 'O grupo de regras ligado' : `Os ${grupos} grupos de regras ligados`} diretamente a ${origem.login} ${grupos === 1 ? 'fica' : 'ficam'} com ele: são o horário da pessoa, não do trabalho.`);
  return {
    origem: resumo(origem),
    destino: resumo(destino),
    perfis: perfis.map((p) => ({ nome: p.nome, jaTem: p.ja_tem === true })),
    atendimentos: Number(c.atendimentos),
    agendamentos: Number(c.agendamentos),
    gruposRegrasDiretos: grupos,
    avisos,
  };
}

export async function previaMigracao(db: Db, origemId: number, destinoId: number): Promise<MigracaoPrevia> {
  const { origem, destino } = await pair(db, origemId, destinoId, false);
  return previa(db, origem, destino);
}

/** Moves everything the preview counts, in one transaction; both users' permissions hold from their next request. */
export async function migrarUsuario(db: Db, actor: Actor & { session: RequestSession }, form: MigracaoForm): Promise<MigracaoPrevia & { bloqueado: boolean; encerradas: number }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const { origem, destino } = await pair(t, form.origemId, form.destinoId, true);
    const p = await previa(t, origem, destino);
    if (!p.perfis.length && !p.atendimentos && !p.agendamentos) throw badRequest(MIGRACAO_MSG.nadaAMigrar, 'origemId');
    if (form.bloquearOrigem) {
      if (origem.id === actor.session.user.id) throw badRequest(USUARIO_MSG.proprioBloqueio, 'bloquearOrigem');
      await guardAdministration(t, actor.session, origem, { admin: origem.admin, ativo: false });
    }
    const perfisDestinoAntes = await nomesPerfis(t, destino.id);
    await query(t, sql`insert into usuario_perfis (usuario_id, perfil_id) select ${destino.id}, perfil_id from usuario_perfis where usuario_id = ${origem.id} on conflict do nothing`);
    await query(t, sql`delete from usuario_perfis where usuario_id = ${origem.id}`);
    const atendimentos = await query<{ id: number; protocolo: string }>(
      t,
      sql`update atendimentos set atendente_id = ${destino.id}, atendente_nome = ${destino.nome}, atualizado_em = now(), version = version + 1 where ${ATENDIMENTOS(origem.id)} returning id, protocolo`,
    );
    const agendamentos = await query<{ id: number; comando: string }>(t, sql`update agendamentos set usuario_id = ${destino.id}, usuario_nome = ${destino.nome} where usuario_id = ${origem.id} returning id, comando`);
    // in id order: the trail reads the same whatever order the update touched the rows in
    atendimentos.sort((a, b) => Number(a.id) - Number(b.id));
    agendamentos.sort((a, b) => Number(a.id) - Number(b.id));
    await bumpUsers(t, [origem.id, destino.id]);
    await t.update(usuarios).set({ version: sql`${usuarios.version} + 1` }).where(inArray(usuarios.id, [origem.id, destino.id]));
    let encerradas = 0;
    if (form.bloquearOrigem && origem.ativo) {
      await t.update(usuarios).set({ ativo: false }).where(eq(usuarios.id, origem.id));
      encerradas = await endSessions(t, origem.id);
    }
    const movidos = { atendimentosMigrados: atendimentos.map((a) => a.protocolo).sort(), agendamentosMigrados: agendamentos.map((a) => Number(a.id)) };
    await recordTrail(t, actor, {
      entidade: 'usuario',
      registroId: origem.id,
      acao: 'update',
      antes: { perfis: p.perfis.map((x) => x.nome), ativo: origem.ativo, migradoPara: null, atendimentosMigrados: [], agendamentosMigrados: [] },
      depois: { perfis: [], ativo: origem.ativo && !form.bloquearOrigem, migradoPara: destino.login, ...movidos, ...(encerradas ? { sessoesEncerradas: encerradas } : {}) },
    });
    await recordTrail(t, actor, {
      entidade: 'usuario',
      registroId: destino.id,
      acao: 'update',
      antes: { perfis: perfisDestinoAntes, migradoDe: null },
      depois: { perfis: await nomesPerfis(t, destino.id), migradoDe: origem.login },
    });
    await recordTrailMany(t, actor, [
      ...atendimentos.map((a) => ({ entidade: 'atendimento', registroId: a.id, acao: 'update' as const, antes: { atendente: origem.login }, depois: { atendente: destino.login } })),
      ...agendamentos.map((a) => ({ entidade: 'agendamento', registroId: a.id, acao: 'update' as const, antes: { usuario: origem.login }, depois: { usuario: destino.login } })),
    ]);
    return { ...p, bloqueado: form.bloquearOrigem && origem.ativo, encerradas };
  });
}

async function nomesPerfis(db: Db, usuarioId: number): Promise<string[]> {
  const rows = await query<{ nome: string }>(db, sql`select p.nome from usuario_perfis up join perfis p on p.id = up.perfil_id where up.usuario_id = ${usuarioId} order by p.nome`);
  return rows.map((r) => r.nome);
}
