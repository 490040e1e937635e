import { sql } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import { toCentavos } from '../../shared/money';
import type { ProcedimentoPreco } from '../../shared/precos/calculo';
import { folded, query } from '../db/sql';
import { badRequest, notFound } from '../http/errors';
import { pageIds, type Row } from '../lists/source';
import { assertRecord } from '../policy';
import { precoContratado } from '../precos/tabela-prestador';
import { carregarTabelas, prestadoresDePreco } from '../precos/tabelas';
import type { ReportSource } from './engine';

const GRUPO = sql`coalesce(g.descricao, 'Sem grupo')`;

/** rep316: procedures (with their group) in force at the chosen date, priced for the chosen provider when bound. */
const procedimentos: ReportSource = {
  from: sql`procedimentos p left join grupos_procedimentos g on g.id = p.grupo`,
  alias: 'p',
  fields: {
    id: { expr: sql`p.id` },
    grupo: { expr: GRUPO },
    codigo: { expr: sql`p.codigo` },
    // a few thousand rows: folding on the fly is affordable
    descricao: { expr: sql`p.descricao`, folded: folded(sql`p.descricao`) },
    // read by `bind`, not conditions on the procedures
    prestador: { filter: () => sql`true` },
    data: { filter: () => sql`true` },
    vigente: { filter: () => sql`false` },
  },
  rows: () => Promise.reject(new Error('rep316: a fonte precisa do prestador (bind)')),

  async bind(ctx, s, q) {
    const pedido = q.filters.find((f) => f.field === 'prestador')?.value;
    // a provider's own table without choosing it; the policy refuses another provider's
    const prestadorId = pedido != null ? Number(pedido) : s.prestadorId;
    if (prestadorId == null) throw badRequest('Informe o prestador.', 'prestador');
    await assertRecord(ctx, s, 'prestador', { id: prestadorId });
    const prest = (await prestadoresDePreco(ctx.db, [prestadorId])).get(prestadorId);
    if (!prest) throw notFound('Prestador não encontrado.');
    const data = String(q.filters.find((f) => f.field === 'data')?.value ?? todayIso());
    const tabelas = await carregarTabelas(ctx.db);
    return {
      ...procedimentos,
      bind: undefined,
      fields: { ...procedimentos.fields, vigente: { filter: () => sql`(p.ativo and p.inicio_vigencia <= ${data} and (p.fim_vigencia is null or p.fim_vigencia >= ${data}))` } },
      async rows(db, ids) {
        const procs = await query<ProcedimentoPreco & { valor: unknown; grupo: string }>(
          db,
          sql`select p.id, ${GRUPO} as grupo, p.codigo, p.descricao, p.porte, p.valor, p.ativo, p.inicio_vigencia::text as "inicioVigencia", p.fim_vigencia::text as "fimVigencia"
            from ${pageIds(ids, 'k')} join procedimentos p on p.id = k.id left join grupos_procedimentos g on g.id = p.grupo order by k.ord`,
        );
        return procs.map((r): Row => {
          const proc = { ...r, valor: toCentavos(r.valor) };
          const preco = precoContratado(tabelas, prest, proc, data);
          return {
            id: r.id,
            grupo: r.grupo,
            codigo: r.codigo,
            descricao: r.descricao,
            porte: r.porte,
            valorReferencia: proc.valor,
            base: preco?.base ?? 'Sem valor de referência nem porte',
            classe: preco?.classe ?? '',
            valor: preco?.valor ?? null,
          };
        });
      },
    };
  },
};

export const tabelaPrecoContratadoSource = procedimentos;
