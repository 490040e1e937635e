import type { ListColumn } from '../../shared/lists/types';
import { comPercentuais, type ReportDef } from '../../shared/relatorios/define';
import type { Field } from '../../shared/resources/define';
import { displayValue } from '../../shared/resources/display';
import type { Row } from '../lists/source';

/**
 * A report as its files write it: rows in order, with a heading when a group starts, its subtotal when it ends and
 * the grand total at the end — computed here, on the rows as they stream, so the files need no second query.
 */
export type ReportItem =
  | { t: 'row'; row: Row }
  | { t: 'head'; rotulo: string }
  | { t: 'sub'; rotulo: string; n: number; totais: Record<string, number> }
  | { t: 'total'; n: number; totais: Record<string, number> };

export interface ReportColumn {
  key: string;
  label: string;
  field: Field;
  /** Money and numbers align right. */
  num: boolean;
}

export function reportColumns(def: ReportDef): ReportColumn[] {
  return def.list.columns.map((c: ListColumn) => {
    const field = def.list.fields[c.field ?? c.key];
    return { key: c.key, label: c.label ?? field.label, field, num: field.kind === 'money' || field.kind === 'integer' || field.kind === 'decimal' };
  });
}

/** A cell as a person reads it (labels of enums, masks, DD/MM/YYYY, R$). */
export const cellText = (c: ReportColumn, row: Row) => displayValue(c.field, row[c.key], row, c.key);

export async function* reportItems(def: ReportDef, batches: AsyncIterable<Row[]>): AsyncGenerator<ReportItem> {
  const keys = (def.totals ?? []).filter((t) => t.kind !== 'percent').map((t) => t.key);
  const zero = () => Object.fromEntries(keys.map((k) => [k, 0])) as Record<string, number>;
  const add = (acc: Record<string, number>, row: Row) => keys.forEach((k) => (acc[k] += Number(row[k] ?? 0)));
  const total = { n: 0, totais: zero() };
  let group: { rotulo: string; n: number; totais: Record<string, number> } | null = null;
  for await (const rows of batches) {
    for (const row of rows) {
      if (def.group) {
        const rotulo = String(row[def.group.key] ?? '');
        if (!group || group.rotulo !== rotulo) {
          if (group) yield { t: 'sub', ...group, totais: comPercentuais(def, group.totais) };
          group = { rotulo, n: 0, totais: zero() };
          yield { t: 'head', rotulo };
        }
        group.n++;
        add(group.totais, row);
      }
      total.n++;
      add(total.totais, row);
      yield { t: 'row', row };
    }
  }
  if (group) yield { t: 'sub', ...group, totais: comPercentuais(def, group.totais) };
  yield { t: 'total', n: total.n, totais: comPercentuais(def, total.totais) };
}
