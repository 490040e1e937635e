import { sql } from 'drizzle-orm';
import { isoToBr } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import type { Previa } from '../../shared/processos/define';
import { competenciaBr } from '../../shared/processos/folha';
import { estornoContasContribuicao, estornoContribuicao } from '../../shared/processos/recebiveis';
import { paramsSchema } from '../../shared/processos/schema';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { badRequest } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { recordTrail } from '../trail/record';
import { userName } from '../workflow/actor';
import { filtroTitulos } from './titulos';

/**
 * Reversals of the receivables, each with its reason, a preview and the trail: a title issued in error (estorno de
 * contribuição: it stops being charged, and the family may get a new one in the competência) and a payment recorded in
 * error (estorno de contas: the payment stays, marked reversed, out of the DMED; the title is open again). A paid
 * title is reversed in two steps, the payment first, so no payment is ever left on a reversed title.
 */

type Params = { nossoNumero: string; motivo: string };

interface Titulo {
  id: number;
  nosso_numero: string;
  status: string;
  competencia: string;
  vencimento: string;
  valor: number;
  nome: string;
  remessa: number | null;
  estornado_em: string | null;
  pagamento_id: number | null;
  data_pagamento: string | null;
  valor_pago: number | null;
}

async function titulo(ctx: AppContext | { db: Db }, session: RequestSession, nossoNumero: string, bloquear = false, fullCtx?: AppContext): Promise<Titulo> {
  const where = await filtroTitulos((fullCtx ?? ctx) as AppContext, session, {}, null);
  const [t] = await query<Titulo>(
    ctx.db,
    sql`select t.id, t.nosso_numero, t.status, t.competencia::text as competencia, t.vencimento::text as vencimento, t.valor_centavos::float8 as valor, b.nome, r.sequencia as remessa,
               to_char(t.estornado_em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as estornado_em,
               g.id as pagamento_id, g.data_pagamento::text as data_pagamento, g.valor_pago_centavos::float8 as valor_pago
        from titulos t join beneficiarios b on b.id = t.titular_id left join remessas_cobranca r on r.id = t.remessa_id
        left join titulos_pagamentos g on g.titulo_id = t.id and g.estornado_em is null
        where ${where} and t.nosso_numero = ${nossoNumero} ${bloquear ? sql`for update of t` : sql``}`,
  );
  if (!t) throw badRequest(`Título de nosso número ${nossoNumero} não encontrado.`, 'nossoNumero');
  return { ...t, valor: Number(t.valor), valor_pago: t.valor_pago == null ? null : Number(t.valor_pago) };
}

const descricao = (t: Titulo) => `Título ${t.nosso_numero} de ${t.nome}, competência ${competenciaBr(t.competencia)}, vencimento ${isoToBr(t.vencimento)}, ${formatMoney(t.valor)}`;

/** Why the title cannot be reversed, or null. */
function recusaTitulo(t: Titulo): string | null {
  if (t.status === 'ESTORNADO') return `O título ${t.nosso_numero} já foi estornado em ${isoToBr(t.estornado_em)}.`;
  if (t.status === 'CANCELADO') return `O título ${t.nosso_numero} está cancelado.`;
  if (t.pagamento_id) return `O título ${t.nosso_numero} tem pagamento registrado em ${isoToBr(t.data_pagamento)} (${formatMoney(t.valor_pago ?? 0)}): estorne o pagamento antes, em Estorno de Contas de Contribuição.`;
  return null;
}

function recusaPagamento(t: Titulo): string | null {
  if (!t.pagamento_id) return `O título ${t.nosso_numero} não tem pagamento registrado a estornar.`;
  return null;
}

export const estornoContribuicaoKind = defineJobKind<Params>({
  tipo: estornoContribuicao.tipo,
  comandos: [estornoContribuicao.comando],
  params: paramsSchema(estornoContribuicao) as never,
  title: (_ctx, _c, p) => `Estorno do título ${p.nossoNumero}`,
  async preview(ctx, session, p): Promise<Previa> {
    const t = await titulo(ctx, session, p.nossoNumero);
    const recusa = recusaTitulo(t);
    if (recusa) throw badRequest(recusa, 'nossoNumero');
    return {
      total: 1,
      resumo: `${descricao(t)}: será estornado e deixará de ser cobrado.`,
      amostra: [descricao(t), ...(t.remessa ? [`Registrado no banco na remessa ${t.remessa}: peça a baixa do título ao banco.`] : [])],
    };
  },
  async run(job, p) {
    const { ctx, session } = job;
    const por = await userName(ctx.db, session);
    let t!: Titulo;
    await ctx.db.transaction(async (tx) => {
      t = await titulo({ db: tx as unknown as Db }, session, p.nossoNumero, true, ctx);
      const recusa = recusaTitulo(t);
      if (recusa) throw badRequest(recusa, 'nossoNumero');
      await query(tx as unknown as Db, sql`update titulos set status = 'ESTORNADO', estorno_motivo = ${p.motivo}, estornado_em = now(), estornado_por = ${por}, atualizado_em = now(), version = version + 1 where id = ${t.id}`);
      await recordTrail(tx as unknown as Db, { session, ip: '' }, { entidade: 'titulo', registroId: t.id, acao: 'update', antes: { status: t.status }, depois: { status: 'ESTORNADO', motivoEstorno: p.motivo } });
    });
    await job.log(`${descricao(t)}: estornado. Motivo: ${p.motivo}`);
    if (t.remessa) await job.log(`O título foi registrado no banco na remessa ${t.remessa}: peça a baixa dele ao banco.`, 'aviso');
  },
});

export const estornoContasContribuicaoKind = defineJobKind<Params>({
  tipo: estornoContasContribuicao.tipo,
  comandos: [estornoContasContribuicao.comando],
  params: paramsSchema(estornoContasContribuicao) as never,
  title: (_ctx, _c, p) => `Estorno do pagamento do título ${p.nossoNumero}`,
  async preview(ctx, session, p): Promise<Previa> {
    const t = await titulo(ctx, session, p.nossoNumero);
    const recusa = recusaPagamento(t);
    if (recusa) throw badRequest(recusa, 'nossoNumero');
    return {
      total: 1,
      resumo: `O pagamento de ${isoToBr(t.data_pagamento)} (${formatMoney(t.valor_pago ?? 0)}) do título ${t.nosso_numero} será estornado e o título voltará a aberto.`,
      amostra: [descricao(t), `Pago em ${isoToBr(t.data_pagamento)}: ${formatMoney(t.valor_pago ?? 0)}`],
    };
  },
  async run(job, p) {
    const { ctx, session } = job;
    const por = await userName(ctx.db, session);
    let t!: Titulo;
    await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      t = await titulo({ db }, session, p.nossoNumero, true, ctx);
      const recusa = recusaPagamento(t);
      if (recusa) throw badRequest(recusa, 'nossoNumero');
      await query(db, sql`update titulos_pagamentos set estornado_em = now(), estorno_motivo = ${p.motivo}, estornado_por = ${por} where id = ${t.pagamento_id} and estornado_em is null`);
      await query(db, sql`update titulos set status = 'ABERTO', atualizado_em = now(), version = version + 1 where id = ${t.id}`);
      const actor = { session, ip: '' };
      await recordTrail(db, actor, { entidade: 'pagamentotitulo', registroId: t.pagamento_id!, acao: 'update', antes: { estornado: false }, depois: { estornado: true, motivoEstorno: p.motivo } });
      await recordTrail(db, actor, { entidade: 'titulo', registroId: t.id, acao: 'update', antes: { status: t.status }, depois: { status: 'ABERTO' } });
    });
    await job.log(`Pagamento de ${isoToBr(t.data_pagamento)} (${formatMoney(t.valor_pago ?? 0)}) do título ${t.nosso_numero} estornado; o título voltou a aberto. Motivo: ${p.motivo}`);
  },
});
