import { fold } from '../text';

/**
 * A fixed-width file layout (the printer's embossing file, a client's payroll file), declared once: the writer
 * builds each line from it and the screen shows it as a table (field, position, size, format).
 */
export type Formato = 'N' | 'A' | 'D' | 'V';
export const FORMATO_LABEL: Record<Formato, string> = {
  N: 'Numérico, zeros à esquerda',
  A: 'Alfanumérico, maiúsculas sem acento, espaços à direita',
  D: 'Data DDMMAAAA',
  V: 'Valor em centavos, sem vírgula, zeros à esquerda',
};
/** The label of a field's format on the screen (a signed value says where its sign goes). */
export const formatoDe = (c: CampoLayout) => c.entrada ?? (c.formato === 'V' && c.sinal ? `${FORMATO_LABEL.V}; sinal + ou − na 1ª posição` : FORMATO_LABEL[c.formato]);

export interface CampoLayout {
  nome: string;
  descricao: string;
  tamanho: number;
  formato: Formato;
  /** A constant (the record type). */
  fixo?: string;
  /** 'V' only: the first position carries the sign (+ or -); without it a negative value is refused. */
  sinal?: boolean;
  /** A file the portal reads (an import): the format as the sender writes it, shown instead of the writer's. */
  entrada?: string;
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
  /** An XML file: each field is an element (its path in `nome`), `tamanho` its maximum size, `entrada` its format. */
  xml?: boolean;
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

/** A value the writer refuses (a declaration or a row that does not fit its layout): the job fails with this reason. */
export class LayoutInvalido extends Error {}

/** Digits of a numeric field: a number must be a non-negative integer; a text keeps only its digits (CPF with dots). */
function digitos(c: CampoLayout, v: string | number): string {
  if (typeof v === 'number' && (!Number.isSafeInteger(v) || v < 0)) throw new LayoutInvalido(`${c.descricao}: o valor ${v} não é um número inteiro não negativo.`);
  return String(v).replace(/\D/g, '');
}

/** Centavos right-aligned with zeros; the sign in the first position when the layout has one, refused otherwise. */
function valor(c: CampoLayout, v: string | number): string {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isSafeInteger(n)) throw new LayoutInvalido(`${c.descricao}: o valor ${v} não é um número inteiro de centavos.`);
  if (n < 0 && !c.sinal) throw new LayoutInvalido(`${c.descricao}: valor negativo (${n} centavos) num campo sem sinal.`);
  const d = String(Math.abs(n));
  const espaco = c.sinal ? c.tamanho - 1 : c.tamanho;
  if (d.length > espaco) throw new LayoutInvalido(`${c.descricao}: ${d.length} dígitos para ${espaco} posições.`);
  return (c.sinal ? (n < 0 ? '-' : '+') : '') + d.padStart(espaco, '0');
}

/** One field as the fixed-width layout writes it (see `linha`). */
function fixo(c: CampoLayout, v: string | number | null | undefined): string {
  const vazio = v == null || v === '';
  if (c.formato === 'V') return vazio ? (c.sinal ? '+' : '') + ''.padStart(c.sinal ? c.tamanho - 1 : c.tamanho, '0') : valor(c, v);
  if (c.formato === 'N') {
    const d = vazio ? '' : digitos(c, v);
    if (d.length > c.tamanho) throw new LayoutInvalido(`${c.descricao}: ${d.length} dígitos para ${c.tamanho} posições.`);
    return d.padStart(c.tamanho, '0');
  }
  const s = vazio ? '' : String(v);
  if (c.formato === 'D') {
    if (s && !/^\d{4}-\d{2}-\d{2}/.test(s)) throw new LayoutInvalido(`${c.descricao}: ${s} não é uma data.`);
    return (s ? ddmmaaaa(s) : '').padEnd(c.tamanho, '0').slice(0, c.tamanho);
  }
  return fold(s).toUpperCase().replace(/[^\x20-\x7E]/g, ' ').slice(0, c.tamanho).padEnd(c.tamanho, ' ');
}

/**
 * One line of a record: numbers right-aligned with zeros (a number too long is refused, never cut), money in
 * centavos likewise (negative only where the layout has a sign), text upper-case without accents (printers and
 * legacy systems read ASCII) cut or padded with spaces, dates as DDMMAAAA; empty values are zeros or spaces.
 */
export function linha(r: RegistroLayout, valores: Record<string, string | number | null | undefined>): string {
  return r.campos.map((c) => fixo(c, c.fixo ?? valores[c.nome])).join('');
}

/**
 * One line of a delimited record (a layout with `separador`): each field by the same rules, without the padding
 * (`tamanho` is the maximum; an identifier keeps the digits it has), an amount as a plain integer of centavos
 * (-123 where the layout has a sign); the separator and quotes inside a text become spaces.
 */
export function linhaCsv(r: RegistroLayout, separador: string, valores: Record<string, string | number | null | undefined>): string {
  return r.campos
    .map((c) => {
      const v = c.fixo ?? valores[c.nome];
      if (v == null || v === '') return '';
      if (c.formato === 'A') return fixo(c, String(v).replaceAll(separador, ' ').replace(/"/g, ' ')).trimEnd();
      if (c.formato === 'D') return fixo(c, v);
      // an identifier keeps its leading zeros (a CPF); an amount is a plain integer
      if (c.formato === 'N') return fixo(c, v) && digitos(c, v);
      const f = fixo(c, v);
      return (f[0] === '-' ? '-' : '') + f.replace(/^[+-]/, '').replace(/^0+(?=\d)/, '');
    })
    .join(separador);
}
