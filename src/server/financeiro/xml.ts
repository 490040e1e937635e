/**
 * A small writer for the federal XML files (EFD-Reinf, eSocial): an element tree in schema order, absent optional
 * elements left out as null, one element per line, UTF-8 (both leiautes declare UTF-8), no prefix.
 */
export type NoXml = readonly [nome: string, conteudo: string | number | readonly (NoXml | null | undefined | false)[], atributos?: Readonly<Record<string, string>>];

const escapar = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const attrs = (a?: Readonly<Record<string, string>>) => (a ? Object.entries(a).map(([k, v]) => ` ${k}="${escapar(v)}"`).join('') : '');

function escrever(no: NoXml, nivel: number, out: string[]) {
  const [nome, conteudo, a] = no;
  const pad = '  '.repeat(nivel);
  if (typeof conteudo !== 'object') {
    out.push(`${pad}<${nome}${attrs(a)}>${escapar(String(conteudo))}</${nome}>`);
    return;
  }
  out.push(`${pad}<${nome}${attrs(a)}>`);
  for (const f of conteudo) if (f) escrever(f, nivel + 1, out);
  out.push(`${pad}</${nome}>`);
}

export function documentoXml(raiz: NoXml): Uint8Array {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  escrever(raiz, 0, out);
  return new TextEncoder().encode(`${out.join('\n')}\n`);
}

/** Centavos as the federal leiautes write amounts: a comma and two decimals ('1201,22'), never through a float. */
export function decimalVirgula(c: number): string {
  if (!Number.isSafeInteger(c) || c < 0) throw new RangeError(`valor inválido: ${c}`);
  const s = String(c).padStart(3, '0');
  return `${s.slice(0, -2)},${s.slice(-2)}`;
}

/** The event id of both leiautes: ID + inscription type + the 14-digit number + AAAAMMDDHHMMSS + a 5-digit sequence. */
export function idEvento(cnpj: string, momento: Date, seq: number): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const t = `${momento.getUTCFullYear()}${p(momento.getUTCMonth() + 1)}${p(momento.getUTCDate())}${p(momento.getUTCHours())}${p(momento.getUTCMinutes())}${p(momento.getUTCSeconds())}`;
  return `ID1${cnpj.padStart(14, '0')}${t}${p(seq, 5)}`;
}
