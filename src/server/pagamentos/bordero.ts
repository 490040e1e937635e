import { sql, type SQL } from 'drizzle-orm';
import { isoToBr } from '../../shared/dates';
import { BORDERO_MSG, type Bordero, type LinhaBordero, type PagavelBaixa } from '../../shared/pagamentos/bordero';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError, badRequest, forbidden, notFound } from '../http/errors';
import { criadoAntes, criaUmaVez } from '../http/idempotencia';
import { MSG_PAGAMENTO, scopeOf } from '../policy';
import { recordTrail, recordTrailMany } from '../trail/record';
import { userName, type SessionActor } from '../workflow/actor';
import { instante, proximoNumero } from './numeracao';

/**
 * The baixa of provider payments: a borderô pays payables "a pagar" on the day of the credit, from the operator's
 * account, each to its provider's account as the registry holds it then (kept on the line: a later change of the
 * registry does not rewrite what was paid). The reversal of one baixa keeps its line, marked with who, when and why,
 * and the payment is "a pagar" again. Its protocols follow: 3 (liberado para pagamento) to 6 (pagamento efetuado) and
 * back. Finance's staff only (the scope of payment requests: all).
 */

async function equipe(ctx: AppContext, s: RequestSession) {
  if ((await scopeOf(ctx, s, 'solicitacaopagamento')).kind !== 'all') throw forbidden(MSG_PAGAMENTO);
}

/** The provider's account as the registry holds it (bank code of `bancos`). */
const CONTA_DO_PRESTADOR = sql`b.codigo as banco, pr.agencia, pr.conta`;
const JUNTA_CONTA = sql`join prestadores pr on pr.id = g.prestador_id left join bancos b on b.id = pr.banco`;

interface PagavelRow {
  id: number;
  numero: string;
  competencia: string;
  vencimento: string | null;
  prestador_id: number;
  nome: string;
  banco: string | null;
  agencia: string | null;
  conta: string | null;
  bruto: string;
  retencoes: string;
  liquido: string;
  consolidado: string;
  status: string;
  estornado: boolean;
}
const COLUNAS = sql`g.id, g.numero, g.competencia, g.vencimento::text as vencimento, g.prestador_id, pr.nome, ${CONTA_DO_PRESTADOR},
  g.valor_bruto_centavos::text as bruto, g.valor_retencoes_centavos::text as retencoes, g.valor_liquido_centavos::text as liquido,
  to_char(g.criado_em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as consolidado, g.status, g.estornado_em is not null as estornado`;
const pagavel = (r: PagavelRow): PagavelBaixa => ({
  id: r.id,
  numero: r.numero,
  competencia: r.competencia,
  vencimento: r.vencimento,
  prestadorId: r.prestador_id,
  prestadorNome: r.nome,
  banco: r.banco,
  agencia: r.agencia,
  conta: r.conta,
  valorBruto: Number(r.bruto),
  valorRetencoes: Number(r.retencoes),
  valorLiquido: Number(r.liquido),
  consolidadoEm: r.consolidado,
});

/** The payables still to pay (of a competência, or all), oldest due first. */
export async function pagaveisParaBaixa(ctx: AppContext, s: RequestSession, competencia?: string): Promise<PagavelBaixa[]> {
  await equipe(ctx, s);
  const rows = await query<PagavelRow>(
    ctx.db,
    sql`select ${COLUNAS} from pagamentos_prestadores g ${JUNTA_CONTA}
        where g.status = 'A_PAGAR' and g.estornado_em is null ${competencia ? sql`and g.competencia = ${competencia}` : sql``}
        order by g.vencimento nulls last, pr.nome, g.id limit 1000`,
  );
  return rows.map(pagavel);
}

interface BorderoRow {
  id: number;
  numero: string;
  data: string;
  banco_origem: string;
  agencia_origem: string;
  conta_origem: string;
  registrado_por: string;
  criado_em: unknown;
}
interface LinhaRow {
  bordero_id: number;
  pagamento_id: number;
  numero: string;
  competencia: string;
  nome: string;
  banco: string;
  agencia: string;
  conta: string;
  liquido: string;
  estornado_em: unknown;
  estornado_por: string | null;
  estorno_motivo: string | null;
}

async function borderosPorId(db: Db, ids: number[]): Promise<Bordero[]> {
  if (!ids.length) return [];
  const lista = sql.join(ids.map((i) => sql`${i}`), sql`, `);
  const bs = await query<BorderoRow>(
    db,
    sql`select id, numero, data_credito::text as data, banco_origem, agencia_origem, conta_origem, registrado_por, criado_em from borderos_pagamento where id in (${lista}) order by data_credito desc, id desc`,
  );
  const ls = await query<LinhaRow>(
    db,
    sql`select x.bordero_id, x.pagamento_id, g.numero, g.competencia, pr.nome, x.banco, x.agencia, x.conta, x.valor_liquido_centavos::text as liquido, x.estornado_em, x.estornado_por, x.estorno_motivo
        from bordero_pagamentos x join pagamentos_prestadores g on g.id = x.pagamento_id join prestadores pr on pr.id = g.prestador_id
        where x.bordero_id in (${lista}) order by pr.nome, g.numero`,
  );
  return bs.map((b) => {
    const linhas: LinhaBordero[] = ls
      .filter((l) => l.bordero_id === b.id)
      .map((l) => ({
        pagamentoId: l.pagamento_id,
        numero: l.numero,
        competencia: l.competencia,
        prestadorNome: l.nome,
        banco: l.banco,
        agencia: l.agencia,
        conta: l.conta,
        valorLiquido: Number(l.liquido),
        estornadoEm: l.estornado_em == null ? null : instante(l.estornado_em),
        estornadoPor: l.estornado_por,
        estornoMotivo: l.estorno_motivo,
      }));
    return {
      id: b.id,
      numero: b.numero,
      dataCredito: b.data,
      bancoOrigem: b.banco_origem,
      agenciaOrigem: b.agencia_origem,
      contaOrigem: b.conta_origem,
      registradoPor: b.registrado_por,
      criadoEm: instante(b.criado_em),
      valorLiquido: linhas.filter((l) => !l.estornadoEm).reduce((soma, l) => soma + l.valorLiquido, 0),
      linhas,
    };
  });
}

/** The latest borderôs (of payments of a competência, or all), newest credit first. */
export async function borderosRecentes(ctx: AppContext, s: RequestSession, competencia?: string): Promise<Bordero[]> {
  await equipe(ctx, s);
  const ids = await query<{ id: number }>(
    ctx.db,
    sql`select b.id from borderos_pagamento b
        where ${competencia ? sql`exists (select 1 from bordero_pagamentos x join pagamentos_prestadores g on g.id = x.pagamento_id where x.bordero_id = b.id and g.competencia = ${competencia})` : sql`true`}
        order by b.data_credito desc, b.id desc limit 30`,
  );
  return borderosPorId(ctx.db, ids.map((r) => r.id));
}

/** The payments' protocols moved from one status to the other (3 liberado para pagamento ⇄ 6 pagamento efetuado). */
const protocolosDoPagamento = (t: Db, pagamentos: SQL, de: string, para: string) =>
  query<{ id: number }>(
    t,
    sql`update protocolos_recebimento set status = ${para}, atualizado_em = now(), version = version + 1
        where status = ${de} and id in (select x.protocolo_id from solicitacao_pagamento_protocolos x join solicitacoes_pagamento s on s.id = x.solicitacao_id where s.pagamento_id in (${pagamentos})) returning id`,
  );
const trilhaProtocolos = (t: Db, actor: SessionActor, ps: { id: number }[], de: string, para: string, bordero: string) =>
  recordTrailMany(
    t,
    actor,
    ps.map((p) => ({ entidade: 'protocolorecebimento', registroId: p.id, acao: 'update' as const, antes: { status: de }, depois: { status: para, bordero } })),
  );

export type Baixa = { pagamentos: number[]; dataCredito: string; bancoOrigem: string; agenciaOrigem: string; contaOrigem: string };

/**
 * Registers a borderô, in one transaction: the payments locked; each one exists, is "a pagar", not reversed, was
 * consolidated on or before the day of the credit and its provider has an account; the borderô's number of its
 * series; one line per payment with the provider's account; the payments PAGO; the trail. Anything wrong refuses
 * the whole borderô with why. The same submission again (Idempotency-Key) answers the first borderô.
 */
export async function registrarBaixa(ctx: AppContext, actor: SessionActor, body: Baixa, chave?: string): Promise<{ bordero: Bordero; repetida: boolean }> {
  const s = actor.session;
  await equipe(ctx, s);
  const ja = await criadoAntes(ctx.db, s.user.id, 'bordero', chave);
  if (ja != null) return { bordero: (await borderosPorId(ctx.db, [ja]))[0], repetida: true };
  const nome = await userName(ctx.db, s);
  // the same submission arriving together waits on the payments' lock and then finds them paid: the first one's
  // borderô is its answer (its key committed with it)
  const feito = await criaUmaVez(ctx.db, s.user.id, 'bordero', chave, async (t) => {
    const rows = await query<PagavelRow>(
      t,
      sql`select ${COLUNAS} from pagamentos_prestadores g ${JUNTA_CONTA} where g.id in (${sql.join(body.pagamentos.map((i) => sql`${i}`), sql`, `)}) order by pr.nome, g.id for update of g`,
    );
    const porId = new Map(rows.map((r) => [r.id, r]));
    for (const pid of body.pagamentos) {
      const r = porId.get(pid);
      if (!r) throw notFound(BORDERO_MSG.naoEncontrado);
      if (r.estornado) throw AppError.of(422, BORDERO_MSG.estornado(r.numero), { field: 'pagamentos' });
      if (r.status !== 'A_PAGAR') throw AppError.of(422, BORDERO_MSG.naoAPagar(r.numero), { field: 'pagamentos' });
      if (!r.banco || !r.agencia || !r.conta) throw AppError.of(422, BORDERO_MSG.semConta(r.nome), { field: 'pagamentos' });
      if (body.dataCredito < r.consolidado) throw badRequest(BORDERO_MSG.antesDaConsolidacao(r.numero, isoToBr(r.consolidado)), 'dataCredito');
    }
    const numero = await proximoNumero(t, 'BD', Number(body.dataCredito.slice(0, 4)));
    const [{ id: borderoId }] = await query<{ id: number }>(
      t,
      sql`insert into borderos_pagamento (numero, data_credito, banco_origem, agencia_origem, conta_origem, registrado_por_id, registrado_por)
          values (${numero}, ${body.dataCredito}, ${body.bancoOrigem}, ${body.agenciaOrigem}, ${body.contaOrigem}, ${s.user.id}, ${nome}) returning id`,
    );
    await t.execute(
      sql`insert into bordero_pagamentos (bordero_id, pagamento_id, banco, agencia, conta, valor_liquido_centavos) values ${sql.join(
        rows.map((r) => sql`(${borderoId}, ${r.id}, ${r.banco}, ${r.agencia}, ${r.conta}, ${Number(r.liquido)})`),
        sql`, `,
      )}`,
    );
    const lista = sql.join(rows.map((r) => sql`${r.id}`), sql`, `);
    await t.execute(sql`update pagamentos_prestadores set status = 'PAGO', version = version + 1 where id in (${lista})`);
    const protocolos = await protocolosDoPagamento(t, lista, '3', '6');
    const total = rows.reduce((soma, r) => soma + Number(r.liquido), 0);
    await recordTrail(t, actor, {
      entidade: 'borderopagamento',
      registroId: borderoId,
      acao: 'insert',
      depois: { numero, dataCredito: body.dataCredito, bancoOrigem: body.bancoOrigem, agenciaOrigem: body.agenciaOrigem, contaOrigem: body.contaOrigem, pagamentos: rows.map((r) => r.numero), valorLiquido: total },
    });
    await recordTrailMany(
      t,
      actor,
      rows.map((r) => ({ entidade: 'pagamentoprestador', registroId: r.id, acao: 'update' as const, antes: { status: 'A_PAGAR' }, depois: { status: 'PAGO', bordero: numero, dataCredito: body.dataCredito, banco: r.banco, agencia: r.agencia, conta: r.conta } })),
    );
    await trilhaProtocolos(t, actor, protocolos, '3', '6', numero);
    return borderoId;
  }).catch(async (e: unknown) => {
    const primeiro = e instanceof AppError ? await criadoAntes(ctx.db, s.user.id, 'bordero', chave) : undefined;
    if (primeiro == null) throw e;
    return { id: primeiro, repetida: true };
  });
  const { id, repetida } = feito;
  return { bordero: (await borderosPorId(ctx.db, [id]))[0], repetida };
}

/** Reverses one payment's baixa: its live line marked (who, when, why) and the payment "a pagar" again, with the trail. */
export async function estornarBaixa(ctx: AppContext, actor: SessionActor, pagamentoId: number, motivo: string): Promise<Bordero> {
  const s = actor.session;
  await equipe(ctx, s);
  const nome = await userName(ctx.db, s);
  const borderoId = await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [g] = await query<{ numero: string; status: string }>(t, sql`select numero, status from pagamentos_prestadores where id = ${pagamentoId} for update`);
    if (!g) throw notFound(BORDERO_MSG.naoEncontrado);
    const [x] = await query<{ id: number; bordero_id: number; numero: string; data: string }>(
      t,
      sql`select x.id, x.bordero_id, b.numero, b.data_credito::text as data from bordero_pagamentos x join borderos_pagamento b on b.id = x.bordero_id where x.pagamento_id = ${pagamentoId} and x.estornado_em is null`,
    );
    if (!x || g.status !== 'PAGO') throw AppError.of(422, BORDERO_MSG.naoPago(g.numero));
    await t.execute(sql`update bordero_pagamentos set estornado_em = now(), estornado_por = ${nome}, estorno_motivo = ${motivo} where id = ${x.id}`);
    await t.execute(sql`update pagamentos_prestadores set status = 'A_PAGAR', version = version + 1 where id = ${pagamentoId}`);
    await trilhaProtocolos(t, actor, await protocolosDoPagamento(t, sql`${pagamentoId}`, '6', '3'), '6', '3', x.numero);
    await recordTrail(t, actor, {
      entidade: 'pagamentoprestador',
      registroId: pagamentoId,
      acao: 'update',
      antes: { status: 'PAGO', bordero: x.numero, dataCredito: x.data },
      depois: { status: 'A_PAGAR', estornoBaixa: motivo },
    });
    return x.bordero_id;
  });
  return (await borderosPorId(ctx.db, [borderoId]))[0];
}
