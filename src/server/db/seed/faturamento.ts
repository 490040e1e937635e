import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { query } from '../sql';
import { proporGlosasOnde } from '../../faturamento/propostas';
import { h, lit } from './people-sql';

/**
 * About six months of TISS billing received from the providers that hold authorized guides (issue 15), set-based
 * (INSERT … SELECT over the seeded authorizations; no row-by-row work), consistent the way a real operator's is:
 * - each guide is an authorized request executed by its provider (the executing laboratory or imaging center of an
 *   SP/SADT when there is one): the same beneficiary, senha and operator's guide number, attended on the day of the
 *   authorization or some days after it (never after the senha's validity), with the request's TUSS 22 items in the
 *   authorized quantity, each at the provider's contracted price (`precificar`: the fee size of its table or the
 *   reference value, times its price class) — consultations, SP/SADT, resumos de internação and dental guides, one
 *   type per lot;
 * - a provider bills each fortnight: its guides of a fortnight of attendances make one lot (at most 100 guides),
 *   received 1 to 6 days after the fortnight ends (TISS 4.01.00 or 4.03.00 before 31/10/2026, 4.03.00 after it);
 * - what a reviewer finds, in realistic shares: a guide presented again in the next lot (1308, proposed by the
 *   automatic checks), a procedure the authorization does not hold (1402, proposed), the same procedure twice on the
 *   same day (1702, proposed; a few released with the reviewer's reason), a guide without its senha (1403), more units
 *   than authorized (1408, the excess), a unit value above the contracted price (1705; 1714 for a consultation billed
 *   above its CBHPM fee) — the last four the reviewer's own glosas, each with its reason;
 * - the review follows the receipt: the last days' lots still Recebido, most of the last month's Em análise with part
 *   of their items decided, the older ones closed (5, or 4 when nothing is released) with every item decided — the
 *   released and glosed values summing, item by item, to the informed one, in centavos;
 * - the providers appeal some of the reviewer's glosas (the senha left out, the price, the quantity) and the older
 *   appeals are decided (3092 acatado, 3095 acatado em parte, 2902 mantida), the accepted value released;
 * - protocols and appeals share one numbering per year in the order they were received, and the counter continues
 *   it; every receipt, decision, closing and appeal is in the change trail with who and when.
 */

/** Money as a person reads it, in SQL ("R$ 1.234,56"), for the reasons written in the trail. */
const MOEDA = (v: string) => `('R$ ' || regexp_replace(((${v}) / 100)::text, '(\\d)(?=(\\d{3})+$)', '\\1.', 'g') || ',' || lpad(((${v}) % 100)::text, 2, '0'))`;
const DATA_BR = (v: string) => `to_char(${v}, 'DD/MM/YYYY')`;

/** The reviewer's reasons and the appeals' texts. */
const TEXTO = {
  semSenha: 'Guia sem a senha de autorização: o procedimento exige autorização prévia.',
  duplicidadeLiberada: 'Dois atendimentos no mesmo dia, em horários distintos registrados no prontuário.',
  recursoQuantidade: 'A quantidade realizada consta do relatório médico e do registro de sessões do prontuário.',
  recursoValor: 'O valor cobrado segue a tabela negociada com a operadora para este procedimento.',
  mantidaValor: 'Glosa mantida: o valor segue a tabela de preços contratada do prestador.',
  mantidaQuantidade: 'Glosa mantida: a quantidade cobrada passa da autorizada pela auditoria.',
  parcialQuantidade: 'Acatada uma sessão, comprovada no relatório médico; as demais seguem acima da quantidade autorizada.',
};

/**
 * The change-trail row of an update as `recordTrail` writes it: only the keys whose value changed (a key missing on
 * one side counts), the other side's value or null. `a` and `d` are jsonb expressions.
 */
const mudou = (a: string, d: string, lado: 'a' | 'd') =>
  `(select jsonb_object_agg(k, coalesce((${lado === 'a' ? a : d})->k, 'null'::jsonb)) from jsonb_object_keys((${a}) || (${d})) k where (${a})->k is distinct from (${d})->k)`;

export async function seedFaturamento(db: Db) {
  const log = process.env.SEED_LOG === '1';
  const step = async (name: string, q: string) => {
    const t0 = performance.now();
    // one statement per call (PGlite prepares each): a step's statements end with ';' at the end of a line
    for (const s of q.split(/;\s*\n/)) if (s.trim()) await db.execute(sql.raw(s));
    if (log) console.log(`seed faturamento, ${name}: ${Math.round(performance.now() - t0)} ms`);
  };
  // the ids continue whatever is there (nothing, when the demo database is created)
  const [ini] = await query<{ p: number; g: number; i: number; r: number; ri: number }>(
    db,
    sql`select (select coalesce(max(id), 0) from protocolos_recebimento)::int as p, (select coalesce(max(id), 0) from guias_faturadas)::int as g,
      (select coalesce(max(id), 0) from itens_faturados)::int as i, (select coalesce(max(id), 0) from recursos_glosa)::int as r,
      (select coalesce(max(id), 0) from recursos_glosa_itens)::int as ri`,
  );
  const DIAS = 183;
  await db.execute(sql.raw(`set local work_mem = '128MB'`));

  // 1. the guides: authorized requests of the period with TUSS 22 items, executed and billed (92 %)
  await step(
    'guias (planejamento)',
    `
    create temp table seed_fg0 on commit drop as
    with a0 as (
      select a.id as aut, a.numero, a.tipo, a.status, a.beneficiario_id as ben,
        coalesce(a.prestador_executante_id, a.prestador_id) as pre, a.senha, a.data_autorizacao as daut, a.validade_senha as val,
        case a.tipo when 'CONSULTA' then 'CONSULTA' when 'INTERNACAO' then 'RESUMO_INTERNACAO' when 'ODONTO' then 'ODONTO' else 'SP-SADT' end as tipo_lote,
        ${h('a.id', 72)} as h1, ${h('a.id', 73)} as h2
      from autorizacoes a join beneficiarios b on b.id = a.beneficiario_id
      where a.status in (1, 7) and a.senha is not null and a.data_autorizacao >= current_date - ${DIAS + 40}
        and a.tipo in ('CONSULTA', 'SP_SADT', 'COMPROVANTE_PRESENCIAL', 'SEM_ONUS', 'APS', 'ANEXO_QUIMIO', 'ANEXO_RADIO', 'INTERNACAO', 'ODONTO')
        and exists (select 1 from autorizacao_itens i where i.autorizacao_id = a.id and i.tabela = '22' and i.quantidade_autorizada > 0)
    ),
    -- the attendance: the day of the authorization for a consultation, up to 3 days after it for an admission, up to
    -- 11 for the others, never after the senha's validity nor today
    a1 as (
      select a0.*, least(a0.val, a0.daut + case tipo_lote when 'CONSULTA' then 0 when 'RESUMO_INTERNACAO' then (h2 % 4)::int else (h2 % 12)::int end) as dia
      from a0 where h1 % 100 < 92
    )
    select a1.*, (date_trunc('month', dia)::date + case when extract(day from dia) > 15 then 15 else 0 end) as quinzena
    from a1 join beneficiarios b on b.id = a1.ben join prestadores pp on pp.id = a1.pre
    -- a beneficiary cancelled or suspended before the attendance is not attended, and a provider out of its contract
    -- does not bill (the seeded requests do not look at either)
    where dia <= current_date - 1 and (b.situacao = 'ATIVO' or b.data_situacao > dia)
      and pp.inicio_vigencia <= dia and (pp.fim_vigencia is null or pp.fim_vigencia >= dia)
  `,
  );
  // the guides presented again in the next lot, drawn by rank (so that even the test seed holds one) among those
  // whose next fortnight's lot has been received
  await step(
    'guias reapresentadas',
    `
    create temp table seed_fg1 on commit drop as
    with r as (
      select g.*, row_number() over (partition by (quinzena < current_date - 45) order by ${h('g.aut * 5 + 2', 75)}, g.aut) as rk, count(*) over () as n
      from seed_fg0 g
    )
    select aut, numero, status, ben, pre, senha, daut, tipo_lote, dia, quinzena, h2,
      quinzena < current_date - 45 and rk <= greatest(2, round(n * 0.015)) as dup_guia
    from r
  `,
  );
  // the guides as billed: the originals, and those presented again in the provider's next fortnight; each lot
  // (provider, guide type, fortnight, 100 guides at most) received 1 to 6 days after its fortnight, in office hours
  await step(
    'lotes (planejamento)',
    `
    create temp table seed_fg on commit drop as
    with g as (
      select f.*, false as reapresentada from seed_fg1 f
      union all
      select f.*, true from seed_fg1 f where f.dup_guia
    ),
    q as (
      select g.*, case when not reapresentada then quinzena when extract(day from quinzena) = 1 then quinzena + 15
        else (date_trunc('month', quinzena) + interval '1 month')::date end as quinzena_lote
      from g
    ),
    r as (
      select q.*, (case when extract(day from quinzena_lote) = 1 then quinzena_lote + 14 else (date_trunc('month', quinzena_lote) + interval '1 month - 1 day')::date end)
          + 1 + (${h(`q.pre::bigint * 100000 + (q.quinzena_lote - date '2000-01-01')`, 76)} % 6)::int as dia_lote,
        ${h(`q.pre::bigint * 100000 + (q.quinzena_lote - date '2000-01-01')`, 77)} as hl,
        row_number() over (partition by pre, tipo_lote, quinzena_lote order by dia, aut, reapresentada) as rn
      from q
    ),
    s as (
      select r.*, ((rn - 1) / 100)::int as parte,
        (dia_lote + interval '8 hours' + make_interval(secs => (hl % 36000)::int) + make_interval(mins => ((rn - 1) / 100)::int * 7))::timestamptz as recebido
      from r
    )
    select s.* from s where dia_lote >= current_date - ${DIAS} and recebido < now() - interval '30 minutes'
  `,
  );
  // what the reviewer will find in the guides billed, drawn by rank (each case at least once in the old and in the
  // recent lots, even in the test seed): no senha, a procedure not authorized, the same procedure twice
  await step(
    'casos de glosa',
    `
    create temp table seed_caso on commit drop as
    with o as (select g.*, recebido < now() - interval '45 days' as antigo from seed_fg g where not g.reapresentada),
    r as (
      select o.aut,
        tipo_lote = 'SP-SADT' and row_number() over (partition by (tipo_lote = 'SP-SADT'), antigo order by ${h('o.aut * 3 + 1', 74)}, o.aut)
          <= greatest(1, round(count(*) over (partition by (tipo_lote = 'SP-SADT'), antigo) * 0.02)) as sem_senha,
        tipo_lote <> 'CONSULTA' and row_number() over (partition by (tipo_lote <> 'CONSULTA'), antigo order by ${h('o.aut * 3 + 2', 74)}, o.aut)
          <= greatest(1, round(count(*) over (partition by (tipo_lote <> 'CONSULTA'), antigo) * 0.025)) as extra,
        tipo_lote = 'SP-SADT' and row_number() over (partition by (tipo_lote = 'SP-SADT') order by ${h('o.aut * 5 + 1', 75)}, o.aut)
          <= greatest(2, round(count(*) over (partition by (tipo_lote = 'SP-SADT')) * 0.015)) as dup_item
      from o
    )
    -- a guide without its senha has no senha to be checked against: it takes no extra procedure
    select aut, sem_senha, extra and not sem_senha as extra, dup_item from r
  `,
  );
  await step(
    'protocolos (planejamento)',
    `
    create temp table seed_lote on commit drop as
    with l as (
      select pre, tipo_lote, quinzena_lote, parte, min(recebido) as recebido, min(hl) as hl from seed_fg group by pre, tipo_lote, quinzena_lote, parte
    ),
    n as (select l.*, row_number() over (order by recebido, pre, tipo_lote, parte) as k from l)
    select n.*, ${ini.p} + k as id,
      -- the provider's own lot number: the year and its sequence of lots in the year
      to_char(recebido, 'YYYY') || lpad(row_number() over (partition by pre, to_char(recebido, 'YYYY') order by recebido, tipo_lote, parte)::text, 4, '0') as numero_lote,
      case when recebido < timestamptz '2026-10-31 00:00:00-03' and hl % 100 < 70 then '4.01.00' else '4.03.00' end as padrao
    from n
  `,
  );

  // 2. the items: the request's TUSS 22 items in the authorized quantity (the requested one in some partial
  // authorizations: more than authorized), at the contracted price (above it in a few), plus the extra procedure and
  // the repeated one of the drawn guides
  await step(
    'itens (planejamento)',
    `
    create temp table seed_fi0 on commit drop as
    with g as (
      select g.*, c.sem_senha, c.extra, c.dup_item, l.id as protocolo, dense_rank() over (order by l.id, g.dia, g.aut, g.reapresentada) as gid
      from seed_fg g join seed_caso c on c.aut = g.aut
        join seed_lote l on l.pre = g.pre and l.tipo_lote = g.tipo_lote and l.quinzena_lote = g.quinzena_lote and l.parte = g.parte
    ),
    base as (
      select g.gid, i.seq as ordem, i.codigo, i.descricao, i.quantidade_autorizada as qa, i.quantidade_solicitada as qs, false as acrescido
      from g join autorizacao_itens i on i.autorizacao_id = g.aut and i.tabela = '22' and i.quantidade_autorizada > 0
      union all
      -- a procedure the authorization does not hold, added by the provider
      select g.gid, 9, x.codigo, null, 0, 1, true
      from g cross join lateral (select case g.tipo_lote when 'ODONTO' then '81000065' when 'RESUMO_INTERNACAO' then '10102019'
          else (array['40304361', '40302040', '40301630', '40301150'])[1 + (g.h2 % 4)::int] end as codigo) x
      where g.extra and not exists (select 1 from autorizacao_itens i where i.autorizacao_id = g.aut and i.codigo = x.codigo)
      union all
      -- the first item billed twice on the same day
      select g.gid, 10, i.codigo, i.descricao, i.quantidade_autorizada, i.quantidade_autorizada, false
      from g join autorizacao_itens i on i.autorizacao_id = g.aut and i.tabela = '22' and i.seq = 1 and i.quantidade_autorizada > 0
      where g.dup_item
    )
    select b.*, g.protocolo, g.pre, g.dia, g.aut, g.status, g.senha, g.daut, g.reapresentada, g.sem_senha, g.tipo_lote
    from base b join g on g.gid = b.gid
  `,
  );
  await step(
    'preços contratados',
    `
    create temp table seed_fi on commit drop as
    with p as (
      select i.*, pc.id as procedimento, pc.porte,
        case when length(pc.descricao) > 150 then left(pc.descricao, 149) || '…' else pc.descricao end as proc_descricao,
        -- precificar with its default options: the fee size of the provider's table for the procedure's porte, else the
        -- reference value; times the provider's price class factor, rounded half up
        round(coalesce(
          (select ph.valor from prestadores pp join tabelas_precos t on t.id = pp.tabela_preco join portes_honorarios ph on ph.tabela_preco = t.id
            where pp.id = i.pre and pc.porte is not null and t.ativo and t.inicio_vigencia <= i.dia and (t.fim_vigencia is null or t.fim_vigencia >= i.dia)
              and ph.porte = pc.porte and ph.inicio_vigencia <= i.dia and (ph.fim_vigencia is null or ph.fim_vigencia >= i.dia)
            order by ph.inicio_vigencia desc, ph.id limit 1), pc.valor)
          * coalesce((select cp.fator from prestadores pp join classes_precos cp on cp.id = pp.classe_preco where pp.id = i.pre and cp.ativo), 1))::bigint as contratado,
        ${h('i.gid * 16 + i.ordem', 78)} as hi
      from seed_fi0 i join procedimentos pc on pc.codigo = i.codigo
    ),
    r as (
      select p.*, row_number() over (partition by acrescido, porte is not null order by hi, gid, ordem) as rk_preco, count(*) over (partition by acrescido, porte is not null) as n,
        row_number() over (partition by (status = 7 and ordem = 1 and qs > qa) order by ${h('p.gid * 16 + p.ordem', 79)}, gid) as rk_qtd,
        count(*) over (partition by (status = 7 and ordem = 1 and qs > qa)) as n_parcial
      from p
    ),
    s as (
      select gid, protocolo, pre, dia, aut, senha, daut, sem_senha, reapresentada, tipo_lote, ordem, codigo, procedimento, coalesce(descricao, proc_descricao) as descricao,
        qa, acrescido, porte is not null as com_porte, contratado, hi,
        case when status = 7 and ordem = 1 and qs > qa and rk_qtd <= greatest(1, round(n_parcial * 0.4)) then qs else greatest(qa, 1) end as quantidade,
        case when not acrescido and rk_preco <= greatest(2, round(n * 0.04)) then contratado + greatest(100, contratado * (10 + hi % 26) / 100) else contratado end as unitario
      from r
    )
    -- ids in the order a reception gives them: protocol, guide, item
    select s.*, ${ini.g} + gid as guia_id, ${ini.i} + row_number() over (order by gid, ordem) as item_id, row_number() over (partition by gid order by ordem) as seq
    from s
  `,
  );

  // 3. the rows
  await step(
    'protocolos',
    `
    insert into protocolos_recebimento (id, numero, prestador_id, numero_lote, padrao, tipo_guia, qtd_guias, valor_informado_centavos, usuario_id, recebido_em, version)
    select l.id, 'T' || l.id, l.pre, l.numero_lote, l.padrao, l.tipo_lote, t.guias, t.valor,
      (select u.id from usuarios u where u.login = 'prestador' and u.prestador_id = l.pre), l.recebido, 1
    from seed_lote l join (select protocolo, count(distinct gid)::int as guias, sum(quantidade * unitario) as valor from seed_fi group by protocolo) t on t.protocolo = l.id
  `,
  );
  await step(
    'guias',
    `
    insert into guias_faturadas (id, protocolo_id, ordem, numero_guia_prestador, numero_guia_operadora, senha, data_autorizacao, numero_carteira, beneficiario_id,
      data_atendimento, valor_informado_centavos, valor_glosa_centavos, status, version)
    with g as (
      select guia_id, gid, min(protocolo) as protocolo, min(pre) as pre, min(aut) as aut, bool_or(sem_senha) as sem_senha, min(dia) as dia, sum(quantidade * unitario) as valor
      from seed_fi group by guia_id, gid
    ),
    -- the provider's guide number: the year, the provider's own prefix and its sequence of guides (the same when a guide
    -- is presented again); the prefix keeps one number to one provider, so the check for a guide presented again reads a
    -- handful of index rows per item instead of every provider's guide of that number (minutes on the demo seed)
    num as (
      select aut, pre, to_char(min(dia), 'YYYY') || lpad(pre::text, 6, '0') || lpad(row_number() over (partition by pre, to_char(min(dia), 'YYYY') order by min(dia), aut)::text, 6, '0') as numero
      from seed_fi group by aut, pre
    )
    select g.guia_id, g.protocolo, row_number() over (partition by g.protocolo order by g.gid), num.numero,
      case when g.sem_senha then null else a.numero end, case when g.sem_senha then null else a.senha end, case when g.sem_senha then null else a.data_autorizacao end,
      b.carteirinha, b.id, g.dia, g.valor, 0, '1', 1
    from g join autorizacoes a on a.id = g.aut join beneficiarios b on b.id = a.beneficiario_id join num on num.aut = g.aut and num.pre = g.pre
  `,
  );
  await step(
    'itens',
    `
    insert into itens_faturados (id, guia_id, sequencial, data, codigo_tabela, codigo_procedimento, procedimento_id, descricao, quantidade, valor_unitario_centavos,
      valor_informado_centavos, valor_glosa_centavos, version)
    select item_id, guia_id, seq, dia, '22', codigo, procedimento, descricao, quantidade, unitario, quantidade * unitario, 0, 1 from seed_fi
  `,
  );
  // the automatic checks, as the reception runs them (once over all: each rule looks only at lower ids); the tables
  // just filled have no statistics yet, and without them the planner's guesses made this step take minutes
  for (const t of ['autorizacoes', 'autorizacao_itens', 'protocolos_recebimento', 'guias_faturadas', 'itens_faturados']) await db.execute(sql.raw(`analyze ${t}`));
  const t0 = performance.now();
  await proporGlosasOnde(db, sql`g.protocolo_id > ${ini.p}`);
  if (log) console.log(`seed faturamento, propostas: ${Math.round(performance.now() - t0)} ms`);

  // 4. the review: the state of each protocol by its age, then each item's decision
  await step(
    'análise (planejamento)',
    `
    create temp table seed_prot on commit drop as
    with l as (
      select p.id, p.prestador_id as pre, p.recebido_em as recebido, p.qtd_guias, extract(epoch from now() - p.recebido_em) / 86400 as idade, ${h('p.id', 77)} % 100 as hr
      from protocolos_recebimento p where p.id > ${ini.p}
    ),
    e as (
      select l.*, (idade > 40 or (idade > 15 and hr < 60) or (idade > 7 and hr < 15)) as fechado from l
    )
    select e.*,
      case when fechado then 3 when idade > 10 or (idade > 1 and hr < 40) then 2 else 1 end as estado,
      case when fechado then least(recebido + make_interval(days => (6 + (hr * 7) % 22)::int, secs => ((hr * 613) % 30000)::int), now() - interval '2 hours') end as encerrado
    from e
  `,
  );
  await step(
    'decisões (planejamento)',
    `
    create temp table seed_dec on commit drop as
    with i as (
      select s.item_id, s.guia_id, s.gid, s.protocolo, s.quantidade, s.qa, s.unitario, s.contratado, s.com_porte, s.acrescido, s.senha, s.daut, s.sem_senha, s.hi,
        s.quantidade * s.unitario as informado, it.glosa_proposta as proposta, g.ordem, p.estado, p.encerrado, p.recebido, p.qtd_guias, p.hr
      from seed_fi s join itens_faturados it on it.id = s.item_id join guias_faturadas g on g.id = s.guia_id join seed_prot p on p.id = s.protocolo
    ),
    d as (
      select i.*,
        estado = 3 or (estado = 2 and ordem <= ceil(qtd_guias * (30 + hr % 50) / 100.0)) as decidido,
        case
          when proposta is not null and not (proposta = '1702' and hi % 5 = 0) then proposta
          when proposta is not null then null
          when sem_senha then '1403'
          when quantidade > qa and not acrescido then '1408'
          when unitario > contratado then case when com_porte then '1714' else '1705' end
        end as codigo
      from i
    )
    select d.*,
      case when codigo is null then 0 when codigo = '1408' then (quantidade - qa) * unitario when codigo in ('1705', '1714') then (unitario - contratado) * quantidade else informado end as glosa,
      case
        when proposta is not null and codigo is null then ${lit(TEXTO.duplicidadeLiberada)}
        when proposta is not null then null
        when codigo = '1403' then ${lit(TEXTO.semSenha)}
        when codigo = '1408' then 'Quantidade cobrada (' || quantidade || ') acima da autorizada (' || qa || '): glosado o excedente.'
        when codigo = '1705' then 'Valor unitário cobrado (' || ${MOEDA('unitario')} || ') acima do preço contratado do prestador (' || ${MOEDA('contratado')} || ').'
        when codigo = '1714' then 'Valor unitário cobrado (' || ${MOEDA('unitario')} || ') acima do valor do porte na tabela contratada (' || ${MOEDA('contratado')} || ').'
      end as justificativa,
      case when estado = 3 then recebido + (encerrado - recebido) * (0.05 + 0.85 * (hi % 1000) / 1000.0)
           else recebido + (now() - interval '1 hour' - recebido) * (0.05 + 0.85 * (hi % 1000) / 1000.0) end as em,
      (select id from usuarios where login = case when hi % 4 = 0 then 'operadora' else 'auditor' end) as usuario
    from d where decidido
  `,
  );
  await step(
    'decisões',
    `
    update itens_faturados i set glosa_codigo = d.codigo, valor_glosa_centavos = d.glosa, valor_liberado_centavos = d.informado - d.glosa, version = i.version + 1
    from seed_dec d where d.item_id = i.id
  `,
  );
  await step(
    'totais das guias e dos protocolos',
    `
    update guias_faturadas g set
      valor_liberado_centavos = case when s.decididos > 0 then s.liberado end, valor_glosa_centavos = s.glosa,
      status = case when p.estado = 3 then (case when p.liberado > 0 then '5' else '4' end) else '1' end,
      version = 1 + s.decididos + (p.estado = 3)::int
    from (select guia_id, sum(coalesce(valor_liberado_centavos, 0)) as liberado, sum(valor_glosa_centavos) as glosa, count(valor_liberado_centavos)::int as decididos
          from itens_faturados group by guia_id) s,
      -- the decisions added up once per protocol (a subquery per protocol over the unindexed decisions took minutes)
      (select sp.id, sp.estado, coalesce(dl.liberado, 0) as liberado from seed_prot sp
        left join (select protocolo, sum(informado - glosa) as liberado from seed_dec group by protocolo) dl on dl.protocolo = sp.id) p
    where s.guia_id = g.id and p.id = g.protocolo_id;
    update protocolos_recebimento p set
      status = case sp.estado when 1 then '1' when 2 then '2' else (case when exists (select 1 from guias_faturadas g where g.protocolo_id = p.id and g.status = '5') then '5' else '4' end) end,
      atualizado_em = case when sp.estado = 3 then sp.encerrado when sp.estado = 2 then dm.em end,
      -- the stored totals (totais-protocolo.ts), from the decisions (an item not decided has no glosa and releases nothing):
      -- summing the guides again took seconds on the demo seed
      valor_glosa_centavos = coalesce(dm.glosa, 0), valor_liberado_centavos = coalesce(dm.liberado, 0),
      version = 1 + (sp.estado >= 2)::int + (sp.estado = 3)::int
    from seed_prot sp left join (select protocolo, max(em) as em, sum(glosa) as glosa, sum(informado - glosa) as liberado from seed_dec group by protocolo) dm on dm.protocolo = sp.id
    where sp.id = p.id
  `,
  );

  // 5. the appeals: some of the reviewer's glosas of closed protocols, one appeal per protocol, 2 to 19 days after the
  // closing; the older ones decided by the audit
  await step(
    'recursos (planejamento)',
    `
    create temp table seed_rec_item on commit drop as
    with c as (
      select d.*, row_number() over (partition by d.codigo order by ${h('d.item_id', 79)}, d.item_id) as rk, count(*) over (partition by d.codigo) as n
      from seed_dec d where d.estado = 3 and d.codigo in ('1403', '1408', '1705', '1714')
    ),
    e as (
      select c.* from c
      where (codigo = '1403' and rk <= greatest(1, ceil(n * 0.7))) or (codigo = '1408' and rk <= greatest(1, ceil(n * 0.4))) or (codigo in ('1705', '1714') and rk <= greatest(1, ceil(n * 0.35)))
    ),
    r as (
      select e.*, e.encerrado + make_interval(days => (2 + e.hr % 18)::int, secs => ((e.hr * 977) % 28000)::int) as criado from e
    )
    select r.*, dense_rank() over (order by r.criado, r.protocolo) as rk_rec,
      row_number() over (partition by r.protocolo order by r.gid, r.item_id) as ordem_rec, count(*) over (partition by r.protocolo) as itens_rec,
      extract(epoch from now() - r.criado) / 86400 as idade_rec
    from r where r.criado < now() - interval '1 hour'
  `,
  );
  await step(
    'recursos (decisões)',
    `
    create temp table seed_rec_dec on commit drop as
    select r.*, ${ini.r} + r.rk_rec as recurso_id, ${ini.ri} + row_number() over (order by r.rk_rec, r.ordem_rec) as recurso_item_id,
      r.idade_rec > 12 or (r.idade_rec > 4 and r.itens_rec > 1 and r.ordem_rec = 1) as julgado,
      case when r.codigo = '1403' then '3092' when r.codigo = '1408' and r.quantidade - r.qa >= 2 and r.hi % 2 = 0 then '3095' else '2902' end as resultado,
      case when r.codigo = '1403' then r.glosa when r.codigo = '1408' and r.quantidade - r.qa >= 2 and r.hi % 2 = 0 then r.unitario else 0 end as acatado,
      case r.codigo when '1403' then 'O atendimento foi realizado com a senha ' || r.senha || ', autorizada em ' || ${DATA_BR('r.daut')} || '; a senha não foi transcrita no lote.'
        when '1408' then ${lit(TEXTO.recursoQuantidade)} else ${lit(TEXTO.recursoValor)} end as justificativa_prestador,
      case when r.codigo = '1403' then 'Senha ' || r.senha || ' conferida: procedimento autorizado em ' || ${DATA_BR('r.daut')} || '.'
        when r.codigo = '1408' and r.quantidade - r.qa >= 2 and r.hi % 2 = 0 then ${lit(TEXTO.parcialQuantidade)}
        when r.codigo = '1408' then ${lit(TEXTO.mantidaQuantidade)} else ${lit(TEXTO.mantidaValor)} end as justificativa_operadora,
      case when r.idade_rec > 12 then r.criado + make_interval(days => (3 + r.hr % 8)::int, secs => ((r.hi * 31) % 25000)::int)
        else r.criado + make_interval(days => 1, secs => ((r.hi * 31) % 25000)::int) end as decidido_em
    from seed_rec_item r
  `,
  );
  await step(
    'recursos',
    `
    insert into recursos_glosa (id, numero, prestador_id, protocolo_id, numero_guia_recurso, origem, objeto, valor_recursado_centavos, valor_acatado_centavos, status, criado_por_id, criado_em, version)
    select recurso_id, 'R' || recurso_id, min(p.prestador_id), min(r.protocolo), 'R' || recurso_id, 'PORTAL', '2', sum(r.glosa),
      coalesce(sum(r.acatado) filter (where r.julgado), 0),
      case when bool_and(r.julgado) then '3' when bool_or(r.julgado) then '2' else '1' end,
      (select u.id from usuarios u where u.login = 'prestador' and u.prestador_id = min(p.prestador_id)), min(r.criado),
      1 + count(*) filter (where r.julgado)::int
    from seed_rec_dec r join protocolos_recebimento p on p.id = r.protocolo group by recurso_id;
    insert into recursos_glosa_itens (id, recurso_id, item_id, guia_completa, codigo_glosa, valor_recursado_centavos, justificativa, resultado, valor_acatado_centavos,
      justificativa_operadora, decidido_por_id, decidido_em, version)
    select recurso_item_id, recurso_id, item_id, false, codigo, glosa, justificativa_prestador,
      case when julgado then resultado end, case when julgado then acatado end, case when julgado then justificativa_operadora end,
      case when julgado then (select id from usuarios where login = 'auditor') end, case when julgado then decidido_em end, 1 + julgado::int
    from seed_rec_dec;
    update itens_faturados i set valor_glosa_centavos = i.valor_glosa_centavos - r.acatado, valor_liberado_centavos = i.valor_liberado_centavos + r.acatado, version = i.version + 1
    from seed_rec_dec r where r.item_id = i.id and r.julgado and r.acatado > 0;
    update guias_faturadas g set valor_liberado_centavos = s.liberado, valor_glosa_centavos = s.glosa, version = g.version + 1
    from (select i.guia_id, sum(coalesce(i.valor_liberado_centavos, 0)) as liberado, sum(i.valor_glosa_centavos) as glosa from itens_faturados i
          where i.guia_id in (select guia_id from seed_rec_dec where julgado and acatado > 0) group by i.guia_id) s
    where s.guia_id = g.id;
    update protocolos_recebimento p set valor_glosa_centavos = p.valor_glosa_centavos - s.acatado, valor_liberado_centavos = p.valor_liberado_centavos + s.acatado
    from (select protocolo, sum(acatado) as acatado from seed_rec_dec where julgado and acatado > 0 group by protocolo) s where s.protocolo = p.id
  `,
  );

  // 6. one numbering for protocols and appeals, per year, in the order they were received; the counter continues it
  await step(
    'numeração',
    `
    create temp table seed_num on commit drop as
    with ev as (
      select 'P' as k, id, recebido_em as em from protocolos_recebimento where id > ${ini.p}
      union all select 'R', id, criado_em from recursos_glosa where id > ${ini.r}
    )
    select k, id, extract(year from em)::int as ano,
      row_number() over (partition by extract(year from em) order by em, k, id)
        + coalesce((select c.ultimo from protocolo_recebimento_numeracao c where c.ano = extract(year from em)::int), 0) as seq
    from ev;
    update protocolos_recebimento p set numero = n.ano || lpad(n.seq::text, 8, '0') from seed_num n where n.k = 'P' and n.id = p.id;
    update recursos_glosa r set numero = n.ano || lpad(n.seq::text, 8, '0'), numero_guia_recurso = n.ano || lpad(n.seq::text, 8, '0') from seed_num n where n.k = 'R' and n.id = r.id;
    insert into protocolo_recebimento_numeracao (ano, ultimo) select ano, max(seq) from seed_num group by ano
      on conflict (ano) do update set ultimo = greatest(protocolo_recebimento_numeracao.ultimo, excluded.ultimo)
  `,
  );

  // 7. the change trail: receipts, the first decision (Recebido → Em análise), each item's decision, the closings,
  // the appeals and their decisions — as the services write them
  await step(
    'trilha',
    `
    insert into trilha_eventos (em, usuario_id, usuario_login, entidade, registro_id, acao, antes, depois)
    select p.recebido_em, p.usuario_id, u.login, 'protocolorecebimento', p.id::text, 'insert', null,
      jsonb_build_object('numero', p.numero, 'prestadorId', p.prestador_id, 'numeroLote', p.numero_lote, 'padrao', p.padrao, 'tipoGuia', p.tipo_guia, 'qtdGuias', p.qtd_guias,
        'itens', coalesce(n.itens, 0), 'valorInformado', p.valor_informado_centavos, 'arquivoId', null)
    from protocolos_recebimento p left join usuarios u on u.id = p.usuario_id
      left join (select protocolo, count(*) as itens from seed_fi group by protocolo) n on n.protocolo = p.id
    where p.id > ${ini.p};

    insert into trilha_eventos (em, usuario_id, usuario_login, entidade, registro_id, acao, antes, depois)
    select distinct on (d.protocolo) d.em, d.usuario, u.login, 'protocolorecebimento', d.protocolo::text, 'update', '{"status": "1"}'::jsonb, '{"status": "2"}'::jsonb
    from seed_dec d join usuarios u on u.id = d.usuario order by d.protocolo, d.em, d.item_id;

    insert into trilha_eventos (em, usuario_id, usuario_login, entidade, registro_id, acao, antes, depois)
    select x.em, x.usuario, u.login, 'itemfaturado', x.item_id::text, 'update', ${mudou('x.a', 'x.d', 'a')}, ${mudou('x.a', 'x.d', 'd')}
    from (select d.*, '{"glosaCodigo": null, "valorGlosa": 0, "valorLiberado": null}'::jsonb as a,
            jsonb_build_object('glosaCodigo', d.codigo, 'valorGlosa', d.glosa, 'valorLiberado', d.informado - d.glosa, 'glosaProposta', d.proposta, 'justificativa', d.justificativa) as d
          from seed_dec d) x join usuarios u on u.id = x.usuario;

    insert into trilha_eventos (em, usuario_id, usuario_login, entidade, registro_id, acao, antes, depois)
    select x.encerrado, u.id, u.login, 'protocolorecebimento', x.id::text, 'update', ${mudou('x.a', 'x.d', 'a')}, ${mudou('x.a', 'x.d', 'd')}
    from (select sp.encerrado, p.id, '{"status": "2"}'::jsonb as a,
            jsonb_build_object('status', p.status, 'analiseEncerrada', true, 'aceitosComoPropostos', 0, 'valorInformado', p.valor_informado_centavos,
              'valorLiberado', coalesce(ds.liberado, 0), 'valorGlosa', coalesce(ds.glosa, 0)) as d
          from seed_prot sp join protocolos_recebimento p on p.id = sp.id
            left join (select protocolo, sum(informado - glosa) as liberado, sum(glosa) as glosa from seed_dec group by protocolo) ds on ds.protocolo = sp.id
          where sp.estado = 3) x
      cross join (select id, login from usuarios where login = 'operadora') u;

    insert into trilha_eventos (em, usuario_id, usuario_login, entidade, registro_id, acao, antes, depois)
    select r.criado_em, r.criado_por_id, u.login, 'recursoglosa', r.id::text, 'insert', null,
      jsonb_build_object('numero', r.numero, 'protocolo', p.numero, 'origem', r.origem, 'numeroGuiaRecurso', r.numero_guia_recurso, 'valorRecursado', r.valor_recursado_centavos,
        'itens', (select jsonb_agg(jsonb_build_object('guia', g.numero_guia_prestador, 'sequencial', i.sequencial, 'codigoGlosa', ri.codigo_glosa, 'valorRecursado', ri.valor_recursado_centavos,
            'justificativa', ri.justificativa) order by g.ordem, i.sequencial)
          from recursos_glosa_itens ri join itens_faturados i on i.id = ri.item_id join guias_faturadas g on g.id = i.guia_id where ri.recurso_id = r.id))
    from recursos_glosa r join protocolos_recebimento p on p.id = r.protocolo_id left join usuarios u on u.id = r.criado_por_id where r.id > ${ini.r};

    insert into trilha_eventos (em, usuario_id, usuario_login, entidade, registro_id, acao, antes, depois)
    select x.decidido_em, u.id, u.login, 'recursoglosaitem', x.recurso_item_id::text, 'update', ${mudou('x.a', 'x.d', 'a')}, ${mudou('x.a', 'x.d', 'd')}
    from (select r.*, jsonb_build_object('resultado', null, 'valorAcatado', null, 'valorLiberado', r.informado - r.glosa, 'valorGlosa', r.glosa) as a,
            jsonb_build_object('recurso', rg.numero, 'resultado', r.resultado, 'valorAcatado', r.acatado, 'valorLiberado', r.informado - r.glosa + r.acatado,
              'valorGlosa', r.glosa - r.acatado, 'justificativa', r.justificativa_operadora) as d
          from seed_rec_dec r join recursos_glosa rg on rg.id = r.recurso_id where r.julgado) x
      cross join (select id, login from usuarios where login = 'auditor') u
  `,
  );

  for (const t of ['protocolos_recebimento', 'guias_faturadas', 'itens_faturados', 'recursos_glosa', 'recursos_glosa_itens']) {
    await db.execute(sql.raw(`select setval(pg_get_serial_sequence('${t}', 'id'), greatest((select max(id) from ${t}), 1))`));
    await db.execute(sql.raw(`analyze ${t}`));
  }
}
