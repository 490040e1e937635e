/**
 * Input masks (spec §5): # digit, X alphanumeric, S letter, A uppercase letter, a lowercase letter.
 * Every other mask character is a literal shown while typing and stripped before the value is stored.
 * The stored value keeps only the characters typed into placeholders ("raw").
 */
const SLOT: Record<string, RegExp> = {
  '#': /[0-9]/,
  X: /[0-9A-Za-z]/,
  S: /[A-Za-zÀ-ÿ]/,
  A: /[A-Za-zÀ-ÿ]/,
  a: /[A-Za-zÀ-ÿ]/,
};

export const isSlot = (m: string) => m in SLOT;

/** How many characters the raw value holds. */
export const maskSlots = (mask: string) => [...mask].filter(isSlot).length;

function fit(slot: string, ch: string): string | undefined {
  if (!SLOT[slot].test(ch)) return undefined;
  if (slot === 'A') return ch.toUpperCase();
  if (slot === 'a') return ch.toLowerCase();
  return ch;
}

/**
 * Applies a mask to what was typed (masked or raw). Characters that do not fit the next slot are skipped,
 * literals are inserted as soon as the next slot is filled, and input stops when the mask is full.
 */
export function applyMask(mask: string, input: string): string {
  let out = '';
  let pending = '';
  let i = 0;
  const chars = [...input];
  for (const m of mask) {
    if (!isSlot(m)) {
      pending += m;
      continue;
    }
    let placed: string | undefined;
    while (i < chars.length && placed === undefined) {
      const ch = chars[i++];
      placed = fit(m, ch);
    }
    if (placed === undefined) break;
    out += pending + placed;
    pending = '';
  }
  return out;
}

/** The raw value (placeholders only) of a masked or raw input. */
export function unmask(mask: string, input: string): string {
  const masked = [...applyMask(mask, input)];
  let raw = '';
  let k = 0;
  for (const m of mask) {
    if (k >= masked.length) break;
    if (isSlot(m)) raw += masked[k];
    k++;
  }
  return raw;
}

/** True when a raw value fills every slot of the mask with the right kind of character. */
export function matchesMask(mask: string, raw: string): boolean {
  const slots = [...mask].filter(isSlot);
  const chars = [...raw];
  if (chars.length !== slots.length) return false;
  return chars.every((ch, i) => fit(slots[i], ch) === ch);
}

/** Formats a stored raw value for display (the raw value itself when it does not fit). */
export function formatMasked(mask: string | undefined, raw: string | null | undefined): string {
  if (raw == null) return '';
  if (!mask) return raw;
  return matchesMask(mask, raw) ? applyMask(mask, raw) : raw;
}

/** A human hint of the mask for messages: '#####-###' → '00000-000'. */
export function maskHint(mask: string): string {
  return [...mask].map((m) => (m === '#' ? '0' : m === 'X' || m === 'S' || m === 'A' ? 'A' : m === 'a' ? 'a' : m)).join('');
}

// ---- phones (spec §9): the mask follows the number typed -----------------------------------------------------------

/** Mobile (11 digits), landline (10 digits) and 0800 numbers (spec §9). */
export const PHONE_MASKS = { celular: '(##) #####-####', fixo: '(##) ####-####', gratuito: '#### ### ####' } as const;

/** The phone mask for what was typed so far: 0800 numbers spaced, 11 digits as a mobile, else a landline. */
export function phoneMaskFor(input: string): string {
  const d = input.replace(/\D/g, '');
  if (d.startsWith('0800')) return PHONE_MASKS.gratuito;
  return d.length > 10 ? PHONE_MASKS.celular : PHONE_MASKS.fixo;
}

/** Formats a phone while typing or for display: (31) 98765-4321, (31) 3234-5678, 0800 123 4567. */
export const applyPhoneMask = (input: string) => applyMask(phoneMaskFor(input), input.replace(/\D/g, '').slice(0, 11));

/** A stored text value as people read it: masks applied, phones formatted by their length. */
export function displayText(field: { mask?: string; format?: string }, raw: string | null | undefined): string {
  if (raw == null) return '';
  if (field.format === 'phone') return /^\d{10,11}$/.test(raw) ? applyPhoneMask(raw) : raw;
  return formatMasked(field.mask, raw);
}

/** Masks of the Brazilian identifiers (DOMAIN §4); the alphanumeric CNPJ (RFB, from July 2026) fits the X slots. */
export const DOC_MASKS = {
  cpf: '###.###.###-##',
  cnpj: 'XX.XXX.XXX/XXXX-##',
  pis: '###.#####.##-#',
  cns: '### #### #### ####',
  cep: '#####-###',
  cbo: '####-##',
  cnes: '#######',
} as const;
