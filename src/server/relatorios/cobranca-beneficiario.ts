import { sql } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import { toCentavos } from '../../shared/money';
import type { TituloAviso } from '../../shared/relatorios/cobranca-beneficiario';
import { query } from '../db/sql';
import { pagosPorMembro, reembolsosLiberados } from '../financeiro/dmed';
import { pageIds, type Row } from '../lists/source';
import { assertAny, scopeOf, scopeWhere } from '../policy';
import { CIDADE_UF, lidoNoBind } from './comum';
import { familiaPorTermoEm, MES, TITULAR, TITULOS } from './contribuicoes';
import type { ReportSource } from './engine';
import { anoDe } from './ouvidoria';

/** The data of the payer-side reports over the titles (src/shared/relatorios/cobranca-beneficiario.ts). */

const n = (v: unknown) => toCentavos(v) ?? 0;

/**
 * rep178 — each title (alias t) with its live payment (a reversed one does not count), the interest received and the
 * delay: the days between the due date and the payment, or until today for a title still open.
 */
const HISTORICO = sql`(select t0.id, t0.titular_id, t0.competencia, t0.nosso_numero, t0.vencimento, t0.valor_centavos as valor, t0.status, b0.produto as produto_id,
    b0.nome as titular_nome, b0.carteirinha, p0.data_pagamento, p0.valor_pago_centavos as valor_pago, p0.juros_centavos as juros,
    case when p0.data_pagamento is not null then greatest(p0.data_pagamento - t0.vencimento, 0)
         when t0.status = 'ABERTO' then greatest(current_date - t0.vencimento, 0) end as atraso
  from titulos t0 join beneficiarios b0 on b0.id = t0.titular_id
  left join titulos_pagamentos p0 on p0.titulo_id = t0.id and p0.estornado_em is null) t`;

export const historicoPagamentoSource: ReportSource = {
  from: HISTORICO,
  alias: 't',
  fields: {
    id: { expr: sql`t.id` },
    grupo: { expr: TITULAR, sortExpr: sql`(t.titular_nome || '#' || t.titular_id)` },
    vencimento: { expr: sql`t.vencimento` },
    dataPagamento: { expr: sql`t.data_pagamento` },
    status: { expr: sql`t.status` },
    beneficiario: { search: familiaPorTermoEm(sql`t.titular_id`) },
    produto: { expr: sql`t.produto_id` },
  },
  sums: { valor: sql`t.valor`, valorPago: sql`coalesce(t.valor_pago, 0)`, juros: sql`coalesce(t.juros, 0)` },
  async rows(db, ids) {
    const rows = await query<Row & Record<string, unknown>>(
      db,
      sql`select t.id, ${TITULAR} as grupo, ${MES} as mes, t.nosso_numero as "nossoNumero", t.vencimento::text as vencimento, t.valor,
          t.data_pagamento::text as "dataPagamento", t.valor_pago as "valorPago", t.juros, t.atraso, t.status
        from ${pageIds(ids, 'k')} join ${HISTORICO} on t.id = k.id order by k.ord`,
    );
    return rows.map((r) => ({
      ...r,
      valor: n(r.valor),
      valorPago: r.valorPago == null ? null : n(r.valorPago),
      juros: r.juros == null ? null : n(r.juros),
      atraso: r.atraso == null ? null : Number(r.atraso),
    }));
  },
};

/**
 * The titles open at the position day (the rule of rep375): live, issued by then, due before it, not paid by it. The
 * registration of the notices sent (src/server/financeiro/avisos-debito.ts) reads the same rule.
 */
export const abertosEm = (posicao: string) =>
  sql`(select t.* from ${TITULOS} where t.status in ('ABERTO', 'PAGO') and t.emissao <= ${posicao}::date and t.vencimento < ${posicao}::date
      and (t.data_pagamento is null or t.data_pagamento > ${posicao}::date))`;

/**
 * rep214 — one row per payer (the titular, id = their id) with titles open at the position day (`posicao`, today when
 * not given, read by `bind`); each row carries its titles (`lista`) and the day, for the letter.
 */
export const avisoDebitosSource: ReportSource = {
  from: sql`beneficiarios q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, posicao: lidoNoBind },
  rows: () => Promise.reject(new Error('rep214: a fonte precisa da data de posição (bind)')),
  async bind(_ctx, _s, q) {
    const posicao = String(q.filters.find((f) => f.field === 'posicao')?.value ?? todayIso());
    const agg = sql`(select a.titular_id as id, count(*)::int as titulos, min(a.vencimento) as mais_antigo, (${posicao}::date - min(a.vencimento))::int as dias,
        sum(a.valor) as valor, min(a.produto_id) as produto_id
      from ${abertosEm(posicao)} a group by a.titular_id)`;
    const from = sql`${agg} q join beneficiarios b on b.id = q.id left join cidades c on c.id = b.cidade`;
    return {
      from,
      alias: 'q',
      fields: {
        id: { expr: sql`q.id` },
        titular: { expr: sql`b.nome` },
        dias: { expr: sql`q.dias` },
        valor: { expr: sql`q.valor` },
        posicao: lidoNoBind,
        beneficiario: { search: familiaPorTermoEm(sql`q.id`) },
        produto: { expr: sql`q.produto_id` },
      },
      sums: { titulos: sql`q.titulos`, valor: sql`q.valor` },
      async rows(db, ids) {
        const rows = await query<Row & Record<string, unknown>>(
          db,
          sql`select q.id, b.nome as titular, b.carteirinha, b.cpf, ${CIDADE_UF} as "cidadeUf", q.titulos, q.mais_antigo::text as "maisAntigo", q.dias, q.valor,
              concat_ws(', ', nullif(b.logradouro, ''), nullif(b.numero, ''), nullif(b.complemento, ''), nullif(b.bairro, '')) as endereco, b.cep
            from ${pageIds(ids, 'k')} join ${from} on q.id = k.id order by k.ord`,
        );
        const lista = new Map<number, TituloAviso[]>();
        if (ids.length) {
          const ts = await query<{ titular_id: number; mes: string; nosso_numero: string; vencimento: string; valor: unknown }>(
            db,
            sql`select t.titular_id, ${MES} as mes, t.nosso_numero, t.vencimento::text as vencimento, t.valor from ${abertosEm(posicao)} t
              where t.titular_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) order by t.vencimento, t.id`,
          );
          for (const t of ts) {
            const dias = Math.round((Date.parse(`${posicao}T12:00:00Z`) - Date.parse(`${t.vencimento}T12:00:00Z`)) / 86_400_000);
            lista.set(t.titular_id, [...(lista.get(t.titular_id) ?? []), { mes: t.mes, nossoNumero: t.nosso_numero, vencimento: t.vencimento, dias, valor: n(t.valor) }]);
          }
        }
        return rows.map((r) => ({ ...r, valor: n(r.valor), posicao, lista: lista.get(r.id) ?? [] }));
      },
    };
  },
};

/**
 * rep214 (conferência) — each title a registered notice named (avisos_debito_titulos, id = its row), with the notice
 * (payer, day, means, who registered) and the title's live payment now (a reversed one does not count, as for rep214's
 * "open"): paid on or after the notice's day is "paid after the notice", before it (the letter crossed the payment)
 * "paid before", no payment and the title open is "open", and a title reversed or cancelled since is neither. The
 * notice's situation (the filter) is over all its titles: paid when none is open, open when none is paid, else partial.
 * The money totals are the notified amounts (what was paid with interest is the row's "valor pago").
 */
const CONFERENCIA = sql`(select x.id, x.aviso_id, a.titular_id, a.data, a.meio, a.registrado_por, b0.nome as titular_nome, b0.carteirinha,
    x.valor_centavos as valor, x.dias_atraso, t0.competencia, t0.nosso_numero, t0.vencimento, p0.data_pagamento, p0.valor_pago_centavos as valor_pago,
    case when p0.id is null then (case when t0.status = 'ABERTO' then 'ABERTO' else 'ESTORNADO' end)
         when p0.data_pagamento >= a.data then 'PAGO_APOS' else 'PAGO_ANTES' end as situacao_titulo,
    s0.situacao
  from avisos_debito_titulos x join avisos_debito a on a.id = x.aviso_id join beneficiarios b0 on b0.id = a.titular_id
  join titulos t0 on t0.id = x.titulo_id
  left join titulos_pagamentos p0 on p0.titulo_id = t0.id and p0.estornado_em is null
  join (select x2.aviso_id,
      case when count(*) filter (where t2.status = 'ABERTO' and p2.id is null) = 0 then 'PAGO' when count(p2.id) = 0 then 'ABERTO' else 'PARCIAL' end as situacao
    from avisos_debito_titulos x2 join titulos t2 on t2.id = x2.titulo_id left join titulos_pagamentos p2 on p2.titulo_id = t2.id and p2.estornado_em is null
    group by x2.aviso_id) s0 on s0.aviso_id = x.aviso_id) v`;
const AVISO = sql`(v.titular_nome || ' · ' || v.carteirinha || ' — aviso de ' || to_char(v.data, 'DD/MM/YYYY') || ' por ' || case v.meio when 'EMAIL' then 'e-mail' else 'carta' end || ', registrado por ' || v.registrado_por)`;

export const conferenciaAvisoSource: ReportSource = {
  from: CONFERENCIA,
  alias: 'v',
  fields: {
    id: { expr: sql`v.id` },
    grupo: { expr: AVISO, sortExpr: sql`(v.titular_nome || '#' || v.data::text || '#' || lpad(v.aviso_id::text, 10, '0'))` },
    vencimento: { expr: sql`v.vencimento` },
    dataPagamento: { expr: sql`v.data_pagamento` },
    data: { expr: sql`v.data` },
    meio: { expr: sql`v.meio` },
    situacao: { expr: sql`v.situacao` },
    beneficiario: { search: familiaPorTermoEm(sql`v.titular_id`) },
  },
  sums: {
    valor: sql`v.valor`,
    valorPagoApos: sql`case when v.situacao_titulo = 'PAGO_APOS' then v.valor else 0 end`,
    valorAberto: sql`case when v.situacao_titulo = 'ABERTO' then v.valor else 0 end`,
  },
  async rows(db, ids) {
    const rows = await query<Row & Record<string, unknown>>(
      db,
      sql`select v.id, ${AVISO} as grupo, to_char(v.competencia, 'MM/YYYY') as mes, v.nosso_numero as "nossoNumero", v.vencimento::text as vencimento,
          v.dias_atraso as "diasAtraso", v.valor, v.data_pagamento::text as "dataPagamento", v.valor_pago as "valorPago",
          case when v.situacao_titulo = 'PAGO_APOS' then v.data_pagamento - v.data end as dias, v.situacao_titulo as "situacaoTitulo",
          v.situacao, v.data::text as data, v.meio
        from ${pageIds(ids, 'k')} join ${CONFERENCIA} on v.id = k.id order by k.ord`,
    );
    return rows.map((r) => ({
      ...r,
      valor: n(r.valor),
      valorPago: r.valorPago == null ? null : n(r.valorPago),
      dias: r.dias == null ? null : Number(r.dias),
      valorPagoApos: r.situacaoTitulo === 'PAGO_APOS' ? n(r.valor) : 0,
      valorAberto: r.situacaoTitulo === 'ABERTO' ? n(r.valor) : 0,
    }));
  },
};

/**
 * rep059 — each member's share of coparticipation in a title (titulos_membros with coparticipation), one row per
 * member and title; the id is the title's times 64 plus the member's place in it (a family has fewer than 64 members).
 */
const COPART = sql`(select t0.id * 64 + (row_number() over (partition by m0.titulo_id order by m0.beneficiario_id))::int as id, t0.id as titulo_id, m0.beneficiario_id,
    t0.competencia, t0.nosso_numero, t0.status, m0.coparticipacao_centavos as coparticipacao, b0.nome, b0.carteirinha, b0.titular, b0.produto as produto_id
  from titulos_membros m0 join titulos t0 on t0.id = m0.titulo_id join beneficiarios b0 on b0.id = m0.beneficiario_id
  where m0.coparticipacao_centavos > 0) x`;
const MEMBRO = sql`(x.nome || ' · ' || x.carteirinha)`;

export const coparticipacaoBeneficiarioSource: ReportSource = {
  from: COPART,
  alias: 'x',
  fields: {
    id: { expr: sql`x.id` },
    grupo: { expr: MEMBRO, sortExpr: sql`(x.nome || '#' || x.beneficiario_id)` },
    competencia: { expr: sql`x.competencia` },
    beneficiario: { search: familiaPorTermoEm(sql`coalesce(x.titular, x.beneficiario_id)`) },
    produto: { expr: sql`x.produto_id` },
  },
  sums: { coparticipacao: sql`x.coparticipacao` },
  async rows(db, ids) {
    // the procedures authorized for the member in the competência's month (the events the billing calculation charges)
    const rows = await query<Row & Record<string, unknown>>(
      db,
      sql`select x.id, ${MEMBRO} as grupo, to_char(x.competencia, 'MM/YYYY') as mes, x.nosso_numero as "nossoNumero", x.coparticipacao, x.status,
          (select string_agg(to_char(a.data_autorizacao, 'DD/MM') || ' ' || i.codigo || ' – ' || i.descricao || ' ×' || coalesce(i.quantidade_autorizada, i.quantidade_solicitada), '; ' order by a.data_autorizacao, a.id, i.seq)
            from autorizacoes a join autorizacao_itens i on i.autorizacao_id = a.id
            where a.beneficiario_id = x.beneficiario_id and a.status in (1, 7) and coalesce(i.quantidade_autorizada, i.quantidade_solicitada) > 0
              and a.data_autorizacao between x.competencia and (x.competencia + interval '1 month' - interval '1 day')::date) as procedimentos
        from ${pageIds(ids, 'k')} join ${COPART} on x.id = k.id order by k.ord`,
    );
    return rows.map((r) => ({ ...r, coparticipacao: n(r.coparticipacao), procedimentos: r.procedimentos ?? '—' }));
  },
};

/** The year's figures per member (the DMED's: pagosPorMembro and reembolsosLiberados), alias x: id, titular, pago, reembolso. */
function doAno(ano: number) {
  const inicio = `${ano}-01-01`;
  const fim = `${ano}-12-31`;
  return sql`(select coalesce(p.id, r.id) as id, coalesce(p.titular, r.titular) as titular, coalesce(p.valor, 0) as pago, coalesce(r.valor, 0) as reembolso
    from ${pagosPorMembro(inicio, fim)} p
    full join (select beneficiario as id, min(titular) as titular, sum(valor) as valor from ${reembolsosLiberados(inicio, fim)} r0 group by beneficiario) r on r.id = p.id)`;
}

/**
 * Informe de Pagamentos — one row per member with a payment or a reimbursement in the year (`ano`, read by `bind`),
 * under their titular; a family sees only its own members (the policy's scope of beneficiaries, enforced here).
 */
export const informePagamentoSource: ReportSource = {
  from: sql`beneficiarios x`,
  alias: 'x',
  fields: { id: { expr: sql`x.id` }, ano: lidoNoBind },
  rows: () => Promise.reject(new Error('informe-pagamento: a fonte precisa do ano (bind)')),
  async bind(ctx, s, q) {
    const ano = anoDe(q);
    const scope = await scopeOf(ctx, s, 'beneficiario');
    assertAny(scope);
    const from = sql`${doAno(ano)} x join beneficiarios b on b.id = x.id join beneficiarios tb on tb.id = x.titular`;
    const grupo = sql`(tb.nome || ' · ' || tb.carteirinha)`;
    return {
      from: sql`${from} and ${scopeWhere(scope, 'beneficiario', 'b')}`,
      alias: 'x',
      fields: {
        id: { expr: sql`x.id` },
        grupo: { expr: grupo, sortExpr: sql`(tb.nome || '#' || tb.id)` },
        nome: { expr: sql`b.nome` },
        ano: lidoNoBind,
        beneficiario: { search: familiaPorTermoEm(sql`x.titular`) },
      },
      sums: { valorPago: sql`x.pago`, reembolso: sql`x.reembolso` },
      async rows(db, ids) {
        const rows = await query<Row & Record<string, unknown>>(
          db,
          sql`select x.id, ${grupo} as grupo, b.nome, case when b.id = x.titular then 'TITULAR' else 'DEPENDENTE' end as parentesco, b.cpf,
              b.data_nascimento::text as nascimento, x.pago as "valorPago", x.reembolso
            from ${pageIds(ids, 'k')} join ${from} on x.id = k.id order by k.ord`,
        );
        return rows.map((r) => ({ ...r, valorPago: n(r.valorPago), reembolso: n(r.reembolso) }));
      },
    };
  },
};

/**
 * rep119 — the same figures per titular (id = titular's id): their own, their dependents', the family's
 * reimbursements; a titular without CPF is marked (the DMED's TOP needs one and leaves them out).
 */
export const despesasMedicasSource: ReportSource = {
  from: sql`beneficiarios q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, ano: lidoNoBind },
  rows: () => Promise.reject(new Error('rep119: a fonte precisa do ano (bind)')),
  async bind(ctx, s, q) {
    const ano = anoDe(q);
    const scope = await scopeOf(ctx, s, 'beneficiario');
    assertAny(scope);
    const agg = sql`(select x.titular as id, sum(x.pago) filter (where x.id = x.titular) as titular, sum(x.pago) filter (where x.id <> x.titular) as deps,
        count(*) filter (where x.id <> x.titular and x.pago > 0)::int as dependentes, sum(x.pago) as total, sum(x.reembolso) as reembolso
      from ${doAno(ano)} x group by x.titular)`;
    const from = sql`${agg} q join beneficiarios b on b.id = q.id and ${scopeWhere(scope, 'beneficiario', 'b')}`;
    return {
      from,
      alias: 'q',
      fields: {
        id: { expr: sql`q.id` },
        titular: { expr: sql`b.nome` },
        cpf: { expr: sql`b.cpf` },
        ano: lidoNoBind,
        beneficiario: { search: familiaPorTermoEm(sql`q.id`) },
      },
      sums: { valorTitular: sql`coalesce(q.titular, 0)`, valorDependentes: sql`coalesce(q.deps, 0)`, valorTotal: sql`q.total`, reembolso: sql`q.reembolso` },
      async rows(db, ids) {
        const rows = await query<Row & Record<string, unknown>>(
          db,
          sql`select q.id, b.nome as titular, b.cpf, q.dependentes, q.titular as "valorTitular", q.deps as "valorDependentes", q.total as "valorTotal", q.reembolso
            from ${pageIds(ids, 'k')} join ${from} on q.id = k.id order by k.ord`,
        );
        return rows.map((r) => ({
          ...r,
          valorTitular: n(r.valorTitular),
          valorDependentes: n(r.valorDependentes),
          valorTotal: n(r.valorTotal),
          reembolso: n(r.reembolso),
          pendencia: r.cpf ? '' : 'Sem CPF: fica fora da DMED',
        }));
      },
    };
  },
};

/**
 * Extrato Unificado — each member's share of each title (alias x; id as rep059's) with the title's live payment and
 * the month's use: the items authorized for the member in the competência's month (quantity × unit value). A family
 * sees only its own members (the policy's scope of beneficiaries, enforced in `bind`); each row says whose it is
 * (`beneficiarioId`, not a column).
 */
const EXTRATO = sql`(select t0.id * 64 + (row_number() over (partition by m0.titulo_id order by m0.beneficiario_id))::int as id, m0.beneficiario_id, t0.competencia, t0.status,
    m0.mensalidade_centavos - m0.subsidio_centavos as mensalidade, m0.coparticipacao_centavos as coparticipacao, m0.valor_centavos as valor, p0.data_pagamento,
    b0.nome, b0.carteirinha, b0.titular, coalesce(u.qtd, 0) as procedimentos, coalesce(u.valor, 0) as utilizado
  from titulos_membros m0 join titulos t0 on t0.id = m0.titulo_id join beneficiarios b0 on b0.id = m0.beneficiario_id
  left join titulos_pagamentos p0 on p0.titulo_id = t0.id and p0.estornado_em is null
  left join lateral (select count(*)::int as qtd, sum(coalesce(i.quantidade_autorizada, 0) * i.valor_centavos) as valor
      from autorizacoes a join autorizacao_itens i on i.autorizacao_id = a.id
      where a.beneficiario_id = m0.beneficiario_id and a.status in (1, 7) and coalesce(i.quantidade_autorizada, 0) > 0
        and a.data_autorizacao between t0.competencia and (t0.competencia + interval '1 month' - interval '1 day')::date) u on true) x`;

export const extratoUnificadoSource: ReportSource = {
  from: EXTRATO,
  alias: 'x',
  fields: { id: { expr: sql`x.id` } },
  rows: () => Promise.reject(new Error('extrato-unificado: a fonte precisa da sessão (bind)')),
  async bind(ctx, s) {
    const scope = await scopeOf(ctx, s, 'beneficiario');
    assertAny(scope);
    const from = sql`${EXTRATO} join beneficiarios b on b.id = x.beneficiario_id and ${scopeWhere(scope, 'beneficiario', 'b')}`;
    return {
      from,
      alias: 'x',
      fields: {
        id: { expr: sql`x.id` },
        grupo: { expr: MEMBRO, sortExpr: sql`(x.nome || '#' || x.beneficiario_id)` },
        competencia: { expr: sql`x.competencia` },
        beneficiario: { search: familiaPorTermoEm(sql`coalesce(x.titular, x.beneficiario_id)`) },
      },
      sums: { mensalidade: sql`x.mensalidade`, coparticipacao: sql`x.coparticipacao`, valor: sql`x.valor`, procedimentos: sql`x.procedimentos`, valorUtilizado: sql`x.utilizado` },
      async rows(db, ids) {
        const rows = await query<Row & Record<string, unknown>>(
          db,
          sql`select x.id, ${MEMBRO} as grupo, to_char(x.competencia, 'MM/YYYY') as mes, x.mensalidade, x.coparticipacao, x.valor, x.status,
              x.data_pagamento::text as "dataPagamento", x.procedimentos, x.utilizado as "valorUtilizado", x.beneficiario_id as "beneficiarioId"
            from ${pageIds(ids, 'k')} join ${from} on x.id = k.id order by k.ord`,
        );
        return rows.map((r) => ({ ...r, mensalidade: n(r.mensalidade), coparticipacao: n(r.coparticipacao), valor: n(r.valor), valorUtilizado: n(r.valorUtilizado) }));
      },
    };
  },
};
