import type { FastifyError, FastifyInstance } from 'fastify';
import { z, type ZodType } from 'zod';
import type { Alert } from '../../shared/api';
import { FILE_MSG } from '../../shared/files';
import { APP_MSG } from '../../shared/messages';

/** An error the client should see: an HTTP status and pt-BR alerts (spec §8 format). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly alerts: Alert[],
  ) {
    super(alerts[0]?.value ?? 'erro');
  }
  static of(status: number, value: string, extra: Partial<Alert> = {}) {
    return new AppError(status, [{ type: 'error', value, ...extra }]);
  }
}

export const badRequest = (value: string, field?: string) => AppError.of(400, value, field ? { field } : {});
export const unauthorized = (value: string = APP_MSG.naoAutenticado) => AppError.of(401, value);
export const forbidden = (value: string = APP_MSG.acessoNegado) => AppError.of(403, value);
export const notFound = (value: string = APP_MSG.naoEncontrado) => AppError.of(404, value);
export const conflict = (value: string = APP_MSG.conflito) => AppError.of(409, value);

/** Validates input with a shared zod schema; refusals become 400 with one alert per field issue. */
export function parse<S extends ZodType>(schema: S, data: unknown): z.infer<S> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  throw new AppError(400, zodAlerts(r.error));
}

export function zodAlerts(error: z.ZodError): Alert[] {
  return error.issues.map((i) => {
    const field = i.path.map(String).join('.') || undefined;
    const generic = i.code === 'invalid_type' || i.code === 'unrecognized_keys' || i.code === 'invalid_union';
    const value = generic && !i.message.match(/[ãáéíóúçõ]|Informe/) ? `${APP_MSG.dadosInvalidos}${field ? ` (${field})` : ''}` : i.message;
    return { type: 'error' as const, value, ...(field ? { field } : {}) };
  });
}

/** Every failure answers alerts with the right status; never a stack trace. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) return reply.status(err.status).send({ messages: { alerts: err.alerts } });
    const fe = err as FastifyError;
    const known: Record<string, [number, string]> = {
      FST_ERR_CTP_BODY_TOO_LARGE: [413, APP_MSG.corpoGrande],
      FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, APP_MSG.tipoConteudo],
      FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, APP_MSG.jsonInvalido],
      FST_ERR_CTP_EMPTY_JSON_BODY: [400, APP_MSG.jsonInvalido],
      FST_ERR_CTP_INVALID_JSON_BODY: [400, APP_MSG.jsonInvalido],
    };
    // an upload over the limit says so in the files' own words (raw bytes reach only the upload routes: /api/arquivos,
    // /api/gerenciador/arquivos; any other route refuses that content type before reading it)
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && /^application\/octet-stream\b/i.test(String(req.headers['content-type'] ?? ''))) return reply.status(413).send({ messages: { alerts: [{ type: 'error', value: FILE_MSG.grande }] } });
    const k = fe.code && known[fe.code];
    if (k) return reply.status(k[0]).send({ messages: { alerts: [{ type: 'error', value: k[1] }] } });
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      const value = fe.statusCode === 413 ? APP_MSG.corpoGrande : fe.statusCode === 415 ? APP_MSG.tipoConteudo : APP_MSG.jsonInvalido;
      return reply.status(fe.statusCode).send({ messages: { alerts: [{ type: 'error', value }] } });
    }
    req.log.error({ err }, 'erro interno');
    return reply.status(500).send({ messages: { alerts: [{ type: 'error', value: APP_MSG.erroInterno }] } });
  });
  app.setNotFoundHandler((_req, reply) => reply.status(404).send({ messages: { alerts: [{ type: 'error', value: APP_MSG.rotaNaoEncontrada }] } }));
}
