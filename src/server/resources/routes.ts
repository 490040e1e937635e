import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { resources, type Resource } from '../../shared/resources';
import { parseList } from '../../shared/resources/query';
import { recordSchema, updateSchema } from '../../shared/resources/schema';
import { fold } from '../../shared/text';
import { recordAudit } from '../audit/trail';
import type { Db } from '../db/client';
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

/**
 * Runs a write; for a definition with `audit`, in one transaction with its audit trail entry (who, when, the change).
 */
async function audited<T>(db: Db, def: Resource, write: (tx: Db) => Promise<T>, trail?: (tx: Db, result: T) => Promise<void>): Promise<T> {
  if (!def.audit || !trail) return write(db);
  return db.transaction(async (tx) => {
    const result = await write(tx as unknown as Db);
    await trail(tx as unknown as Db, result);
    return result;
  });
}

/** Options of a reference field: by ids, by a term (prefix on large tables, plus exact lookup keys), narrowed by a dependency. */
function optionsWhere(def: Resource, q: { termo?: string; ids?: string }, filtros: Record<string, string>): SQL | undefined {
  const t = tableOf(def);
  const display = def.display;
  const col = hasBusca(def, display) ? t[buscaKey(display)] : t[display];
  const parts: (SQL | undefined)[] = [];
  if (q.ids) parts.push(inArray(t.id, q.ids.split(',').map(Number)));
  else if (q.termo) {
    const term = fold(q.termo).replace(/[\\%_]/g, (c) => `\\${c}`);
    // a typed document or code (digits, punctuation allowed) looks up the exact keys; a name, the display
    const digits = q.termo.replace(/[.\-/\s]/g, '');
    const exact = /^\d+$/.test(digits)
      ? def.lookup.filter((k) => def.fields[k].kind === 'text' && digits.length <= (def.fields[k] as { max: number }).max).map((k) => eq(t[k], digits))
      : [];
    const byName = like(col, def.large ? `${term}%` : `%${term}%`);
    parts.push(exact.length && def.large ? or(...exact) : or(byName, ...exact));
  }
  for (const [k, v] of Object.entries(filtros)) parts.push(eq(t[k], v));
  return and(...parts);
}

export function resourceRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const flags = ctx.settings.flags;
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

    /**
     * Options for reference fields of other resources: id + display, by a term or by ids. A field that depends on
     * another narrows them by `<field>=<value>` (an enum or text field of this resource, e.g. uf=MG); large tables
     * search the display by prefix (indexed) and their lookup keys (CPF, card) by exact value.
     */
    const filterable = def.keys.filter((k) => def.fields[k].kind === 'enum' || (def.fields[k].kind === 'text' && !hasBusca(def, k)));
    app.get(`${base}/opcoes`, can('list'), async (req) => {
      const raw = req.query as Record<string, unknown>;
      const q = parse(z.object({ termo: z.string().max(100).optional(), ids: z.string().regex(/^\d+(,\d+){0,99}$/, 'Lista de ids inválida.').optional() }), { termo: raw.termo, ids: raw.ids });
      const filtros: Record<string, string> = {};
      for (const [k, v] of Object.entries(raw)) {
        if (k === 'termo' || k === 'ids') continue;
        if (!filterable.includes(k) || typeof v !== 'string' || v.length > 100) throw new AppError(400, [{ type: 'error', value: `Filtro inválido: ${k}.`, field: k }]);
        filtros[k] = v;
      }
      const t = tableOf(def);
      const display = def.display;
      const col = hasBusca(def, display) ? t[buscaKey(display)] : t[display];
      // narrowed by a dependency (the cities of a UF): the whole list, up to 2,000; otherwise a page of 50
      const limit = Object.keys(filtros).length && !q.termo ? 2000 : 50;
      const rows = (await db.select({ id: t.id, label: t[display] }).from(t).where(optionsWhere(def, q, filtros)).orderBy(asc(col)).limit(limit)) as { id: number; label: string }[];
      return { result: rows };
    });

    app.get(`${base}/:id`, can('list'), async (req) => {
      const { id } = parse(idParams, req.params);
      return { result: await getRow(db, def, id) };
    });

    app.post(base, can(WRITE_ACTIONS.insert), async (req, reply) => {
      const values = parse(recordSchema(def, flags), req.body ?? {});
      const row = await audited(db, def, (tx) => createRow(tx, def, values), (tx, r) => recordAudit(tx, req, { entidade: def.name, registroId: r.id as number, acao: 'insert', depois: r }));
      return reply.status(201).send({ result: row, messages: { alerts: [{ type: 'success', value: done(def, 'incluíd') }] } });
    });

    app.put(`${base}/:id`, can(WRITE_ACTIONS.update), async (req) => {
      const { id } = parse(idParams, req.params);
      const values = parse(updateSchema(def, flags), req.body ?? {});
      const before = def.audit ? await getRow(db, def, id) : undefined;
      const row = await audited(db, def, (tx) => updateRow(tx, def, id, values as typeof values & { version: number }), (tx, r) => recordAudit(tx, req, { entidade: def.name, registroId: id, acao: 'update', antes: before, depois: r }));
      return { result: row, messages: { alerts: [{ type: 'success', value: done(def, 'alterad') }] } };
    });

    const auditDeletes = async (tx: Db, req: FastifyRequest, ids: number[], before: Map<number, unknown>) => {
      for (const id of ids) if (before.has(id)) await recordAudit(tx, req, { entidade: def.name, registroId: id, acao: 'delete', antes: before.get(id) });
    };
    const beforeDelete = async (ids: number[]) => (def.audit ? new Map((await rowsByIds(db, def, ids)).map((r) => [r.id as number, r])) : new Map<number, unknown>());

    app.delete(`${base}/:id`, can(WRITE_ACTIONS.delete), async (req) => {
      const { id } = parse(idParams, req.params);
      const { version } = parse(versionQuery, req.query);
      const before = await beforeDelete([id]);
      const n = await audited(db, def, (tx) => deleteRows(tx, def, [{ id, version }]), (tx, k) => (k ? auditDeletes(tx, req, [id], before) : Promise.resolve()));
      if (!n) await getRow(db, def, id);
      return { result: { excluidos: n }, messages: { alerts: [{ type: 'success', value: done(def, 'excluíd') }] } };
    });

    app.post(`${base}/excluir`, can(WRITE_ACTIONS.delete), async (req) => {
      const { itens } = parse(batchBody, req.body ?? {});
      const before = await beforeDelete(itens.map((i) => i.id));
      const n = await audited(db, def, (tx) => deleteRows(tx, def, itens), (tx) => auditDeletes(tx, req, itens.map((i) => i.id), before));
      const plural = def.label.plural.toLowerCase();
      return { result: { excluidos: n }, messages: { alerts: [{ type: 'success', value: n === 1 ? done(def, 'excluíd') : `${n} ${plural} excluíd${def.label.gender === 'f' ? 'a' : 'o'}s com sucesso.` }] } };
    });
  }
}
