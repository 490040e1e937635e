/**
 * TISS messages travel in ISO-8859-1 (the ANS schemas and every counterpart). Decoding follows the XML declaration:
 * ISO-8859-1 (the standard's own) or UTF-8 (sent by some counterparts); anything else is refused.
 */

export type Charset = 'ISO-8859-1' | 'UTF-8';

export class CharsetError extends Error {}

/** The encoding the XML declaration names; without a declaration XML means UTF-8. */
export function declaredCharset(bytes: Uint8Array): Charset | null {
  let head = '';
  for (let i = 0; i < Math.min(bytes.length, 200); i++) head += String.fromCharCode(bytes[i]);
  const decl = /^(?:\uFEFF|\u00EF\u00BB\u00BF)?<\?xml\s[^?]*encoding\s*=\s*["']([^"']+)["']/.exec(head);
  if (!decl) return 'UTF-8';
  const name = decl[1].toUpperCase().replace(/_/g, '-');
  if (name === 'ISO-8859-1' || name === 'LATIN1' || name === 'ISO8859-1') return 'ISO-8859-1';
  if (name === 'UTF-8' || name === 'UTF8') return 'UTF-8';
  return null;
}

/** The text of a message in the charset it declares; an invalid UTF-8 sequence is refused, never replaced. */
export function decodeXml(bytes: Uint8Array): { text: string; charset: Charset } {
  const charset = declaredCharset(bytes);
  if (!charset) throw new CharsetError('codificação não aceita');
  if (charset === 'ISO-8859-1') return { text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'), charset };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes), charset };
  } catch {
    throw new CharsetError('UTF-8 inválido');
  }
}

/** ISO-8859-1 bytes of a text; a character outside it (an emoji, "€") cannot be written and is refused. */
export function encodeLatin1(text: string): Buffer {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0xff) throw new CharsetError(`caractere fora do ISO-8859-1: ${JSON.stringify(text[i])}`);
  }
  return Buffer.from(text, 'latin1');
}
