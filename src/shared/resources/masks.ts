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
