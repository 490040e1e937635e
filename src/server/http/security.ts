import type { FastifyInstance } from 'fastify';

/** No inline scripts; styles allow inline because the grid positions cells with style attributes. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** A year; no includeSubDomains: the operator's other hosts are not ours to pin. */
export const HSTS = 'max-age=31536000';

export function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }) {
  app.addHook('onSend', async (req, reply) => {
    // only over HTTPS: a browser ignores it on plain HTTP, and a development server must stay reachable without TLS
    if (opts.https) reply.header('strict-transport-security', HSTS);
    reply.header('content-security-policy', CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (req.url.startsWith('/api')) reply.header('cache-control', 'no-store');
  });
}
