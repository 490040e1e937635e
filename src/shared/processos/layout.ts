import { fold } from '../text';

/**
 * A fixed-width file layout (the printer's embossing file, a client's payroll file), declared once: the writer
 * builds each line from it and the screen shows it as a table (field, position, size, format).
 */
export type Formato = 'N' | 'A' | 'D';
export const FORMATO_LABEL: Record<Formato, string> = {
  N: 'Numérico, zeros à esquerda',
  A: 'Alfanumérico, maiúsculas sem acento, espaços à direita',
  D: 'Data DDMMAAAA',
};

export interface CampoLayout {
  nome: string;
  descricao: string;
  tamanho: number;
  formato: Formato;
  /** A constant (the record type). */
  fixo?: string;
}
export interface RegistroLayout {
  nome: string;
  campos: readonly CampoLayout[];
}
export interface Layout {
  titulo: string;
  /** How the file is named and encoded, for the screen. */
  arquivo: string;
  registros: readonly RegistroLayout[];
  /** A delimited file (CSV): fields are columns in this order, `tamanho` their maximum size. */
  separador?: string;
}

/** Each field with its first and last positions (1-based, as layouts are printed). */
export function posicoes(r: RegistroLayout): (CampoLayout & { inicio: number; fim: number })[] {
  let at = 1;
  return r.campos.map((c) => {
    const out = { ...c, inicio: at, fim: at + c.tamanho - 1 };
    at += c.tamanho;
    return out;
  });
}

export const larguraDe = (r: RegistroLayout) => r.campos.reduce((s, c) => s + c.tamanho, 0);

/** ISO date → DDMMAAAA. */
const ddmmaaaa = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;

/**
 * One line of a record: numbers right-aligned with zeros, text upper-case without accents (printers and legacy
 * systems read ASCII) cut or padded with spaces, dates as DDMMAAAA; empty values are zeros or spaces.
 */
export function linha(r: RegistroLayout, valores: Record<string, string | number | null | undefined>): string {
  return r.campos
    .map((c) => {
      const v = c.fixo ?? valores[c.nome];
      const s = v == null ? '' : String(v);
      if (c.formato === 'N') {
        const d = s.replace(/\D/g, '');
        if (d.length > c.tamanho) throw new Error(`${c.nome}: ${d.length} dígitos para ${c.tamanho} posições`);
        return d.padStart(c.tamanho, '0');
      }
      if (c.formato === 'D') return (s ? ddmmaaaa(s) : '').padEnd(c.tamanho, '0').slice(0, c.tamanho);
      return fold(s).toUpperCase().replace(/[^\x20-\x7E]/g, ' ').slice(0, c.tamanho).padEnd(c.tamanho, ' ');
    })
    .join('');
}
