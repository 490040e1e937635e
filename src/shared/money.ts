/**
 * Money, the one way: integer centavos end to end (ARCHITECTURE "Money"). Columns are 64-bit integers (`bigint`),
 * the API carries whole centavos as JSON numbers, arithmetic is integer arithmetic, and text exists only at the
 * edges: `parseMoney` reads what a person types ('1.234,56', 'R$ 10', '-3,5') and `formatMoney` writes it back,
 * both by string manipulation, never through a floating-point value of reais.
 *
 * Centavos stay exact as JavaScript numbers up to Number.MAX_SAFE_INTEGER (R$ 90 trilhões); MAX_CENTAVOS keeps
 * every stored value (R$ 9,99 trilhões at most) far enough below it that sums of a million of them stay exact too.
 */
export type Centavos = number;

/** The largest amount the product stores: R$ 9.999.999.999.999,99 (13 digits of reais). */
export const MAX_CENTAVOS = 999_999_999_999_999;

export const isCentavos = (v: unknown): v is Centavos => typeof v === 'number' && Number.isSafeInteger(v) && Math.abs(v) <= MAX_CENTAVOS;

/** A value read from the database or a JSON body as centavos: integers only (bigint, numeric text or number). */
export function toCentavos(v: unknown): Centavos | null {
  if (v == null) return null;
  if (typeof v === 'bigint') v = Number(v);
  if (typeof v === 'string' && /^-?\d{1,16}$/.test(v)) v = Number(v);
  if (!isCentavos(v)) throw new RangeError(`valor monetário inválido: ${String(v)}`);
  return v;
}

/**
 * Reads typed money: 'R$ 1.234,56', '1.234,56', '1234,5', '1234', '-10,00'. A comma is the decimal separator and
 * dots group thousands; without a comma, a dot followed by one or two digits is taken as the decimal point
 * ('10.5', as pasted from elsewhere). Undefined when the text is not an amount or has more than two decimals.
 */
export function parseMoney(text: string): Centavos | undefined {
  let s = text.replace(/R\$|\s|\u00a0/g, '');
  let negative = false;
  if (s.startsWith('-')) [negative, s] = [true, s.slice(1)];
  let int: string;
  let dec = '';
  if (s.includes(',')) {
    const [a, b, ...rest] = s.split(',');
    if (rest.length || !/^\d{0,2}$/.test(b) || !/^(\d{1,3}(\.\d{3})*|\d*)$/.test(a) || !(a + b)) return undefined;
    [int, dec] = [a.replace(/\./g, ''), b];
  } else if (/^\d+\.\d{1,2}$/.test(s)) [int, dec] = s.split('.') as [string, string];
  else if (/^(\d{1,3}(\.\d{3})+|\d+)$/.test(s)) int = s.replace(/\./g, '');
  else return undefined;
  int = int.replace(/^0+(?=\d)/, '');
  if (int.length > 13) return undefined;
  const c = Number(int || '0') * 100 + Number(dec.padEnd(2, '0'));
  return negative && c !== 0 ? -c : c;
}

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** '1.234,56' (no currency sign): the value as a form field shows it. */
export function formatMoneyPlain(c: Centavos | null | undefined): string {
  if (c == null) return '';
  const s = String(Math.abs(c)).padStart(3, '0');
  return `${c < 0 ? '-' : ''}${group(s.slice(0, -2))},${s.slice(-2)}`;
}

/** 'R$ 1.234,56' (with the non-breaking space Intl's pt-BR currency format uses). */
export function formatMoney(c: Centavos | null | undefined): string {
  if (c == null) return '';
  return `${c < 0 ? '-' : ''}R$\u00a0${formatMoneyPlain(Math.abs(c))}`;
}

/** Exact sum; throws instead of losing precision. */
export function sumMoney(values: Iterable<Centavos>): Centavos {
  let total = 0;
  for (const v of values) {
    total += v;
    if (!Number.isSafeInteger(total)) throw new RangeError('soma monetária fora do intervalo exato');
  }
  return total;
}

/** An amount times a whole quantity (items of a guide). */
export function timesQuantity(c: Centavos, quantidade: number): Centavos {
  if (!Number.isInteger(quantidade)) throw new RangeError('quantidade deve ser inteira');
  const r = c * quantidade;
  if (!Number.isSafeInteger(r)) throw new RangeError('valor fora do intervalo exato');
  return r;
}

/**
 * A percentage of an amount, rounded half up to the centavo (a price table's factor, a tax rate). The rate is
 * given in hundredths of a percent (12,5 % = 1250) so no fraction is ever held in a float.
 */
export function percentOf(c: Centavos, basisPoints: number): Centavos {
  if (!Number.isInteger(basisPoints)) throw new RangeError('percentual em centésimos deve ser inteiro');
  const p = BigInt(c) * BigInt(basisPoints);
  const q = p / 10000n;
  const r = p % 10000n;
  const twice = (r < 0n ? -r : r) * 2n;
  const rounded = twice >= 10000n ? q + (p < 0n ? -1n : 1n) : q;
  return Number(rounded);
}

/** '1234.56': the amount as a plain decimal numeral (a spreadsheet cell, an XML field), exact. */
export function toDecimalString(c: Centavos): string {
  const s = String(Math.abs(c)).padStart(3, '0');
  return `${c < 0 ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
}
