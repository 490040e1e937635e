import { instantToBr, isoToBr } from '../dates';
import { formatMoney } from '../money';
import type { DecimalField, Field, MoneyField } from './define';
import { displayText } from './masks';

/** A field's value as a person reads it (pt-BR): the grid's cells, the lists' tables, the reports. */

const numberFmt = (scale: number) => new Intl.NumberFormat('pt-BR', { minimumFractionDigits: scale, maximumFractionDigits: scale });
const intFmt = new Intl.NumberFormat('pt-BR');

export function formatNumber(f: DecimalField | MoneyField | { kind: 'integer' }, v: unknown): string {
  if (v == null || v === '') return '';
  const n = Number(v);
  if (f.kind === 'integer') return intFmt.format(n);
  if (f.kind === 'money') return formatMoney(n);
  if (f.format === 'percent') return `${numberFmt(f.scale).format(n)}%`;
  return numberFmt(f.scale).format(n);
}

/** A value as text; a reference shows its record's label (`<key>Label` of the row) when the row has it. */
export function displayValue(field: Field, v: unknown, row?: Record<string, unknown>, key?: string): string {
  if (v == null || v === '') return '';
  switch (field.kind) {
    case 'text':
      return field.format === 'html' ? String(v).replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() : displayText(field, String(v));
    case 'integer':
      return key === 'id' ? String(v) : formatNumber(field, v);
    case 'decimal':
    case 'money':
      return formatNumber(field, v);
    case 'date':
      return field.instant ? instantToBr(v) : isoToBr(v);
    case 'boolean':
      return v ? 'Sim' : 'Não';
    case 'enum':
      return field.options.find((o) => o.value === String(v))?.label ?? String(v);
    case 'ref':
      return String((row && key ? row[`${key}Label`] : undefined) ?? v);
  }
}
