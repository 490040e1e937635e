import { hostname } from 'node:os';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { JOB_MSG, jobEnded, type JobStatus } from '../../shared/jobs';
import { APP_MSG } from '../../shared/messages';
import { LayoutInvalido } from '../../shared/processos/layout';
import { sessionForUser } from '../auth/session';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { agendamentos, execucoes, execucoesLog } from '../db/schema';
import { dbFileStore } from '../files/store';
import { sessionSees } from '../http/access';
import { AppError } from '../http/errors';
import { JobCancelled, type JobRun } from './kind';
import { jobKind } from './kinds';
import { fireSchedule } from './schedules';

const QUEUE = 'execucoes';
/** This process, as the runs it takes record it. */
const EXECUTOR = `${hostname()}:${process.pid}`.slice(0, 120);
/** Fired by pg-boss's cron: one message per scheduled run due, holding the schedule's id. */
const SCHEDULES = 'agendamentos';
const TZ = 'America/Sao_Paulo';
/** Progress and the cancel flag are written/read at most this often (the embedded database has one connection). */
const REPORT_EVERY_MS = 500;
/** How often runs whose worker died are looked for. */
const SWEEP_EVERY_MS = 15_000;

export interface JobEngine {
  /** Puts a run (already inserted as 'fila') on the queue. */
  enqueue(id: number): Promise<void>;
  /** Asks a run to stop: at once when still queued, at the next chunk when running. */
  cancel(id: number): Promise<JobStatus>;
  /** Marks runs whose worker is gone as failed (also run periodically). */
  sweep(): Promise<number>;
  /** A scheduled run (agendamentos row `key`) fired by the queue on a cron read in São Paulo time; replaces the old one. */
  schedule(key: string, cron: string): Promise<void>;
  unschedule(key: string): Promise<void>;
  /** The next `count` times a cron fires (São Paulo), as the queue itself reads it. */
  nextRuns(cron: string, count: number): Promise<Date[]>;
  stop(): Promise<void>;
}

/**
 * The job engine on pg-boss: the queue lives in the same database (schema `pgboss`), on PGlite through its adapter
 * or on PostgreSQL, where any number of worker processes share it. `work: false` queues only (an API-only process).
 */
export async function startJobEngine(ctx: AppContext, database: Database, opts: { work: boolean }): Promise<JobEngine> {
  // loaded here, not at start-up: the API answers before the queue is up (boot budget)
  const { PgBoss, fromPglite } = await import('pg-boss');
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite!), backend: 'pglite', schema: 'pgboss' })
      : new PgBoss({ connectionString: ctx.config.databaseUrl!, schema: 'pgboss', max: 4 });
  boss.on('error', (err) => console.error('Fila de processos:', err.message));
  await boss.start();
  await boss.createQueue(QUEUE, { heartbeatSeconds: ctx.config.jobHeartbeatSeconds, retryLimit: 0, expireInSeconds: 12 * 3600 });

  await boss.createQueue(SCHEDULES, { retryLimit: 0 });
  // a schedule removed while no queue ran (its row is gone) is dropped from the queue too
  const kept = new Set((await ctx.db.select({ id: agendamentos.id }).from(agendamentos)).map((r) => String(r.id)));
  for (const s of await boss.getSchedules(SCHEDULES)) if (!kept.has(s.key)) await boss.unschedule(SCHEDULES, s.key);
  if (opts.work) {
    await boss.work<{ agendamentoId: number }>(SCHEDULES, async ([job]) => {
      await fireSchedule(ctx, job.data.agendamentoId);
    });
    await boss.work<{ id: number }>(QUEUE, { localConcurrency: ctx.config.jobConcurrency, pollingIntervalSeconds: 0.5 }, async ([job]) => {
      await runJob(ctx, job.data.id, job.id);
    });
  }

  const sweep = async () => {
    // runs whose pg-boss job ended without them (heartbeat lost: the worker died) or vanished
    const open = await ctx.db
      .select({ id: execucoes.id, status: execucoes.status, filaId: execucoes.filaId })
      .from(execucoes)
      .where(and(inArray(execucoes.status, ['fila', 'executando']), sql`${execucoes.criadoEm} < now() - interval '10 seconds'`));
    let n = 0;
    for (const r of open) {
      const j = r.filaId ? await boss.getJobById(QUEUE, r.filaId) : null;
      if (!j || j.state === 'failed' || j.state === 'cancelled' || j.state === 'completed') {
        n += await failOrphans(ctx, JOB_MSG.interrompida, sql`${execucoes.id} = ${r.id} and ${execucoes.status} in ('fila', 'executando')`);
      }
    }
    return n;
  };
  const timer = setInterval(() => void sweep().catch((e: Error) => console.error('Fila de processos (varredura):', e.message)), SWEEP_EVERY_MS);
  timer.unref();

  return {
    async enqueue(id) {
      const filaId = await boss.send(QUEUE, { id });
      await ctx.db.update(execucoes).set({ filaId }).where(eq(execucoes.id, id));
    },
    async cancel(id) {
      const [r] = await ctx.db.select({ status: execucoes.status, filaId: execucoes.filaId }).from(execucoes).where(eq(execucoes.id, id));
      if (!r) throw AppError.of(404, JOB_MSG.naoEncontrada);
      const status = r.status as JobStatus;
      if (jobEnded(status)) throw AppError.of(409, JOB_MSG.jaTerminou);
      if (status === 'fila') {
        // still waiting: it never starts (a worker that claims it meanwhile sees the status and skips it)
        const [u] = await ctx.db
          .update(execucoes)
          .set({ status: 'cancelada', erro: JOB_MSG.cancelada, terminadoEm: new Date() })
          .where(and(eq(execucoes.id, id), eq(execucoes.status, 'fila')))
          .returning({ id: execucoes.id });
        if (u) {
          if (r.filaId) await boss.cancel(QUEUE, r.filaId).catch(() => undefined);
          await addLog(ctx, id, 'Cancelado antes de começar.', 'aviso');
          return 'cancelada';
        }
      }
      await ctx.db.update(execucoes).set({ cancelarPedido: true }).where(eq(execucoes.id, id));
      return 'executando';
    },
    sweep,
    async schedule(key, cron) {
      await boss.schedule(SCHEDULES, cron, { agendamentoId: Number(key) }, { tz: TZ, key });
    },
    async unschedule(key) {
      await boss.unschedule(SCHEDULES, key);
    },
    async nextRuns(cron, count) {
      return boss.previewSchedule(cron, { tz: TZ, count });
    },
    async stop() {
      clearInterval(timer);
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}

/**
 * A PGlite database belongs to this one process: a run still "executando" at start-up was left by a process that
 * died. Called before the API answers, so nobody sees such a run as still running.
 */
export async function failInterruptedRuns(ctx: AppContext, database: Database): Promise<number> {
  if (database.kind !== 'pglite') return 0;
  return failOrphans(ctx, JOB_MSG.interrompida, sql`${execucoes.status} = 'executando'`);
}

async function addLog(ctx: AppContext, id: number, mensagem: string, nivel: 'info' | 'aviso' | 'erro' = 'info') {
  await ctx.db.insert(execucoesLog).values({ execucaoId: id, mensagem: mensagem.slice(0, 2000), nivel });
}

async function failOrphans(ctx: AppContext, reason: string, where: ReturnType<typeof sql>): Promise<number> {
  const rows = await ctx.db.update(execucoes).set({ status: 'falhou', erro: reason, terminadoEm: new Date() }).where(where).returning({ id: execucoes.id });
  for (const r of rows) await addLog(ctx, r.id, reason, 'erro');
  return rows.length;
}

/** Runs one queued run to its end: done, failed with a reason, or cancelled. Never leaves it "executando". */
export async function runJob(ctx: AppContext, id: number, filaId?: string) {
  const [row] = await ctx.db
    .update(execucoes)
    .set({ status: 'executando', iniciadoEm: new Date(), executor: EXECUTOR, tentativas: sql`${execucoes.tentativas} + 1`, ...(filaId ? { filaId } : {}) })
    .where(and(eq(execucoes.id, id), eq(execucoes.status, 'fila')))
    .returning();
  if (!row) return; // cancelled while queued, or already taken
  // the last log line before the status: whoever sees the run ended reads its whole log (another process may be asking)
  const finish = async (status: JobStatus, erro: string | null, nivel: 'info' | 'aviso' | 'erro', mensagem: string) => {
    await addLog(ctx, id, mensagem, nivel);
    await ctx.db
      .update(execucoes)
      .set({ status, erro, terminadoEm: new Date(), ...(status === 'concluida' ? { progresso: 100, etapa: 'Concluído' } : {}) })
      .where(eq(execucoes.id, id));
  };
  try {
    const kind = jobKind(row.tipo);
    if (!kind) throw AppError.of(400, JOB_MSG.tipoDesconhecido);
    // permission again when it starts: the user may have lost it while the run waited
    const session = row.usuarioId != null ? await sessionForUser(ctx.db, row.usuarioId) : undefined;
    if (!session || !sessionSees(ctx.settings, session, row.comando as never) || (kind.allow && !kind.allow(ctx, session, row.comando, row.parametros as never))) {
      throw AppError.of(403, APP_MSG.acessoNegado);
    }
    const params = kind.params.parse(row.parametros);
    let last = 0;
    let cancel = false;
    const job: JobRun = {
      id,
      ctx,
      session,
      comando: row.comando,
      async progress(percent, etapa) {
        const now = Date.now();
        if (now - last < REPORT_EVERY_MS && percent < 100) return;
        last = now;
        const [r] = await ctx.db
          .update(execucoes)
          .set({ progresso: Math.max(0, Math.min(100, Math.round(percent))), ...(etapa ? { etapa: etapa.slice(0, 200) } : {}) })
          .where(eq(execucoes.id, id))
          .returning({ cancelar: execucoes.cancelarPedido });
        cancel = !!r?.cancelar;
      },
      log: (m, nivel) => addLog(ctx, id, m, nivel),
      async checkpoint() {
        if (!cancel && Date.now() - last >= REPORT_EVERY_MS) {
          const [r] = await ctx.db.select({ cancelar: execucoes.cancelarPedido }).from(execucoes).where(eq(execucoes.id, id));
          cancel = !!r?.cancelar;
        }
        if (cancel) throw new JobCancelled();
      },
      saveFile: (nome, k, conteudo) => dbFileStore.save(ctx.db, { nome, kind: k, conteudo, contexto: 'execucao', contextoId: id, donoId: row.usuarioId }),
    };
    await addLog(ctx, id, `Iniciado por ${row.usuarioNome}.`);
    await kind.run(job, params);
    await finish('concluida', null, 'info', 'Concluído.');
  } catch (err) {
    if (err instanceof JobCancelled) return finish('cancelada', JOB_MSG.cancelada, 'aviso', JOB_MSG.cancelada);
    if (err instanceof AppError) return finish('falhou', err.message, 'erro', err.message);
    // a row that does not fit the declared layout: the user reads which field (never a file cut in silence)
    if (err instanceof LayoutInvalido) return finish('falhou', `O arquivo não segue o layout: ${err.message}`, 'erro', `O arquivo não segue o layout: ${err.message}`);
    console.error(`Processo ${id} falhou:`, err);
    return finish('falhou', JOB_MSG.falhaInterna, 'erro', `${JOB_MSG.falhaInterna}`);
  }
}
