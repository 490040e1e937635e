import { sql } from 'drizzle-orm';
import type { ItemVerba } from '../../shared/verbas';
import type { Db } from '../db/client';
import { query } from '../db/sql';

/** The first and last days of a competência ('YYYY-MM'). */
export function diasDaCompetencia(competencia: string): { inicio: string; fim: string } {
  const [a, m] = competencia.split('-').map(Number);
  const fim = new Date(Date.UTC(a, m, 0)).toISOString().slice(0, 10);
  return { inicio: `${competencia}-01`, fim };
}

/**
 * What a sponsor company owes for a competência, per kind of item:
 * - CONTAS: the billed guides of the company's beneficiaries (the guide's card resolved to a beneficiary whose
 *   empresa is this one) in the protocols of the competência's provider payables (pagamentos_prestadores.competencia,
 *   through the payment requests consolidated into them), reversed payables (Estorno de Rendimento) left out; the
 *   amount is each guide's released value (the gross: the withholdings are paid to the government on its behalf);
 * - REEMBOLSOS: the reimbursements of the company's beneficiaries released in the month (the day of the release in
 *   the history, as the DMED reads it), by their released value.
 * Kinds with nothing are left out.
 */
export async function composicaoVerba(db: Db, empresaId: number, competencia: string): Promise<ItemVerba[]> {
  const { inicio, fim } = diasDaCompetencia(competencia);
  // from the competência's payables to their protocols' guides (by the protocol index), then the beneficiary by id
  const [r] = await query<{ guias: number; contas: string; reembolsos: number; reembolsado: string }>(
    db,
    sql`with prot as (
          select distinct sp.protocolo_id from pagamentos_prestadores pg join solicitacoes_pagamento s on s.pagamento_id = pg.id
            join solicitacao_pagamento_protocolos sp on sp.solicitacao_id = s.id
          where pg.competencia = ${competencia} and pg.estornado_em is null),
        g as (
          select g.valor_liberado_centavos as v from prot join guias_faturadas g on g.protocolo_id = prot.protocolo_id join beneficiarios b on b.id = g.beneficiario_id
          where b.empresa = ${empresaId} and coalesce(g.valor_liberado_centavos, 0) > 0),
        r as (
          select r.valor_liberado_centavos as v from reembolsos r join beneficiarios b on b.id = r.beneficiario_id
          where b.empresa = ${empresaId} and r.status = 'LIBERADO' and coalesce(r.valor_liberado_centavos, 0) > 0
            and exists (select 1 from reembolso_historico h where h.reembolso_id = r.id and h.para = 'LIBERADO'
                        and (h.em at time zone 'America/Sao_Paulo')::date between ${inicio} and ${fim}))
        select (select count(*)::int from g) as guias, (select coalesce(sum(v), 0)::text from g) as contas,
          (select count(*)::int from r) as reembolsos, (select coalesce(sum(v), 0)::text from r) as reembolsado`,
  );
  const itens: ItemVerba[] = [];
  if (Number(r.guias) > 0) itens.push({ tipo: 'CONTAS', quantidade: Number(r.guias), valor: Number(r.contas) });
  if (Number(r.reembolsos) > 0) itens.push({ tipo: 'REEMBOLSOS', quantidade: Number(r.reembolsos), valor: Number(r.reembolsado) });
  return itens;
}
