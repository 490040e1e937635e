import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';
import { int4Id } from '../../shared/validation/ids';
import { AppError, zodAlerts } from './errors';

/**
 * Request schemas declared to Fastify from the shared zod schemas: a route's `schema: { params, querystring, body }`
 * validates before the handler (after the access check, which runs on onRequest) and types `req.params`,
 * `req.query` and `req.body` through this type provider. A refusal answers 400 with one pt-BR alert per field,
 * as every other error does.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const r = schema.safeParse(data);
    return r.success ? { value: r.data } : { error: new AppError(400, zodAlerts(r.error)) };
  };

/** A body schema that reads a missing body as an empty object (each required field then says what is missing). */
export const body = <S extends z.ZodType>(schema: S) => z.preprocess((v) => v ?? {}, schema);

/** A record's id in the path (the database's 32-bit serials). */
export const idParams = z.object({ id: int4Id('Identificador inválido.') });
