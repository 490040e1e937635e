import { sql } from 'drizzle-orm';
import { registry } from '../../../commands';
import { instantToBr, todayIso } from '../../shared/dates';
import { reportFileParams, type ReportFileParams } from '../../shared/relatorios/define';
import { describeFilters } from '../../shared/relatorios/filtros';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { recordOptions } from '../resources/records';
import { resourceByName } from '../../shared/resources';
import type { Field } from '../../shared/resources/define';
import type { Filter } from '../../shared/lists/types';
import { badRequest } from '../http/errors';
import { queryObject } from '../jobs/export-list';
import { defineJobKind } from '../jobs/kind';
import { operadoraPropria } from '../pessoas/cadastro';
import { reportBatches, reportQuery, reportWhere, sourceFor } from './engine';
import { reportItems, type ReportItem } from './itens';
import { documentosPdf } from './documentos';
import { etiquetasPdf } from './etiquetas';
import { reportPdf } from './pdf';
import { reportOf } from './registry';
import { reportCsv, reportXlsx } from './saidas';

/** Past this many rows a PDF (some 900 pages) is refused: a spreadsheet is what such a volume is read in. */
export const PDF_MAX_ROWS = 50_000;
export const REPORT_MAX_ROWS = 1_000_000;
export const PDF_GRANDE_DEMAIS = (n: number) =>
  `O relatório tem ${n.toLocaleString('pt-BR')} linhas: em PDF, no máximo ${PDF_MAX_ROWS.toLocaleString('pt-BR')}. Refine os filtros ou gere em XLSX ou CSV.`;

const titleOf = (comando: string) => registry.match(comando)?.title ?? 'Relatório';

/**
 * The header names a reference filter by its record's display (the product, the provider), not its id. Read after the
 * source's bind, which already refused a record the session may not ask for.
 */
async function rotulosDeReferencias(db: Db, fields: Readonly<Record<string, Field>>, filters: readonly Filter[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const f of filters) {
    const fd = Object.hasOwn(fields, f.field) ? fields[f.field] : undefined;
    const def = fd?.kind === 'ref' ? resourceByName.get(fd.resource) : undefined;
    if (!def || Array.isArray(f.value) || !/^\d+$/.test(String(f.value))) continue;
    const [o] = await recordOptions(db, def, { ids: String(f.value) }, {});
    if (o) out.set(f.field, String(o.label));
  }
  return out;
}

/**
 * A report's file (PDF, XLSX or CSV) with the screen's filters, as a job: counted first (the progress bar's total),
 * then read by keyset in batches of 500 — each a short query, so other users are served between them — and
 * written as the rows stream, subtotals computed on the way.
 */
export const reportFile = defineJobKind<ReportFileParams>({
  tipo: 'relatorio',
  params: reportFileParams,
  title: (_ctx, comando, p) => `${titleOf(comando)} (${p.formato.toUpperCase()})`,
  allow: (_ctx, _session, comando) => !!reportOf(comando),
  async run(job, p) {
    const { def, source: base } = reportOf(job.comando)!;
    const q = reportQuery(def, queryObject(p.consulta));
    const source = await sourceFor(job.ctx, job.session, base, q);
    const where = await reportWhere(job.ctx, job.session, def, source, q);
    await job.progress(0, 'Contando os registros');
    const [{ n }] = await query<{ n: number }>(job.ctx.db, sql`select count(*)::int as n from ${source.from} where ${where}`);
    if (p.formato === 'pdf' && n > PDF_MAX_ROWS) throw badRequest(PDF_GRANDE_DEMAIS(n));
    const total = Math.min(n, REPORT_MAX_ROWS);
    await job.log(`${total.toLocaleString('pt-BR')} linhas no relatório${n > REPORT_MAX_ROWS ? ` (limite de ${REPORT_MAX_ROWS.toLocaleString('pt-BR')})` : ''}.`);
    let done = 0;
    const t0 = performance.now();
    let lendo = 0;
    const batches = {
      async *[Symbol.asyncIterator]() {
        const it = reportBatches(job.ctx, def, source, where, q.sort, REPORT_MAX_ROWS, 500)[Symbol.asyncIterator]();
        // a PDF draws synchronously and slower than the other writers: it gets 100 rows at a time, so other users'
        // requests are served between slices (the reads stay at 500, each read being one query)
        const slice = p.formato === 'pdf' ? 100 : 500;
        for (;;) {
          const t = performance.now();
          const next = await it.next();
          lendo += performance.now() - t;
          if (next.done) return;
          await job.checkpoint();
          for (let i = 0; i < next.value.length; i += slice) {
            const rows = next.value.slice(i, i + slice);
            yield rows;
            done += rows.length;
            // the writers build strings synchronously: let other requests in between slices
            await new Promise((r) => setImmediate(r));
          }
          await job.progress(total ? Math.floor((done / total) * 95) : 95, `Escrevendo ${done.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} linhas`);
        }
      },
    };
    const items: AsyncIterable<ReportItem> = reportItems(def, batches);
    const titulo = titleOf(job.comando);
    let bytes: Buffer;
    if (p.formato === 'csv') bytes = await reportCsv(def, items);
    else if (p.formato === 'xlsx') bytes = await reportXlsx(def, titulo, items);
    else if (def.etiqueta) bytes = await etiquetasPdf(def, titulo, items);
    else {
      const op = await operadoraPropria(job.ctx.db);
      const header = { operadora: { nome: op?.nome ?? op?.razao ?? 'Operadora', registroAns: op?.registroAns ?? '' }, titulo, filtros: [describeFilters(def.list, q.filters, await rotulosDeReferencias(job.ctx.db, def.list.fields, q.filters)), source.nota].filter((x) => x && x !== 'nenhum').join(' · ') || 'nenhum', geradoEm: instantToBr(new Date()), geradoPor: job.session.user.nome };
      bytes = def.documento ? await documentosPdf(def, header, items) : await reportPdf(def, header, items);
    }
    await job.progress(97, 'Gravando o arquivo');
    const file = await job.saveFile(`${def.code ? `${def.code}-` : ''}${job.comando.split('/').pop()}-${todayIso().replace(/-/g, '')}.${p.formato}`, p.formato, bytes);
    const seg = (ms: number) => `${(ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s`;
    await job.log(`Arquivo ${file.nome} gerado com ${done.toLocaleString('pt-BR')} linhas em ${seg(performance.now() - t0)} (${seg(lendo)} lendo o banco).`);
  },
});
