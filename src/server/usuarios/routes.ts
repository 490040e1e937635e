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
import { CLONAR_MSG, clonarSchema } from '../../shared/usuarios/clonar';
import { MIGRACAO_MSG, migracaoPreviaSchema, migracaoSchema, resumoMigracao } from '../../shared/usuarios/migracao';
import { grupoRegrasEdicaoSchema, grupoRegrasFormSchema, REGRA_MSG } from '../../shared/usuarios/regras';
import { clonarOrigem, cloneUsuario } from './clonar';
import { migrarUsuario, previaMigracao } from './migracao';
import { buscarUsuarios, createGrupoRegras, deleteGrupoRegras, getGrupoRegras, listGruposRegras, regrasOpcoes, updateGrupoRegras } from './regras';

/**
 * Access administration (Acesso › Usuários, Configuração de Permissões): reading needs the command; every write
 * needs manage-on-all, which only the Administrador role carries (src/server/auth/permissions.ts).
 */
const ADMIN = { can: ['manage', 'all'] } as const;
const USUARIOS = { command: '/cadastro/acesso/usuarios' } as const;
const PERFIS = { command: '/cadastro/acesso/config-permissoes' } as const;
const ACESSO = { command: '/cadastro/acesso' } as const;
const REGRAS = { command: '/cadastro/acesso/regras' } as const;
const CLONAR = { command: '/cadastro/acesso/clonar-usuario' } as const;
const MIGRACAO = { command: '/cadastro/acesso/migracao-usuario' } as const;

const success = (value: string) => ({ alerts: [{ type: 'success' as const, value }] });

const termo = z.object({ termo: z.string({ error: 'Informe o nome, o CPF ou a carteirinha.' }).trim().min(2, 'Digite ao menos 2 caracteres.').max(150) });
const termoUsuario = z.object({ termo: z.string({ error: 'Informe o login ou o nome.' }).trim().min(2, 'Digite ao menos 2 caracteres.').max(120) });

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

  // the accounts picker of the access screens (rules, clone, migration): whoever opens the Acesso folder
  app.get('/api/acesso/usuarios', { config: { access: ACESSO, queryParams: ['termo'] }, schema: { querystring: termoUsuario } }, async (req) => ({ result: await buscarUsuarios(db, req.query.termo) }));

  // access rule groups
  app.get('/api/regras/opcoes', { config: { access: REGRAS } }, async () => ({ result: await regrasOpcoes(db) }));
  app.get('/api/regras', { config: { access: REGRAS } }, async () => ({ result: await listGruposRegras(db) }));
  app.get('/api/regras/:id', { config: { access: REGRAS }, schema: { params: idParams } }, async (req) => ({ result: await getGrupoRegras(db, req.params.id) }));
  app.post('/api/regras', { config: { access: ADMIN }, schema: { body: body(grupoRegrasFormSchema) } }, async (req) => {
    const { grupo, afetados } = await createGrupoRegras(db, actor(req), req.body);
    return { result: grupo, messages: success(REGRA_MSG.salvo(grupo.nome, afetados)) };
  });
  app.put('/api/regras/:id', { config: { access: ADMIN }, schema: { params: idParams, body: body(grupoRegrasEdicaoSchema) } }, async (req) => {
    const { grupo, afetados } = await updateGrupoRegras(db, actor(req), req.params.id, req.body);
    return { result: grupo, messages: success(REGRA_MSG.salvo(grupo.nome, afetados)) };
  });
  app.delete('/api/regras/:id', { config: { access: ADMIN }, schema: { params: idParams } }, async (req) => {
    const r = await deleteGrupoRegras(db, actor(req), req.params.id);
    return { result: { id: req.params.id }, messages: success(REGRA_MSG.excluido(r.nome)) };
  });

  // clone (manage on all: the command's own permission)
  app.get('/api/usuarios/:id/clonagem', { config: { access: CLONAR }, schema: { params: idParams } }, async (req) => ({ result: await clonarOrigem(db, req.params.id) }));
  app.post('/api/usuarios/clonar', { config: { access: CLONAR }, schema: { body: body(clonarSchema) } }, async (req) => {
    const r = await cloneUsuario(db, actor(req), req.body, config.passwordHashN);
    return { result: r, messages: success(CLONAR_MSG.clonado(r.login, r.origem)) };
  });

  // migration: the preview with the command, the move by an administrator
  app.get('/api/usuarios/migracao/previa', { config: { access: MIGRACAO, queryParams: ['origemId', 'destinoId'] }, schema: { querystring: migracaoPreviaSchema } }, async (req) => ({
    result: await previaMigracao(db, req.query.origemId, req.query.destinoId),
  }));
  app.post('/api/usuarios/migracao', { config: { access: ADMIN }, schema: { body: body(migracaoSchema) } }, async (req) => {
    const r = await migrarUsuario(db, actor(req), req.body);
    return { result: r, messages: success(MIGRACAO_MSG.migrado(r.origem.login, r.destino.login, resumoMigracao(r), r.bloqueado)) };
  });
}
