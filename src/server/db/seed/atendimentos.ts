import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { query } from '../sql';
import { registroAnsDaOperadora } from '../../atendimentos/registro';
import { DEMO_PESSOAS } from './people';

/**
 * The service desk's demo contacts: a few hundred over the last four months, in SQL (the volume rule). Weekdays in
 * business hours; the reasons and channels in a desk's usual proportions; a quarter are about a seeded authorization,
 * taken a few days after it was requested, with the beneficiary (or the provider) of that request and a text that
 * follows its status; the rest with active beneficiaries or providers. Each protocol carries the operator's ANS
 * registration, the day and the day's sequence in order of start; the day counters continue from there. The
 * history of every contact leads to its status (registered, concluded, cancelled, reopened and concluded again).
 */
export const SEED_ATENDIMENTOS = { test: 90, demo: 420, bench: 420 } as const;

/** The desk's attendants: the demo operator and colleagues from the former system (no login here). */
const ATENDENTES = ['Olívia Operadora', 'Juliana Prado Martins', 'Marcos Tavares Rocha', 'Letícia Gomes Barbosa', 'André Luiz Figueiredo'];

/** What people call about, per reason (the authorization's own texts are built from the request). */
const TEXTOS: Record<string, string[]> = {
  // used only when no seeded request falls in the period (a tiny seed)
  AUTORIZACAO: ['Pergunta sobre o prazo de análise de uma solicitação de ressonância magnética.', 'Dúvida sobre a necessidade de autorização prévia para fisioterapia.'],
  REEMBOLSO: [
    'Beneficiário pergunta o prazo de pagamento do reembolso de consulta com psicóloga fora da rede.',
    'Dúvida sobre os documentos necessários para pedir reembolso de sessões de fonoaudiologia.',
    'Beneficiária informa que o valor reembolsado ficou abaixo do esperado e pede o demonstrativo de cálculo.',
    'Pedido de reembolso de exame laboratorial feito em viagem; orientado sobre o envio pelo aplicativo.',
  ],
  REDE: [
    'Procura cardiologista credenciado próximo ao bairro Savassi, em Belo Horizonte.',
    'Pergunta se o Hospital da região atende pelo plano Essencial Enfermaria para internação eletiva.',
    'Beneficiária busca pediatra com agenda para esta semana; informados três consultórios credenciados.',
    'Dúvida sobre laboratório credenciado que realiza coleta domiciliar.',
  ],
  CARTEIRINHA: [
    'Solicita a segunda via da carteirinha após perda; orientado a usar a carteirinha virtual no aplicativo.',
    'Carteirinha virtual não aparece no aplicativo após a troca de celular.',
    'Dependente recém-incluído ainda sem carteirinha; confirmado o número provisório.',
  ],
  FINANCEIRO: [
    'Pede a segunda via do boleto de mensalidade com vencimento neste mês.',
    'Questiona cobrança de coparticipação de consulta que não reconhece.',
    'Solicita a declaração de quitação anual para o imposto de renda.',
    'Boleto pago em atraso ainda aparece em aberto; enviado o comprovante por e-mail.',
  ],
  CADASTRO: [
    'Atualização de endereço e telefone de contato.',
    'Inclusão do nome social no cadastro e na carteirinha.',
    'Pedido de inclusão de recém-nascido como dependente; informados os documentos e o prazo de 30 dias.',
    'Correção da data de nascimento do dependente no cadastro.',
  ],
  CANCELAMENTO: [
    'Beneficiário solicita o cancelamento do plano por mudança de cidade; informados os efeitos conforme a RN 561.',
    'Pedido de exclusão de dependente que passou a ter plano pelo empregador.',
  ],
  RECLAMACAO: [
    'Reclama da demora na marcação de consulta com ortopedista credenciado.',
    'Reclamação sobre atendimento recebido no pronto-socorro credenciado.',
    'Reclama de cobrança de taxa extra pelo prestador em consulta coberta pelo plano.',
  ],
  INFORMACAO: [
    'Pergunta sobre a cobertura de vacinas do plano.',
    'Dúvida sobre os prazos de carência para parto.',
    'Pergunta como funciona o programa de acompanhamento de gestantes.',
    'Quer saber como acessar a telemedicina pelo aplicativo.',
  ],
};
const TEXTOS_PRESTADOR: Record<string, string[]> = {
  FINANCEIRO: ['Prestador pergunta a data de pagamento do lote de faturamento do mês passado.', 'Pede o demonstrativo de pagamento com as glosas do último lote.'],
  CADASTRO: ['Atualização dos dados bancários do prestador para os próximos pagamentos.', 'Inclusão de novo profissional no corpo clínico credenciado.'],
  INFORMACAO: ['Dúvida sobre a versão do padrão TISS aceita no envio de lotes.', 'Pergunta como anexar o pedido médico na solicitação pelo portal.'],
  RECLAMACAO: ['Reclama da instabilidade do portal no envio de guias.'],
};

export async function seedAtendimentos(db: Db, size: 'test' | 'demo' | 'bench') {
  const n = SEED_ATENDIMENTOS[size];
  const registroAns = await registroAnsDaOperadora(db);
  const [operador] = await query<{ id: number }>(db, sql`select id from usuarios where login = 'operadora'`);
  const textos = JSON.stringify(TEXTOS);
  const textosPrestador = JSON.stringify(TEXTOS_PRESTADOR);
  const atendentes = `{${ATENDENTES.map((a) => `"${a}"`).join(',')}}`;
  // a pseudo-random draw per contact and purpose, the same in every run
  const h = (salt: string) => sql.raw(`(hashtext(g.n::text || '${salt}')::bigint & 2147483647)`);

  await db.execute(sql.raw(`create temp table seed_atd_benef on commit drop as select row_number() over (order by id) as k, id from beneficiarios where situacao = 'ATIVO'`));
  await db.execute(sql.raw(`create temp table seed_atd_prest on commit drop as select row_number() over (order by id) as k, id from prestadores`));
  await db.execute(
    sql.raw(`create temp table seed_atd_aut on commit drop as
      select row_number() over (order by id) as k, id, numero, status, beneficiario_id, prestador_id, data_solicitacao, procedimento
      from autorizacoes where data_solicitacao >= current_date - 120`),
  );

  // 1. who, why, how and when
  await db.execute(sql`
    create temp table seed_atd on commit drop as
    with g as (select generate_series(1, ${n}) as n),
    base as (
      select g.n, ${h('m')} % 100 as hm, ${h('c')} % 100 as hc, ${h('p')} as hp, ${h('t')} as ht, ${h('d')} as hd, ${h('s')} % 100 as hs, ${h('r')} % 100 as hr
      from g
    ),
    motivo as (
      select b.*, case
          when hm < 25 then 'AUTORIZACAO' when hm < 35 then 'REEMBOLSO' when hm < 47 then 'REDE' when hm < 55 then 'CARTEIRINHA'
          when hm < 67 then 'FINANCEIRO' when hm < 75 then 'CADASTRO' when hm < 79 then 'CANCELAMENTO' when hm < 87 then 'RECLAMACAO' else 'INFORMACAO' end as motivo
      from base b
    ),
    pessoa as (
      select m.*,
        -- providers call about their requests, payments, registration and the portal
        (m.motivo in ('FINANCEIRO', 'CADASTRO', 'INFORMACAO', 'RECLAMACAO') and m.hp % 100 < 22) or (m.motivo = 'AUTORIZACAO' and m.hp % 100 < 30) as de_prestador,
        au.id as autorizacao_id, au.numero as autorizacao_numero, au.status as autorizacao_status, au.beneficiario_id as aut_benef, au.prestador_id as aut_prest,
        au.data_solicitacao, au.procedimento
      from motivo m
      left join seed_atd_aut au on m.motivo = 'AUTORIZACAO' and au.k = m.hp % greatest((select count(*) from seed_atd_aut), 1) + 1
    ),
    quem as (
      select p.*,
        case when p.de_prestador then null
          when p.autorizacao_id is not null then p.aut_benef
          -- the demo family calls now and then (the portal's own beneficiary sees these if ever given the screen)
          when p.n % 41 = 0 then (select id from beneficiarios where cpf = ${DEMO_PESSOAS.titular.cpf})
          else (select id from seed_atd_benef where k = p.hp % (select count(*) from seed_atd_benef) + 1) end as beneficiario_id,
        case when not p.de_prestador then null
          when p.autorizacao_id is not null then p.aut_prest
          when p.n % 7 = 0 then (select id from prestadores where codigo = ${DEMO_PESSOAS.prestador.codigo})
          else (select id from seed_atd_prest where k = p.hp % (select count(*) from seed_atd_prest) + 1) end as prestador_id,
        -- a contact about a request comes a few days after it; the others anywhere in the last four months
        case when p.autorizacao_id is not null then least(p.data_solicitacao + (p.hd % 5)::int, (now() at time zone 'America/Sao_Paulo')::date)
          else (now() at time zone 'America/Sao_Paulo')::date - (p.hd % 120)::int end as dia0
      from pessoa p
    ),
    quando as (
      select q.*,
        -- weekends move to the Friday before
        case when q.dia0 - (case extract(isodow from q.dia0) when 6 then 1 when 7 then 2 else 0 end)::int < coalesce(q.data_solicitacao, '-infinity'::date) then q.dia0
          else q.dia0 - (case extract(isodow from q.dia0) when 6 then 1 when 7 then 2 else 0 end)::int end as dia,
        case
          when q.de_prestador then case when q.hc < 60 then 'TELEFONE' when q.hc < 90 then 'EMAIL' else 'CHAT' end
          when q.hc < 45 then 'TELEFONE' when q.hc < 60 then 'CHAT' when q.hc < 72 then 'APLICATIVO' when q.hc < 84 then 'EMAIL' when q.hc < 96 then 'PRESENCIAL' else 'CARTA' end as canal
      from quem q
    )
    select w.*,
      -- business hours, 8h to 18h in São Paulo; a time of today not yet come goes to the last weekday before (a call
      -- about a request made today: a few minutes ago)
      case when ((w.dia + make_time(8 + (w.ht % 10)::int, (w.ht / 10 % 60)::int, 0)) at time zone 'America/Sao_Paulo') > now() - interval '10 minutes'
        then case when w.data_solicitacao >= w.dia - 3 then now() - make_interval(mins => (10 + w.n % 50)::int)
          else (((w.dia - (case extract(isodow from w.dia) when 1 then 3 when 7 then 2 else 1 end)::int) + make_time(8 + (w.ht % 10)::int, (w.ht / 10 % 60)::int, 0)) at time zone 'America/Sao_Paulo') end
        else ((w.dia + make_time(8 + (w.ht % 10)::int, (w.ht / 10 % 60)::int, 0)) at time zone 'America/Sao_Paulo') end as inicio,
      case w.canal when 'TELEFONE' then 3 + w.hd % 22 when 'PRESENCIAL' then 10 + w.hd % 30 when 'CHAT' then 5 + w.hd % 25 else 2 + w.hd % 13 end as minutos
    from quando w
    where (w.beneficiario_id is not null or w.prestador_id is not null)
  `);

  // 2. the contacts: protocol in order of start within each day; status and outcome by draw (recent ones still open)
  await db.execute(sql`
    insert into atendimentos (protocolo, status, pessoa_tipo, beneficiario_id, prestador_id, pessoa_nome, canal, motivo, descricao, autorizacao_id,
      inicio, fim, resultado, justificativa, atendente_id, atendente_nome, criado_em, atualizado_em, version)
    select
      ${registroAns}::text || to_char(s.dia_reg, 'YYYYMMDD') || lpad(s.seq::text, 6, '0'),
      s.status, case when s.de_prestador then 'PRESTADOR' else 'BENEFICIARIO' end, s.beneficiario_id, s.prestador_id,
      coalesce(b.nome, pr.nome), s.canal, s.motivo, s.descricao, s.autorizacao_id,
      s.inicio, case when s.aberto_sem_fim then null else s.inicio + make_interval(mins => s.minutos::int) end,
      s.resultado, s.justificativa, case when s.atendente = 'Olívia Operadora' then ${operador.id}::int end, s.atendente,
      s.inicio, case when s.passos > 1 then s.inicio + interval '1 hour' end, s.passos
    from (
      select a.*,
        (a.inicio at time zone 'America/Sao_Paulo')::date as dia_reg,
        row_number() over (partition by (a.inicio at time zone 'America/Sao_Paulo')::date order by a.inicio, a.n) as seq,
        (${atendentes}::text[])[1 + (a.ht / 7) % ${ATENDENTES.length}] as atendente,
        case a.fluxo when 'aberto' then 'EM_ANDAMENTO' when 'reaberto' then 'EM_ANDAMENTO' when 'cancelado' then 'CANCELADO' else 'CONCLUIDO' end as status,
        case a.fluxo when 'aberto' then 1 when 'concluido' then 2 when 'cancelado' then 2 when 'reaberto' then 3 else 4 end as passos,
        a.fluxo = 'aberto' and a.inicio > now() - interval '3 hours' as aberto_sem_fim,
        case when a.fluxo in ('concluido', 'reconcluido') then a.res end as resultado,
        case a.fluxo when 'cancelado' then a.motivo_cancel when 'reaberto' then a.motivo_reab when 'reconcluido' then a.motivo_reab end as justificativa
      from (
        select d.*,
          case
            when d.inicio > now() - interval '2 days' and d.hs < 35 then 'aberto'
            when d.hs < 6 then 'cancelado'
            when d.hs < 10 and d.inicio < now() - interval '5 days' then 'reconcluido'
            when d.hs < 12 and d.inicio < now() - interval '5 days' then 'reaberto'
            else 'concluido' end as fluxo,
          case when d.hr < 62 then 'RESOLVIDO' when d.hr < 88 or d.de_prestador then 'ENCAMINHADO' else 'AGUARDANDO_RETORNO' end as res,
          (array['Ligação caiu antes da identificação do beneficiário.', 'Contato registrado em duplicidade.', 'Pessoa desistiu do atendimento antes de informar a demanda.'])[1 + d.hr % 3] as motivo_cancel,
          (array['Retornou informando que o problema persiste.', 'A área responsável devolveu a demanda sem solução.'])[1 + d.hr % 2] as motivo_reab,
          case
            when d.autorizacao_id is not null then
              case d.autorizacao_status
                when 1 then 'Pergunta se a guia nº ' || d.autorizacao_numero || ' (' || d.procedimento || ') já foi autorizada; informada a senha e a validade.'
                when 2 then 'Pergunta sobre o andamento da guia nº ' || d.autorizacao_numero || ' (' || d.procedimento || '), em análise na auditoria; informado o prazo da RN 623.'
                when 3 then 'Questiona a negativa da guia nº ' || d.autorizacao_numero || ' (' || d.procedimento || '); explicado o motivo e o direito de pedir reanálise.'
                when 6 then 'Pede informações sobre o cancelamento da guia nº ' || d.autorizacao_numero || ' (' || d.procedimento || ').'
                else 'Pergunta que documentos faltam para a guia nº ' || d.autorizacao_numero || ' (' || d.procedimento || '); orientado a enviar o pedido médico completo.' end
            when d.de_prestador then coalesce(
              ${textosPrestador}::jsonb -> d.motivo ->> (d.hr % jsonb_array_length(coalesce(${textosPrestador}::jsonb -> d.motivo, '[1]'::jsonb)))::int,
              'Prestador pede informações sobre o credenciamento.')
            else ${textos}::jsonb -> d.motivo ->> (d.hr % jsonb_array_length(${textos}::jsonb -> d.motivo))::int end as descricao
        from seed_atd d
      ) a
    ) s
    left join beneficiarios b on b.id = s.beneficiario_id left join prestadores pr on pr.id = s.prestador_id
  `);

  // 3. the history that leads to each status, by the attendant of the contact
  await db.execute(sql`
    insert into atendimento_historico (atendimento_id, em, usuario_id, usuario_nome, acao, de, para, resultado, nota)
    select a.id, x.em, a.atendente_id, a.atendente_nome, x.acao, x.de, x.para, x.resultado, x.nota
    from atendimentos a
    cross join lateral (values
      (1, a.inicio, 'registrar', null, 'EM_ANDAMENTO', null, null),
      (2, case when a.status = 'CANCELADO' then a.inicio + interval '2 minutes' else coalesce(a.fim, a.inicio) + interval '1 minute' end,
         case when a.status = 'CANCELADO' then 'cancelar' else 'concluir' end, 'EM_ANDAMENTO', case when a.status = 'CANCELADO' then 'CANCELADO' else 'CONCLUIDO' end,
         case when a.status = 'CANCELADO' then null when a.version = 2 then a.resultado else 'RESOLVIDO' end,
         case when a.status = 'CANCELADO' then a.justificativa when coalesce(a.resultado, '') = 'ENCAMINHADO' and a.version = 2 then 'Demanda encaminhada à área responsável, com retorno em até 5 dias úteis.' end),
      (3, a.inicio + interval '2 days', 'reabrir', 'CONCLUIDO', 'EM_ANDAMENTO', null, a.justificativa),
      (4, a.inicio + interval '3 days', 'concluir', 'EM_ANDAMENTO', 'CONCLUIDO', a.resultado, 'Retorno feito ao beneficiário com a solução.')
    ) as x(k, em, acao, de, para, resultado, nota)
    where x.k <= a.version
  `);
  // the last step's time is the record's last change
  await db.execute(sql`
    update atendimentos a set atualizado_em = h.em from (select atendimento_id, max(em) as em from atendimento_historico group by atendimento_id having count(*) > 1) h
    where h.atendimento_id = a.id
  `);

  // 4. the day counters continue after the seeded sequences
  await db.execute(sql`
    insert into atendimento_numeracao (dia, ultimo)
    select to_date(substr(protocolo, 7, 8), 'YYYYMMDD'), max(substr(protocolo, 15, 6)::int) from atendimentos group by 1
  `);
}
