import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listaQuerySchema } from '../../shared/autorizacoes';
import { LISTAS, type ListaDef } from '../../shared/autorizacoes/listas';
import type { RequestSession } from '../auth/session';
import type { Db } from '../db/client';
import { sessionOf } from '../http/access';
import { AppError, badRequest, forbidden, parse } from '../http/errors';
import { listar, resumir, whereOf } from './listas';
import type { Escopo } from './service';

export interface EscopoHelpers {
  db: Db;
  /** Record rules of the lists and the detail: providers their own, beneficiaries their family's, the staff all. */
  escopoDe(s: RequestSession): Promise<Escopo>;
  /** The beneficiary user's family (ids), for the own follow-up list. */
  familiaDe(s: RequestSession): Promise<number[]>;
  isProvider(s: RequestSession): boolean;
}

/**
 * One GET per list definition (src/shared/autorizacoes/listas.ts) — the page — and one `/resumo` — the exact
 * count and the totals — each guarded by the list's command (permission, client and switch).
 */
export function listasRoutes(app: FastifyInstance, h: EscopoHelpers) {
  async function escopo(def: ListaDef, s: RequestSession): Promise<Escopo> {
    if (def.escopo === 'fila') return h.isProvider(s) ? { prestadorId: s.prestadorId! } : { todos: true };
    if (def.escopo === 'familia') {
      const ids = await h.familiaDe(s);
      if (!ids.length) throw forbidden('Este usuário não está ligado a um beneficiário.');
      return { beneficiarioIds: ids };
    }
    return h.escopoDe(s);
  }
  async function whereDe(def: ListaDef, req: FastifyRequest) {
    const s = sessionOf(req);
    const q = parse(listaQuerySchema, req.query);
    if (def.exigeBeneficiario && !q.beneficiarioId && !q.beneficiario) throw badRequest('Informe o beneficiário (nome, carteirinha ou matrícula).', 'beneficiario');
    const { where, problems } = whereOf(q, await escopo(def, s), def);
    if (problems.length) throw new AppError(400, problems.map((value) => ({ type: 'error' as const, value })));
    return { q, where };
  }
  for (const def of LISTAS) {
    const config = { access: { command: def.command } };
    app.get(`/api${def.endpoint}`, { config }, async (req) => {
      const { q, where } = await whereDe(def, req);
      return { result: await listar(h.db, q, where, def) };
    });
    app.get(`/api${def.endpoint}/resumo`, { config }, async (req) => {
      const { where } = await whereDe(def, req);
      return { result: await resumir(h.db, where, def) };
    });
  }
}
