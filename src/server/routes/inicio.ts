import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { Aviso, RoleFlag } from '../../shared/api';
import { ROLE_FLAGS } from '../../shared/api';
import { dayjs } from '../../shared/format';
import { motivosAtualizacaoCadastral } from '../../shared/pessoas';
import type { AppContext } from '../context';
import { avisos, beneficiarios } from '../db/schema';
import { sessionOf } from '../http/access';


/** What the home shows on arrival: notices and the beneficiary's registration reminder. */
export function inicioRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/avisos/inicio', { config: { access: 'session' } }, async (req) => {
    const { user } = sessionOf(req);
    const today = dayjs().format('YYYY-MM-DD');
    const rows = await db
      .select()
      .from(avisos)
      .where(and(lte(avisos.inicio, today), or(isNull(avisos.fim), gte(avisos.fim, today))))
      .orderBy(asc(avisos.inicio));
    const roles = ROLE_FLAGS.filter((r) => user[r]);
    const result: Aviso[] = rows
      .filter((a) => a.perfil == null || roles.includes(a.perfil as RoleFlag))
      .map((a) => ({ id: a.id, titulo: a.titulo, mensagem: a.mensagem, tipo: a.tipo === 'warning' ? 'warning' : 'info', inicio: a.inicio, fim: a.fim }));
    return { result };
  });

  app.get('/api/beneficiarios/beneficiario-logado-requer-atualizacao-cadastral', { config: { access: 'session' } }, async (req) => {
    const s = sessionOf(req);
    if (!(s.user.beneficiario || s.user.dependente) || s.beneficiarioId == null) return { result: { requerAtualizacao: false, motivos: [] } };
    const [b] = (await db.select().from(beneficiarios).where(eq(beneficiarios.id, s.beneficiarioId))) as Partial<Record<string, string | null>>[];
    if (!b) return { result: { requerAtualizacao: false, motivos: [] } };
    const motivos = motivosAtualizacaoCadastral(b, dayjs().format('YYYY-MM-DD'));
    return { result: { requerAtualizacao: motivos.length > 0, motivos } };
  });
}
