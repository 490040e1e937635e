import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * The automatic checks of a received lot (flow 2): each item gets the first glosa the rules find, as a TUSS table 38
 * code the reviewer accepts or changes. Written once, in SQL over the lot's own rows, in the storing transaction:
 *  - 1001 número da carteira inválido: the card is no beneficiary's;
 *  - 1006 atendimento após o desligamento: the beneficiary was suspended or cancelled on or before the item's date;
 *  - 1402 procedimento não autorizado: the guide's senha is not an authorization (authorized, fully or partly) of this
 *    beneficiary that holds this procedure — a senha of another beneficiary included;
 *  - 1308 guia já apresentada: the provider billed the same guide number in an earlier protocol;
 *  - 1702 cobrança em duplicidade: the same beneficiary, procedure and date billed before (this lot or an earlier one);
 *  - 1802 procedimento incompatível com o sexo: the procedure is restricted to the other sex.
 */
export const REGRAS_GLOSA = ['1001', '1006', '1402', '1308', '1702', '1802'] as const;

export async function proporGlosas(tx: Db, protocoloId: number): Promise<void> {
  await proporGlosasOnde(tx, sql`g.protocolo_id = ${protocoloId}`);
}

/**
 * The same checks over the items of the guides `onde` selects (a condition on the guide `g`): every rule looks only
 * at rows with lower ids (an earlier protocol, an earlier item) or at the registry, so running it once over many
 * protocols proposes what running it protocol by protocol, in id order, would (the demo seed does so).
 */
export async function proporGlosasOnde(tx: Db, onde: SQL): Promise<void> {
  await tx.execute(sql`
    update itens_faturados i set glosa_proposta = c.codigo
    from (
      select i.id,
        case
          when g.beneficiario_id is null then '1001'
          when b.situacao <> 'ATIVO' and b.data_situacao is not null and b.data_situacao <= i.data then '1006'
          when g.senha is not null and not exists (
            select 1 from autorizacoes a join autorizacao_itens ai on ai.autorizacao_id = a.id
            where a.senha = g.senha and a.beneficiario_id = g.beneficiario_id and a.status in (1, 7) and ai.codigo = i.codigo_procedimento
          ) then '1402'
          when exists (
            select 1 from guias_faturadas g2 join protocolos_recebimento p2 on p2.id = g2.protocolo_id
            where p2.prestador_id = p.prestador_id and g2.numero_guia_prestador = g.numero_guia_prestador and p2.id < p.id
          ) then '1308'
          when exists (
            select 1 from itens_faturados i2 join guias_faturadas g2 on g2.id = i2.guia_id
            where g2.beneficiario_id = g.beneficiario_id and i2.codigo_procedimento = i.codigo_procedimento and i2.data = i.data and i2.id < i.id
          ) then '1702'
          when pr.sexo = 'M' and b.sexo = '3' or pr.sexo = 'F' and b.sexo = '1' then '1802'
        end as codigo
      from itens_faturados i
      join guias_faturadas g on g.id = i.guia_id
      join protocolos_recebimento p on p.id = g.protocolo_id
      join procedimentos pr on pr.id = i.procedimento_id
      left join beneficiarios b on b.id = g.beneficiario_id
      where ${onde}
    ) c
    where i.id = c.id and c.codigo is not null`);
}
