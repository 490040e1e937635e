import type { ZodType } from 'zod';
import type { FileInfo, FileKind } from '../../shared/files';
import type { Previa } from '../../shared/processos/define';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';

/** What a running job can do: report, log, stop when asked, and leave files. */
export interface JobRun {
  id: number;
  ctx: AppContext;
  /** The user who queued it, with their current permissions and linked records (the policy's scope). */
  session: RequestSession;
  comando: string;
  /** Percent (0–100) and the current step in Portuguese; written at most twice a second. */
  progress(percent: number, etapa?: string): Promise<void>;
  log(mensagem: string, nivel?: 'info' | 'aviso' | 'erro'): Promise<void>;
  /** Between chunks: throws when the user asked to cancel (the job ends "cancelada"). */
  checkpoint(): Promise<void>;
  saveFile(nome: string, kind: FileKind, conteudo: Uint8Array): Promise<FileInfo>;
}

/**
 * One kind of job: its parameters (the shared zod schema the form uses), its title, who may queue it beyond the
 * command's own permission, and the work, done in chunks that call `checkpoint`.
 */
export interface JobKind<P = unknown> {
  tipo: string;
  /** The commands it runs for (a process's own); absent: `allow` decides (the list export serves every resource). */
  comandos?: readonly string[];
  params: ZodType<P>;
  title(ctx: AppContext, comando: string, params: P): string;
  /** Extra rule at queue time (the command's visibility is always checked). */
  allow?(ctx: AppContext, session: RequestSession, comando: string, params: P): boolean;
  run(job: JobRun, params: P): Promise<void>;
  /** "Pré-visualizar": what a run with these parameters would change, computed at once (a count and a sample). */
  preview?(ctx: AppContext, session: RequestSession, params: P): Promise<Previa>;
}

export class JobCancelled extends Error {}

export const defineJobKind = <P>(k: JobKind<P>): JobKind<P> => k;
