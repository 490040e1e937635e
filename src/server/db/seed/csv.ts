import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../paths';

/** The reference data files shipped with the seed (dados/README.md names their sources). */
export const DADOS_DIR = join(ROOT, 'src/server/db/seed/dados');

/**
 * RFC 4180 CSV: comma-separated, fields in double quotes may hold commas, line breaks and doubled quotes; CRLF or LF
 * line ends. The first line is the header; every other line becomes an object keyed by it.
 */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  const lines = text.split(/\r?\n/);
  for (let l = 0; l < lines.length; l++) {
    let line = lines[l];
    // most lines have no quotes: a plain split (the reference files are 18,000 lines, read on every first start)
    if (!line.includes('"')) {
      if (line) rows.push(line.split(','));
      continue;
    }
    // a quoted field may hold a line break: join lines until the quotes balance
    while ((line.match(/"/g)?.length ?? 0) % 2 && l + 1 < lines.length) line += `\n${lines[++l]}`;
    const row: string[] = [];
    let i = 0;
    while (i <= line.length) {
      if (line[i] === '"') {
        let field = '';
        i++;
        for (;;) {
          const q = line.indexOf('"', i);
          if (q < 0) throw new Error(`CSV: aspas sem fechamento na linha ${l + 1}`);
          field += line.slice(i, q);
          if (line[q + 1] === '"') {
            field += '"';
            i = q + 2;
          } else {
            i = q + 1;
            break;
          }
        }
        row.push(field);
        i++; // the comma after the closing quote
      } else {
        const c = line.indexOf(',', i);
        const end = c < 0 ? line.length : c;
        row.push(line.slice(i, end));
        i = end + 1;
      }
    }
    rows.push(row);
  }
  const [header, ...body] = rows;
  return body.map((r) => Object.fromEntries(header.map((h, k) => [h, r[k] ?? ''])));
}

/** A CSV file of dados/ (UTF-8), parsed. */
export const readDados = (file: string) => parseCsv(readFileSync(join(DADOS_DIR, file), 'utf8').replace(/^\uFEFF/, ''));
