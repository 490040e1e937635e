import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/**
 * The one rule for text at the edge (CONTRIBUTING.md, "Entrada"): before any route schema or handler, every string of
 * the body, the query and the path, and every key naming a field, is Unicode the database and the export formats can
 * hold. Refused (400, nothing read further): NUL and the other C0 controls except tab, line feed and carriage return;
 * DEL and the C1 controls (U+007F–U+009F); lone surrogates; noncharacters (U+FDD0–U+FDEF and U+xFFFE/U+xFFFF of every
 * plane). PostgreSQL text cannot hold NUL; XML 1.0 (XLSX) cannot hold C0 controls, surrogates or U+FFFE/U+FFFF; none is
 * typed by a person. A key that is a member of every object's prototype (`constructor`, `__proto__`, `toString`…)
 * names no field of this product and is refused too, so no user-given name reaches a lookup as an inherited member.
 */

// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFDD0-\uFDEF\uFFFE\uFFFF]|[\uD83F\uD87F\uD8BF\uD8FF\uD93F\uD97F\uD9BF\uD9FF\uDA3F\uDA7F\uDABF\uDAFF\uDB3F\uDB7F\uDBBF\uDBFF][\uDFFE\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text holds a character the rule refuses. */
export const hasForbiddenChar = (s: string): boolean => FORBIDDEN.test(s);

const PROTO_MEMBERS = new Set(Object.getOwnPropertyNames(Object.prototype));
/** Whether a user-given name is a member of every object's prototype (never a field name). */
export const isPrototypeMember = (name: string): boolean => PROTO_MEMBERS.has(name) || PROTO_MEMBERS.has(name.split('.')[0]);

export const INPUT_MSG = {
  caractere: 'O texto contém um caractere não permitido (de controle ou inválido). Remova-o e envie de novo.',
  nome: 'Campo ou filtro desconhecido.',
  endereco: 'O endereço contém caracteres inválidos.',
  profundidade: 'Dados inválidos: há níveis demais uns dentro dos outros.',
} as const;

const MAX_DEPTH = 32;

/** The first problem in a value (path and message), walking objects and arrays; undefined when the value is clean. */
export function inputProblem(value: unknown, path: string[] = [], depth = 0): { field: string; message: string } | undefined {
  if (typeof value === 'string') return hasForbiddenChar(value) ? { field: path.join('.'), message: INPUT_MSG.caractere } : undefined;
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return undefined;
  // no form nests this deep; past it nothing is walked, so nothing is let through unchecked either
  if (depth >= MAX_DEPTH) return { field: path.join('.'), message: INPUT_MSG.profundidade };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = inputProblem(value[i], [...path, String(i)], depth + 1);
      if (p) return p;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (hasForbiddenChar(key)) return { field: [...path, 'chave'].join('.'), message: INPUT_MSG.caractere };
    if (isPrototypeMember(key)) return { field: [...path, key].join('.'), message: INPUT_MSG.nome };
    const p = inputProblem((value as Record<string, unknown>)[key], [...path, key], depth + 1);
    if (p) return p;
  }
  return undefined;
}

/** Percent-encoding that does not decode to UTF-8 (a lone surrogate's bytes, a truncated sequence) in the path or query. */
function badEncoding(url: string): boolean {
  if (!url.includes('%')) return false;
  for (const part of url.split(/[?&=/]/)) {
    if (!part.includes('%')) continue;
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return true;
    }
  }
  return false;
}

export function registerInputChecks(app: FastifyInstance) {
  // preValidation: after the access check (onRequest) and the body parser, before the route's schema
  app.addHook('preValidation', async (req: FastifyRequest) => {
    if (!req.url.startsWith('/api')) return;
    if (badEncoding(req.url)) throw badRequest(INPUT_MSG.endereco);
    const p = inputProblem(req.params) ?? inputProblem(req.query) ?? inputProblem(req.body);
    if (p) throw badRequest(p.message, p.field || undefined);
  });
}
