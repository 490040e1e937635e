import { asc, eq } from 'drizzle-orm';
import { cronDe, descricaoAgendamento, type AgendamentoInfo, type AgendamentoInput, type Frequencia } from '../../shared/agendamentos';
import { JOB_MSG } from '../../shared/jobs';
import type { RequestSession } from '../auth/session';
import { sessionForUser } from '../auth/session';
import type { AppContext } from '../context';
import { agendamentos, execucoes } from '../db/schema';
import { AppError } from '../http/errors';
import { recordTrail, type Actor } from '../trail/record';
import { checkedRun, queueJob } from './service';

type Row = typeof agendamentos.$inferSelect;

async function toInfo(ctx: AppContext, r: Row): Promise<AgendamentoInfo> {
  const a = { frequencia: r.frequencia as Frequencia, dia: r.dia, hora: r.hora };
  const proximas = ctx.jobs ? (await ctx.jobs.nextRuns(cronDe(a), 3)).map((d) => d.toISOString()) : [];
  return { id: r.id, comando: r.comando, tipo: r.tipo, descricao: descricaoAgendamento(a), ...a, usuarioNome: r.usuarioNome, criadoEm: r.criadoEm.toISOString(), proximas };
}

const needEngine = (ctx: AppContext) => {
  if (!ctx.jobs) throw AppError.of(503, JOB_MSG.indisponivel);
  return ctx.jobs;
};

/** Schedules runs of a process with the parameters given now (checked as a run would be: command, kind, fields). */
export async function createSchedule(ctx: AppContext, actor: Actor & { session: RequestSession }, input: AgendamentoInput): Promise<AgendamentoInfo> {
  if (!ctx.jobs && ctx.jobsStarting) await ctx.jobsStarting.catch(() => undefined);
  const jobs = needEngine(ctx);
  const { kind } = checkedRun(ctx, actor.session, input);
  const row = await ctx.db.transaction(async (t) => {
    const [r] = await t
      .insert(agendamentos)
      .values({
        tipo: kind.tipo,
        comando: input.comando,
        // as typed: each firing parses them again, with the rules of that day
        parametros: (input.parametros ?? {}) as object,
        frequencia: input.frequencia,
        dia: input.frequencia === 'DIARIA' ? 0 : input.dia,
        hora: input.hora,
        usuarioId: actor.session.user.id,
        usuarioNome: actor.session.user.nome,
      })
      .returning();
    await recordTrail(t, actor, { entidade: 'agendamento', registroId: r.id, acao: 'insert', depois: r });
    return r;
  });
  await jobs.schedule(String(row.id), cronDe({ frequencia: row.frequencia as Frequencia, dia: row.dia, hora: row.hora }));
  return toInfo(ctx, row);
}

export async function listSchedules(ctx: AppContext, comando?: string): Promise<AgendamentoInfo[]> {
  const rows = await ctx.db
    .select()
    .from(agendamentos)
    .where(comando ? eq(agendamentos.comando, comando) : undefined)
    .orderBy(asc(agendamentos.id));
  return Promise.all(rows.map((r) => toInfo(ctx, r)));
}

export async function removeSchedule(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (t) => {
    const [r] = await t.delete(agendamentos).where(eq(agendamentos.id, id)).returning();
    if (!r) throw AppError.of(404, 'Agendamento não encontrado.');
    await recordTrail(t, actor, { entidade: 'agendamento', registroId: id, acao: 'delete', antes: r });
  });
  // without the queue now, the engine drops it when it starts (schedules with no row are removed there)
  await ctx.jobs?.unschedule(String(id));
}

/**
 * A schedule came due: queue a run owned by whoever scheduled it, with their permissions of today. A run that can
 * no longer be queued (permission lost, a parameter now refused) is recorded as failed with the reason, so the
 * owner reads it in Meus processos instead of nothing happening.
 */
export async function fireSchedule(ctx: AppContext, id: number): Promise<void> {
  const [r] = await ctx.db.select().from(agendamentos).where(eq(agendamentos.id, id));
  if (!r || r.usuarioId == null) return;
  const session = await sessionForUser(ctx.db, r.usuarioId);
  try {
    if (!session) throw AppError.of(403, 'O usuário que agendou este processo não está mais ativo.');
    await queueJob(ctx, session, { tipo: r.tipo, comando: r.comando, parametros: r.parametros });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await ctx.db.insert(execucoes).values({
      tipo: r.tipo,
      comando: r.comando,
      usuarioId: r.usuarioId,
      usuarioNome: r.usuarioNome,
      parametros: r.parametros as object,
      status: 'falhou',
      erro: `Agendamento nº ${r.id}: ${err.alerts.map((a) => a.value).join(' ')}`.slice(0, 1000),
      terminadoEm: new Date(),
    });
  }
}
