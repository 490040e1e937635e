import type { FastifyInstance, FastifyReply } from 'fastify';
import { comandoQuerySchema, VISAO_TIPOS, type VisaoUsuarioResumo } from '../../shared/acessos/visao';
import { isoToBr } from '../../shared/dates';
import { ROLE_LABELS } from '../../shared/roles';
import type { AppContext } from '../context';
import { idParams, type ZodTypeProvider } from '../http/schemas';
import { csvLine } from '../resources/export';
import { comandosDoUsuario, leitoresDoBeneficiario, usuariosDoComando, visaoUsuarios } from './visao';

/**
 * Quem Vê o Quê (issue 17, point 5): the administrator's answers, as JSON for the screen and as CSV (Excel pt-BR) to
 * hand over. The command needs manage on all; no record scope.
 */
const ACCESS = { command: '/cadastro/acesso/quem-ve-o-que' } as const;

const dia = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });
const hora = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
const quando = (iso: string) => `${isoToBr(dia.format(new Date(iso)))} ${hora.format(new Date(iso))}`;

function csv(reply: FastifyReply, nome: string, header: string[], rows: string[][]) {
  const body = `\uFEFF${[header, ...rows].map((r) => csvLine(r)).join('\r\n')}\r\n`;
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${nome}.csv"`)
    .header('x-total-count', String(rows.length))
    .header('cache-control', 'no-store')
    .send(body);
}

const usuarioCells = (u: VisaoUsuarioResumo) => [u.login, u.nome, u.papeis.map((p) => ROLE_LABELS[p]).join(', '), u.ativo ? 'Ativo' : 'Bloqueado'];

export function acessosVisaoRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: ACCESS };

  app.get('/api/acessos/visao/usuarios', { config }, async () => ({ result: await visaoUsuarios(ctx) }));

  app.get('/api/acessos/visao/usuario/:id', { config, schema: { params: idParams } }, async (req) => ({ result: await comandosDoUsuario(ctx, req.params.id) }));
  app.get('/api/acessos/visao/usuario/:id/exportar.csv', { config, schema: { params: idParams } }, async (req, reply) => {
    const r = await comandosDoUsuario(ctx, req.params.id);
    return csv(reply, `comandos-${r.usuario.login}`, ['Comando', 'Onde', 'Tipo', 'Caminho'], r.comandos.map((c) => [c.title, c.onde, VISAO_TIPOS[c.tipo], c.path]));
  });

  const comandoConfig = { ...config, queryParams: ['comando'] };
  app.get('/api/acessos/visao/comando', { config: comandoConfig, schema: { querystring: comandoQuerySchema } }, async (req) => ({ result: await usuariosDoComando(ctx, req.query.comando) }));
  app.get('/api/acessos/visao/comando/exportar.csv', { config: comandoConfig, schema: { querystring: comandoQuerySchema } }, async (req, reply) => {
    const r = await usuariosDoComando(ctx, req.query.comando);
    return csv(reply, `usuarios-${r.comando.id}`.slice(0, 80), ['Login', 'Nome', 'Papéis', 'Situação'], r.usuarios.map(usuarioCells));
  });

  app.get('/api/acessos/visao/beneficiario/:id', { config, schema: { params: idParams } }, async (req) => ({ result: await leitoresDoBeneficiario(ctx, req.params.id) }));
  app.get('/api/acessos/visao/beneficiario/:id/exportar.csv', { config, schema: { params: idParams } }, async (req, reply) => {
    const r = await leitoresDoBeneficiario(ctx, req.params.id);
    return csv(reply, `acessos-beneficiario-${r.beneficiario.id}`, ['Login', 'Nome do usuário', 'Leituras', 'Primeira', 'Última'], r.leitores.map((l) => [l.login, l.nome ?? '', String(l.vezes), quando(l.primeiro), quando(l.ultimo)]));
  });
}
