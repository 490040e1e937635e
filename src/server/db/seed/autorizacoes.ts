import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { CONSELHO_TISS } from '../../../shared/autorizacoes';
import { bulkLoad } from './people';
import { arr, h, lit } from './people-sql';
import { LIMITE_IMEDIATO, linhasDosPools, PERFIL_DO_CBO, perfisTipos } from './perfis';

/** How many authorization requests each seed size holds (issue 7: at least 300,000 over two years for demo and bench). */
export const SEED_AUTORIZACOES = { test: 400, demo: 300_000, bench: 320_000 } as const;

/** Types the simple rules may authorize at once (server/autorizacoes/service.ts autorizaDeImediato). */
const AUTOMATICOS = ['CONSULTA', 'SP_SADT', 'COMPROVANTE_PRESENCIAL', 'SEM_ONUS', 'APS'];

/** Guide types in realistic proportions: the type of each percentile of the draw (10 % consultations, 45 % SP/SADT…). */
const TIPOS_POR_CENTIL: string[] = (
  [['CONSULTA', 10], ['SP_SADT', 45], ['INTERNACAO', 8], ['PRORROGACAO', 3], ['ODONTO', 12], ['ORCAMENTO', 4], ['COMPROVANTE_PRESENCIAL', 3], ['SEM_ONUS', 2], ['APS', 1],
    ['PRE_AUTORIZACAO', 2], ['ANEXO_QUIMIO', 3], ['ANEXO_RADIO', 2], ['ANEXO_ODONTO', 2], ['ANEXO_OPME', 3]] as [string, number][]
).flatMap(([tipo, n]) => Array<string>(n).fill(tipo));

const JUSTIFICATIVAS = [
  'Enviar relatório médico com a justificativa técnica do procedimento.',
  'Informar os tratamentos anteriores e a evolução clínica do beneficiário.',
  'Justificar a quantidade solicitada.',
];
const DOCUMENTOS = [
  'Anexar o laudo do exame anterior.',
  'Anexar pedido médico legível, com número do conselho e assinatura.',
  'Anexar relatório médico e exames que indiquem o procedimento.',
];
/** Cancellation reasons and who asked (the beneficiary's or the provider's name, or the central desk). */
const CANCELAMENTOS = ['Solicitação duplicada.', 'Cancelada a pedido do beneficiário.', 'Procedimento não será mais realizado pelo prestador.', 'Guia emitida para o beneficiário errado.'];

/**
 * Authorization requests over the last two years, set-based (INSERT … SELECT over generate_series, deterministic
 * expressions of the series number; no row-by-row work), consistent the way a real operator's are:
 * - the guide type comes first (realistic proportions); the provider is one whose specialty sends that type
 *   (seed/perfis.ts: dentists only dental guides with dental TUSS codes, labs and imaging centers only exams,
 *   oncologists the chemotherapy attachments, radiotherapists the radiotherapy ones, surgeons the OPME ones…), the
 *   professional one of the same specialty, the beneficiary one that profile sees (gynecology: women of 18 to 49;
 *   pediatrics: children);
 * - items come from the profile's pool for the type without procedures of the other sex, at the procedure's price
 *   (procedimentos.valor; daily rates and OPME at their tables' prices); the guide's total is the sum of its items;
 * - the CID (internação, chemotherapy and radiotherapy) comes from the profile's diagnoses (cancers for the
 *   attachments), never one restricted to the other sex;
 * - a consultation, a primary-care visit and most simple exams pass the operator's simple rules and are authorized at
 *   once (unit value up to R$ 500, at most 3 units); the others go to audit and end in one of the TISS statuses, about
 *   a tenth of them still Em análise (most of the last month's);
 * - every request has its history: the creation (by the provider), the audit's requests for justification or
 *   documents and the provider's answers where they happened, and the decision whose status is the request's, by the
 *   demo auditor, with the glosa text of a denial and the reason and requester of a cancellation.
 */
export async function seedAutorizacoes(db: Db, size: 'test' | 'demo' | 'bench') {
  const n = SEED_AUTORIZACOES[size];
  const log = process.env.SEED_LOG === '1';
  const step = async (name: string, q: string) => {
    const t0 = performance.now();
    await db.execute(sql.raw(q));
    if (log) console.log(`seed autorizações, ${name}: ${Math.round(performance.now() - t0)} ms`);
  };

  // the pools (codes as integers: a TUSS code has 8 digits, no leading zero; an element of an int[] is read in constant
  // time, of a text[] by walking it) and each profile's guide types
  const pools = new Map<string, { tabela: string; codigos: string[] }>();
  for (const l of linhasDosPools(size)) {
    const p = pools.get(l.chave) ?? pools.set(l.chave, { tabela: l.tabela, codigos: [] }).get(l.chave)!;
    p.codigos.push(l.codigo);
  }
  const poolsJson = JSON.stringify(
    [...pools].map(([chave, p]) => (p.tabela === 'CID' ? { chave, tabela: p.tabela, cids: p.codigos } : { chave, tabela: p.tabela, codigos: p.codigos.map(Number) })),
  );
  // sorts and hashes of a few hundred thousand rows stay in memory for this transaction
  await db.execute(sql.raw(`set local work_mem = '128MB'`));
  const cboDe = Object.fromEntries(Object.entries(PERFIL_DO_CBO).map(([c, p]) => [p, c]));
  await db.execute(sql.raw('create temp table seed_perfil_tipo (cbo text, perfil text, tipo text, pool text, segmento text, grupo_cid text, primary key (cbo, tipo)) on commit drop'));
  await db.execute(
    sql`insert into seed_perfil_tipo select cbo, perfil, tipo, pool, segmento, grupo_cid from jsonb_to_recordset(${JSON.stringify(perfisTipos().map((r) => ({ ...r, cbo: cboDe[r.perfil], grupo_cid: r.grupoCid })))}::jsonb)
      as x(cbo text, perfil text, tipo text, pool text, segmento text, grupo_cid text)`,
  );

  // 1. the request numbers with their pseudo-random draws and guide type, computed once (a table: the next step's
  // joins read plain columns and the planner knows their sizes)
  await step(
    'sorteios',
    `
    create temp table seed_base on commit drop as
    select g,
      (current_date - (${h('g', 60)} % 730)::int) as dia,
      (${arr(TIPOS_POR_CENTIL)})[1 + ${h('g', 61)} % 100] as tipo,
      ${h('g', 62)} % 100 as hs, ${h('g', 63)} % 100 as hc, ${h('g', 64)} % 100 as hy, ${h('g', 65)} % 100 as hz,
      ${h('g', 66)} as hb, ${h('g', 67)} as hp, ${h('g', 69)} as hx, ${h('g', 70)} as h1, ${h('g', 71)} as h2
    from generate_series(1, ${n}) g
  `,
  );
  await db.execute(sql.raw('analyze seed_base'));

  // 2. one row per request with everything decided: provider, beneficiary, status, items' codes, CID, times.
  // Lists to draw from are numbered (row_number) and joined on (list, number): no large arrays walked per row.
  await step(
    'solicitações (planejamento)',
    `
    create temp table seed_aut on commit drop as
    with pool as (
      select chave, tabela, codigos, cids, coalesce(cardinality(codigos), cardinality(cids)) as n
      from jsonb_to_recordset(${lit(poolsJson)}::jsonb) as x(chave text, tabela text, codigos int[], cids text[])
    ),
    ben_base as (
      select b.id, case b.sexo when '3' then 'F' else 'M' end as sexo, s.seg from beneficiarios b
        cross join lateral (values ('TODOS'),
          (case when b.sexo = '3' and b.data_nascimento between current_date - 49 * 365 and current_date - 18 * 365 then 'MULHERES' end),
          (case when b.data_nascimento > current_date - 14 * 365 then 'CRIANCAS' end)) s(seg)
      where b.situacao = 'ATIVO' and s.seg is not null
    ),
    ben as (select seg, row_number() over (partition by seg order by id) as k, id, sexo from ben_base),
    ben_n as (select seg, count(*) as n from ben_base group by seg),
    pre as (
      select pt.tipo, row_number() over (partition by pt.tipo order by p.id) as k, p.id, p.especialidade as esp, e.cbo
      from prestadores p join especialidades e on e.id = p.especialidade join seed_perfil_tipo pt on pt.cbo = e.cbo
    ),
    pre_n as (select tipo, count(*) as n from pre group by tipo),
    -- (offset 0 keeps each drawn number computed before its join: the join is then on (list, number), not a scan of the list)
    u0 as (select t.*, 1 + t.hp % pn.n as kp from seed_base t join pre_n pn using (tipo) offset 0),
    u as (
      select u0.*, pre.id as prestador, pre.esp, pre.cbo
      from u0 join pre on pre.tipo = u0.tipo and pre.k = u0.kp
    ),
    v as (
      select u.*, pt.perfil, pt.pool, pt.grupo_cid, case when bn.n > 0 then pt.segmento else 'TODOS' end as seg,
        -- consultations and primary care always pass the simple rules; most simple exams too
        u.tipo in ('CONSULTA', 'APS') or (u.tipo = 'SP_SADT' and u.hy < 60) or (u.tipo in ('COMPROVANTE_PRESENCIAL', 'SEM_ONUS') and u.hy < 85) as imediato
      from u join seed_perfil_tipo pt on pt.cbo = u.cbo and pt.tipo = u.tipo
        left join ben_n bn on bn.seg = pt.segmento
    ),
    v1 as (select v.*, 1 + v.hb % bn.n as kb from v join ben_n bn on bn.seg = v.seg offset 0),
    w as (
      select v.*, b.id as beneficiario, b.sexo,
        case when imediato then (case when hs < 4 then 6 else 1 end)
             when dia >= current_date - 30 then
               case when hs < 40 then 1 when hs < 45 then 7 when hs < 50 then 3 when hs < 53 then 4 when hs < 55 then 5 when hs < 57 then 6 else 2 end
             else
               case when hs < 70 then 1 when hs < 78 then 7 when hs < 86 then 3 when hs < 90 then 6 when hs < 92 then 4 when hs < 93 then 5 else 2 end
        end as status,
        -- an audited voucher or no-cost guide is for exams the simple rules do not cover
        case when not imediato and pool = 'consulta' and tipo <> 'CONSULTA' then 'sadt' else pool end as pool_ef,
        case when tipo not in (${AUTOMATICOS.map(lit).join(',')}) then 'T' when imediato then 'S' else 'C' end as faixa,
        least(dia::timestamp + make_interval(secs => (hx % 36000) + 28800), now() - interval '10 minutes') as criada
      from v1 v join ben b on b.seg = v.seg and b.k = v.kb
    )
    select w.g, w.dia, w.tipo, w.status, w.imediato, w.perfil, w.prestador, w.esp, w.cbo, w.beneficiario, w.sexo, w.hs, w.hz, w.hb, w.hx, w.h1, w.h2, w.criada,
      -- urgency: an emergency-room consultation, exams and admissions; never the elective kinds
      case when w.hc < 15 and w.tipo in ('CONSULTA', 'SP_SADT', 'INTERNACAO', 'PRORROGACAO', 'COMPROVANTE_PRESENCIAL') then '2' else '1' end as carater,
      p1.tabela as tabela1,
      case when w.tipo = 'CONSULTA' and w.hc < 15 then '10101039' else p1.codigos[1 + w.h1 % p1.n]::text end as codigo1,
      case when w.tipo not in ('CONSULTA', 'APS') and (w.g % 3 = 0 or w.tipo = 'PRORROGACAO') and p2.n > 1 then p2.codigos[1 + w.h2 % p2.n]::text end as codigo2,
      p2.tabela as tabela2,
      case when w.grupo_cid is not null then pc.cids[1 + w.hb % pc.n] end as cid,
      -- decisions: at once for the simple rules, else minutes to days after the request (never in the future)
      case when w.status = 2 then null
           when w.imediato and w.status = 1 then w.criada
           when w.imediato then least(w.criada + make_interval(secs => 3600 + w.hx % 172800), now() - interval '1 minute')
           else least(w.criada + make_interval(secs => 1200 + (w.hx % 7200) + 86400 * (w.hs % 3)), now() - interval '1 minute') end as decidida
    from w
      join pool p1 on p1.chave = w.perfil || '|' || w.pool_ef || '|' || w.sexo || '|' || w.faixa
      join pool p2 on p2.chave = w.perfil || '|' || w.pool_ef || '|' || w.sexo || '|' || case when w.imediato then 'S' else 'T' end
      left join pool pc on pc.chave = 'CID|' || w.grupo_cid || '|' || w.sexo
  `,
  );

  // 2. the items, at their table's price; quantities by kind of item; the partial authorization reduces the first
  await step(
    'itens (planejamento)',
    `
    create temp table seed_item on commit drop as
    with cat0 as (
      select '22' as tabela, codigo, descricao, coalesce(valor, 0) as valor, rol from procedimentos
      union all select '18', codigo, descricao, valor, true from taxas
      union all select '19', codigo, descricao, coalesce(valor, 0), true from materiais
    ),
    -- an item's description holds 150 characters: a longer TUSS name is cut with an ellipsis
    cat as (select tabela, codigo, case when length(descricao) > 150 then left(descricao, 149) || '…' else descricao end as descricao, valor, rol from cat0),
    i as (
      select a.g, a.tipo, a.status, a.imediato, k.seq, k.tabela, k.codigo, c.descricao, c.valor, c.rol, a.hs, a.hx, a.h1, a.h2,
        case
          when a.tipo in ('CONSULTA', 'APS') then 1
          when a.imediato then 1 + (a.h2 % 10 = 0)::int
          -- audited simple exams and sessions: the quantity sends them to audit
          when a.tipo in (${AUTOMATICOS.map(lit).join(',')}) and k.seq = 1 and c.valor <= ${LIMITE_IMEDIATO} then 4 + a.hx % 7
          when k.tabela = '18' then 2 + a.hx % 6
          when lower(c.descricao) ~ 'parafuso' then 4 + a.hx % 5
          when lower(c.descricao) ~ '(por sess|por dia|por campo|por inser|sessão|por hora)' then 2 + (a.h1 + k.seq) % 9
          else 1 + ((a.h1 + k.seq) % 7 = 0)::int
        end as q
      from seed_aut a
        cross join lateral (values (1, a.tabela1, a.codigo1), (2, a.tabela2, a.codigo2)) k(seq, tabela, codigo)
        join cat c on c.tabela = k.tabela and c.codigo = k.codigo
      where k.codigo is not null and (k.seq = 1 or k.codigo <> a.codigo1)
    )
    select g, seq, tabela, codigo, descricao, valor, tipo,
      case when status = 7 and seq = 1 then greatest(q, 2) else q end as qtd,
      status, rol, hs, hx, h1
    from i
  `,
  );

  const conselho = `case pr.conselho ${Object.entries(CONSELHO_TISS).map(([sigla, cod]) => `when ${lit(sigla)} then ${lit(cod)}`).join(' ')} else '06' end`;
  await bulkLoad(
    db,
    async () => {
      // 3. the requests, with the first item as the lists' procedure and the total as the sum of the items
      await step(
        'solicitações',
        `
      insert into autorizacoes (id, numero, tipo, status, beneficiario_id, prestador_id, prestador_executante_id, profissional_id, conselho,
        numero_conselho, uf_conselho, nome_profissional, cbo, data_solicitacao, carater, indicacao_clinica, cid, procedimento, valor_centavos,
        senha, data_autorizacao, validade_senha, motivo, responsavel, criada_em, decidida_em, decidida_por_id, version)
      with prof as (select especialidade, row_number() over (partition by especialidade order by id) as k, id from profissionais where especialidade is not null),
      prof_n as (select especialidade, count(*) as n from prof group by especialidade),
      tot as (select g, sum(qtd * valor) as total from seed_item group by g),
      -- the executing provider of an exam: a laboratory or an imaging center
      exe as (select array_agg(p.id order by p.id) as ids, count(*)::int as n from prestadores p join especialidades e on e.id = p.especialidade where p.tipo_pessoa = 'J' and e.cbo in ('225335', '225320')),
      aud as (select id from usuarios where login = 'auditor')
      select a.g, to_char(a.dia, 'YYYY') || lpad(a.g::text, 8, '0'), a.tipo, a.status, a.beneficiario, a.prestador,
        case when a.tipo in ('SP_SADT', 'PRE_AUTORIZACAO') and a.hx % 3 = 0 then exe.ids[1 + a.hx % exe.n] end,
        pr.id,
        coalesce(${conselho}, e.conselho, '06'),
        coalesce(pr.numero_conselho, lpad((a.hb % 99999)::text, 5, '0')),
        coalesce(pr.uf_conselho, 'MG'),
        pr.nome,
        a.cbo, a.dia, a.carater,
        (array['Dor persistente, investigação diagnóstica.', 'Controle de doença crônica.', 'Pré-operatório.', 'Seguimento após tratamento.',
               'Suspeita clínica a esclarecer.', 'Reavaliação do tratamento em curso.'])[1 + a.hx % 6],
        a.cid,
        left(i.codigo || ' – ' || i.descricao, 170),
        coalesce(tot.total, 0),
        case when a.status in (1, 7) or (a.status = 6 and a.imediato) then lpad((a.hb % 999999999)::text, 9, '0') end,
        case when a.imediato and a.status in (1, 6) then a.criada::date when a.status in (1, 7) then a.decidida::date end,
        case when a.imediato and a.status in (1, 6) then a.criada::date + 30 when a.status in (1, 7) then a.decidida::date + 30 end,
        case a.status
          when 3 then (select m.codigo || ' – ' || m.descricao from motivos m where m.codigo = ni.motivo)
          when 4 then (${arr(JUSTIFICATIVAS)})[1 + a.hz % ${JUSTIFICATIVAS.length}]
          when 5 then (${arr(DOCUMENTOS)})[1 + a.hz % ${DOCUMENTOS.length}]
          when 6 then (${arr(CANCELAMENTOS)})[1 + a.hz % ${CANCELAMENTOS.length}] end,
        case when a.status = 6 then (case a.hz % ${CANCELAMENTOS.length} when 1 then b.nome when 2 then left(p.nome, 150) else 'Central de autorizações' end) end,
        a.criada, a.decidida,
        case when a.status <> 2 and not (a.imediato and a.status = 1) then aud.id end,
        1
      from seed_aut a
        join seed_item i on i.g = a.g and i.seq = 1
        left join tot on tot.g = a.g
        left join prof_n pn on pn.especialidade = a.esp
        left join prof on prof.especialidade = a.esp and prof.k = 1 + a.hb % pn.n
        left join profissionais pr on pr.id = prof.id
        left join especialidades e on e.id = a.esp
        join prestadores p on p.id = a.prestador
        join beneficiarios b on b.id = a.beneficiario
        cross join exe cross join aud
        cross join lateral (select case when i.tabela = '22' and not i.rol then '3109' else (array['1426', '1438', '1402'])[1 + a.hz % 3] end as motivo) ni
    `,
      );
      // 4. the items: the first of a denied request carries the reason; a partial authorization cuts the first item
      await step(
        'itens',
        `
      insert into autorizacao_itens (autorizacao_id, seq, tabela, codigo, descricao, quantidade_solicitada, quantidade_autorizada, dente, face, motivo_negativa, valor_centavos)
      select i.g, i.seq, i.tabela, i.codigo, i.descricao, i.qtd,
        case when i.status = 1 or (i.status = 6 and a.imediato) then i.qtd
             when i.status = 7 then case when i.seq = 1 then i.qtd - 1 - (i.hx % (i.qtd - 1)) else i.qtd end
             when i.status = 3 then 0 end,
        case when i.tipo like '%ODONTO' then (array['11','12','16','21','26','36','46','31','17','27','37','47'])[1 + (i.h1 + i.seq) % 12] end,
        case when i.tipo like '%ODONTO' and i.codigo like '851%' then (array['O','M','D','V','L','OM','OD','MOD'])[1 + i.hs % 8] end,
        case when i.status = 3 then case when i.tabela = '22' and not i.rol then '3109' else (array['1426', '1438', '1402'])[1 + a.hz % 3] end
             when i.status = 7 and i.seq = 1 then '1423' end,
        i.valor
      from seed_item i join seed_aut a on a.g = i.g
    `,
      );
      // 5. the history: creation by the provider; the audit's requests and the provider's answers; the decision
      await step(
        'histórico',
        `
      insert into autorizacao_historico (autorizacao_id, em, usuario_id, usuario_nome, acao, de, para, motivo, responsavel)
      with aud as (select id, nome from usuarios where login = 'auditor')
      select a.g, e.em, e.usuario_id, e.usuario_nome, e.acao, e.de, e.para, e.motivo, e.responsavel
      from seed_aut a
        join prestadores p on p.id = a.prestador
        join autorizacoes r on r.id = a.g
        cross join aud
        cross join lateral (select
            -- an audited request decided after the audit asked for more (about 15 %), or back in the queue after answering
            a.status in (1, 3, 7) and not a.imediato and a.hz < 15 or (a.status = 2 and a.hz < 10 and a.dia < current_date - 3) as ciclo,
            case when a.hz % 2 = 0 then 'pedirJustificativa' else 'pedirDocumentos' end as pedido,
            coalesce(a.decidida, least(a.criada + interval '3 days', now() - interval '1 minute')) as fim) c
        cross join lateral (values
          (1, a.criada, null::int, left(p.nome, 120), 'criar', null::int, case when a.imediato then 1 else 2 end,
             case when a.imediato then 'Autorizada de imediato pelas regras da operadora.' else 'Encaminhada para auditoria.' end, null::text),
          (2, case when c.ciclo then a.criada + (c.fim - a.criada) * 0.3 end, aud.id, aud.nome, c.pedido, 2, case when c.pedido = 'pedirJustificativa' then 4 else 5 end,
             case when c.pedido = 'pedirJustificativa' then (${arr(JUSTIFICATIVAS)})[1 + a.hx % ${JUSTIFICATIVAS.length}] else (${arr(DOCUMENTOS)})[1 + a.hx % ${DOCUMENTOS.length}] end, null),
          (3, case when c.ciclo then a.criada + (c.fim - a.criada) * 0.6 end, null, left(p.nome, 120), 'responder', case when c.pedido = 'pedirJustificativa' then 4 else 5 end, 2,
             case when c.pedido = 'pedirJustificativa' then 'Justificativa técnica enviada.' else 'Documentos anexados conforme solicitado.' end, null),
          (4, case when a.status <> 2 and not a.imediato then a.decidida end, aud.id, aud.nome,
             case a.status when 1 then 'autorizar' when 3 then 'negar' when 4 then 'pedirJustificativa' when 5 then 'pedirDocumentos' when 6 then 'cancelar' when 7 then 'autorizarParcial' end,
             2, a.status, case when a.status in (3, 4, 5, 6) then r.motivo end, case when a.status = 6 then r.responsavel end),
          -- a request authorized at once and then cancelled
          (5, case when a.imediato and a.status = 6 then a.decidida end, aud.id, aud.nome, 'cancelar', 1, 6, r.motivo, r.responsavel)
        ) e(ordem, em, usuario_id, usuario_nome, acao, de, para, motivo, responsavel)
      where e.em is not null
    `,
      );
    },
    ['autorizacoes', 'autorizacao_itens', 'autorizacao_historico'],
  );
  // a guide's total is the sum of its items (quantity requested × unit value)
  await step(
    'totais',
    `update autorizacoes a set valor_centavos = t.total
      from (select autorizacao_id, sum(quantidade_solicitada * valor_centavos) as total from autorizacao_itens group by autorizacao_id) t
      where t.autorizacao_id = a.id and a.valor_centavos <> t.total`,
  );
  await db.execute(sql.raw(`select setval(pg_get_serial_sequence('autorizacoes', 'id'), greatest((select max(id) from autorizacoes), 1))`));
  for (const t of ['autorizacoes', 'autorizacao_itens', 'autorizacao_historico']) await db.execute(sql.raw(`analyze ${t}`));
}

/**
 * After the seed's transaction: VACUUM (ANALYZE) the authorization tables, so the queues' pages and counts are read
 * from the indexes alone from the first request (visibility map set). VACUUM cannot run in a transaction.
 */
export async function vacuumAutorizacoes(db: Db, size: 'test' | 'demo' | 'bench') {
  if (size === 'test') return;
  for (const t of ['autorizacoes', 'autorizacao_itens', 'autorizacao_historico']) await db.execute(sql.raw(`vacuum (analyze) ${t}`));
}
