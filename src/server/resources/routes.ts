import type { FastifyInstance, FastifyReply } from 'fastify';
import { asc, like, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { resources, type Resource } from '../../shared/resources';
import { parseList } from '../../shared/resources/query';
import { recordSchema, updateSchema } from '../../shared/resources/schema';
import { fold } from '../../shared/text';
import type { AppContext } from '../context';
import { AppError, parse } from '../http/errors';
import { csvStream, xlsxStream, type Batches } from './export';
import { WRITE_ACTIONS } from './permissions';
import { createRow, deleteRows, getRow, listRows, matchingIds, rowsByIds, updateRow } from './service';
import { buscaKey, hasBusca, tableOf } from './tables';

/**
 * REST endpoints of every resource, under /api/recursos/<segment> (the last segment of the command path).
 * Each route declares its CASL check: list → ['list', subject]; writes → insert / update / delete.
 */

export const EXPORT_MAX_ROWS = 1_000_000;
const EXPORT_BATCH = 2000;

const idParams = z.object({ id: z.coerce.number({ error: 'Identificador inválido.' }).int('Identificador inválido.').positive('Identificador inválido.').max(2_147_483_647, 'Identificador inválido.') });
const versionQuery = z.object({ version: z.coerce.number({ error: 'Versão inválida.' }).int().positive().optional() });
const batchBody = z.object({
  itens: z
    .array(z.object({ id: z.number().int().positive(), version: z.number().int().positive().optional() }), { error: 'Informe os registros a excluir.' })
    .min(1, 'Selecione ao menos um registro.')
    .max(1000, 'Exclua no máximo 1.000 registros de cada vez.'),
});

const done = (def: Resource, verb: string) => {
  const a = def.label.gender === 'f' ? 'a' : 'o';
  return `${def.label.singular} ${verb}${a} com sucesso.`;
};

function listParams(def: Resource, query: unknown, extraKeys: string[] = []) {
  const q = { ...(query as Record<string, string | string[]>) };
  for (const k of extraKeys) delete q[k];
  const { params, problems } = parseList(def, q, { strict: true });
  if (problems.length) throw new AppError(400, problems.map((p) => ({ type: 'error' as const, value: p.message, field: p.field })));
  return params;
}

function batchesOf(ctx: AppContext, def: Resource, ids: number[]): Batches {
  return {
    async *[Symbol.asyncIterator]() {
      for (let i = 0; i < ids.length; i += EXPORT_BATCH) yield await rowsByIds(ctx.db, def, ids.slice(i, i + EXPORT_BATCH));
    },
  };
}

async function exportList(ctx: AppContext, def: Resource, query: unknown, reply: FastifyReply, kind: 'csv' | 'xlsx') {
  const p = listParams(def, query, ['offset', 'limit']);
  const ids = await matchingIds(ctx.db, def, p, EXPORT_MAX_ROWS);
  const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const file = `${def.slug}-${stamp}.${kind}`;
  reply
    .header('content-type', kind === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${file}"`)
    .header('x-total-count', String(ids.length))
    .header('cache-control', 'no-store');
  return reply.send((kind === 'csv' ? csvStream : xlsxStream)(def, batchesOf(ctx, def, ids)));
}

export function resourceRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  for (const def of resources) {
    const base = `/api/recursos/${def.slug}`;
    const can = (action: string) => ({ config: { access: { can: [action, def.name] as const } } });

    app.get(base, can('list'), async (req) => {
      const q = req.query as Record<string, string>;
      const p = listParams(def, q, ['count']);
      return { result: await listRows(db, def, p, { count: q.count !== '0' }) };
    });

    app.get(`${base}/exportar.csv`, can('list'), (req, reply) => exportList(ctx, def, req.query, reply, 'csv'));
    app.get(`${base}/exportar.xlsx`, can('list'), (req, reply) => exportList(ctx, def, req.query, reply, 'xlsx'));

    /** Options for reference fields of other resources: id + display, by a term or by ids. */
    app.get(`${base}/opcoes`, can('list'), async (req) => {
      const q = parse(z.object({ termo: z.string().max(100).optional(), ids: z.string().regex(/^\d+(,\d+){0,99}$/, 'Lista de ids inválida.').optional() }), req.query);
      const t = tableOf(def);
      const display = def.display;
      const col = hasBusca(def, display) ? t[buscaKey(display)] : t[display];
      const where = q.ids
        ? inArray(t.id, q.ids.split(',').map(Number))
        : q.termo
          ? like(col, `%${fold(q.termo).replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
          : undefined;
      const rows = (await db.select({ id: t.id, label: t[display] }).from(t).where(where).orderBy(asc(col)).limit(50)) as { id: number; label: string }[];
      return { result: rows };
    });

    app.get(`${base}/:id`, can('list'), async (req) => {
      const { id } = parse(idParams, req.params);
      return { result: await getRow(db, def, id) };
    });

    app.post(base, can(WRITE_ACTIONS.insert), async (req, reply) => {
      const values = parse(recordSchema(def), req.body ?? {});
      const row = await createRow(db, def, values);
      return reply.status(201).send({ result: row, messages: { alerts: [{ type: 'success', value: done(def, 'incluíd') }] } });
    });

    app.put(`${base}/:id`, can(WRITE_ACTIONS.update), async (req) => {
      const { id } = parse(idParams, req.params);
      const values = parse(updateSchema(def), req.body ?? {});
      const row = await updateRow(db, def, id, values as typeof values & { version: number });
      return { result: row, messages: { alerts: [{ type: 'success', value: done(def, 'alterad') }] } };
    });

    app.delete(`${base}/:id`, can(WRITE_ACTIONS.delete), async (req) => {
      const { id } = parse(idParams, req.params);
      const { version } = parse(versionQuery, req.query);
      const n = await deleteRows(db, def, [{ id, version }]);
      if (!n) await getRow(db, def, id);
      return { result: { excluidos: n }, messages: { alerts: [{ type: 'success', value: done(def, 'excluíd') }] } };
    });

    app.post(`${base}/excluir`, can(WRITE_ACTIONS.delete), async (req) => {
      const { itens } = parse(batchBody, req.body ?? {});
      const n = await deleteRows(db, def, itens);
      const plural = def.label.plural.toLowerCase();
      return { result: { excluidos: n }, messages: { alerts: [{ type: 'success', value: n === 1 ? done(def, 'excluíd') : `${n} ${plural} excluíd${def.label.gender === 'f' ? 'a' : 'o'}s com sucesso.` }] } };
    });
  }
}
