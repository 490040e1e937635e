import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gte, isNull, like, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isoDateSchema, ufSchema, type Cidade, type PrestadorBusca } from '../../shared/api';
import { CONSTANTS } from '../../shared/clients';
import { APP_MSG } from '../../shared/messages';
import { onlyDigits } from '../../shared/text';
import type { AppContext } from '../context';
import { cidades, prestadores, ufs } from '../db/schema';
import { badRequest } from '../http/errors';
import { buscaNome, rankedByName, unranked } from '../lists/busca-nome';
import type { ZodTypeProvider } from '../http/schemas';
import { sessionOf } from '../http/access';
import { scopeOf } from '../policy';

/** Reference lookups: UFs, cities by UF and the default provider search (spec §7). */
export function referenciaRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  app.get('/api/dominios/ufs', { config: { access: 'session' } }, async () => {
    const rows = await db.select({ sigla: ufs.sigla }).from(ufs).orderBy(asc(ufs.sigla));
    return { result: rows.map((r) => r.sigla) };
  });

  app.get('/api/cidades/uf/:uf', { config: { access: 'session' }, schema: { params: z.object({ uf: ufSchema }) } }, async (req) => {
    const { uf } = req.params;
    const [known] = await db.select().from(ufs).where(eq(ufs.sigla, uf));
    if (!known) throw badRequest(APP_MSG.ufInvalida, 'uf');
    const rows = (await db.select({ id: cidades.id, nome: cidades.nome, uf: cidades.uf }).from(cidades).where(eq(cidades.uf, uf)).orderBy(asc(cidades.nomeBusca))) as Cidade[];
    return { result: rows };
  });

  /** Provider search by name, code, CPF or CNPJ; at least 5 characters; optional date of validity. */
  const findPrestador = { params: z.object({ term: z.string().trim().max(150) }), querystring: z.object({ data: isoDateSchema.optional() }) };
  app.get('/api/findPrestador/:term', { config: { access: 'session' }, schema: findPrestador }, async (req) => {
    const s = sessionOf(req);
    const { term } = req.params;
    const { data } = req.query;
    const min = CONSTANTS.prestadorSearchMinChars;
    if (term.length < min) throw badRequest(APP_MSG.termoCurto(min), 'term');
    const digits = onlyDigits(term);
    const isNumeric = digits.length === term.replace(/[.\-/\s]/g, '').length;
    const codigo = term.toUpperCase();
    // digits: a document or a code's start; else any part of the name (busca-nome.ts, its start first), after the
    // code typed as it is
    const busca = isNumeric ? unranked(or(eq(prestadores.cpf, digits), eq(prestadores.cnpj, digits), like(prestadores.codigo, `${digits}%`))!) : buscaNome(sql`${prestadores.nomeBusca}`, term);
    const tiers = isNumeric ? busca.tiers : [eq(prestadores.codigo, codigo), ...busca.tiers];
    const vigente = data
      ? and(lte(prestadores.inicioVigencia, data), or(isNull(prestadores.fimVigencia), gte(prestadores.fimVigencia, data)))
      : undefined;
    type Found = { id: number; codigo: string; nome: string; adicional: string | null; cpf: string | null; cnpj: string | null };
    const rows = await rankedByName({ where: busca.where, tiers }, 50, sql`${prestadores.id}`, (by, n) =>
      db
        .select({ id: prestadores.id, codigo: prestadores.codigo, nome: prestadores.nome, adicional: prestadores.adicional, cpf: prestadores.cpf, cnpj: prestadores.cnpj })
        .from(prestadores)
        .where(and(by, vigente))
        .orderBy(asc(prestadores.nomeBusca))
        .limit(n) as Promise<Found[]>,
    );
    // Natural-person providers' CPF is personal data: only who sees the provider registry reads it whole.
    const mask = (await scopeOf(ctx, s, 'prestador')).kind !== 'all';
    const result: PrestadorBusca[] = rows.map((p) => ({
      id: p.id,
      codigo: p.codigo,
      nome: p.nome,
      adicional: p.adicional,
      prestadorJuridico: p.cnpj ? { cnpj: p.cnpj } : null,
      prestadorFisico: p.cpf ? { cpf: mask ? `***${p.cpf.slice(3, 9)}**` : p.cpf } : null,
    }));
    return { result };
  });
}

