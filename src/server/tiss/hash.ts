import { createHash } from 'node:crypto';
import type { Charset } from './latin1';

/**
 * The epílogo hash (DOMAIN.md §1.2): MD5, in hex, of the text content of every element of the message in document
 * order, without tags, leaving out the `hash` element itself. Whitespace that only lays the tags out (line breaks and
 * indentation between elements) is not content; an element's own text is taken as written, entities resolved.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescape(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (_, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)) : ENTITIES[e],
  );
}

// a comment, CDATA, a processing instruction or declaration, or a tag (quoted attribute values may hold '>')
const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<[?!][\s\S]*?>|<(\/?)([^\s/>]+)(?:[^>"']|"[^"]*"|'[^']*')*?(\/?)>/g;
const localName = (q: string) => q.slice(q.indexOf(':') + 1);

/** The concatenated text the hash is computed over. */
export function hashContent(xml: string): string {
  const out: string[] = [];
  let inHash = 0;
  let last = 0;
  const take = (text: string) => {
    if (!inHash && text.trim() !== '') out.push(unescape(text));
  };
  for (let m = TOKEN.exec(xml); m; m = TOKEN.exec(xml)) {
    take(xml.slice(last, m.index));
    last = TOKEN.lastIndex;
    if (m[1] !== undefined) {
      if (!inHash) out.push(m[1]);
    } else if (m[3] !== undefined && !m[4]) {
      if (localName(m[3]) === 'hash') inHash += m[2] ? -1 : 1;
    }
  }
  take(xml.slice(last));
  TOKEN.lastIndex = 0;
  return out.join('');
}

export const md5Hex = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/** The hash a writer puts in the epílogo: over the ISO-8859-1 bytes. */
export const tissHash = (xml: string) => md5Hex(Buffer.from(hashContent(xml), 'latin1'));

/** The hash written in the epílogo, or null when there is none. */
export function hashInformado(xml: string): string | null {
  const m = /<(?:[\w.-]+:)?hash>\s*([^<]*?)\s*<\/(?:[\w.-]+:)?hash>/.exec(xml);
  return m ? m[1] : null;
}

/**
 * Which byte form the informed hash matches: ISO-8859-1 (the standard) or UTF-8 (what some counterparts compute);
 * null when neither does.
 */
export function conferirHash(xml: string, informado: string): Charset | null {
  const content = hashContent(xml);
  const h = informado.trim().toLowerCase();
  // eslint-disable-next-line no-control-regex -- the range is ISO-8859-1 itself
  if (/^[\u0000-\u00ff]*$/.test(content) && md5Hex(Buffer.from(content, 'latin1')) === h) return 'ISO-8859-1';
  if (md5Hex(Buffer.from(content, 'utf8')) === h) return 'UTF-8';
  return null;
}
