import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * The network of each product (RPS), derived from the providers and products already seeded, in SQL:
 *  - a national product: every provider whose term overlaps the product's sale, dental practices aside;
 *  - a state product: the providers of the operator's own UF, dental practices aside; from the cheapest one (the
 *    lowest price of the first age band among the medical products) a third of those hospitals left the network —
 *    half by a reduction authorized by the ANS, half replaced by an equivalent one;
 *  - a dental product: the dental providers (a dental specialty, first or second) of the operator's UF.
 * A provider enters on the later of its term's start and the product's first day of sale, and leaves the day after
 * its term ended (contract closed) when that day has passed. Each period has its inclusion movement and, when
 * closed, its exclusion; every one "pendente de envio" (the RPS file is a later issue), registered as imported from
 * the former system.
 */
export async function seedRedeProdutos(db: Db) {
  await db.execute(sql`
    insert into rede_produtos (produto_id, prestador_id, inicio, fim, motivo_exclusao)
    with op as (select uf from operadoras order by id limit 1),
    prod as (
      select pr.id, pr.inicio_comercializacao as venda, pr.abrangencia, coalesce(g.segmentacao = 'ODONTO', false) as odonto
      from produtos pr left join grupos_produtos g on g.id = pr.grupo where pr.ativo
    ),
    barato as (
      select fe.produto as id from faixas_etarias fe join prod on prod.id = fe.produto
      where not prod.odonto and fe.idade_inicial = 0 order by fe.valor, fe.produto limit 1
    ),
    prest as (
      select p.id, p.uf, p.tipo_pessoa, p.nome, p.inicio_vigencia, p.fim_vigencia,
        coalesce(e1.cbo like '2232%', false) as odonto1, coalesce(e2.cbo like '2232%', false) as odonto2
      from prestadores p left join especialidades e1 on e1.id = p.especialidade left join especialidades e2 on e2.id = p.especialidade2
    ),
    cand as (
      select prod.id as produto, p.id as prestador, greatest(p.inicio_vigencia, prod.venda) as inicio,
        case when p.fim_vigencia < current_date then p.fim_vigencia + 1 end as fim_termo,
        -- a third of the hospitals of the cheapest plan, on a day of the last two years (always after they entered)
        case when prod.id in (select id from barato) and p.tipo_pessoa = 'J' and p.nome like 'Hospital%' and p.id % 3 = 0
          then date '2025-01-31' + (p.id % 600)::int end as saida_hospital,
        p.id % 2 as metade
      from prod cross join op join prest p on
        case when prod.odonto then (p.odonto1 or p.odonto2) and p.uf = op.uf
             when prod.abrangencia = 'NACIONAL' then not p.odonto1
             else not p.odonto1 and p.uf = op.uf end
      where p.fim_vigencia is null or p.fim_vigencia >= greatest(p.inicio_vigencia, prod.venda)
    )
    select produto, prestador, inicio,
      case when saida_hospital is not null and saida_hospital <= current_date and (fim_termo is null or saida_hospital < fim_termo) then saida_hospital else fim_termo end,
      case when saida_hospital is not null and saida_hospital <= current_date and (fim_termo is null or saida_hospital < fim_termo) then (case when metade = 0 then '3' else '4' end)
           when fim_termo is not null then '1' end
    from cand order by produto, prestador`);
  const importado = 'Importado do sistema anterior';
  await db.execute(sql`
    insert into movimentos_rps (vinculo_id, tipo, data, motivo, observacao, usuario_nome, em)
    select id, 'I', inicio, null, null, ${importado}, inicio::timestamp at time zone 'America/Sao_Paulo' + interval '9 hours' from rede_produtos
    union all
    select id, 'E', fim, motivo_exclusao,
      case motivo_exclusao when '3' then 'Redução autorizada pela ANS; beneficiários comunicados com 30 dias de antecedência.'
        when '4' then 'Substituído por hospital equivalente na mesma região; beneficiários comunicados com 30 dias de antecedência.' end,
      ${importado}, fim::timestamp at time zone 'America/Sao_Paulo' + interval '9 hours' from rede_produtos where fim is not null
    order by 3, 1`);
}
