import type { FastifyInstance } from 'fastify';
import { FILE_MSG } from '../../shared/files';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { sessionOf, sessionSees } from '../http/access';
import { AppError } from '../http/errors';
import { idParams, type ZodTypeProvider } from '../http/schemas';
import { jobOf } from '../jobs/service';
import { dbFileStore } from './store';

/**
 * Who may read a file is its owner record's rule, by context. A context without a rule here is read by nobody
 * (deny by default).
 */
const READERS: Record<string, (ctx: AppContext, s: RequestSession, contextoId: number | null) => Promise<boolean>> = {
  // a run's result: the run's reader (its owner or an administrator) who still may open the run's command
  execucao: async (ctx, s, id) => {
    if (id == null) return false;
    const run = await jobOf(ctx, s, id).catch(() => undefined);
    return !!run && sessionSees(ctx.settings, s, run.comando as never);
  },
};

/** RFC 6266 filename: ASCII fallback plus the UTF-8 name. */
const disposition = (nome: string) => `attachment; filename="${nome.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '')}"; filename*=UTF-8''${encodeURIComponent(nome)}`;

/** GET /api/arquivos/:id — a stored file, as an attachment, to whoever its context's rule lets read it. */
export function filesRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/arquivos/:id', { config: { access: 'session' }, schema: { params: idParams } }, async (req, reply) => {
    const s = sessionOf(req);
    const f = await dbFileStore.read(ctx.db, req.params.id);
    const reader = f && READERS[f.contexto];
    if (!f || !reader || !(await reader(ctx, s, f.contextoId))) throw AppError.of(404, FILE_MSG.naoEncontrado);
    return reply
      .header('content-type', f.tipo)
      .header('content-disposition', disposition(f.nome))
      .header('content-length', String(f.tamanho))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(f.conteudo);
  });
}
