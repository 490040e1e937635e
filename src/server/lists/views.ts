import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registry } from '../../../commands';
import { readListQuery, writeListQuery } from '../../shared/lists/query';
import type { ListDef } from '../../shared/lists/types';
import { MSG_VISAO, novaVisaoSchema, visaoSchema, VISOES_POR_USUARIO, type VisaoColuna, type VisaoSalva } from '../../shared/lists/views';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { visoesSalvas } from '../db/schema';
import { sessionOf, sessionSees } from '../http/access';
import { AppError, badRequest, notFound } from '../http/errors';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { recordTrail, type Actor } from '../trail/record';
import { servedLists } from './routes';

/**
 * Saved views (shared/lists/views.ts): GET /api/visoes (the session's own, of lists it still opens), POST (a new one),
 * PUT /:id (rename or save over), DELETE /:id. Each is its owner's alone: another user's view answers 404. The list
 * must be one the server serves and the session opens; its query is read with the list's own rules and stored in
 * its canonical form (filters and sort, no paging); columns must be the list's.
 */

type Row = typeof visoesSalvas.$inferSelect;

/** The list of a view, when the session may open it. */
function listFor(ctx: AppContext, s: RequestSession, key: string): ListDef | undefined {
  const def = servedLists.get(key);
  return def && sessionSees(ctx.settings, s, def.command) ? def : undefined;
}

/** The query in the list's canonical form; a problem is a 400 on `consulta`. */
function canonical(def: ListDef, consulta: string): string {
  const { query, problems } = readListQuery(def, new URLSearchParams(consulta), { strict: true });
  if (problems.length) throw badRequest(`Filtros da visão: ${problems[0].message}`, 'consulta');
  return writeListQuery(def, { filters: query.filters, sort: query.sort }).toString();
}

function checkColumns(def: ListDef, cols: VisaoColuna[] | null): VisaoColuna[] | null {
  if (!cols) return null;
  const known = new Set(def.columns.map((c) => c.key));
  const seen = new Set<string>();
  for (const c of cols) {
    if (!known.has(c.key) || seen.has(c.key)) throw badRequest(`${MSG_VISAO.coluna} (${c.key})`, 'colunas');
    seen.add(c.key);
  }
  if (cols.length && cols.every((c) => c.hidden)) throw badRequest('A visão precisa mostrar ao menos uma coluna.', 'colunas');
  return cols;
}

function out(r: Row, def: ListDef): VisaoSalva {
  return {
    id: r.id,
    lista: r.lista,
    comando: def.command,
    titulo: registry.match(def.command)?.title ?? def.noun.plural,
    nome: r.nome,
    consulta: r.consulta,
    colunas: (r.colunas as VisaoColuna[] | null) ?? null,
    atualizadoEm: r.atualizadoEm.toISOString(),
  };
}

async function nameTaken(db: Db, userId: number, lista: string, nome: string, except?: number) {
  const [hit] = await db
    .select({ id: visoesSalvas.id })
    .from(visoesSalvas)
    .where(and(eq(visoesSalvas.usuarioId, userId), eq(visoesSalvas.lista, lista), eq(visoesSalvas.nome, nome), except ? ne(visoesSalvas.id, except) : undefined))
    .limit(1);
  if (hit) throw new AppError(409, [{ type: 'error', value: MSG_VISAO.nomeRepetido, field: 'nome' }]);
}

async function own(db: Db, s: RequestSession, id: number): Promise<Row> {
  const [r] = await db.select().from(visoesSalvas).where(and(eq(visoesSalvas.id, id), eq(visoesSalvas.usuarioId, s.user.id)));
  if (!r) throw notFound('Visão não encontrada.');
  return r;
}

const trail = (db: Db, actor: Actor, id: number, acao: 'insert' | 'update' | 'delete', antes?: Row, depois?: Row) =>
  recordTrail(db, actor, { entidade: 'visaosalva', registroId: id, acao, antes: antes && { lista: antes.lista, nome: antes.nome, consulta: antes.consulta }, depois: depois && { lista: depois.lista, nome: depois.nome, consulta: depois.consulta } });

export function viewRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  app.get('/api/visoes', { config: { access: 'session' } }, async (req) => {
    const s = sessionOf(req);
    const rows = await db.select().from(visoesSalvas).where(eq(visoesSalvas.usuarioId, s.user.id)).orderBy(asc(visoesSalvas.nome), asc(visoesSalvas.id));
    const result: VisaoSalva[] = [];
    for (const r of rows) {
      const def = listFor(ctx, s, r.lista);
      if (def) result.push(out(r, def));
    }
    return { result };
  });

  app.post('/api/visoes', { config: { access: 'session' }, schema: { body: body(novaVisaoSchema) } }, async (req, reply) => {
    const s = sessionOf(req);
    const def = listFor(ctx, s, req.body.lista);
    if (!def) throw badRequest(MSG_VISAO.lista, 'lista');
    const consulta = canonical(def, req.body.consulta);
    const colunas = checkColumns(def, req.body.colunas);
    const row = await db.transaction(async (txx) => {
      const tx = txx as unknown as Db;
      const [{ n }] = await tx.select({ n: count() }).from(visoesSalvas).where(eq(visoesSalvas.usuarioId, s.user.id));
      if (n >= VISOES_POR_USUARIO) throw AppError.of(409, MSG_VISAO.limite);
      await nameTaken(tx, s.user.id, def.key, req.body.nome);
      const [r] = await tx.insert(visoesSalvas).values({ usuarioId: s.user.id, lista: def.key, nome: req.body.nome, consulta, colunas }).returning();
      await trail(tx, { session: s, ip: req.ip }, r.id, 'insert', undefined, r);
      return r;
    });
    return reply.status(201).send({ result: out(row, def), messages: { alerts: [{ type: 'success', value: `Visão “${row.nome}” salva.` }] } });
  });

  app.put('/api/visoes/:id', { config: { access: 'session' }, schema: { params: idParams, body: body(visaoSchema) } }, async (req) => {
    const s = sessionOf(req);
    const before = await own(db, s, req.params.id);
    const def = listFor(ctx, s, before.lista);
    if (!def) throw notFound('Visão não encontrada.');
    const consulta = canonical(def, req.body.consulta);
    const colunas = checkColumns(def, req.body.colunas);
    const row = await db.transaction(async (txx) => {
      const tx = txx as unknown as Db;
      await nameTaken(tx, s.user.id, def.key, req.body.nome, before.id);
      const [r] = await tx
        .update(visoesSalvas)
        .set({ nome: req.body.nome, consulta, colunas, atualizadoEm: new Date() })
        .where(and(eq(visoesSalvas.id, before.id), eq(visoesSalvas.usuarioId, s.user.id)))
        .returning();
      await trail(tx, { session: s, ip: req.ip }, r.id, 'update', before, r);
      return r;
    });
    return { result: out(row, def), messages: { alerts: [{ type: 'success', value: `Visão “${row.nome}” salva.` }] } };
  });

  app.delete('/api/visoes/:id', { config: { access: 'session' }, schema: { params: idParams } }, async (req) => {
    const s = sessionOf(req);
    const before = await own(db, s, req.params.id);
    await db.transaction(async (txx) => {
      const tx = txx as unknown as Db;
      await tx.delete(visoesSalvas).where(and(eq(visoesSalvas.id, before.id), eq(visoesSalvas.usuarioId, s.user.id)));
      await trail(tx, { session: s, ip: req.ip }, before.id, 'delete', before);
    });
    return { result: { id: before.id }, messages: { alerts: [{ type: 'success', value: `Visão “${before.nome}” excluída.` }] } };
  });
}


