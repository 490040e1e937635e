/** Folds one character for matching: lower case, accents removed, ª→a, º→o. Keeps length 1 per char. */
export function foldChar(ch: string): string {
  if (ch === 'ª') return 'a';
  if (ch === 'º' || ch === '°') return 'o';
  const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return (base[0] ?? ch).toLowerCase();
}

/** Accent- and case-insensitive form of a text; one output char per input char (keeps highlight positions). */
export function fold(s: string): string {
  let out = '';
  for (const ch of s) out += foldChar(ch);
  return out;
}

export const onlyDigits = (s: string) => s.replace(/\D+/g, '');

/** The label of a fixed list's key (`[chave, rótulo]` pairs), or the key itself when unknown. */
export const labelOf = (list: readonly (readonly [string, string])[], v: unknown): string => list.find(([k]) => k === v)?.[1] ?? String(v ?? '');

/** A card number as printed and shown: groups of four digits. */
export const formatCarteirinha = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');
