import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import { JOB_MSG, type JobDetail, type JobInfo, type JobLogLine, type JobStatus } from '../../shared/jobs';
import { APP_MSG } from '../../shared/messages';
import type { Previa } from '../../shared/processos/define';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { arquivos, execucoes, execucoesLog } from '../db/schema';
import { fileInfo } from '../files/store';
import { sessionSees } from '../http/access';
import { AppError, forbidden, parse } from '../http/errors';
import { processoDe } from '../../shared/processos';
import { lerEntrada } from './entrada';
import { jobKind } from './kinds';

type Row = typeof execucoes.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An administrator (manage all) sees every run; anyone else their own. */
const seesAll = (s: RequestSession) => s.ability.can('manage', 'all');

/** The kind of a run asked for `comando`, with its parameters parsed: 400 for an unknown pair, 403 without the command. */
export function checkedRun(ctx: AppContext, session: RequestSession, input: { tipo: string; comando: string; parametros: unknown }) {
  const kind = jobKind(input.tipo);
  if (!kind || (kind.comandos && !kind.comandos.includes(input.comando))) throw AppError.of(400, JOB_MSG.tipoDesconhecido, { field: 'tipo' });
  if (!sessionSees(ctx.settings, session, input.comando as never)) throw forbidden(APP_MSG.acessoNegado);
  const params = parse(kind.params, input.parametros ?? {});
  if (kind.allow && !kind.allow(ctx, session, input.comando, params)) throw forbidden(APP_MSG.acessoNegado);
  return { kind, params };
}

/** What a run would change ("Pré-visualizar"), for kinds that tell; the same checks as queueing. */
export async function previewJob(ctx: AppContext, session: RequestSession, input: { tipo: string; comando: string; parametros: unknown }): Promise<Previa> {
  const { kind, params } = checkedRun(ctx, session, input);
  if (!kind.preview) throw AppError.of(400, JOB_MSG.semPrevia);
  return kind.preview(ctx, session, params);
}

/** Queues a run of `tipo` for `comando`: the command's permission and the kind's rule now, again when it starts. */
export async function queueJob(ctx: AppContext, session: RequestSession, input: { tipo: string; comando: string; parametros: unknown }): Promise<JobInfo> {
  // what is wrong with the request is told first (400), whether or not the queue is up
  const { kind, params } = checkedRun(ctx, session, input);
  // an import's file is checked now, so a wrong one is told on the form, not in a failed run
  if (processoDe(input.comando)?.entrada) await lerEntrada(ctx, session, input.comando, params as { arquivo?: unknown }, { conteudo: false });
  if (!ctx.jobs && ctx.jobsStarting) await ctx.jobsStarting.catch(() => undefined);
  if (!ctx.jobs) throw AppError.of(503, JOB_MSG.indisponivel);
  const [row] = await ctx.db
    .insert(execucoes)
    .values({ tipo: kind.tipo, comando: input.comando, usuarioId: session.user.id, usuarioNome: session.user.nome, parametros: params as object })
    .returning();
  await ctx.jobs.enqueue(row.id);
  return (await toInfo(ctx, [row]))[0];
}

async function toInfo(ctx: AppContext, rows: Row[]): Promise<JobInfo[]> {
  const ids = rows.map((r) => r.id);
  const files = ids.length
    ? await ctx.db.select().from(arquivos).where(and(eq(arquivos.contexto, 'execucao'), inArray(arquivos.contextoId, ids)))
    : [];
  return rows.map((r) => {
    const kind = jobKind(r.tipo);
    return {
      id: r.id,
      tipo: r.tipo,
      comando: r.comando,
      titulo: kind ? kind.title(ctx, r.comando, r.parametros as never) : r.tipo,
      usuarioNome: r.usuarioNome,
      status: r.status as JobStatus,
      progresso: r.progresso,
      etapa: r.etapa,
      erro: r.erro,
      criadoEm: r.criadoEm.toISOString(),
      iniciadoEm: iso(r.iniciadoEm),
      terminadoEm: iso(r.terminadoEm),
      arquivos: files.filter((f) => f.contextoId === r.id).map(fileInfo),
    };
  });
}

/** The session's runs, newest first (of one command when given), 50 at a time. */
export async function listJobs(ctx: AppContext, session: RequestSession, q: { comando?: string; antes?: number; todos?: boolean }): Promise<JobInfo[]> {
  const where: SQL[] = [];
  if (!(q.todos && seesAll(session))) where.push(eq(execucoes.usuarioId, session.user.id));
  if (q.comando) where.push(eq(execucoes.comando, q.comando));
  if (q.antes) where.push(lt(execucoes.id, q.antes));
  const rows = await ctx.db
    .select()
    .from(execucoes)
    .where(and(...where))
    .orderBy(desc(execucoes.id))
    .limit(50);
  return toInfo(ctx, rows);
}

/** A run the session may see (its own, or any for an administrator); 404 otherwise, so ids reveal nothing. */
export async function jobOf(ctx: AppContext, session: RequestSession, id: number): Promise<Row> {
  const [row] = await ctx.db.select().from(execucoes).where(eq(execucoes.id, id));
  if (!row || (row.usuarioId !== session.user.id && !seesAll(session))) throw AppError.of(404, JOB_MSG.naoEncontrada);
  return row;
}

export async function jobDetail(ctx: AppContext, session: RequestSession, id: number): Promise<JobDetail> {
  const row = await jobOf(ctx, session, id);
  const [info] = await toInfo(ctx, [row]);
  const log = await ctx.db.select().from(execucoesLog).where(eq(execucoesLog.execucaoId, id)).orderBy(desc(execucoesLog.id)).limit(500);
  return {
    ...info,
    parametros: row.parametros,
    log: log.reverse().map((l): JobLogLine => ({ em: l.em.toISOString(), nivel: l.nivel as JobLogLine['nivel'], mensagem: l.mensagem })),
  };
}

export async function cancelJob(ctx: AppContext, session: RequestSession, id: number): Promise<JobStatus> {
  await jobOf(ctx, session, id);
  if (!ctx.jobs && ctx.jobsStarting) await ctx.jobsStarting.catch(() => undefined);
  if (!ctx.jobs) throw AppError.of(503, JOB_MSG.indisponivel);
  return ctx.jobs.cancel(id);
}
