/**
 * One Idempotency-Key per form instance: a double click or a resend after a lost answer gets the first record back.
 * 128 random bits as hex (getRandomValues also works on plain http, where randomUUID does not).
 */
export function novaChave(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
