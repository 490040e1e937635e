import type { ReactNode } from 'react';
import { applies, type Field, type Resource } from '../../shared/resources/define';
import { displayText } from '../../shared/resources/masks';

/** A stored value as people read it: option labels, reference labels, DD/MM/YYYY, masks, Sim/Não. */
export function valorDe(def: Resource, k: string, row: Record<string, unknown>): string {
  const f: Field = def.fields[k];
  const v = row[k];
  if (v == null || v === '') return '';
  switch (f.kind) {
    case 'enum':
      return f.options.find((o) => o.value === v)?.label ?? String(v);
    case 'ref':
      return String(row[`${k}Label`] ?? v);
    case 'date':
      return typeof v === 'string' ? `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)}` : String(v);
    case 'boolean':
      return v ? 'Sim' : 'Não';
    case 'text':
      return displayText(f, String(v));
    default:
      return String(v);
  }
}

export const dataBr = (v: string | null | undefined) => (v ? `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)}` : '');

/** A read-only record laid out by the definition's sections (the own record of a beneficiary or a provider). */
export function Ficha({ def, row, only, extra }: { def: Resource; row: Record<string, unknown>; only?: string[]; extra?: ReactNode }) {
  const sections = def.sections?.length ? def.sections : [{ title: def.label.singular, fields: def.keys }];
  return (
    <div className="ficha">
      {sections.map((s) => {
        const fields = s.fields.filter((k) => (!only || only.includes(k)) && applies(def.fields[k], row));
        if (!fields.length) return null;
        return (
          <section className="ficha-secao" key={s.title}>
            <h2>{s.title}</h2>
            <dl>
              {fields.map((k) => (
                <div key={k} data-campo={k}>
                  <dt>{def.fields[k].label}</dt>
                  <dd>{valorDe(def, k, row) || '—'}</dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
      {extra}
    </div>
  );
}
