import { sql } from 'drizzle-orm';
import { listExportParams, type ListExportParams } from '../../shared/jobs-schemas';
import { listQuerySchema } from '../../shared/lists/query';
import { listOfResource } from '../../shared/lists/resource';
import { resources, type Resource } from '../../shared/resources';
import { query } from '../db/sql';
import { parse } from '../http/errors';
import { idsInOrder, whereOf } from '../lists/engine';
import { csvStream, xlsxStream, type Batches } from '../resources/export';
import { resourceSource } from '../resources/list-source';
import { rowsByIds } from '../resources/service';
import { defineJobKind } from './kind';

const BATCH = 250;
export const EXPORT_MAX_ROWS = 1_000_000;

const resourceOf = (comando: string): Resource | undefined => resources.find((d) => d.command === comando);

/** The list's address as the tab holds it ("nome.startsWith=Ana&sort=nome.asc") → the query object the list schema reads. */
export function queryObject(consulta: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(consulta)) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

/**
 * A resource grid's export (CSV or XLSX) with the grid's filters and sort, as a job: ids read by keyset, rows in
 * batches of 250, each a short query, so other users' requests are served between them; progress by row count.
 */
export const listExport = defineJobKind<ListExportParams>({
  tipo: 'exportacao-lista',
  params: listExportParams,
  title: (_ctx, comando, p) => `Exportação de ${resourceOf(comando)?.label.plural ?? 'lista'} (${p.formato.toUpperCase()})`,
  allow: (_ctx, session, comando) => {
    const def = resourceOf(comando);
    return !!def && session.ability.can('list', def.name);
  },
  async run(job, p) {
    const def = resourceOf(job.comando)!;
    const list = listOfResource(def);
    const source = resourceSource(def);
    const q = parse(listQuerySchema(list), queryObject(p.consulta));
    const { where } = await whereOf(job.ctx, job.session, list, source, q);
    await job.progress(0, 'Contando os registros');
    // an exact count (a job, not a page): the progress bar needs the real total
    const [{ n }] = await query<{ n: number }>(job.ctx.db, sql`select count(*)::int as n from ${source.from} where ${where}`);
    const total = Math.min(n, EXPORT_MAX_ROWS);
    await job.log(`${total.toLocaleString('pt-BR')} registros a exportar${n > EXPORT_MAX_ROWS ? ` (limite de ${EXPORT_MAX_ROWS.toLocaleString('pt-BR')})` : ''}.`);
    let done = 0;
    const batches: Batches = {
      async *[Symbol.asyncIterator]() {
        for await (const ids of idsInOrder(job.ctx.db, list, source, where, q.sort, EXPORT_MAX_ROWS, BATCH)) {
          await job.checkpoint();
          yield await rowsByIds(job.ctx.db, def, ids);
          done += ids.length;
          await job.progress(total ? Math.floor((done / total) * 95) : 95, `Escrevendo ${done.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} registros`);
          // the writer's string building is synchronous: yield the event loop between batches
          await new Promise((r) => setImmediate(r));
        }
      },
    };
    const chunks: Buffer[] = [];
    for await (const c of (p.formato === 'csv' ? csvStream : xlsxStream)(def, batches)) chunks.push(c as Buffer);
    await job.progress(97, 'Gravando o arquivo');
    const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    const file = await job.saveFile(`${def.slug}-${stamp}.${p.formato}`, p.formato, Buffer.concat(chunks));
    await job.log(`Arquivo ${file.nome} gerado com ${done.toLocaleString('pt-BR')} registros.`);
  },
});
