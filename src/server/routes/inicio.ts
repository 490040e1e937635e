import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Aviso } from '../../shared/api';
import { ROLE_FLAGS } from '../../shared/api';
import { dayjs } from '../../shared/format';
import { motivosAtualizacaoCadastral } from '../../shared/pessoas';
import type { AppContext } from '../context';
import { beneficiarios } from '../db/schema';
import { query } from '../db/sql';
import { todayIso } from '../../shared/dates';
import { sessionOf } from '../http/access';


/** What the home shows on arrival: notices and the beneficiary's registration reminder. */
export function inicioRoutes(app: FastifyInstance, { db, settings }: AppContext) {
  // the notices in force today (São Paulo) for this user: everyone's, their roles' and this installation's client's,
  // the highest priority first, then the newest
  app.get('/api/avisos/inicio', { config: { access: 'session' } }, async (req) => {
    const { user } = sessionOf(req);
    const today = todayIso();
    const roles = ROLE_FLAGS.filter((r) => user[r]);
    const rows = await query<{ id: number; titulo: string; mensagem: string; tipo: string; prioridade: string; inicio: string; fim: string | null }>(
      db,
      sql`select id, titulo, mensagem, tipo, prioridade, to_char(inicio, 'YYYY-MM-DD') as inicio, to_char(fim, 'YYYY-MM-DD') as fim from avisos
        where inicio <= ${today} and (fim is null or fim >= ${today})
          and (publico = 'TODOS' or (publico = 'CLIENTE' and cliente = ${settings.id})
            or (publico = 'PERFIL' and perfil in (${sql.join(roles.length ? roles.map((r) => sql`${r}`) : [sql`null`], sql`, `)})))
        order by case prioridade when 'ALTA' then 0 when 'NORMAL' then 1 else 2 end, inicio desc, id desc`,
    );
    const result: Aviso[] = rows.map((a) => ({ id: a.id, titulo: a.titulo, mensagem: a.mensagem, tipo: a.tipo === 'warning' ? 'warning' : 'info', prioridade: a.prioridade as Aviso['prioridade'], inicio: a.inicio, fim: a.fim }));
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
