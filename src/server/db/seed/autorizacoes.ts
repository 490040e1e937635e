import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/** How many authorization requests each seed size holds (issue 7: at least 300,000 over two years for demo and bench). */
export const SEED_AUTORIZACOES = { test: 400, demo: 300_000, bench: 320_000 } as const;

/**
 * Authorization requests over the last two years, set-based (INSERT … SELECT generate_series) with deterministic
 * pseudo-random expressions of the series number: guide types in realistic proportions, linked to the seeded
 * beneficiaries, providers and professionals; statuses 1–7 with about 8 % in Em análise overall (most of the
 * last month's still in the queue), per-item quantities, negativa codes, senhas and validity dates.
 */
export async function seedAutorizacoes(db: Db, size: 'test' | 'demo' | 'bench') {
  const n = SEED_AUTORIZACOES[size];
  const hash = (salt: number) => `((g::bigint * ${salt} + ${salt % 977}) % 2147483647)`;
  await db.execute(
    sql.raw(`
    with ben as (select array_agg(id order by id) as ids from beneficiarios where situacao = 'ATIVO'),
    pre as (select array_agg(id order by id) as ids from prestadores),
    prof as (select array_agg(id order by id) as ids, array_agg(numero_conselho order by id) as nums, array_agg(uf_conselho order by id) as ufs,
                    array_agg(case conselho when 'CRESS' then '01' when 'COREN' then '02' when 'CRF' then '03' when 'CRFA' then '04' when 'CREFITO' then '05'
                    when 'CRO' then '08' when 'CRP' then '09' when 'CRN' then '07' when 'CRBM' then '12' else '06' end order by id) as cons, array_agg(nome order by id) as nomes from profissionais),
    pro as (select array_agg(codigo order by codigo) as cods, array_agg(left(descricao, 150) order by codigo) as descs, array_agg(coalesce(valor, 0) order by codigo) as vals
            from (select codigo, descricao, valor from procedimentos where ativo order by codigo limit 2000) p),
    s as (
      select g,
        (current_date - ((${hash(7919)} % 730))::int) as dia,
        ${hash(48271)} % 100 as ht,
        ${hash(69069)} % 100 as hs,
        ${hash(16807)} % 100 as hc,
        ${hash(40503)} as hb,
        ${hash(2891)} as hp,
        ${hash(1103)} as hf,
        ${hash(3571)} as hx
      from generate_series(1, ${n}) g
    ),
    t as (
      select s.*,
        case when ht < 10 then 'CONSULTA' when ht < 55 then 'SP_SADT' when ht < 63 then 'INTERNACAO' when ht < 66 then 'PRORROGACAO'
             when ht < 78 then 'ODONTO' when ht < 82 then 'ORCAMENTO' when ht < 85 then 'COMPROVANTE_PRESENCIAL' when ht < 87 then 'SEM_ONUS' when ht < 88 then 'APS'
             when ht < 90 then 'PRE_AUTORIZACAO' when ht < 93 then 'ANEXO_QUIMIO' when ht < 95 then 'ANEXO_RADIO' when ht < 97 then 'ANEXO_ODONTO'
             else 'ANEXO_OPME' end as tipo,
        case when dia >= current_date - 30 then
               case when hs < 40 then 1 when hs < 45 then 7 when hs < 50 then 3 when hs < 53 then 4 when hs < 55 then 5 when hs < 57 then 6 else 2 end
             else
               case when hs < 70 then 1 when hs < 78 then 7 when hs < 86 then 3 when hs < 90 then 6 when hs < 92 then 4 when hs < 93 then 5 else 2 end
        end as status
      from s
    )
    insert into autorizacoes (id, numero, tipo, status, beneficiario_id, prestador_id, prestador_executante_id, profissional_id, conselho,
      numero_conselho, uf_conselho, nome_profissional, cbo, data_solicitacao, carater, indicacao_clinica, cid, procedimento, valor_centavos,
      senha, data_autorizacao, validade_senha, motivo, responsavel, criada_em, decidida_em, version)
    select g,
      to_char(dia, 'YYYY') || lpad(g::text, 8, '0'),
      tipo, status,
      ben.ids[1 + hb % cardinality(ben.ids)],
      pre.ids[1 + hp % cardinality(pre.ids)],
      case when hx % 3 = 0 then pre.ids[1 + hx % cardinality(pre.ids)] end,
      case when cardinality(prof.ids) > 0 then prof.ids[1 + hf % cardinality(prof.ids)] end,
      coalesce(prof.cons[1 + hf % greatest(cardinality(prof.ids), 1)], case when tipo like '%ODONTO' then '08' else '06' end),
      coalesce(prof.nums[1 + hf % greatest(cardinality(prof.ids), 1)], lpad((hf % 99999)::text, 5, '0')),
      coalesce(prof.ufs[1 + hf % greatest(cardinality(prof.ids), 1)], 'MG'),
      prof.nomes[1 + hf % greatest(cardinality(prof.ids), 1)],
      case when tipo like '%ODONTO' then '223208' else (array['225125','225124','225250','225120','225270','225320'])[1 + hx % 6] end,
      dia,
      case when hc < 15 then '2' else '1' end,
      (array['Dor persistente, investigação diagnóstica.', 'Controle de doença crônica.', 'Pré-operatório.', 'Seguimento após tratamento.',
             'Suspeita clínica a esclarecer.', 'Avaliação odontológica inicial.'])[1 + hx % 6],
      case when tipo in ('INTERNACAO', 'ANEXO_QUIMIO', 'ANEXO_RADIO') then (array['C509','C349','I10','J189','K359','N390','C61','E119'])[1 + hb % 8] end,
      coalesce(left(pro.cods[1 + hp % cardinality(pro.cods)] || ' – ' || pro.descs[1 + hp % cardinality(pro.cods)], 170), '40301630 – Hemograma completo'),
      0,
      case when status in (1, 7) then lpad((hb % 999999999)::text, 9, '0') end,
      case when status in (1, 7) then dia + (hx % 3)::int end,
      case when status in (1, 7) then dia + (hx % 3)::int + 30 end,
      case when status = 6 then 'Solicitação duplicada.' when status = 4 then 'Enviar justificativa técnica.' when status = 5 then 'Anexar laudo e relatório médico.' end,
      case when status = 6 then 'Central de autorizações' end,
      dia::timestamp + make_interval(secs => (hx % 36000) + 28800),
      case when status <> 2 then dia::timestamp + make_interval(secs => (hx % 36000) + 30000 + 86400 * (hs % 3)) end,
      1
    from t, ben, pre, prof, pro
  `),
  );
  // items: the first always, a second for about a third of the requests (dental items carry tooth and face)
  await db.execute(
    sql.raw(`
    with pro as (select array_agg(codigo order by codigo) as cods, array_agg(left(descricao, 150) order by codigo) as descs, array_agg(coalesce(valor, 0) order by codigo) as vals
                 from (select codigo, descricao, valor from procedimentos where ativo order by codigo limit 2000) p),
    base as (
      select a.id, a.status, a.tipo, k.seq, ((a.id::bigint * 2891 + 2891 % 977) % 2147483647) as hp, ((a.id::bigint * 69069 + 69069 % 977) % 2147483647) as hs
      from autorizacoes a cross join lateral (select 1 as seq union all select 2 where a.id % 3 = 0) k
    )
    insert into autorizacao_itens (autorizacao_id, seq, tabela, codigo, descricao, quantidade_solicitada, quantidade_autorizada, dente, face, motivo_negativa, valor_centavos)
    select id, seq, case when tipo like '%ODONTO' then '90' else '22' end,
      coalesce(pro.cods[1 + (hp + seq - 1) % cardinality(pro.cods)], '40301630'),
      coalesce(pro.descs[1 + (hp + seq - 1) % cardinality(pro.cods)], 'Hemograma completo'),
      1 + hs % 4 + (seq - 1) * (hs % 2),
      case when status = 1 then 1 + hs % 4 + (seq - 1) * (hs % 2)
           when status = 7 then case when seq = 1 then greatest(0, hs % 4) else 1 + (seq - 1) * (hs % 2) end
           when status = 3 then 0 end,
      case when tipo like '%ODONTO' then (array['11','12','16','21','26','36','46','31'])[1 + hp % 8] end,
      case when tipo like '%ODONTO' then (array['O','M','D','V','L','OM','OD'])[1 + hs % 7] end,
      case when status = 3 then (array['1426','1438','1402','3109'])[1 + hp % 4] when status = 7 and seq = 1 then '1423' end,
      coalesce(pro.vals[1 + (hp + seq - 1) % greatest(cardinality(pro.cods), 1)], 2500)
    from base, pro
  `),
  );
  // a guide's total is the sum of its items (quantity requested × unit value)
  await db.execute(
    sql.raw(`update autorizacoes a set valor_centavos = t.total
      from (select autorizacao_id, sum(quantidade_solicitada * valor_centavos) as total from autorizacao_itens group by autorizacao_id) t
      where t.autorizacao_id = a.id`),
  );
  await db.execute(sql.raw(`select setval(pg_get_serial_sequence('autorizacoes', 'id'), greatest((select max(id) from autorizacoes), 1))`));
  await db.execute(sql.raw('analyze autorizacoes'));
  await db.execute(sql.raw('analyze autorizacao_itens'));
}

/**
 * After the seed's transaction: VACUUM (ANALYZE) the authorization tables, so the queues' pages and counts are read
 * from the indexes alone from the first request (visibility map set). VACUUM cannot run in a transaction.
 */
export async function vacuumAutorizacoes(db: Db, size: 'test' | 'demo' | 'bench') {
  if (size === 'test') return;
  for (const t of ['autorizacoes', 'autorizacao_itens']) await db.execute(sql.raw(`vacuum (analyze) ${t}`));
}
