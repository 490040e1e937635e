import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FILE_MAX_BYTES } from '../../shared/files';
import { COMANDO_GERENCIADOR, moverArquivoSchema, novaPastaSchema, pastaQuery, renomearPastaSchema } from '../../shared/gerenciador';
import type { AppContext } from '../context';
import { nomeHeader } from '../files/routes';
import { sessionOf } from '../http/access';
import { AppError } from '../http/errors';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { enviarArquivo, excluirArquivo, moverArquivo } from './arquivos';
import { conteudo, criarPasta, excluirPasta, renomearPasta } from './pastas';

/**
 * The shared file manager (/util/gerenciador/arquivo). Reading needs the command (`list arquivo`); each write also
 * its own action on the subject (deny by default: a group may browse and download without changing anything):
 * - GET /api/gerenciador/conteudo?pasta= — a folder's breadcrumb, subfolders and files (no `pasta`: the root);
 * - POST /api/gerenciador/pastas, PUT and DELETE /api/gerenciador/pastas/:id — create (insert), rename (update),
 *   delete an empty folder (delete);
 * - POST /api/gerenciador/arquivos?pasta= — sends a file (raw bytes, name in `x-nome-arquivo`, as /api/arquivos) (insert);
 * - PUT /api/gerenciador/arquivos/:id — moves a file to another folder (update); DELETE — deletes it (delete).
 * Downloads go through GET /api/arquivos/:id (the 'gerenciador' rule in READERS).
 */
const command = COMANDO_GERENCIADOR;
const ler = { access: { command } } as const;
const incluir = { access: { command, action: 'insert' } } as const;
const alterar = { access: { command, action: 'update' } } as const;
const excluir = { access: { command, action: 'delete' } } as const;

export function gerenciadorRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const actor = (req: Parameters<typeof sessionOf>[0]) => ({ session: sessionOf(req), ip: req.ip });

  app.get('/api/gerenciador/conteudo', { config: ler, schema: { querystring: pastaQuery } }, async (req) => ({ result: await conteudo(ctx, req.query.pasta ?? null) }));

  app.post('/api/gerenciador/pastas', { config: incluir, schema: { body: body(novaPastaSchema) } }, async (req, reply) => {
    const p = await criarPasta(ctx, actor(req), req.body);
    reply.status(201);
    return { result: p, messages: { alerts: [{ type: 'success', value: `Pasta "${p.nome}" criada.` }] } };
  });

  app.put('/api/gerenciador/pastas/:id', { config: alterar, schema: { params: idParams, body: body(renomearPastaSchema) } }, async (req) => {
    const p = await renomearPasta(ctx, actor(req), req.params.id, req.body);
    return { result: p, messages: { alerts: [{ type: 'success', value: `Pasta renomeada para "${p.nome}".` }] } };
  });

  app.delete('/api/gerenciador/pastas/:id', { config: excluir, schema: { params: idParams } }, async (req) => {
    const p = await excluirPasta(ctx, actor(req), req.params.id);
    return { result: { id: p.id }, messages: { alerts: [{ type: 'success', value: `Pasta "${p.nome}" excluída.` }] } };
  });

  app.put('/api/gerenciador/arquivos/:id', { config: alterar, schema: { params: idParams, body: body(moverArquivoSchema) } }, async (req) => {
    const a = await moverArquivo(ctx, actor(req), req.params.id, req.body);
    return { result: a, messages: { alerts: [{ type: 'success', value: `Arquivo "${a.nome}" movido.` }] } };
  });

  app.delete('/api/gerenciador/arquivos/:id', { config: excluir, schema: { params: idParams } }, async (req) => {
    const a = await excluirArquivo(ctx, actor(req), req.params.id);
    return { result: { id: a.id }, messages: { alerts: [{ type: 'success', value: `Arquivo "${a.nome}" excluído.` }] } };
  });

  // raw bytes only in this scope: every other route keeps refusing a body that is not JSON
  void fastify.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: FILE_MAX_BYTES }, (_req, raw, done) => done(null, raw));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/gerenciador/arquivos',
      { config: incluir, bodyLimit: FILE_MAX_BYTES, schema: { querystring: pastaQuery, headers: z.object({ 'x-nome-arquivo': nomeHeader }).passthrough() } },
      async (req, reply) => {
        if (!Buffer.isBuffer(req.body)) throw AppError.of(415, 'Envie o conteúdo do arquivo (application/octet-stream).');
        const a = await enviarArquivo(ctx, actor(req), req.query.pasta ?? null, req.headers['x-nome-arquivo'], req.body);
        reply.status(201);
        return { result: a };
      },
    );
  });
}
