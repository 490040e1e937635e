import { sql } from 'drizzle-orm';
import type { ClientCode } from '../../../shared/clients';
import type { Db } from '../client';

/**
 * Additional services of the demo, in SQL over the beneficiaries already seeded (clients copass and aeco: the ones
 * with the screens and the monthly files). A family joins together (the titular's id decides), so a service covers
 * the titular and the dependents:
 *  - the catalog at today's values; adhesions started before this year keep last year's value (readjusted 7.2 % in
 *    January), as the value at adhesion is kept;
 *  - Transporte Aeromédico for about a fifth of the families, Plano Odontológico for about a third (and, at aeco,
 *    Assistência Funeral for about an eighth), started over the last 30 months, most on the 1st of a month (the
 *    payroll's cut), some mid-month; never before the beneficiary joined the plan nor after today;
 *  - about one in seven ended (on request or for non-payment) a few months to a year later; a cancelled beneficiary's
 *    adhesion ended on the cancellation day ("Cancelamento do plano").
 */
const CATALOGO: Partial<Record<ClientCode, readonly (readonly [string, string, number, number])[]>> = {
  // code, name, monthly value in centavos, share of families (%)
  copass: [
    ['AEROMEDICO', 'Transporte Aeromédico', 1890, 21],
    ['ODONTO', 'Plano Odontológico', 3250, 34],
  ],
  aeco: [
    ['AEROMEDICO', 'Transporte Aeromédico', 2140, 18],
    ['ODONTO', 'Plano Odontológico', 2990, 31],
    ['FUNERAL', 'Assistência Funeral Familiar', 1275, 12],
  ],
};

export async function seedServicos(db: Db, client: ClientCode) {
  const catalogo = CATALOGO[client];
  if (!catalogo) return;
  for (const [k, [codigo, nome, valor, parte]] of catalogo.entries()) {
    await db.execute(sql`insert into servicos_adicionais (codigo, nome, valor_mensal_centavos) values (${codigo}, ${nome}, ${valor})`);
    // h: a per-family, per-service pseudo-random number (stable: the ids are)
    await db.execute(sql`
      insert into adesoes_servicos (beneficiario_id, servico_id, inicio, fim, motivo_encerramento, valor_mensal_centavos, usuario_nome, criado_em, encerrado_por, encerrado_em)
      with s as (select id, valor_mensal_centavos as valor from servicos_adicionais where codigo = ${codigo}),
      fam as (
        select b.id, b.situacao, b.data_adesao, b.data_situacao, ((coalesce(b.titular, b.id) * 7919 + ${k * 104_729}) % 1000) as h
        from beneficiarios b
      ),
      cand as (
        select f.id, f.situacao, f.data_situacao, f.h,
          least(current_date, greatest(f.data_adesao,
            (date_trunc('month', current_date) - make_interval(months => (f.h % 30)::int))::date + case when f.h % 5 = 0 then (f.h % 23)::int + 4 else 0 end)) as inicio
        from fam f where f.h % 100 < ${parte} and (f.situacao <> 'CANCELADO' or f.data_situacao is not null)
      ),
      per as (
        select c.id, c.inicio,
          case when c.situacao = 'CANCELADO' then c.data_situacao
               when c.h % 7 = 3 and c.inicio + (75 + (c.h * 13) % 330)::int < current_date then c.inicio + (75 + (c.h * 13) % 330)::int end as fim,
          case when c.situacao = 'CANCELADO' then '2' when c.h % 21 = 10 then '3' else '1' end as motivo
        from cand c
      )
      select p.id, s.id, p.inicio, p.fim, case when p.fim is not null then p.motivo end,
        case when p.inicio < date_trunc('year', current_date) then round(s.valor / 1.072)::bigint else s.valor end,
        case when p.inicio < current_date - 365 then 'Importado do sistema anterior' else 'Olívia Operadora' end,
        (p.inicio - 3)::timestamp at time zone 'America/Sao_Paulo' + interval '10 hours' + make_interval(mins => (p.id % 300)::int),
        case when p.fim is not null then 'Olívia Operadora' end,
        case when p.fim is not null then p.fim::timestamp at time zone 'America/Sao_Paulo' + interval '14 hours' end
      from per p cross join s
      where p.fim is null or p.fim >= p.inicio
      order by p.inicio, p.id`);
  }
}
