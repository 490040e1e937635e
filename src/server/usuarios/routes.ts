import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { USUARIO_MSG, usuarioEdicaoSchema, usuarioNovoSchema } from '../../shared/usuarios/contas';
import { PERFIL_MSG, perfilEdicaoSchema, perfilFormSchema } from '../../shared/usuarios/perfis';
import type { AppContext } from '../context';
import { sessionOf } from '../http/access';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { beneficiarioOpcoes } from '../pessoas/consultas';
import { permissionCatalog } from './catalogo';
import { createUsuario, endUserSessions, getUsuario, resetPassword, setBlocked, updateUsuario, usuarioOpcoes } from './contas';
import { createPerfil, deletePerfil, getPerfil, listPerfis, updatePerfil } from './perfis';

/**
 * Access administration (Acesso › Usuários, Configuração de Permissões): reading needs the command; every write
 * needs manage-on-all, which only the Administrador role carries (src/server/auth/permissions.ts).
 */
const ADMIN = { can: ['manage', 'all'] } as const;
const USUARIOS = { command: '/cadastro/acesso/usuarios' } as const;
const PERFIS = { command: '/cadastro/acesso/config-permissoes' } as const;

const success = (value: string) => ({ alerts: [{ type: 'success' as const, value }] });

const termo = z.object({ termo: z.string({ error: 'Informe o nome, o CPF ou a carteirinha.' }).trim().min(2, 'Digite ao menos 2 caracteres.').max(150) });

export function acessoRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const { db, config } = ctx;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const actor = (req: Parameters<typeof sessionOf>[0]) => ({ session: sessionOf(req), ip: req.ip });

  // accounts
  app.get('/api/usuarios/opcoes', { config: { access: USUARIOS } }, async () => ({ result: await usuarioOpcoes(db) }));
  // the beneficiary a self-service account is linked to, by the policy's picker
  app.get('/api/usuarios/beneficiarios', { config: { access: USUARIOS }, schema: { querystring: termo } }, async (req) => ({
    result: await beneficiarioOpcoes(ctx, sessionOf(req), req.query.termo),
  }));
  app.get('/api/usuarios/:id', { config: { access: USUARIOS }, schema: { params: idParams } }, async (req) => ({ result: await getUsuario(db, req.params.id) }));
  app.post('/api/usuarios', { config: { access: ADMIN }, schema: { body: body(usuarioNovoSchema) } }, async (req) => {
    const r = await createUsuario(db, actor(req), req.body, config.passwordHashN);
    return { result: r, messages: success(USUARIO_MSG.criado(r.login)) };
  });
  app.put('/api/usuarios/:id', { config: { access: ADMIN }, schema: { params: idParams, body: body(usuarioEdicaoSchema) } }, async (req) => {
    const r = await updateUsuario(db, actor(req), req.params.id, req.body);
    return { result: r, messages: success(USUARIO_MSG.alterado(r.login)) };
  });
  app.post('/api/usuarios/:id/bloquear', { config: { access: ADMIN }, schema: { params: idParams } }, async (req) => {
    const r = await setBlocked(db, actor(req), req.params.id, true);
    return { result: r, messages: success(USUARIO_MSG.bloqueado(r.login, r.encerradas)) };
  });
  app.post('/api/usuarios/:id/desbloquear', { config: { access: ADMIN }, schema: { params: idParams } }, async (req) => {
    const r = await setBlocked(db, actor(req), req.params.id, false);
    return { result: r, messages: success(USUARIO_MSG.desbloqueado(r.login)) };
  });
  app.post('/api/usuarios/:id/redefinir-senha', { config: { access: ADMIN }, schema: { params: idParams } }, async (req) => {
    const r = await resetPassword(db, actor(req), req.params.id, config.passwordHashN);
    return { result: r, messages: success(USUARIO_MSG.senhaRedefinida(r.login)) };
  });
  app.post('/api/usuarios/:id/encerrar-sessoes', { config: { access: ADMIN }, schema: { params: idParams } }, async (req) => {
    const r = await endUserSessions(db, actor(req), req.params.id);
    return { result: r, messages: success(USUARIO_MSG.sessoesEncerradas(r.login, r.encerradas)) };
  });

  // profiles
  app.get('/api/perfis', { config: { access: PERFIS } }, async () => ({ result: await listPerfis(db) }));
  app.get('/api/perfis/catalogo', { config: { access: PERFIS } }, async () => ({ result: permissionCatalog().tree }));
  app.get('/api/perfis/:id', { config: { access: PERFIS }, schema: { params: idParams } }, async (req) => ({ result: await getPerfil(db, req.params.id) }));
  app.post('/api/perfis', { config: { access: ADMIN }, schema: { body: body(perfilFormSchema) } }, async (req) => {
    const r = await createPerfil(db, actor(req), req.body);
    return { result: r, messages: success(PERFIL_MSG.salvo(r.nome, 0)) };
  });
  app.put('/api/perfis/:id', { config: { access: ADMIN }, schema: { params: idParams, body: body(perfilEdicaoSchema) } }, async (req) => {
    const { perfil, afetados } = await updatePerfil(db, actor(req), req.params.id, req.body);
    return { result: perfil, messages: success(PERFIL_MSG.salvo(perfil.nome, afetados)) };
  });
  app.delete('/api/perfis/:id', { config: { access: ADMIN }, schema: { params: idParams } }, async (req) => {
    const r = await deletePerfil(db, actor(req), req.params.id);
    return { result: { id: r.id }, messages: success(PERFIL_MSG.excluido(r.nome)) };
  });
}
