import { sql } from 'drizzle-orm';
import { TIPOS, TIPO_KEYS, conselhoTiss, type BeneficiarioOpcao, type ProfissionalOpcao } from '../../shared/autorizacoes';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { buscaNome, rankedByName, unranked } from '../lists/busca-nome';
import { sessionSees } from '../http/access';
import { forbidden } from '../http/errors';
import { beneficiarioOpcoes, digitosDe } from '../pessoas/consultas';

/** The request form's pickers are for whoever may request some guide type. */
function assertPodeSolicitar(ctx: AppContext, s: RequestSession) {
  if (!TIPO_KEYS.some((t) => sessionSees(ctx.settings, s, TIPOS[t].command))) throw forbidden();
}

/** The patient of a request: the policy's beneficiary picker, for whoever may request. */
export async function beneficiariosDoPedido(ctx: AppContext, s: RequestSession, termo: string): Promise<BeneficiarioOpcao[]> {
  assertPodeSolicitar(ctx, s);
  return beneficiarioOpcoes(ctx, s, termo);
}

/** Requesting professionals: any part of the name (busca-nome.ts), council number or CPF, with the specialty's CBO. */
export async function profissionaisDoPedido(ctx: AppContext, s: RequestSession, termo: string): Promise<ProfissionalOpcao[]> {
  assertPodeSolicitar(ctx, s);
  const d = digitosDe(termo);
  const busca = d
    ? unranked(d.length === 11 ? sql`(pr.numero_conselho_busca = ${d} or pr.cpf = ${d})` : sql`pr.numero_conselho_busca = ${d}`)
    : buscaNome(sql`pr.nome_busca`, termo);
  const rows = await rankedByName(busca, 20, sql`pr.id`, (cond, limit) =>
    query<{ id: number; nome: string; conselho: string; numero_conselho: string; uf_conselho: string; cbo: string | null; especialidade: string | null }>(
      ctx.db,
      sql`select pr.id, pr.nome, pr.conselho, pr.numero_conselho, pr.uf_conselho, e.cbo, e.descricao as especialidade
        from profissionais pr left join especialidades e on e.id = pr.especialidade where pr.ativo and ${cond} order by pr.nome_busca limit ${limit}`,
    ),
  );
  return rows.map((r) => ({
    id: r.id,
    nome: r.nome,
    conselho: conselhoTiss(r.conselho) || r.conselho,
    conselhoSigla: r.conselho,
    numero: r.numero_conselho,
    uf: r.uf_conselho,
    cbo: r.cbo?.replace(/\D/g, '') || null,
    especialidade: r.especialidade,
  }));
}
