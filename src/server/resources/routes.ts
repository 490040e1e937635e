import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { listParams, listQuerySchema, PAGING_KEYS } from '../../shared/lists/query';
import { listOfResource } from '../../shared/lists/resource';
import { EXACT_COUNT_LIMIT } from '../../shared/lists/types';
import { resources, type Resource } from '../../shared/resources';
import { INT4_MAX, int4Id, int4IdNumber } from '../../shared/validation/ids';
import { recordSchema, updateSchema } from '../../shared/resources/schema';
import { logRead } from '../acessos/log';
import type { AppContext } from '../context';
import { sessionOf } from '../http/access';
import { AppError, parse } from '../http/errors';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { idsInOrder, whereOf } from '../lists/engine';
import { registerList } from '../lists/routes';
import { assertRecord, scopeOf } from '../policy';
import { csvStream, xlsxStream, type Batches } from './export';
import { resourceSource } from './list-source';
import { WRITE_ACTIONS } from './permissions';
import { createRecord, deleteRecords, optionFilters, recordOptions, updateRecord } from './records';
import { getRow, rowsByIds } from './service';
import { restoreDeleted, undoUpdate } from './undo';

/**
 * REST endpoints of every resource, under /api/recursos/<segment> (the last segment of the command path).
 * Each route declares its CASL check: list → ['list', subject]; writes → insert / update / delete.
 */

export const EXPORT_MAX_ROWS = 1_000_000;
const EXPORT_BATCH = 2000;

const optionsQuery = z
  .object({
    termo: z.string().max(100).optional(),
    ids: z
      .string()
      .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'Lista de ids inválida.')
      .refine((s) => s.split(',').every((n) => Number(n) >= 1 && Number(n) <= INT4_MAX), 'Lista de ids inválida.')
      .optional(),
  })
  .catchall(z.union([z.string(), z.array(z.string())]));
const versionQuery = z.object({ version: int4Id('Versão inválida.').optional() });
const batchBody = z.object({
  itens: z
    .array(z.object({ id: int4IdNumber('Identificador inválido.'), version: int4IdNumber('Versão inválida.').optional() }), { error: 'Informe os registros a excluir.' })
    .min(1, 'Selecione ao menos um registro.')
    .max(1000, 'Exclua no máximo 1.000 registros de cada vez.'),
});

const undoBody = z.object({ version: int4IdNumber('Versão inválida.') });
const restoreBody = z.object({
  ids: z.array(int4IdNumber('Identificador inválido.'), { error: 'Informe os registros a restaurar.' }).min(1, 'Informe os registros a restaurar.').max(1000, 'Restaure no máximo 1.000 registros de cada vez.'),
});

const done = (def: Resource, verb: string) => {
  const a = def.label.gender === 'f' ? 'a' : 'o';
  return `${def.label.singular} ${verb}${a} com sucesso.`;
};

/** Exports read the rows of the matching ids in batches (no deep OFFSET), in the list's order. */
async function exportList(ctx: AppContext, req: FastifyRequest, def: Resource, reply: FastifyReply, kind: 'csv' | 'xlsx') {
  const list = listOfResource(def);
  const source = resourceSource(def);
  const q = parse(listQuerySchema(list), req.query);
  const { where } = await whereOf(ctx, sessionOf(req), list, source, q);
  // the total is known before the first byte (the client's progress bar), so the ids are read first
  const ids: number[] = [];
  for await (const chunk of idsInOrder(ctx.db, list, source, where, q.sort, EXPORT_MAX_ROWS)) ids.push(...chunk);
  const batches: Batches = {
    async *[Symbol.asyncIterator]() {
      for (let i = 0; i < ids.length; i += EXPORT_BATCH) yield await rowsByIds(ctx.db, def, ids.slice(i, i + EXPORT_BATCH));
    },
  };
  const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const file = `${def.slug}-${stamp}.${kind}`;
  reply
    .header('content-type', kind === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${file}"`)
    .header('x-total-count', String(ids.length))
    .header('cache-control', 'no-store');
  return reply.send((kind === 'csv' ? csvStream : xlsxStream)(def, batches));
}

export function resourceRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const flags = ctx.settings.flags;
  for (const def of resources) {
    const base = `/api/recursos/${def.slug}`;
    const can = (action: string) => ({ access: { can: [action, def.name] as const } });
    const list = listOfResource(def);
    // a resource of people is scoped by the access policy too (the staff who list it see all)
    const entity = list.scope?.entity;
    const assertSees = async (req: FastifyRequest, id: number) => {
      if (entity) await assertRecord(ctx, sessionOf(req), entity, { id });
    };
    const actor = (req: FastifyRequest) => ({ session: sessionOf(req), ip: req.ip });

    // the list (filters, sort, keyset paging, total) is the list engine's, from the resource's list definition; a
    // large table's total is counted exactly only when the planner expects few rows (as the authorizations lists do):
    // counting up to 1,000 of a common surname walks tens of thousands of index entries
    registerList(fastify, ctx, list, resourceSource(def), { access: can('list').access, summary: false, neighbors: false, trustEstimateAbove: def.large ? 2 * EXACT_COUNT_LIMIT : undefined });

    const listQuery = { ...can('list'), queryParams: [...listParams(list), ...PAGING_KEYS] };
    app.get(`${base}/exportar.csv`, { config: listQuery }, (req, reply) => exportList(ctx, req, def, reply, 'csv'));
    app.get(`${base}/exportar.xlsx`, { config: listQuery }, (req, reply) => exportList(ctx, req, def, reply, 'xlsx'));

    const filterable = optionFilters(def);
    app.get(`${base}/opcoes`, { config: { ...can('list'), queryParams: ['termo', 'ids', ...filterable] }, schema: { querystring: optionsQuery } }, async (req) => {
      const { termo, ids, ...rest } = req.query;
      const filtros: Record<string, string> = {};
      for (const [k, v] of Object.entries(rest)) {
        if (!filterable.includes(k) || typeof v !== 'string' || v.length > 100) throw new AppError(400, [{ type: 'error', value: `Filtro inválido: ${k}.`, field: k }]);
        filtros[k] = v;
      }
      const scope = entity ? { entity, scope: await scopeOf(ctx, sessionOf(req), entity) } : undefined;
      return { result: await recordOptions(db, def, { termo, ids }, filtros, scope) };
    });

    app.get(`${base}/:id`, { config: can('list'), schema: { params: idParams } }, async (req) => {
      await assertSees(req, req.params.id);
      const row = await getRow(db, def, req.params.id);
      // a person's record (the registry's form opening it) goes to the access log
      if (entity === 'beneficiario' || entity === 'prestador') logRead(db, req, entity, [req.params.id]);
      return { result: row };
    });

    app.post(base, { config: can(WRITE_ACTIONS.insert), schema: { body: body(recordSchema(def, flags)) } }, async (req, reply) => {
      const row = await createRecord(db, actor(req), def, req.body);
      return reply.status(201).send({ result: row, messages: { alerts: [{ type: 'success', value: done(def, 'incluíd') }] } });
    });

    app.put(`${base}/:id`, { config: can(WRITE_ACTIONS.update), schema: { params: idParams, body: body(updateSchema(def, flags)) } }, async (req) => {
      await assertSees(req, req.params.id);
      const row = await updateRecord(db, actor(req), def, req.params.id, req.body);
      return { result: row, messages: { alerts: [{ type: 'success', value: done(def, 'alterad') }] } };
    });

    app.delete(`${base}/:id`, { config: can(WRITE_ACTIONS.delete), schema: { params: idParams, querystring: versionQuery } }, async (req) => {
      await assertSees(req, req.params.id);
      const n = await deleteRecords(db, actor(req), def, [{ id: req.params.id, version: req.query.version }]);
      return { result: { excluidos: n }, messages: { alerts: [{ type: 'success', value: done(def, 'excluíd') }] } };
    });

    app.post(`${base}/excluir`, { config: can(WRITE_ACTIONS.delete), schema: { body: body(batchBody) } }, async (req) => {
      const { itens } = req.body;
      for (const i of itens) await assertSees(req, i.id);
      const n = await deleteRecords(db, actor(req), def, itens);
      const plural = def.label.plural.toLowerCase();
      return { result: { excluidos: n }, messages: { alerts: [{ type: 'success', value: n === 1 ? done(def, 'excluíd') : `${n} ${plural} excluíd${def.label.gender === 'f' ? 'a' : 'o'}s com sucesso.` }] } };
    });

    // undo (./undo.ts): the user's own latest edit of a record, or deletion, read back from the trail
    app.post(`${base}/:id/desfazer`, { config: can(WRITE_ACTIONS.update), schema: { params: idParams, body: body(undoBody) } }, async (req) => {
      await assertSees(req, req.params.id);
      const row = await undoUpdate(db, actor(req), def, req.params.id, req.body.version);
      return { result: row, messages: { alerts: [{ type: 'success', value: 'Alteração desfeita.' }] } };
    });

    // a deleted record is out of the policy's reach (it no longer exists): only the user who deleted it restores it
    app.post(`${base}/restaurar`, { config: can(WRITE_ACTIONS.delete), schema: { body: body(restoreBody) } }, async (req) => {
      const rows = await restoreDeleted(db, actor(req), def, req.body.ids);
      const a = def.label.gender === 'f' ? 'a' : 'o';
      return { result: rows, messages: { alerts: [{ type: 'success', value: rows.length === 1 ? done(def, 'restaurad') : `${rows.length} ${def.label.plural.toLowerCase()} restaurad${a}s.` }] } };
    });
  }
}
