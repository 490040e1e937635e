import { sql } from 'drizzle-orm';
import { toCentavos } from '../../shared/money';
import { query } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import type { ReportSource } from './engine';

/** Contábil › Impostos (src/shared/relatorios/contabil.ts): one row per withholding of a payment not reversed. */

const n = (v: unknown) => toCentavos(v) ?? 0;
const RETENCOES = sql`(select r0.id, r0.tributo, r0.codigo_receita, r0.natureza_rendimento, r0.base_centavos as base, r0.aliquota, r0.valor_centavos as valor,
    p0.numero, p0.competencia as mes_iso, (p0.competencia || '-01')::date as competencia, p0.prestador_id
  from retencoes_pagamentos r0 join pagamentos_prestadores p0 on p0.id = r0.pagamento_id where p0.estornado_em is null) r`;
const GRUPO = sql`(r.tributo || coalesce(' · DARF ' || r.codigo_receita, ''))`;

export const impostosRetidosSource: ReportSource = {
  from: RETENCOES,
  alias: 'r',
  fields: {
    id: { expr: sql`r.id` },
    grupo: { expr: GRUPO },
    competencia: { expr: sql`r.competencia` },
    tributo: { expr: sql`r.tributo` },
  },
  sums: { base: sql`r.base`, valor: sql`r.valor` },
  async rows(db, ids) {
    const rows = await query<Row & Record<string, unknown>>(
      db,
      sql`select r.id, ${GRUPO} as grupo, to_char(r.competencia, 'MM/YYYY') as mes, r.numero, (px.nome || coalesce(' · ' || coalesce(px.cnpj, px.cpf), '')) as prestador,
          r.natureza_rendimento as natureza, r.base, replace(r.aliquota, '.', ',') as aliquota, r.valor
        from ${pageIds(ids, 'k')} join ${RETENCOES} on r.id = k.id join prestadores px on px.id = r.prestador_id order by k.ord`,
    );
    return rows.map((r) => ({ ...r, base: n(r.base), valor: n(r.valor) }));
  },
};

/** Contábil › Movimento Contábil: one row per entry; its value is both the debit and the credit. */
export const movimentoContabilSource: ReportSource = {
  from: sql`lancamentos_contabeis l`,
  alias: 'l',
  fields: {
    id: { expr: sql`l.id` },
    grupo: { expr: sql`l.origem` },
    data: { expr: sql`l.data` },
    competencia: { expr: sql`(l.competencia || '-01')::date` },
  },
  sums: { debito: sql`l.valor_centavos`, credito: sql`l.valor_centavos` },
  async rows(db, ids) {
    const rows = await query<Row & Record<string, unknown>>(
      db,
      sql`select l.id, l.origem as grupo, l.data::text as data, (l.documento_tipo || ' ' || l.documento) as documento, l.conta_debito as "contaDebito",
          l.conta_credito as "contaCredito", l.historico, l.valor_centavos as valor
        from ${pageIds(ids, 'k')} join lancamentos_contabeis l on l.id = k.id order by k.ord`,
    );
    return rows.map(({ valor, ...r }) => ({ ...r, debito: n(valor), credito: n(valor) }));
  },
};
