import { sql } from 'drizzle-orm';
import { isoToBr } from '../../shared/dates';
import { toCentavos, type Centavos } from '../../shared/money';
import { calcularRetencoesPj, type AliquotaGrupo, type CalculoRetencoesPj, type Retencao, type TabelasPj, type Tributo } from '../../shared/pagamentos/retencoes';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';

/** Defaults when the provider's record leaves them blank (shown in the provider form's help). */
export const GRUPO_PADRAO = { F: 'PF', J: 'PJ' } as const;
export const NATUREZA_PADRAO_PJ = '15026';

/**
 * The tables a legal entity's withholdings read on a day: the rates of its tax group (Tabelas de Impostos, the
 * latest start on or before the day, per tax), its income nature (the provider's, or 15026) and the minimum
 * retentions of IRRF and PIS/COFINS/CSLL.
 */
export async function tabelasPj(db: Db, dia: string, prestadorId: number): Promise<TabelasPj> {
  const [p] = await query<{ grupo: string | null; natureza: string | null; retem_ir: boolean | null; retem_csrf: boolean | null }>(
    db,
    sql`select g.codigo as grupo, n.codigo as natureza, n.retem_ir, n.retem_csrf from prestadores p
        left join grupos_impostos g on g.id = p.grupo_imposto left join naturezas_rendimentos n on n.id = p.natureza_rendimento where p.id = ${prestadorId}`,
  );
  const grupo = p?.grupo ?? GRUPO_PADRAO.J;
  const aliquotas = await query<{ tributo: Tributo; aliquota: string; codigo_receita: string | null }>(
    db,
    sql`select distinct on (ti.codigo) ti.codigo as tributo, t.aliquota::text as aliquota, t.codigo_receita from tabelas_impostos t
        join tipos_impostos ti on ti.id = t.tipo_imposto join grupos_impostos g on g.id = t.grupo
        where g.codigo = ${grupo} and t.inicio_vigencia <= ${dia} order by ti.codigo, t.inicio_vigencia desc, t.id desc`,
  );
  let natureza = p?.natureza ? { codigo: p.natureza, retemIr: !!p.retem_ir, retemCsrf: !!p.retem_csrf } : null;
  if (!natureza) {
    const [n] = await query<{ retem_ir: boolean; retem_csrf: boolean }>(db, sql`select retem_ir, retem_csrf from naturezas_rendimentos where codigo = ${NATUREZA_PADRAO_PJ}`);
    if (!n) throw AppError.of(422, `A natureza de rendimento ${NATUREZA_PADRAO_PJ} não está cadastrada: cadastre-a em Financeiro › Pagamento › Natureza de Rendimentos ou informe a natureza no prestador.`);
    natureza = { codigo: NATUREZA_PADRAO_PJ, retemIr: n.retem_ir, retemCsrf: n.retem_csrf };
  }
  const minimo = async (tributo: string) =>
    toCentavos((await query<{ v: string }>(db, sql`select valor_minimo::text as v from retencoes_minimas where tributo = ${tributo} and inicio_vigencia <= ${dia} order by inicio_vigencia desc limit 1`))[0]?.v) ?? 0;
  if (!aliquotas.length) throw AppError.of(422, `O grupo de impostos ${grupo} não tem alíquotas em vigor em ${isoToBr(dia)}: cadastre-as em Tabelas de Impostos.`);
  return {
    aliquotas: aliquotas.map((a): AliquotaGrupo => ({ tributo: a.tributo, aliquota: a.aliquota, codigoReceita: a.codigo_receita })),
    natureza,
    minimoIrrf: await minimo('IRRF'),
    minimoPcc: await minimo('PCC'),
  };
}

export async function retencoesPj(db: Db, dia: string, prestadorId: number, bruto: Centavos): Promise<CalculoRetencoesPj> {
  return calcularRetencoesPj(bruto, await tabelasPj(db, dia, prestadorId));
}

/**
 * A natural person's withholdings as rows: the sums of its RPAs (INSS, IRRF, ISS), with the DARF codes of the
 * natural persons' group and the provider's income nature (10002, work without employment, when blank).
 */
export async function retencoesDosRpas(db: Db, rpaIds: number[], prestadorId: number): Promise<Retencao[]> {
  if (!rpaIds.length) return [];
  const [s] = await query<{ bruto: string; base_inss: string; inss: string; irrf: string; iss: string }>(
    db,
    sql`select sum(valor_bruto_centavos)::text as bruto, sum(base_inss_centavos)::text as base_inss, sum(inss_centavos)::text as inss,
               sum(irrf_centavos)::text as irrf, sum(iss_centavos)::text as iss
        from rpas where id in (${sql.join(rpaIds.map((i) => sql`${i}`), sql`, `)})`,
  );
  const taxas = await query<{ tributo: Tributo; aliquota: string; codigo_receita: string | null }>(
    db,
    sql`select distinct on (ti.codigo) ti.codigo as tributo, t.aliquota::text as aliquota, t.codigo_receita from tabelas_impostos t
        join tipos_impostos ti on ti.id = t.tipo_imposto join grupos_impostos g on g.id = t.grupo
        where g.pessoa = 'F' order by ti.codigo, t.inicio_vigencia desc, t.id desc`,
  );
  const [n] = await query<{ codigo: string | null }>(db, sql`select n.codigo from prestadores p left join naturezas_rendimentos n on n.id = p.natureza_rendimento where p.id = ${prestadorId}`);
  const natureza = n?.codigo ?? '10002';
  const taxa = (t: Tributo) => taxas.find((x) => x.tributo === t);
  const linhas: Retencao[] = [
    { tributo: 'INSS', codigoReceita: taxa('INSS')?.codigo_receita ?? null, naturezaRendimento: null, base: Number(s.base_inss), aliquota: taxa('INSS')?.aliquota ?? null, valor: Number(s.inss) },
    // the IRRF base of these RPAs is their income less their INSS (each RPA's own base is the month's, cumulative)
    { tributo: 'IRRF', codigoReceita: taxa('IRRF')?.codigo_receita ?? null, naturezaRendimento: natureza, base: Number(s.bruto) - Number(s.inss), aliquota: null, valor: Number(s.irrf) },
    { tributo: 'ISS', codigoReceita: null, naturezaRendimento: null, base: Number(s.bruto), aliquota: taxa('ISS')?.aliquota ?? null, valor: Number(s.iss) },
  ];
  return linhas.filter((l) => l.valor > 0);
}

export async function gravarRetencoes(t: Db, pagamentoId: number, linhas: readonly Retencao[]) {
  for (const r of linhas)
    await t.execute(
      sql`insert into retencoes_pagamentos (pagamento_id, tributo, codigo_receita, natureza_rendimento, base_centavos, aliquota, valor_centavos)
          values (${pagamentoId}, ${r.tributo}, ${r.codigoReceita}, ${r.naturezaRendimento}, ${r.base}, ${r.aliquota}, ${r.valor})`,
    );
}
