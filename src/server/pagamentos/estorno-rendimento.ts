import { sql } from 'drizzle-orm';
import { isoToBr, todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { estornoRendimento } from '../../shared/processos/contabilidade';
import type { Previa } from '../../shared/processos/define';
import { paramsSchema } from '../../shared/processos/schema';
import { textoAliquota } from '../../shared/pagamentos/retencoes';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError, badRequest, forbidden } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { MSG_PAGAMENTO, scopeOf } from '../policy';
import { recordTrail } from '../trail/record';
import { userName } from '../workflow/actor';

/**
 * Estorno de Rendimento: a payment's income and withholdings taken back (a payment consolidated by mistake, a
 * provider's invoice cancelled). The payment stays (its number, its protocols) but is marked reversed with who, when
 * and why: the payables file and the EFD-Reinf leave it out from then on, and the accounting entry of its
 * withholdings, when the month's movement has one, is reversed in the same transaction (debit and credit swapped).
 */

export type ParamsEstorno = { pagamento: string; motivo: string };

interface Pagamento {
  id: number;
  numero: string;
  nome: string;
  competencia: string;
  bruto: string;
  retencoes: string;
  liquido: string;
  estornado_em: string | null;
  status: string;
}

async function pagamento(db: Db, numero: string, lock = false): Promise<Pagamento> {
  const [g] = await query<Pagamento>(
    db,
    sql`select g.id, g.numero, pr.nome, g.competencia, g.valor_bruto_centavos::text as bruto, g.valor_retencoes_centavos::text as retencoes, g.valor_liquido_centavos::text as liquido,
               to_char(g.estornado_em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as estornado_em, g.status
        from pagamentos_prestadores g join prestadores pr on pr.id = g.prestador_id where g.numero = ${numero} ${lock ? sql`for update of g` : sql``}`,
  );
  if (!g) throw badRequest('Pagamento não encontrado.', 'pagamento');
  if (g.estornado_em) throw AppError.of(422, `O rendimento do pagamento nº ${g.numero} já foi estornado em ${isoToBr(g.estornado_em)}.`, { field: 'pagamento' });
  // money already credited: the baixa is reversed first (Borderô de Pagamento), then the income
  if (g.status === 'PAGO') throw AppError.of(422, `O pagamento nº ${g.numero} está pago: estorne a baixa no Borderô de Pagamento antes de estornar o rendimento.`, { field: 'pagamento' });
  return g;
}

const lancamentosDo = (db: Db, id: number) =>
  query<{ id: number; valor: string }>(db, sql`select id, valor_centavos::text as valor from lancamentos_contabeis where documento_tipo = 'PAGAMENTO' and documento_id = ${id} and estorno_de is null and not estornado`);

async function equipe(ctx: AppContext, s: RequestSession) {
  if ((await scopeOf(ctx, s, 'solicitacaopagamento')).kind !== 'all') throw forbidden(MSG_PAGAMENTO);
}

async function previaEstorno(ctx: AppContext, s: RequestSession, p: ParamsEstorno): Promise<Previa> {
  await equipe(ctx, s);
  const g = await pagamento(ctx.db, p.pagamento);
  const rets = await query<{ tributo: string; base: string; aliquota: string | null; valor: string }>(
    ctx.db,
    sql`select tributo, base_centavos::text as base, aliquota, valor_centavos::text as valor from retencoes_pagamentos where pagamento_id = ${g.id} order by tributo`,
  );
  const lanc = await lancamentosDo(ctx.db, g.id);
  return {
    total: 1,
    resumo: `O rendimento do pagamento nº ${g.numero} a ${g.nome} (competência ${g.competencia.slice(5)}/${g.competencia.slice(0, 4)}): bruto ${formatMoney(Number(g.bruto))}, retenções ${formatMoney(Number(g.retencoes))}, líquido ${formatMoney(Number(g.liquido))}, sai da EFD-Reinf e das contas a pagar.`,
    amostra: [
      ...rets.map((r) => `${r.tributo}: ${formatMoney(Number(r.valor))} sobre ${formatMoney(Number(r.base))} (${textoAliquota(r.aliquota)})`),
      ...lanc.map((l) => `Lançamento contábil nº ${l.id} (imposto retido, ${formatMoney(Number(l.valor))}) será estornado.`),
    ],
  };
}

export const estornoRendimentoKind = defineJobKind<ParamsEstorno>({
  tipo: estornoRendimento.tipo,
  comandos: [estornoRendimento.comando],
  params: paramsSchema(estornoRendimento) as never,
  title: (_c, _m, p) => `Estorno do rendimento do pagamento ${p.pagamento}`,
  preview: previaEstorno,
  async run(job, p) {
    await equipe(job.ctx, job.session);
    const nome = await userName(job.ctx.db, job.session);
    const actor = { session: job.session, ip: '' };
    const r = await job.ctx.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const g = await pagamento(t, p.pagamento, true);
      await t.execute(sql`update pagamentos_prestadores set estornado_em = now(), estornado_por = ${nome}, estorno_motivo = ${p.motivo}, version = version + 1 where id = ${g.id}`);
      const lanc = await lancamentosDo(t, g.id);
      const estornos = lanc.length
        ? await query<{ id: number }>(
            t,
            sql`insert into lancamentos_contabeis (competencia, data, origem, documento_tipo, documento_id, documento, conta_debito, conta_credito, valor_centavos, historico, estorno_de, execucao_id)
                select competencia, ${todayIso()}, origem, documento_tipo, documento_id, documento, conta_credito, conta_debito, valor_centavos, left(${`Estorno de rendimento: ${p.motivo}`} || ' - ' || historico, 200), id, ${job.id}
                from lancamentos_contabeis where id in (${sql.join(lanc.map((l) => sql`${l.id}`), sql`, `)}) returning id`,
          )
        : [];
      if (lanc.length) await t.execute(sql`update lancamentos_contabeis set estornado = true where id in (${sql.join(lanc.map((l) => sql`${l.id}`), sql`, `)})`);
      await recordTrail(t, actor, {
        entidade: 'pagamentoprestador',
        registroId: g.id,
        acao: 'update',
        antes: { numero: g.numero, estornado: false },
        depois: { numero: g.numero, estornado: true, motivo: p.motivo, valorBruto: Number(g.bruto), valorRetencoes: Number(g.retencoes), lancamentosEstornados: lanc.map((l) => l.id) },
      });
      return { g, estornos };
    });
    await job.progress(100, 'Estornado');
    await job.log(`Rendimento do pagamento nº ${r.g.numero} (${r.g.nome}) estornado: bruto ${formatMoney(Number(r.g.bruto))}, retenções ${formatMoney(Number(r.g.retencoes))}. Motivo: ${p.motivo.trim().replace(/[.!?]+$/, '')}.`);
    if (r.estornos.length) await job.log(`${r.estornos.length} ${r.estornos.length === 1 ? 'lançamento contábil estornado' : 'lançamentos contábeis estornados'} (nº ${r.estornos.map((e) => e.id).join(', ')}).`);
  },
});
