import { sql, type SQL } from 'drizzle-orm';
import { isoToBr } from '../../shared/dates';
import { exclusaoCartaoIntercambio, LAYOUT_MOVIMENTO_INTERCAMBIO, movimentoIntercambio } from '../../shared/intercambio';
import { formatMoney } from '../../shared/money';
import { competenciaBr, competenciaIso } from '../../shared/processos/folha';
import { linhaCsv } from '../../shared/processos/layout';
import { paramsSchema } from '../../shared/processos/schema';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { recordTrail, recordTrailMany } from '../trail/record';

/**
 * Processar Movimento de Intercâmbio: for a competência, each partner's authorizations not yet in a movement with the
 * attendance up to the month's last day: received ones (to charge the partner, at the own network's price) and sent
 * ones (to pay it, as it informed). One movement per partner, each authorization taken once (`movimento_id`, set in
 * the movement's transaction under a row lock), and a CSV per partner.
 */

type ParamsMov = { competencia: string; intercambio: number | null };

const fimDoMes = (iso: string) => new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), 0)).toISOString().slice(0, 10);

function aFaturar(p: ParamsMov): { comp: string; where: SQL } {
  const comp = competenciaIso(p.competencia);
  if (!comp) throw AppError.of(400, 'Competência inválida: informe mês (01 a 12) e ano, como MM/AAAA.', { field: 'competencia' });
  return { comp, where: sql`ai.movimento_id is null and ai.data_atendimento <= ${fimDoMes(comp)} ${p.intercambio ? sql`and ai.intercambio_id = ${p.intercambio}` : sql``}` };
}

interface PorParceira {
  intercambio_id: number;
  codigo: string;
  nome: string;
  recebidas: number;
  receber: number;
  enviadas: number;
  pagar: number;
}

async function porParceira(db: Db, where: SQL): Promise<PorParceira[]> {
  return query<PorParceira>(
    db,
    sql`select ai.intercambio_id, i.codigo, i.nome, count(*) filter (where ai.direcao = 'RECEBIDA')::int as recebidas, coalesce(sum(ai.valor_centavos) filter (where ai.direcao = 'RECEBIDA'), 0)::bigint as receber,
          count(*) filter (where ai.direcao = 'ENVIADA')::int as enviadas, coalesce(sum(ai.valor_centavos) filter (where ai.direcao = 'ENVIADA'), 0)::bigint as pagar
        from autorizacoes_intercambio ai join intercambios i on i.id = ai.intercambio_id where ${where} group by ai.intercambio_id, i.codigo, i.nome order by i.codigo`,
  );
}

const resumoDe = (x: PorParceira) =>
  `${x.nome}: ${x.recebidas} ${x.recebidas === 1 ? 'recebida' : 'recebidas'} a cobrar ${formatMoney(Number(x.receber))}, ${x.enviadas} ${x.enviadas === 1 ? 'enviada' : 'enviadas'} a pagar ${formatMoney(Number(x.pagar))}`;

export const interchangeMovement = defineJobKind<ParamsMov>({
  tipo: movimentoIntercambio.tipo,
  comandos: [movimentoIntercambio.comando],
  params: paramsSchema(movimentoIntercambio) as never,
  title: (_ctx, _c, p) => `Movimento de intercâmbio de ${p.competencia.slice(0, 2)}/${p.competencia.slice(2)}`,

  async preview(ctx, _s, p) {
    const { comp, where } = aFaturar(p);
    const ps = await porParceira(ctx.db, where);
    const n = ps.reduce((s, x) => s + x.recebidas + x.enviadas, 0);
    return {
      total: ps.length,
      resumo: ps.length
        ? `${ps.length} ${ps.length === 1 ? 'movimento será fechado' : 'movimentos serão fechados'} em ${competenciaBr(comp)} com ${n} ${n === 1 ? 'autorização' : 'autorizações'}.`
        : `Nenhuma autorização de intercâmbio a faturar com atendimento até ${isoToBr(fimDoMes(comp))}.`,
      amostra: ps.slice(0, 8).map(resumoDe),
    };
  },

  async run(job, p) {
    const { ctx, session } = job;
    const { comp, where } = aFaturar(p);
    const ps = await porParceira(ctx.db, where);
    if (!ps.length) await job.log(`Nenhuma autorização de intercâmbio a faturar com atendimento até ${isoToBr(fimDoMes(comp))}.`);
    const [reg] = LAYOUT_MOVIMENTO_INTERCAMBIO.registros;
    const sep = LAYOUT_MOVIMENTO_INTERCAMBIO.separador!;
    for (const [k, x] of ps.entries()) {
      await job.checkpoint();
      const linhas = [reg.campos.map((c) => c.descricao.replace(/ \(.*$/, '')).join(sep)];
      const mov = await ctx.db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        // the partner's rows locked: a second run at the same time waits, then finds them taken
        const rows = await query<{ id: number; direcao: string; numero_origem: string; cartao: string | null; nome: string; data: string; prestador: string; codigo: string; quantidade: number; valor_centavos: number }>(
          t,
          sql`select ai.id, ai.direcao, ai.numero_origem, coalesce(c.numero, b.cartao_intercambio) as cartao, ai.nome, ai.data_atendimento::text as data, coalesce(pr.nome, ai.prestador_externo) as prestador,
                ai.codigo, ai.quantidade, ai.valor_centavos
              from autorizacoes_intercambio ai left join cartoes_intercambio c on c.id = ai.cartao_id left join beneficiarios b on b.id = ai.beneficiario_id left join prestadores pr on pr.id = ai.prestador_id
              where ${where} and ai.intercambio_id = ${x.intercambio_id} order by ai.direcao desc, ai.data_atendimento, ai.id for update of ai`,
        );
        if (!rows.length) return null;
        const receber = rows.filter((r) => r.direcao === 'RECEBIDA').reduce((s, r) => s + Number(r.valor_centavos), 0);
        const pagar = rows.filter((r) => r.direcao === 'ENVIADA').reduce((s, r) => s + Number(r.valor_centavos), 0);
        const recebidas = rows.filter((r) => r.direcao === 'RECEBIDA').length;
        const [m] = await query<{ id: number }>(
          t,
          sql`insert into movimentos_intercambio (intercambio_id, competencia, recebidas, valor_receber_centavos, enviadas, valor_pagar_centavos, execucao_id, criado_por_id)
              values (${x.intercambio_id}, ${comp}, ${recebidas}, ${receber}, ${rows.length - recebidas}, ${pagar}, ${job.id}, ${session.user.id}) returning id`,
        );
        await t.execute(sql`update autorizacoes_intercambio set movimento_id = ${m.id} where id in (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)})`);
        await recordTrail(t, { session, ip: '' }, { entidade: 'movimentointercambio', registroId: m.id, acao: 'insert', depois: { parceira: x.codigo, competencia: comp, recebidas, receber, enviadas: rows.length - recebidas, pagar, execucaoId: job.id } });
        await recordTrailMany(t, { session, ip: '' }, rows.map((r) => ({ entidade: 'autorizacaointercambio', registroId: r.id, acao: 'update' as const, antes: { movimentoId: null }, depois: { movimentoId: m.id } })));
        for (const r of rows)
          linhas.push(linhaCsv(reg, sep, { direcao: r.direcao, numero: r.numero_origem, cartao: r.cartao, nome: r.nome, data: r.data, prestador: r.prestador, procedimento: r.codigo, quantidade: r.quantidade, valor: Number(r.valor_centavos) }));
        linhas.push(['TOTAL', `${recebidas} recebidas`, '', '', '', '', '', `${rows.length - recebidas} enviadas`, `a cobrar ${receber}; a pagar ${pagar}; saldo ${receber - pagar}`].join(sep));
        return { id: m.id, receber, pagar, n: rows.length };
      });
      if (!mov) continue;
      const f = await job.saveFile(`intercambio-${x.codigo}-${comp.slice(0, 7).replace('-', '')}.csv`, 'csv', new TextEncoder().encode(`\uFEFF${linhas.join('\r\n')}\r\n`));
      await ctx.db.execute(sql`update movimentos_intercambio set arquivo_id = ${f.id} where id = ${mov.id}`);
      await job.log(`Movimento ${mov.id} com ${x.nome}: ${mov.n} autorizações; a cobrar ${formatMoney(mov.receber)}, a pagar ${formatMoney(mov.pagar)}, saldo ${formatMoney(mov.receber - mov.pagar)}.`);
      await job.progress(Math.floor(((k + 1) / ps.length) * 95), `${k + 1} de ${ps.length} parceiras`);
    }
  },
});

// ---- Exclusão de Cartões de Intercâmbio ------------------------------------------------------------------------------

type ParamsExc = { intercambio: number; criterio: 'VENCIDOS' | 'SEM_USO' | 'CARTAO'; data: string | null; cartao: string | null; motivo: string };

function selecao(p: ParamsExc): SQL {
  const base = sql`c.intercambio_id = ${p.intercambio} and c.situacao = 'ATIVO'`;
  if (p.criterio === 'CARTAO') return sql`${base} and c.numero = ${p.cartao}`;
  if (p.criterio === 'VENCIDOS') return sql`${base} and c.validade <= ${p.data}`;
  // no authorization since the date: neither a later attendance nor one received after it
  return sql`${base} and not exists (select 1 from autorizacoes_intercambio a where a.cartao_id = c.id and (a.data_atendimento >= ${p.data} or a.criado_em >= ${p.data}::date))`;
}

export const interchangeCardExclusion = defineJobKind<ParamsExc>({
  tipo: exclusaoCartaoIntercambio.tipo,
  comandos: [exclusaoCartaoIntercambio.comando],
  params: paramsSchema(exclusaoCartaoIntercambio) as never,
  title: (_ctx, _c, p) => (p.criterio === 'CARTAO' ? `Exclusão do cartão de intercâmbio ${p.cartao}` : 'Exclusão de cartões de intercâmbio'),

  async preview(ctx, _s, p) {
    const where = selecao(p);
    const [{ n }] = await query<{ n: number }>(ctx.db, sql`select count(*)::int as n from cartoes_intercambio c where ${where}`);
    const amostra = await query<{ numero: string; nome: string; validade: string | null }>(ctx.db, sql`select numero, nome, to_char(validade, 'YYYY-MM-DD') as validade from cartoes_intercambio c where ${where} order by c.numero limit 8`);
    return {
      total: n,
      resumo: n ? `${n} ${n === 1 ? 'cartão será excluído' : 'cartões serão excluídos'} pelo motivo "${p.motivo}".` : p.criterio === 'CARTAO' ? 'Cartão não encontrado entre os cartões ativos desta parceira.' : 'Nenhum cartão ativo desta parceira nesta seleção.',
      amostra: amostra.map((c) => `${c.numero} · ${c.nome}${c.validade ? ` · validade ${isoToBr(c.validade)}` : ''}`),
    };
  },

  async run(job, p) {
    const { ctx, session } = job;
    const where = selecao(p);
    if (p.criterio === 'CARTAO') {
      const [c] = await query<{ situacao: string }>(ctx.db, sql`select situacao from cartoes_intercambio where numero = ${p.cartao} and intercambio_id = ${p.intercambio}`);
      if (!c) throw AppError.of(422, 'Cartão não encontrado entre os cartões desta parceira.');
      if (c.situacao === 'EXCLUIDO') throw AppError.of(422, 'Este cartão já está excluído.');
    }
    let depois = 0;
    let n = 0;
    for (;;) {
      await job.checkpoint();
      const feitos = await ctx.db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const rows = await query<{ id: number; numero: string; nome: string }>(
          t,
          sql`update cartoes_intercambio set situacao = 'EXCLUIDO', excluido_em = (now() at time zone 'America/Sao_Paulo')::date, motivo_exclusao = ${p.motivo}, execucao_id = ${job.id}, version = version + 1
              where id in (select c.id from cartoes_intercambio c where ${where} and c.id > ${depois} order by c.id limit 300) returning id, numero, nome`,
        );
        await recordTrailMany(t, { session, ip: '' }, rows.map((r) => ({ entidade: 'cartaointercambio', registroId: r.id, acao: 'update' as const, antes: { situacao: 'ATIVO' }, depois: { situacao: 'EXCLUIDO', motivoExclusao: p.motivo, execucaoId: job.id } })));
        return rows;
      });
      if (!feitos.length) break;
      depois = Math.max(...feitos.map((r) => r.id));
      n += feitos.length;
      await job.progress(95, `${n} cartões excluídos`);
    }
    await job.log(`${n} ${n === 1 ? 'cartão excluído' : 'cartões excluídos'}. Motivo: ${p.motivo}.`);
  },
});
