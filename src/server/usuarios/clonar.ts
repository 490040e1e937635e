import { eq, sql } from 'drizzle-orm';
import { ROLE_FLAGS, ROLE_LABELS, type RoleFlag } from '../../shared/roles';
import { CLONAR_MSG, type ClonarForm, type ClonarOrigem } from '../../shared/usuarios/clonar';
import { BENEFICIARIO_ROLES, PRESTADOR_ROLES, USUARIO_MSG, type SenhaTemporaria } from '../../shared/usuarios/contas';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { usuarios } from '../db/schema';
import { query } from '../db/sql';
import { badRequest } from '../http/errors';
import { recordTrail, type Actor } from '../trail/record';
import { snapshot, temporaryPassword } from './contas';

type Row = typeof usuarios.$inferSelect;

const papeisDe = (u: Row) => ROLE_FLAGS.filter((f) => u[f]);
const pessoal = (u: Row) => BENEFICIARIO_ROLES.some((r) => u[r]);

/** The source account as the clone screen shows it: what the clone gets. */
export async function clonarOrigem(db: Db, id: number): Promise<ClonarOrigem> {
  const [u] = await db.select().from(usuarios).where(eq(usuarios.id, id));
  if (!u) throw badRequest(CLONAR_MSG.origemInexistente, 'origemId');
  const [r] = await query<{ perfis: string[] | null; grupos: string[] | null; prestador: string | null; grupo_senha: string }>(
    db,
    sql`select
      (select array_agg(p.nome order by p.nome) from usuario_perfis up join perfis p on p.id = up.perfil_id where up.usuario_id = u.id) as perfis,
      (select array_agg(g.nome order by g.nome) from grupo_regras_usuarios gu join grupos_regras g on g.id = gu.grupo_id where gu.usuario_id = u.id) as grupos,
      (select nome from prestadores where id = u.prestador_id) as prestador,
      (select nome from grupos where id = u.grupo_id) as grupo_senha
      from usuarios u where u.id = ${id}`,
  );
  return {
    id: u.id,
    login: u.login,
    nome: u.nome,
    ativo: u.ativo,
    papeis: papeisDe(u).map((f: RoleFlag) => ROLE_LABELS[f]),
    perfis: r.perfis ?? [],
    gruposRegras: r.grupos ?? [],
    prestador: PRESTADOR_ROLES.some((f) => u[f]) ? r.prestador : null,
    grupoSenha: r.grupo_senha,
    recusa: pessoal(u) ? CLONAR_MSG.contaPessoal : null,
  };
}

/**
 * A new account with the source's roles, password group, provider link, profiles and directly attached rule groups
 * (so the same permissions and the same restrictions), and a temporary password expired at once. One transaction;
 * the trail's insert names the source.
 */
export async function cloneUsuario(db: Db, actor: Actor, form: ClonarForm, hashN: number): Promise<SenhaTemporaria & { origem: string }> {
  const senhaTemporaria = temporaryPassword();
  const senhaHash = await hashPassword(senhaTemporaria, hashN);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [src] = await t.select().from(usuarios).where(eq(usuarios.id, form.origemId)).for('share');
    if (!src) throw badRequest(CLONAR_MSG.origemInexistente, 'origemId');
    if (pessoal(src)) throw badRequest(CLONAR_MSG.contaPessoal, 'origemId');
    const [dup] = await t.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.login, form.login));
    if (dup) throw badRequest(USUARIO_MSG.loginExiste, 'login');
    const [row] = await t
      .insert(usuarios)
      .values({
        login: form.login,
        nome: form.nome,
        email: form.email,
        senhaHash,
        // expired from the start: the first login opens the password dialog that cannot be dismissed (spec §4)
        senhaExpiraEm: new Date(),
        grupoId: src.grupoId,
        ...(Object.fromEntries(ROLE_FLAGS.map((f) => [f, src[f]])) as Record<RoleFlag, boolean>),
        prestadorId: PRESTADOR_ROLES.some((f) => src[f]) ? src.prestadorId : null,
      })
      .returning();
    await t.execute(sql`insert into usuario_perfis (usuario_id, perfil_id) select ${row.id}, perfil_id from usuario_perfis where usuario_id = ${src.id}`);
    await t.execute(sql`insert into grupo_regras_usuarios (grupo_id, usuario_id) select grupo_id, ${row.id} from grupo_regras_usuarios where usuario_id = ${src.id}`);
    const grupos = await query<{ nome: string }>(t, sql`select g.nome from grupo_regras_usuarios gu join grupos_regras g on g.id = gu.grupo_id where gu.usuario_id = ${row.id} order by g.nome`);
    await recordTrail(t, actor, {
      entidade: 'usuario',
      registroId: row.id,
      acao: 'insert',
      depois: { ...(await snapshot(t, row.id)), clonadoDe: src.login, gruposRegras: grupos.map((g) => g.nome) },
    });
    return { id: row.id, login: row.login, senhaTemporaria, origem: src.login };
  });
}
