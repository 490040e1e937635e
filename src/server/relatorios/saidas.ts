import { csvText, displayValue as exportText, xlsxCellOf } from '../resources/export';
import { xlsxWriter, type XlsxCell } from '../files/xlsx';
import type { ReportDef } from '../../shared/relatorios/define';
import { reportColumns, type ReportItem } from './itens';

/**
 * The spreadsheet outputs of a report. CSV is for other programs: one line per row, the group as its first column,
 * no subtotal lines (`;`, decimal comma, DD/MM/YYYY, BOM for Excel pt-BR). XLSX is for people: typed cells, the group
 * column, a bold subtotal after each group and the grand total at the end, header frozen.
 */

const int = new Intl.NumberFormat('pt-BR');
const countOf = (def: ReportDef, n: number) => `${int.format(n)} ${n === 1 ? def.list.noun.singular : def.list.noun.plural}`;

/** Text cells someone typed are guarded against formula injection; numbers and dates are ours. */
const TYPED = new Set(['text', 'ref', 'enum']);

export async function reportCsv(def: ReportDef, items: AsyncIterable<ReportItem>): Promise<Buffer> {
  const cols = reportColumns(def);
  const head = [...(def.group ? [def.group.label] : []), ...cols.map((c) => c.label)];
  const parts: string[] = [`\uFEFF${head.map((h) => csvText(h)).join(';')}\r\n`];
  let chunk = '';
  for await (const it of items) {
    if (it.t !== 'row') continue;
    const cells = cols.map((c) => csvText(exportText(c, it.row), TYPED.has(c.field.kind)));
    chunk += `${(def.group ? [csvText(String(it.row[def.group.key] ?? '')), ...cells] : cells).join(';')}\r\n`;
    if (chunk.length > 64_000) {
      parts.push(chunk);
      chunk = '';
    }
  }
  parts.push(chunk);
  return Buffer.from(parts.join(''), 'utf8');
}

export async function reportXlsx(def: ReportDef, title: string, items: AsyncIterable<ReportItem>): Promise<Buffer> {
  const cols = reportColumns(def);
  const lead = def.group ? 1 : 0;
  const w = xlsxWriter({
    sheet: title,
    header: [...(def.group ? [def.group.label] : []), ...cols.map((c) => c.label)],
    widths: [...(def.group ? [28] : []), ...cols.map((c) => (c.num ? 14 : c.field.kind === 'date' ? 12 : Math.max(12, c.label.length + 2)))],
  });
  const chunks: Buffer[] = [];
  w.out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    w.out.on('end', resolve);
    w.out.on('error', reject);
  });
  const sums = (label: string, totais: Record<string, number>): XlsxCell[] => {
    const cells: XlsxCell[] = new Array(lead + cols.length).fill(null);
    cells[0] = { t: 'text', v: label, bold: true };
    for (const t of def.totals ?? []) {
      const i = cols.findIndex((c) => c.key === t.key);
      if (i >= 0) cells[lead + i] = { t: t.kind === 'percent' ? 'decimal' : t.kind, v: totais[t.key] ?? 0, bold: true };
    }
    return cells;
  };
  for await (const it of items) {
    if (it.t === 'row') await w.row([...(def.group ? [{ t: 'text' as const, v: String(it.row[def.group.key] ?? '') }] : []), ...cols.map((c) => xlsxCellOf(c, it.row))]);
    else if (it.t === 'sub') await w.row(sums(`Subtotal de ${it.rotulo}: ${countOf(def, it.n)}`, it.totais));
    else if (it.t === 'total') await w.row(sums(`Total geral: ${countOf(def, it.n)}`, it.totais));
  }
  w.end();
  await done;
  return Buffer.concat(chunks);
}

export const reportCount = countOf;
