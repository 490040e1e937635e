import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { query } from '../db/sql';
import { z } from 'zod';
import { FILE_MAX_BYTES, FILE_MSG } from '../../shared/files';
import { COMANDO_GERENCIADOR, CONTEXTO_GERENCIADOR } from '../../shared/gerenciador';
import { autorizacaoAnexos } from '../db/schema';
import { assertRecord } from '../policy';
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
const READERS: Record<string, (ctx: AppContext, s: RequestSession, contextoId: number | null, fileId: number, donoId: number | null) => Promise<boolean>> = {
  // a file a user sent: its sender, and whoever sees a request that carries it (the auditor, the family, the provider)
  envio: async (ctx, s, _c, fileId, donoId) => {
    if (donoId === s.user.id) return true;
    // the file an import read: whoever reads that run (an administrator looking at Importações)
    const runs = await query<{ id: number }>(ctx.db, sql`select id from execucoes where parametros->>'arquivo' = ${String(fileId)} limit 20`);
    for (const r of runs) if (await READERS.execucao(ctx, s, r.id, fileId, donoId)) return true;
    const usos = await ctx.db.selectDistinct({ id: autorizacaoAnexos.autorizacaoId }).from(autorizacaoAnexos).where(eq(autorizacaoAnexos.arquivoId, fileId));
    for (const u of usos) if (await assertRecord(ctx, s, 'autorizacao', { id: u.id }).then(() => true, () => false)) return true;
    // a manifestação's attachment: whoever sees the manifestação (the ombudsman, the family)
    const manifestacoes = await query<{ beneficiario_id: number }>(ctx.db, sql`select m.beneficiario_id from manifestacao_anexos a join manifestacoes m on m.id = a.manifestacao_id where a.arquivo_id = ${fileId}`);
    for (const m of manifestacoes) if (await assertRecord(ctx, s, 'manifestacao', m).then(() => true, () => false)) return true;
    // a membership request's document: whoever sees the request (the operator's staff, the titular's family)
    const adesoes = await query<{ titular_id: number }>(ctx.db, sql`select s.titular_id from solicitacao_adesao_anexos a join solicitacoes_adesao s on s.id = a.solicitacao_id where a.arquivo_id = ${fileId}`);
    for (const a of adesoes) if (await assertRecord(ctx, s, 'solicitacaoadesao', a).then(() => true, () => false)) return true;
    // a reimbursement's receipt: whoever sees the request (the desk and billing staff, the family)
    const reembolsos = await query<{ beneficiario_id: number }>(ctx.db, sql`select r.beneficiario_id from reembolso_anexos a join reembolsos r on r.id = a.reembolso_id where a.arquivo_id = ${fileId}`);
    for (const r of reembolsos) if (await assertRecord(ctx, s, 'reembolso', r).then(() => true, () => false)) return true;
    return false;
  },
  // a run's result: the run's reader (its owner or an administrator) who still may open the run's command
  execucao: async (ctx, s, id) => {
    if (id == null) return false;
    const run = await jobOf(ctx, s, id).catch(() => undefined);
    return !!run && sessionSees(ctx.settings, s, run.comando as never);
  },
  // the shared file manager's files (contextoId = the folder, null = the root): whoever may open the manager
  [CONTEXTO_GERENCIADOR]: async (ctx, s) => sessionSees(ctx.settings, s, COMANDO_GERENCIADOR),
};

/** RFC 6266 filename: ASCII fallback plus the UTF-8 name. */
const disposition = (nome: string) => `attachment; filename="${nome.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '')}"; filename*=UTF-8''${encodeURIComponent(nome)}`;

/** The file's name, URI-encoded in `x-nome-arquivo` (every raw upload route reads it). */
export const nomeHeader = z
  .string({ error: 'Informe o nome do arquivo (cabeçalho x-nome-arquivo).' })
  .max(600)
  .transform((v, c) => {
    try {
      return decodeURIComponent(v);
    } catch {
      c.addIssue({ code: 'custom', message: 'Nome do arquivo inválido.' });
      return z.NEVER;
    }
  });

/**
 * - POST /api/arquivos — sends a file (the raw bytes, `application/octet-stream`, its name URI-encoded in
 *   `x-nome-arquivo`): typed by its content, at most 20 MB; it belongs to its sender until a request carries it;
 * - GET /api/arquivos/:id — a stored file, as an attachment, to whoever its context's rule lets read it.
 */
export function filesRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // raw bytes only here: every other route keeps refusing a body that is not JSON
  void fastify.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: FILE_MAX_BYTES }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/arquivos',
      { config: { access: 'session' }, bodyLimit: FILE_MAX_BYTES, schema: { headers: z.object({ 'x-nome-arquivo': nomeHeader }).passthrough() } },
      async (req, reply) => {
        const s = sessionOf(req);
        if (!Buffer.isBuffer(req.body)) throw AppError.of(415, 'Envie o conteúdo do arquivo (application/octet-stream).');
        const info = await dbFileStore.save(ctx.db, { nome: req.headers['x-nome-arquivo'], conteudo: req.body, contexto: 'envio', donoId: s.user.id });
        reply.status(201);
        return { result: info };
      },
    );
  });
  app.get('/api/arquivos/:id', { config: { access: 'session' }, schema: { params: idParams } }, async (req, reply) => {
    const s = sessionOf(req);
    const f = await dbFileStore.read(ctx.db, req.params.id);
    const reader = f && READERS[f.contexto];
    if (!f || !reader || !(await reader(ctx, s, f.contextoId, f.id, f.donoId))) throw AppError.of(404, FILE_MSG.naoEncontrado);
    return reply
      .header('content-type', f.tipo)
      .header('content-disposition', disposition(f.nome))
      .header('content-length', String(f.tamanho))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Readable.from(dbFileStore.parts(ctx.db, f.id)));
  });
}
