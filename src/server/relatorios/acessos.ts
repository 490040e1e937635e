import { sql, type SQL } from 'drizzle-orm';
import { ROLE_FLAGS, ROLE_LABELS, type RoleFlag } from '../../shared/roles';
import { folded, query, searchTerm } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import type { ReportSource } from './engine';

/**
 * Logins e Permissões: one row per account and profile it holds (an account without a profile once, under "Sem
 * perfil"); the row's id is its position in (account, profile) order, computed in the derived table both the page and
 * the rows read. The last login is the newest session the account opened (every successful login writes one).
 */

const ROLE_COLUMN: Record<RoleFlag, SQL> = Object.fromEntries(ROLE_FLAGS.map((r) => [r, sql.raw(`u."${r.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}"`)])) as Record<RoleFlag, SQL>;

const ATRIBUICOES = sql`(select row_number() over (order by x.usuario_id, x.perfil_id nulls first)::int as id, x.usuario_id, x.perfil_id
  from (select up.usuario_id, up.perfil_id from usuario_perfis up
        union all select u.id, null from usuarios u where not exists (select 1 from usuario_perfis up where up.usuario_id = u.id)) x)`;
const ULTIMO_LOGIN = sql`(select usuario_id, max(criada_em) as em from sessoes group by usuario_id)`;
const JUNCOES = sql`join usuarios u on u.id = q.usuario_id left join perfis pf on pf.id = q.perfil_id left join ${ULTIMO_LOGIN} ul on ul.usuario_id = u.id`;
const FROM = sql`${ATRIBUICOES} q ${JUNCOES}`;

/** The profile with the number of its permissions; the accounts without one under "Sem perfil", after the profiles. */
const PERFIL = sql`coalesce(pf.nome || ' (' || (select count(*) from perfil_permissoes pp where pp.perfil_id = pf.id) || ' permissões)', 'Sem perfil')`;
const PERFIL_ORDEM = sql`coalesce('0' || pf.nome, '1')`;
const DIA_LOGIN = sql`(ul.em at time zone 'America/Sao_Paulo')::date`;

export const loginsPermissoesSource: ReportSource = {
  from: FROM,
  alias: 'q',
  fields: {
    id: { expr: sql`q.id` },
    grupo: { expr: PERFIL, sortExpr: PERFIL_ORDEM },
    login: { expr: sql`u.login` },
    ultimoLogin: { expr: sql`ul.em`, nullable: true },
    perfil: { expr: sql`pf.nome`, folded: folded(sql`coalesce(pf.nome, 'Sem perfil')`) },
    papel: { filter: (_op, v) => ROLE_COLUMN[v as RoleFlag] ?? sql`false` },
    situacao: { filter: (_op, v) => (v === 'ativo' ? sql`u.ativo` : v === 'bloqueado' ? sql`not u.ativo` : sql`false`) },
    // no login since the day: the last one before it, or never
    semLoginDesde: { filter: (_op, v) => sql`(ul.em is null or ${DIA_LOGIN} < ${String(v)}::date)` },
    nome: { filter: (_op, v) => sql`(${folded(sql`u.nome`)} like ${`%${searchTerm(String(v))}%`} or u.login like ${`%${searchTerm(String(v))}%`})` },
  },
  async rows(db, ids) {
    const rows = await query<Record<string, unknown>>(
      db,
      sql`select q.id, ${PERFIL} as grupo, u.login, u.nome, u.ativo, ${sql.join(
        ROLE_FLAGS.map((r) => sql`${ROLE_COLUMN[r]} as ${sql.raw(`"${r}"`)}`),
        sql`, `,
      )}, (select count(distinct pp.permissao)::int from usuario_perfis up join perfil_permissoes pp on pp.perfil_id = up.perfil_id where up.usuario_id = u.id) as permissoes,
          ul.em as "ultimoLogin", (current_date - ${DIA_LOGIN})::int as "diasSemLogin"
        from ${pageIds(ids, 'k')} join ${ATRIBUICOES} q on q.id = k.id ${JUNCOES} order by k.ord`,
    );
    return rows.map((r): Row => ({
      id: Number(r.id),
      grupo: r.grupo,
      login: r.login,
      nome: r.nome,
      papeis: ROLE_FLAGS.filter((f) => r[f] === true).map((f) => ROLE_LABELS[f]).join(', '),
      situacao: r.ativo ? 'ativo' : 'bloqueado',
      permissoes: r.permissoes,
      ultimoLogin: r.ultimoLogin == null ? null : new Date(r.ultimoLogin as string).toISOString(),
      diasSemLogin: r.diasSemLogin,
    }));
  },
};
