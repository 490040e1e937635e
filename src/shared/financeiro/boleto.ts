/**
 * The bank slip (boleto de cobrança) as the Banco Central and FEBRABAN define it (Carta-Circular BCB nº 3.598/2013,
 * FEBRABAN "Layout padrão de código de barras"): 44 digits — bank (3), currency 9 (1), general check digit (1),
 * fator de vencimento (4), amount in centavos (10), the bank's free field (25) — printed as Interleaved 2 of 5 and
 * typed as the linha digitável (47 digits: three fields with a módulo 10 digit each, the general digit, due factor
 * and amount). The free field is the bank's: here Banco do Brasil's for a 7-digit convênio (the operator's account).
 */

/** Day 0 of the due factor: 07/10/1997 (factor 1000 on 03/07/2000). */
const BASE = Date.UTC(1997, 9, 7);
/** FEBRABAN's reset: factor 9999 fell on 21/02/2025; 22/02/2025 restarts at 1000. */
const REINICIO = Date.UTC(2025, 1, 22);
const DIA = 86_400_000;

const utc = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));

/** The due factor of a date (ISO), with the 22/02/2025 reset; dates before 03/07/2000 have none. */
export function fatorVencimento(iso: string): number {
  const t = utc(iso);
  if (t >= REINICIO) return 1000 + Math.round((t - REINICIO) / DIA) % 9000;
  const f = Math.round((t - BASE) / DIA);
  if (f < 1000) throw new Error(`Vencimento ${iso} anterior ao primeiro fator (03/07/2000).`);
  return f;
}

/** Módulo 10 (weights 2,1 from the right, digits of each product added). */
export function modulo10(num: string): number {
  let soma = 0;
  let peso = 2;
  for (let i = num.length - 1; i >= 0; i--) {
    const p = Number(num[i]) * peso;
    soma += p > 9 ? p - 9 : p;
    peso = peso === 2 ? 1 : 2;
  }
  return (10 - (soma % 10)) % 10;
}

/** The barcode's general digit: módulo 11, weights 2 to 9 from the right; 0, 10 and 11 become 1. */
export function modulo11Barras(num: string): number {
  let soma = 0;
  let peso = 2;
  for (let i = num.length - 1; i >= 0; i--) {
    soma += Number(num[i]) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const dv = 11 - (soma % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** Banco do Brasil's nosso número for a 7-digit convênio: the convênio then a 10-digit sequence (17 digits, no check digit). */
export function nossoNumeroBB(convenio: string, sequencia: number): string {
  if (!/^\d{7}$/.test(convenio)) throw new Error('O convênio do Banco do Brasil para boletos deste formato tem 7 dígitos.');
  if (!Number.isSafeInteger(sequencia) || sequencia < 1 || sequencia > 9_999_999_999) throw new Error('Sequência do nosso número fora de 1 a 9999999999.');
  return `${convenio}${String(sequencia).padStart(10, '0')}`;
}

/** Banco do Brasil's free field, 7-digit convênio: six zeros, the nosso número (17), the carteira (2). */
export const campoLivreBB = (nossoNumero: string, carteira: string) => `000000${nossoNumero}${carteira.padStart(2, '0').slice(-2)}`;

export interface Boleto {
  /** The 44 digits of the barcode. */
  codigoBarras: string;
  /** The 47 digits of the linha digitável. */
  linhaDigitavel: string;
  /** The linha digitável as printed: 00190.00009 01234.567004 00000.001172 1 98760000012345. */
  linhaFormatada: string;
}

export function boleto(banco: string, vencimento: string, valor: number, campoLivre: string): Boleto {
  if (!/^\d{3}$/.test(banco)) throw new Error(`Banco ${banco} inválido.`);
  if (!/^\d{25}$/.test(campoLivre)) throw new Error('O campo livre do boleto tem 25 dígitos.');
  if (!Number.isSafeInteger(valor) || valor < 0 || valor > 99_999_999_99) throw new Error(`Valor ${valor} fora do que o boleto comporta.`);
  const fator = String(fatorVencimento(vencimento)).padStart(4, '0');
  const v = String(valor).padStart(10, '0');
  const sem = `${banco}9${fator}${v}${campoLivre}`;
  const dv = modulo11Barras(sem);
  const codigoBarras = `${banco}9${dv}${fator}${v}${campoLivre}`;
  const c1 = `${banco}9${campoLivre.slice(0, 5)}`;
  const c2 = campoLivre.slice(5, 15);
  const c3 = campoLivre.slice(15, 25);
  const campos = [`${c1}${modulo10(c1)}`, `${c2}${modulo10(c2)}`, `${c3}${modulo10(c3)}`, String(dv), `${fator}${v}`];
  const linhaDigitavel = campos.join('');
  const ponto = (s: string) => `${s.slice(0, 5)}.${s.slice(5)}`;
  const linhaFormatada = `${ponto(campos[0])} ${ponto(campos[1])} ${ponto(campos[2])} ${campos[3]} ${campos[4]}`;
  return { codigoBarras, linhaDigitavel, linhaFormatada };
}

/** Interleaved 2 of 5: each digit's five bars, 1 = wide. */
const I25: Record<string, string> = { '0': '00110', '1': '10001', '2': '01001', '3': '11000', '4': '00101', '5': '10100', '6': '01100', '7': '00011', '8': '10010', '9': '01010' };

/**
 * The barcode as alternating bar/space widths in narrow units (start 1111, pairs of digits interleaved — the first
 * digit's bars, the second's spaces — stop 311), beginning with a bar. Wide = 3 narrow, the ratio FEBRABAN's
 * printing specification allows (2.5 to 3).
 */
export function barrasI25(digitos: string): number[] {
  if (!/^\d*$/.test(digitos) || digitos.length % 2) throw new Error('Intercalado 2 de 5 pede um número par de dígitos.');
  const w = (b: string) => (b === '1' ? 3 : 1);
  const out = [1, 1, 1, 1];
  for (let i = 0; i < digitos.length; i += 2) {
    const barras = I25[digitos[i]];
    const espacos = I25[digitos[i + 1]];
    for (let k = 0; k < 5; k++) out.push(w(barras[k]), w(espacos[k]));
  }
  out.push(3, 1, 1);
  return out;
}

/** Reads back a barcode drawn by `barrasI25` (the test proves the bars carry the digits). */
export function lerBarrasI25(larguras: number[]): string {
  const porPadrao = new Map(Object.entries(I25).map(([d, p]) => [p, d]));
  const miolo = larguras.slice(4, -3);
  let out = '';
  for (let i = 0; i < miolo.length; i += 10) {
    const par = miolo.slice(i, i + 10);
    const b = par.filter((_, k) => k % 2 === 0).map((x) => (x > 1 ? '1' : '0')).join('');
    const e = par.filter((_, k) => k % 2 === 1).map((x) => (x > 1 ? '1' : '0')).join('');
    out += (porPadrao.get(b) ?? '?') + (porPadrao.get(e) ?? '?');
  }
  return out;
}
