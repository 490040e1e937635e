import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { lotesAuditoriaRoutes } from '../auditoria-externa/lotes';
import { integracoesRoutes } from '../integracoes/routes';
import { intercambioRoutes } from '../intercambio/routes';
import { analiseSipRoutes } from '../sip/analise';
import { saldoConsignadoRoutes } from '../consignado/saldo';
import { cmisRoutes } from '../cmis/fila';

/**
 * The analysis screens and integrations of spec §2.7 /util built for issue 13 (integrations, external audit lots,
 * interchange, payroll-deduction balance, SIP analysis, CMIS): each domain registers its own routes; this one entry
 * keeps src/server/app.ts's list short.
 */
export function utilRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const register of [integracoesRoutes, lotesAuditoriaRoutes, intercambioRoutes, analiseSipRoutes, saldoConsignadoRoutes, cmisRoutes]) register(app, ctx);
}
