import { sql } from 'drizzle-orm';
import { coparticipacao, precificar, type OpcoesPreco } from '../../shared/precos/calculo';
import type { CalculoParams, CalculoResposta } from '../../shared/precos';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { assertRecord } from '../policy';
import { acordoDe, carregarTabelas, prestadoresDePreco, procedimentoPorId } from './tabelas';

export const opcoesDe = (p: Pick<CalculoParams, 'quantidade' | 'grauParticipacao' | 'viaAcesso' | 'tecnica' | 'urgencia' | 'hora'>): OpcoesPreco => ({
  quantidade: p.quantidade,
  grauParticipacao: p.grauParticipacao,
  viaAcesso: p.viaAcesso,
  tecnica: p.viaAcesso ? p.tecnica : null,
  urgencia: p.urgencia === true,
  hora: p.urgencia === true ? p.hora : null,
});

/** Cálculo de Procedimento: one price with each rule applied, and the plan's share when a plan is given. */
export async function calcularProcedimento(ctx: AppContext, session: RequestSession, p: CalculoParams): Promise<CalculoResposta> {
  // a provider's user, if ever given the command, prices only for its own contract
  await assertRecord(ctx, session, 'prestador', { id: p.prestador });
  const [prestador] = (await prestadoresDePreco(ctx.db, [p.prestador])).values();
  if (!prestador) throw AppError.of(422, 'Prestador não encontrado.', { field: 'prestador' });
  const proc = await procedimentoPorId(ctx.db, p.procedimento);
  if (!proc) throw AppError.of(422, 'Procedimento não encontrado.', { field: 'procedimento' });
  const tabelas = await carregarTabelas(ctx.db);
  const preco = precificar(tabelas, prestador, proc, p.data, opcoesDe(p));
  if (!preco.ok) throw AppError.of(422, preco.motivo);
  let copart: CalculoResposta['coparticipacao'] = null;
  if (p.produto != null) {
    const [existe] = await query<{ id: number }>(ctx.db, sql`select id from produtos where id = ${p.produto}`);
    if (!existe) throw AppError.of(422, 'Plano não encontrado.', { field: 'produto' });
    copart = coparticipacao(await acordoDe(ctx.db, p.produto, proc.id, p.data), preco.valorTotal);
  }
  return {
    prestador: {
      id: prestador.id,
      nome: prestador.nome,
      tabela: prestador.tabelaPreco != null ? (tabelas.tabelas.get(prestador.tabelaPreco)?.descricao ?? null) : null,
      classe: prestador.classePreco != null ? (() => { const c = tabelas.classes.get(prestador.classePreco!); return c ? `${c.codigo} – ${c.descricao}` : null; })() : null,
    },
    procedimento: { codigo: proc.codigo, descricao: proc.descricao, porte: proc.porte },
    data: p.data,
    preco,
    coparticipacao: copart,
  };
}
