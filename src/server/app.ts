import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { APP_MSG } from '../shared/messages';
import type { AppContext } from './context';
import { registerAccessControl, type RouteEntry } from './http/access';
import { WEB_DIR } from './paths';
import { registerErrorHandling } from './http/errors';
import { zodValidatorCompiler } from './http/schemas';
import { registerInputChecks } from './http/input';
import { registerSecurityHeaders } from './http/security';
import { autorizacoesRoutes } from './autorizacoes/routes';
import { authRoutes } from './routes/auth';
import { buscaRoutes } from './routes/busca';
import { inicioRoutes } from './routes/inicio';
import { pessoasRoutes } from './pessoas/routes';
import { protocolosRoutes } from './protocolos/routes';
import { faturamentoRoutes } from './faturamento/routes';
import { atendimentosRoutes } from './atendimentos/routes';
import { ouvidoriaRoutes } from './ouvidoria/routes';
import { adesoesRoutes } from './adesoes/routes';
import { reembolsosRoutes } from './reembolsos/routes';
import { pagamentosRoutes } from './pagamentos/routes';
import { verbasRoutes } from './verbas/routes';
import { referenciaRoutes } from './routes/referencia';
import { trailRoutes } from './trail/list';
import { resourceRoutes } from './resources/routes';
import { sessionsRoutes } from './sessions/list';
import { jobListsRoutes } from './jobs/lists';
import { reportRoutes } from './relatorios/registry';
import { analiseSibRoutes } from './sib/analise';
import { dashboardsRoutes } from './dashboards/painel';
import { usuarioRoutes } from './routes/usuarios';
import { filesRoutes } from './files/routes';
import { gerenciadorRoutes } from './gerenciador/routes';
import { jobsRoutes } from './jobs/routes';
import { precosRoutes } from './precos/routes';
import { scheduleRoutes } from './jobs/schedule-routes';
import { usuariosListRoutes } from './usuarios/listas';
import { acessoRoutes } from './usuarios/routes';
import { acessosListRoutes } from './acessos/listas';
import { acessosVisaoRoutes } from './acessos/routes';
import { configuracoesRoutes } from './configuracoes/sobre';
import { viewRoutes } from './lists/views';
import { rpsRoutes } from './rps/routes';
import { servicosRoutes } from './servicos/routes';
import { utilRoutes } from './util/routes';

export interface BuiltApp {
  app: FastifyInstance;
  routes: RouteEntry[];
}

/** The API (and, when built, the web app) on one Fastify instance. */
export async function buildApp(ctx: AppContext, opts: { logger?: boolean; webDir?: string } = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: opts.logger ? { level: 'info', redact: ['req.headers.authorization', 'body.password', 'body.senha'] } : false,
    bodyLimit: 1024 * 1024,
    ...(ctx.config.tls ? { https: { cert: readFileSync(ctx.config.tls.cert), key: readFileSync(ctx.config.tls.key) } } : {}),
    // the client address (throttling, trail) comes from X-Forwarded-For only behind a proxy trusted by TRUST_PROXY
    trustProxy: ctx.config.trustProxy,
    // Errors raised by the router itself (over-long or malformed paths) answer alerts too.
    frameworkErrors: (err, _req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      const value = status === 414 ? APP_MSG.enderecoLongo : APP_MSG.requisicaoInvalida;
      void (reply as FastifyReply).code(status).send({ messages: { alerts: [{ type: 'error', value }] } });
    },
  });
  registerErrorHandling(app);
  // bodies are JSON (and raw bytes on the upload routes, which add their own parser): any other type is refused (415)
  // from its headers, before a byte of it is read
  app.removeContentTypeParser('text/plain');
  // route schemas are the shared zod schemas (http/schemas.ts)
  app.setValidatorCompiler(zodValidatorCompiler);
  registerSecurityHeaders(app, { https: ctx.config.https });
  const routes = registerAccessControl(app, ctx);
  registerInputChecks(app);

  for (const register of [authRoutes, usuarioRoutes, referenciaRoutes, inicioRoutes, trailRoutes, sessionsRoutes, usuariosListRoutes, acessoRoutes, acessosListRoutes, acessosVisaoRoutes, resourceRoutes, buscaRoutes, pessoasRoutes, autorizacoesRoutes, protocolosRoutes, atendimentosRoutes, ouvidoriaRoutes, adesoesRoutes, jobsRoutes, jobListsRoutes, analiseSibRoutes, dashboardsRoutes, scheduleRoutes, filesRoutes, gerenciadorRoutes, precosRoutes, reportRoutes, faturamentoRoutes, reembolsosRoutes, pagamentosRoutes, verbasRoutes, configuracoesRoutes, viewRoutes, rpsRoutes, servicosRoutes, utilRoutes]) register(app, ctx);

  // WEB_DIR: another build of the web app (a test run isolated from builds made meanwhile in the same tree)
  const webDir = opts.webDir ?? process.env.WEB_DIR ?? WEB_DIR;
  if (existsSync(webDir)) {
    // hashed bundles (/assets/<name>-<hash>.js) never change: a year, immutable; everything else (index.html, icons)
    // is revalidated, so a new release is picked up on the next load
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (res, path) => res.header('cache-control', /[\\/]assets[\\/]/.test(path.slice(webDir.length)) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
    // SPA: every non-API GET answers the app shell; the router shows not-found for unknown paths.
    app.get('/*', (req, reply) => {
      if (req.url.startsWith('/api')) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  return { app, routes };
}
