import { sql } from 'drizzle-orm';
import { PAGAMENTO_MSG, statusPagamentoLabel, type ConsolidacaoLinha, type PagamentoLinha, type StatusAPagar } from '../../shared/pagamentos';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError, forbidden } from '../http/errors';
import { MSG_PAGAMENTO, scopeOf } from '../policy';
import { recordTrail, recordTrailMany } from '../trail/record';
import { userName, type SessionActor } from '../workflow/actor';
import { instante, proximoNumero } from './numeracao';
import { gravarRetencoes, retencoesDosRpas, retencoesPj } from './retencoes';
import { todayIso } from '../../shared/dates';
import { vencimentoDe, type Retencao } from '../../shared/pagamentos/retencoes';

/** The month (São Paulo) a request was made in. */
const MES_DO_PEDIDO = sql`to_char(s.criado_em at time zone 'America/Sao_Paulo', 'YYYY-MM')`;

interface Pedido {
  id: number;
  numero: string;
  prestador_id: number;
  nome: string;
  codigo: string | null;
  tipo_pessoa: string;
  solicitado_por_id: number | null;
  nfse_numero: string | null;
  nfse_serie: string | null;
  nfse_emissao: string | null;
  nfse_codigo_verificacao: string | null;
  nfse_valor: string | null;
}
interface ProtocoloPedido {
  solicitacao_id: number;
  protocolo_id: number;
  numero: string;
  valor: string;
}

async function assertEquipe(ctx: AppContext, s: RequestSession) {
  if ((await scopeOf(ctx, s, 'solicitacaopagamento')).kind !== 'all') throw forbidden(MSG_PAGAMENTO);
}

/** The month's requests still to consolidate (of these providers, or all), with their protocols; locked when asked. */
async function pedidosDoMes(t: Db, competencia: string, prestadores?: number[], lock = false) {
  const pedidos = await query<Pedido>(
    t,
    sql`select s.id, s.numero, s.prestador_id, pr.nome, pr.codigo, pr.tipo_pessoa, s.solicitado_por_id,
          s.nfse_numero, s.nfse_serie, s.nfse_emissao::text as nfse_emissao, s.nfse_codigo_verificacao, s.nfse_valor_servicos_centavos::text as nfse_valor
        from solicitacoes_pagamento s join prestadores pr on pr.id = s.prestador_id
        where s.status = 'SOLICITADA' and ${MES_DO_PEDIDO} = ${competencia}
          ${prestadores ? sql`and s.prestador_id in (${sql.join(prestadores.map((i) => sql`${i}`), sql`, `)})` : sql``}
        order by pr.nome, s.prestador_id, s.id ${lock ? sql`for update of s` : sql``}`,
  );
  const protocolos = pedidos.length
    ? await query<ProtocoloPedido>(
        t,
        sql`select x.solicitacao_id, x.protocolo_id, p.numero, x.valor_liberado_centavos::text as valor from solicitacao_pagamento_protocolos x join protocolos_recebimento p on p.id = x.protocolo_id
            where x.solicitacao_id in (${sql.join(pedidos.map((p) => sql`${p.id}`), sql`, `)}) order by p.numero`,
      )
    : [];
  return { pedidos, protocolos };
}

/**
 * One provider's line: the gross (the values released when asked), and for a natural person the withholdings of the
 * RPAs that pay exactly these protocols, each released (LIB); otherwise what is missing (the line cannot be
 * consolidated yet).
 */
async function linhaDoPrestador(t: Db, pedidos: Pedido[], protocolos: ProtocoloPedido[]): Promise<ConsolidacaoLinha & { retencoes: Retencao[] }> {
  const p = pedidos[0];
  const ids = new Set(pedidos.map((x) => x.id));
  const seus = protocolos.filter((x) => ids.has(x.solicitacao_id));
  const bruto = seus.reduce((s, x) => s + Number(x.valor), 0);
  let retencoes = 0;
  let linhas: Retencao[] = [];
  let pendencia: string | null = null;
  if (p.tipo_pessoa !== 'F' && bruto > 0) {
    // a legal entity: IRRF, PIS/COFINS/CSLL and ISS of its tax group on the gross, on the consolidation day
    const c = await retencoesPj(t, todayIso(), p.prestador_id, bruto);
    linhas = c.retencoes;
    retencoes = c.total;
  }
  if (p.tipo_pessoa === 'F' && seus.length) {
    const cobertos = await query<{ protocolo_id: number; rpa_id: number; numero: string; status: string; retido: string }>(
      t,
      sql`select x.protocolo_id, r.id as rpa_id, r.numero, r.status_pagamento as status, (r.inss_centavos + r.irrf_centavos + r.iss_centavos)::text as retido
          from rpa_protocolos x join rpas r on r.id = x.rpa_id where x.protocolo_id in (${sql.join(seus.map((x) => sql`${x.protocolo_id}`), sql`, `)})`,
    );
    const porProtocolo = new Map(cobertos.map((c) => [c.protocolo_id, c]));
    const semRpa = seus.filter((x) => !porProtocolo.has(x.protocolo_id)).map((x) => x.numero);
    const rpas = new Map(cobertos.map((c) => [c.rpa_id, c]));
    if (semRpa.length) pendencia = PAGAMENTO_MSG.rpaPendente(semRpa.join(', '));
    else {
      const naoLiberado = [...rpas.values()].find((r) => r.status !== 'LIB');
      if (naoLiberado) pendencia = `O RPA nº ${naoLiberado.numero} está "${statusPagamentoLabel(naoLiberado.status)}": libere-o antes de consolidar.`;
      else {
        // an RPA pays its protocols together: all of them must be in this consolidation
        const fora = await query<{ rpa: string; numero: string }>(
          t,
          sql`select r.numero as rpa, p.numero from rpa_protocolos x join rpas r on r.id = x.rpa_id join protocolos_recebimento p on p.id = x.protocolo_id
              where x.rpa_id in (${sql.join([...rpas.keys()].map((i) => sql`${i}`), sql`, `)})
                and x.protocolo_id not in (${sql.join(seus.map((x) => sql`${x.protocolo_id}`), sql`, `)}) order by p.numero`,
        );
        if (fora.length) pendencia = PAGAMENTO_MSG.rpaParcial(fora[0].rpa, fora.map((f) => f.numero).join(', '));
        else {
          retencoes = [...rpas.values()].reduce((s, r) => s + Number(r.retido), 0);
          linhas = await retencoesDosRpas(t, [...rpas.keys()], p.prestador_id);
        }
      }
    }
  }
  return {
    prestadorId: p.prestador_id,
    prestadorNome: p.nome,
    prestadorCodigo: p.codigo,
    tipoPessoa: p.tipo_pessoa === 'F' ? 'F' : 'J',
    solicitacoes: pedidos.map((x) => x.numero),
    notas: pedidos.map((x) => ({
      solicitacao: x.numero,
      nfse: x.nfse_numero
        ? { numero: x.nfse_numero, serie: x.nfse_serie, emissao: x.nfse_emissao!, codigoVerificacao: x.nfse_codigo_verificacao!, valorServicos: Number(x.nfse_valor) }
        : null,
    })),
    protocolos: seus.length,
    valorBruto: bruto,
    valorRetencoes: retencoes,
    valorLiquido: bruto - retencoes,
    pendencia,
    retencoes: linhas,
  };
}

const porPrestador = (pedidos: Pedido[]) => {
  const m = new Map<number, Pedido[]>();
  for (const p of pedidos) m.set(p.prestador_id, [...(m.get(p.prestador_id) ?? []), p]);
  return m;
};

/** The month's consolidation: one line per provider with requests still to pay (finance's payment process). */
export async function consolidacaoDoMes(ctx: AppContext, s: RequestSession, competencia: string): Promise<ConsolidacaoLinha[]> {
  await assertEquipe(ctx, s);
  const { pedidos, protocolos } = await pedidosDoMes(ctx.db, competencia);
  const out: ConsolidacaoLinha[] = [];
  for (const lista of porPrestador(pedidos).values()) {
    const { retencoes: _r, ...linha } = await linhaDoPrestador(ctx.db, lista, protocolos);
    out.push(linha);
  }
  return out;
}

/**
 * Consolidates the month's requests of the chosen providers, in one transaction: the requests locked, whoever asked
 * a payment does not consolidate it, a natural person's withholdings from its released RPAs; one payable per provider
 * ("a pagar", its number of the series), the requests consolidated into it, the protocols 3 (liberado para
 * pagamento), everything in the trail. A provider with something missing refuses the whole consolidation with why.
 */
export async function consolidar(ctx: AppContext, actor: SessionActor, c: { competencia: string; prestadores: number[] }): Promise<PagamentoLinha[]> {
  const s = actor.session;
  await assertEquipe(ctx, s);
  const nome = await userName(ctx.db, s);
  const ids = await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const { pedidos, protocolos } = await pedidosDoMes(t, c.competencia, c.prestadores, true);
    if (!pedidos.length) throw AppError.of(422, PAGAMENTO_MSG.nadaAConsolidar);
    if (pedidos.some((p) => p.solicitado_por_id != null && p.solicitado_por_id === s.user.id)) throw forbidden(PAGAMENTO_MSG.segregacaoConsolidacao);
    const criados: number[] = [];
    for (const lista of porPrestador(pedidos).values()) {
      const l = await linhaDoPrestador(t, lista, protocolos);
      if (l.pendencia) throw AppError.of(422, `${l.prestadorNome}: ${l.pendencia}`);
      const numero = await proximoNumero(t, 'PG', Number(c.competencia.slice(0, 4)));
      const [{ id }] = await query<{ id: number }>(
        t,
        sql`insert into pagamentos_prestadores (numero, prestador_id, competencia, qtd_protocolos, valor_bruto_centavos, valor_retencoes_centavos, valor_liquido_centavos, vencimento, consolidado_por_id, consolidado_por)
            values (${numero}, ${l.prestadorId}, ${c.competencia}, ${l.protocolos}, ${l.valorBruto}, ${l.valorRetencoes}, ${l.valorLiquido}, ${vencimentoDe(c.competencia)}, ${s.user.id}, ${nome}) returning id`,
      );
      await gravarRetencoes(t, id, l.retencoes);
      const pedidosIds = lista.map((p) => p.id);
      await t.execute(sql`update solicitacoes_pagamento set status = 'CONSOLIDADA', pagamento_id = ${id}, version = version + 1 where id in (${sql.join(pedidosIds.map((i) => sql`${i}`), sql`, `)})`);
      const seus = protocolos.filter((x) => pedidosIds.includes(x.solicitacao_id));
      const mudados = await query<{ id: number }>(
        t,
        sql`update protocolos_recebimento set status = '3', atualizado_em = now(), version = version + 1
            where status = '5' and id in (${sql.join(seus.map((x) => sql`${x.protocolo_id}`), sql`, `)}) returning id`,
      );
      await recordTrail(t, actor, { entidade: 'pagamentoprestador', registroId: id, acao: 'insert', depois: { id, numero, ...l, solicitacoes: l.solicitacoes, status: 'A_PAGAR', vencimento: vencimentoDe(c.competencia) } });
      await recordTrailMany(
        t,
        actor,
        lista.map((p) => ({ entidade: 'solicitacaopagamento', registroId: p.id, acao: 'update' as const, antes: { status: 'SOLICITADA' }, depois: { status: 'CONSOLIDADA', pagamento: numero } })),
      );
      await recordTrailMany(
        t,
        actor,
        mudados.map((m) => ({ entidade: 'protocolorecebimento', registroId: m.id, acao: 'update' as const, antes: { status: '5' }, depois: { status: '3', pagamento: numero } })),
      );
      criados.push(id);
    }
    return criados;
  });
  const rows = await query<PagamentoRow>(ctx.db, sql`select ${COLUNAS_PAGAMENTO} from pagamentos_prestadores g join prestadores pr on pr.id = g.prestador_id where g.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) order by g.id`);
  return rows.map(linhaPagamento);
}

export interface PagamentoRow {
  id: number;
  numero: string;
  criado_em: unknown;
  competencia: string;
  prestador_id: number;
  prestador_nome: string;
  qtd_protocolos: number;
  bruto: string;
  retencoes: string;
  liquido: string;
  status: string;
}
export const COLUNAS_PAGAMENTO = sql`g.id, g.numero, g.criado_em, g.competencia, g.prestador_id, pr.nome as prestador_nome, g.qtd_protocolos,
  g.valor_bruto_centavos::text as bruto, g.valor_retencoes_centavos::text as retencoes, g.valor_liquido_centavos::text as liquido, g.status`;
export const linhaPagamento = (r: PagamentoRow): PagamentoLinha => ({
  id: r.id,
  numero: r.numero,
  criadoEm: instante(r.criado_em),
  competencia: r.competencia,
  prestadorId: r.prestador_id,
  prestadorNome: r.prestador_nome,
  qtdProtocolos: r.qtd_protocolos,
  valorBruto: Number(r.bruto),
  valorRetencoes: Number(r.retencoes),
  valorLiquido: Number(r.liquido),
  status: r.status as StatusAPagar,
});
