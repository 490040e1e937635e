import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { registry } from '../../../commands';
import { OPERATOR_TIME_ZONE } from '../../shared/dates';
import { DIAS_EXECUCOES, SEMANAS_AUTORIZACOES, type PainelOperacoes } from '../../shared/dashboards';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { sessaoAtiva } from '../sessions/list';

const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/**
 * The operation's numbers for the dashboard: small grouped counts, each on an index (runs by creation through the
 * primary key's order, authorizations by request date, active sessions by expiry), so the screen opens at once.
 */
export async function painelOperacoes(ctx: AppContext): Promise<PainelOperacoes> {
  const db = ctx.db;
  // idle sessions are over too (SESSION_IDLE_MINUTES): the Fila de Sessões' own condition
  const ativa = sessaoAtiva(ctx.config.sessionIdleMinutes);
  const tz = OPERATOR_TIME_ZONE;
  const [desde] = await query<{ dia: string; semana: string }>(
    db,
    sql`select to_char((now() at time zone ${tz})::date - ${DIAS_EXECUCOES - 1}::int, 'YYYY-MM-DD') as dia,
        to_char(date_trunc('week', ((now() at time zone ${tz})::date - ${(SEMANAS_AUTORIZACOES - 1) * 7}::int)::timestamp)::date, 'YYYY-MM-DD') as semana`,
  );
  const execucoes = await query<{ dia: string; status: string; total: number }>(
    db,
    sql`select to_char((e.criado_em at time zone ${tz})::date, 'YYYY-MM-DD') as dia, e.status, count(*)::int as total
      from execucoes e where e.criado_em >= (${desde.dia}::date)::timestamp at time zone ${tz}
      group by 1, 2 order by 1, 2`,
  );
  const falhas = await query<{ id: number; comando: string; usuario: string; erro: string | null; terminadoEm: unknown }>(
    db,
    sql`select e.id, e.comando, e.usuario_nome as usuario, e.erro, e.terminado_em as "terminadoEm" from execucoes e where e.status = 'falhou' order by e.id desc limit 10`,
  );
  const autorizacoes = await query<{ semana: string; status: number; total: number }>(
    db,
    sql`select to_char(date_trunc('week', a.data_solicitacao)::date, 'YYYY-MM-DD') as semana, a.status, count(*)::int as total
      from autorizacoes a where a.data_solicitacao >= ${desde.semana}::date group by 1, 2 order by 1, 2`,
  );
  const [emAnalise] = await query<{ n: number }>(db, sql`select count(*)::int as n from autorizacoes where status = 2`);
  const usuarios = await query<{ login: string; nome: string; sessoes: number; desde: unknown }>(
    db,
    sql`select u.login, u.nome, count(*)::int as sessoes, min(s.criada_em) as desde
      from sessoes s join usuarios u on u.id = s.usuario_id
      where ${ativa} group by u.login, u.nome order by count(*) desc, u.login limit 20`,
  );
  const [ativas] = await query<{ n: number }>(db, sql`select count(*)::int as n from sessoes s where ${ativa}`);
  return {
    execucoesPorDia: execucoes.map((r) => ({ dia: day(r.dia), status: r.status as never, total: r.total })),
    falhas: falhas.map((f) => ({ id: f.id, titulo: registry.match(f.comando)?.title ?? f.comando, usuario: f.usuario, erro: f.erro, terminadoEm: iso(f.terminadoEm) })),
    autorizacoesPorSemana: autorizacoes.map((r) => ({ semana: day(r.semana), status: Number(r.status), total: r.total })),
    autorizacoesEmAnalise: emAnalise.n,
    sessoes: { ativas: ativas.n, usuarios: usuarios.map((u) => ({ login: u.login, nome: u.nome, sessoes: u.sessoes, desde: iso(u.desde)! })) },
    desde: { dia: day(desde.dia), semana: day(desde.semana) },
  };
}

/** GET /api/dashboards/operacoes: the administrator's (the command needs manage on all). */
export function dashboardsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/dashboards/operacoes', { config: { access: { command: '/util/analise/dashboards' } } }, async () => ({ result: await painelOperacoes(ctx) }));
}
