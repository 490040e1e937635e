import { sql } from 'drizzle-orm';
import { isoToBr } from '../../shared/dates';
import { toCentavos } from '../../shared/money';
import { PAGAMENTO_MSG, STATUS_PAGAMENTO_INICIAL, statusPagamentoLabel, type ProtocoloDoPagamento, type Rpa, type RpaDetalhe, type RpaLinha, type RpaPrevia, type SituacaoRpaInput, type StatusPagamento } from '../../shared/pagamentos';
import { calcularRpa, type AcumuladoMes, type CalculoRpa, type FaixaIrrf, type TabelasRpa } from '../../shared/pagamentos/rpa';
import { APP_MSG } from '../../shared/messages';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { criaUmaVez, criadoAntes } from '../http/idempotencia';
import { assertRecord, inScope, scopeOf } from '../policy';
import { recordTrail } from '../trail/record';
import { userName, type SessionActor } from '../workflow/actor';
import { DIA_RECEBIDO, instante, LIBERADO_DO_PROTOCOLO, proximoNumero } from './numeracao';

export const MSG_RPA_NAO_ENCONTRADO = 'RPA não encontrado.';
/** The statuses of a closed review with money released or on its way (Analisado, Liberado para pagamento). */
const ENCERRADOS = sql`('5', '3')`;

/**
 * The tax tables an RPA reads at its issue date: the INSS and ISS rates of the natural persons' tax group (Tabelas de
 * Impostos, the latest start on or before the day), the INSS ceiling (Limites de Impostos), the IRRF brackets in force
 * (the latest table) and the IRRF minimum retention.
 */
export async function tabelasRpa(db: Db, dia: string): Promise<TabelasRpa> {
  const taxa = async (tipo: string) =>
    (
      await query<{ aliquota: string }>(
        db,
        sql`select t.aliquota::text as aliquota from tabelas_impostos t join tipos_impostos ti on ti.id = t.tipo_imposto join grupos_impostos g on g.id = t.grupo
            where ti.codigo = ${tipo} and g.pessoa = 'F' and t.inicio_vigencia <= ${dia} order by t.inicio_vigencia desc, t.id desc limit 1`,
      )
    )[0]?.aliquota ?? null;
  const aliquotaInss = await taxa('INSS');
  if (aliquotaInss == null) throw AppError.of(422, PAGAMENTO_MSG.semInss(isoToBr(dia)));
  const [teto] = await query<{ valor: string }>(
    db,
    sql`select l.valor_limite::text as valor from limites_impostos l join tipos_impostos ti on ti.id = l.tipo_imposto
        where ti.codigo = 'INSS' and l.inicio_vigencia <= ${dia} and (l.fim_vigencia is null or l.fim_vigencia >= ${dia}) order by l.inicio_vigencia desc limit 1`,
  );
  if (!teto) throw AppError.of(422, PAGAMENTO_MSG.semTeto(isoToBr(dia)));
  const faixas = await query<{ faixa_inicial: string; faixa_final: string | null; aliquota: string; deducao: string | null }>(
    db,
    sql`select faixa_inicial::text, faixa_final::text, aliquota::text as aliquota, deducao::text from aliquotas_irrf
        where inicio_vigencia = (select max(inicio_vigencia) from aliquotas_irrf where inicio_vigencia <= ${dia} and (fim_vigencia is null or fim_vigencia >= ${dia}))
        order by faixa_inicial`,
  );
  if (!faixas.length) throw AppError.of(422, PAGAMENTO_MSG.semIrrf(isoToBr(dia)));
  const [minimo] = await query<{ valor: string }>(db, sql`select valor_minimo::text as valor from retencoes_minimas where tributo = 'IRRF' and inicio_vigencia <= ${dia} order by inicio_vigencia desc limit 1`);
  return {
    aliquotaInss,
    tetoInss: toCentavos(teto.valor)!,
    faixasIrrf: faixas.map(
      (f): FaixaIrrf => ({ faixaInicial: toCentavos(f.faixa_inicial)!, faixaFinal: toCentavos(f.faixa_final), aliquota: f.aliquota, deducao: toCentavos(f.deducao) }),
    ),
    minimoIrrf: toCentavos(minimo?.valor) ?? 0,
    aliquotaIss: await taxa('ISS'),
  };
}

interface Prestador {
  id: number;
  nome: string;
  tipo_pessoa: string;
}

/** The closed protocols of the provider the RPA pays: one, or those received in the period; none already in an RPA. */
async function protocolosDoRpa(db: Db, p: Prestador, r: Rpa): Promise<ProtocoloDoPagamento[]> {
  const filtro = r.modo === 'protocolo' ? sql`p.id = ${r.protocoloId!}` : sql`${DIA_RECEBIDO} between ${r.de!} and ${r.ate!}`;
  const rows = await query<{ id: number; numero: string; numero_lote: string; recebido_em: unknown; liberado: string }>(
    db,
    sql`select p.id, p.numero, p.numero_lote, p.recebido_em, ${LIBERADO_DO_PROTOCOLO}::text as liberado from protocolos_recebimento p
        where p.prestador_id = ${p.id} and ${filtro} and p.status in ${ENCERRADOS}
          and not exists (select 1 from rpa_protocolos x where x.protocolo_id = p.id)
        order by p.recebido_em, p.id`,
  );
  const lista = rows.filter((x) => Number(x.liberado) > 0).map((x) => ({ id: x.id, numero: x.numero, numeroLote: x.numero_lote, recebidoEm: instante(x.recebido_em), valorLiberado: Number(x.liberado) }));
  if (!lista.length) {
    if (r.modo === 'protocolo') {
      const [x] = await query<{ numero: string }>(db, sql`select numero from protocolos_recebimento where id = ${r.protocoloId!} and prestador_id = ${p.id}`);
      if (!x) throw badRequest('Protocolo não encontrado para este prestador.', 'protocoloId');
      throw AppError.of(422, PAGAMENTO_MSG.protocoloNaoDisponivel(x.numero), { field: 'protocoloId' });
    }
    throw AppError.of(422, PAGAMENTO_MSG.semProtocolos(p.nome));
  }
  return lista;
}

/** What the provider's earlier RPAs of the month added up to (their withholdings are deducted from the month's). */
async function acumuladoDoMes(db: Db, prestadorId: number, competencia: string): Promise<AcumuladoMes> {
  const [a] = await query<{ bruto: string; inss: string; irrf: string }>(
    db,
    sql`select coalesce(sum(valor_bruto_centavos), 0)::text as bruto, coalesce(sum(inss_centavos), 0)::text as inss, coalesce(sum(irrf_centavos), 0)::text as irrf
        from rpas where prestador_id = ${prestadorId} and competencia = ${competencia}`,
  );
  return { bruto: Number(a.bruto), inss: Number(a.inss), irrf: Number(a.irrf) };
}

/** The staff only (the provider reads its own RPAs, never issues them), and a natural-person provider. */
async function prestadorDoRpa(ctx: AppContext, s: RequestSession, prestadorId: number): Promise<Prestador> {
  if ((await scopeOf(ctx, s, 'protocolorecebimento')).kind !== 'all') throw forbidden(PAGAMENTO_MSG.equipe);
  const [p] = await query<Prestador>(ctx.db, sql`select id, nome, tipo_pessoa from prestadores where id = ${prestadorId}`);
  if (!p) throw badRequest('Prestador não encontrado.', 'prestadorId');
  if (p.tipo_pessoa !== 'F') throw AppError.of(422, PAGAMENTO_MSG.pessoaJuridica(p.nome), { field: 'prestadorId' });
  return p;
}

const competenciaDe = (dia: string) => dia.slice(0, 7);

async function calcular(db: Db, p: Prestador, r: Rpa): Promise<{ protocolos: ProtocoloDoPagamento[]; calculo: CalculoRpa }> {
  const protocolos = await protocolosDoRpa(db, p, r);
  const bruto = protocolos.reduce((s, x) => s + x.valorLiberado, 0);
  const calculo = calcularRpa(bruto, await tabelasRpa(db, r.dataEmissao), await acumuladoDoMes(db, p.id, competenciaDe(r.dataEmissao)));
  return { protocolos, calculo };
}

/** The RPA as it would be issued now: the protocols, the withholdings and the net, without writing. */
export async function previaRpa(ctx: AppContext, s: RequestSession, r: Rpa): Promise<RpaPrevia> {
  const p = await prestadorDoRpa(ctx, s, r.prestadorId);
  const { protocolos, calculo } = await calcular(ctx.db, p, r);
  return { prestadorNome: p.nome, competencia: competenciaDe(r.dataEmissao), protocolos, calculo };
}

/**
 * Issues an RPA, in one transaction: the provider locked (two RPAs of a provider at once would both miss the other in
 * the month's sums), the protocols again, the withholdings, the number of the series, the payment status CONF (spec
 * §9), the protocols it pays and the trail. The same submission again (Idempotency-Key) answers the first RPA.
 */
export async function emitirRpa(ctx: AppContext, actor: SessionActor, r: Rpa, chave?: string): Promise<{ detalhe: RpaDetalhe; repetida: boolean }> {
  const s = actor.session;
  const ja = await criadoAntes(ctx.db, s.user.id, 'rpa', chave);
  if (ja != null) return { detalhe: await detalheRpa(ctx, s, ja), repetida: true };
  const p = await prestadorDoRpa(ctx, s, r.prestadorId);
  const nome = await userName(ctx.db, s);
  const { id, repetida } = await criaUmaVez(ctx.db, s.user.id, 'rpa', chave, async (t) => {
    await t.execute(sql`select id from prestadores where id = ${p.id} for update`);
    const { protocolos, calculo } = await calcular(t, p, r);
    const numero = await proximoNumero(t, 'RPA', Number(r.dataEmissao.slice(0, 4)));
    const row = {
      numero,
      prestadorId: p.id,
      dataEmissao: r.dataEmissao,
      competencia: competenciaDe(r.dataEmissao),
      periodoInicio: r.modo === 'periodo' ? r.de! : null,
      periodoFim: r.modo === 'periodo' ? r.ate! : null,
      valorBruto: calculo.valorBruto,
      baseInss: calculo.baseInss,
      inss: calculo.inss,
      baseIrrf: calculo.baseIrrf,
      irrf: calculo.irrf,
      iss: calculo.iss,
      valorLiquido: calculo.valorLiquido,
      statusPagamento: STATUS_PAGAMENTO_INICIAL,
    };
    const [{ id }] = await query<{ id: number }>(
      t,
      sql`insert into rpas (numero, prestador_id, data_emissao, competencia, periodo_inicio, periodo_fim, valor_bruto_centavos, base_inss_centavos, inss_centavos,
            base_irrf_centavos, irrf_centavos, iss_centavos, valor_liquido_centavos, calculo, status_pagamento, emitido_por_id, emitido_por)
          values (${numero}, ${p.id}, ${r.dataEmissao}, ${row.competencia}, ${row.periodoInicio}, ${row.periodoFim}, ${calculo.valorBruto}, ${calculo.baseInss}, ${calculo.inss},
            ${calculo.baseIrrf}, ${calculo.irrf}, ${calculo.iss}, ${calculo.valorLiquido}, ${JSON.stringify(calculo)}::jsonb, ${STATUS_PAGAMENTO_INICIAL}, ${s.user.id}, ${nome}) returning id`,
    );
    for (const x of protocolos) await t.execute(sql`insert into rpa_protocolos (rpa_id, protocolo_id, valor_liberado_centavos) values (${id}, ${x.id}, ${x.valorLiberado})`);
    await recordTrail(t, actor, { entidade: 'rpa', registroId: id, acao: 'insert', depois: { id, ...row, protocolos: protocolos.map((x) => x.numero) } });
    return id;
  });
  return { detalhe: await detalheRpa(ctx, s, id), repetida };
}

export interface RpaRow {
  id: number;
  numero: string;
  data_emissao: string;
  competencia: string;
  prestador_id: number;
  prestador_nome: string;
  bruto: string;
  inss: string;
  irrf: string;
  iss: string;
  liquido: string;
  status_pagamento: string;
  version: number;
}
export const COLUNAS_RPA = sql`r.id, r.numero, to_char(r.data_emissao, 'YYYY-MM-DD') as data_emissao, r.competencia, r.prestador_id, pr.nome as prestador_nome,
  r.valor_bruto_centavos::text as bruto, r.inss_centavos::text as inss, r.irrf_centavos::text as irrf, r.iss_centavos::text as iss,
  r.valor_liquido_centavos::text as liquido, r.status_pagamento, r.version`;
export const linhaRpa = (r: RpaRow): RpaLinha => ({
  id: r.id,
  numero: r.numero,
  dataEmissao: r.data_emissao,
  competencia: r.competencia,
  prestadorId: r.prestador_id,
  prestadorNome: r.prestador_nome,
  valorBruto: Number(r.bruto),
  inss: Number(r.inss),
  irrf: Number(r.irrf),
  iss: Number(r.iss),
  valorLiquido: Number(r.liquido),
  statusPagamento: r.status_pagamento as StatusPagamento,
  version: r.version,
});

/** One RPA for its reader: the staff, or its own provider (another provider's: 403). */
export async function detalheRpa(ctx: AppContext, s: RequestSession, id: number): Promise<RpaDetalhe> {
  const [r] = await query<RpaRow & Record<string, unknown>>(
    ctx.db,
    sql`select ${COLUNAS_RPA}, pr.codigo, pr.cpf, pr.pis, pr.conselho, pr.numero_conselho, pr.uf_conselho, to_char(r.periodo_inicio, 'YYYY-MM-DD') as periodo_inicio,
          to_char(r.periodo_fim, 'YYYY-MM-DD') as periodo_fim, r.base_inss_centavos::text as base_inss, r.base_irrf_centavos::text as base_irrf, r.calculo,
          r.emitido_por, r.emitido_por_id, r.criado_em, r.situacao_por, r.situacao_em, r.justificativa
        from rpas r join prestadores pr on pr.id = r.prestador_id where r.id = ${id}`,
  );
  if (!r) throw notFound(MSG_RPA_NAO_ENCONTRADO);
  const escopo = await assertRecord(ctx, s, 'protocolorecebimento', { prestador_id: r.prestador_id });
  const protocolos = await query<{ id: number; numero: string; numero_lote: string; recebido_em: unknown; valor: string }>(
    ctx.db,
    sql`select p.id, p.numero, p.numero_lote, p.recebido_em, x.valor_liberado_centavos::text as valor from rpa_protocolos x join protocolos_recebimento p on p.id = x.protocolo_id
        where x.rpa_id = ${id} order by p.recebido_em, p.id`,
  );
  const equipe = escopo.kind === 'all';
  const emitiu = r.emitido_por_id != null && r.emitido_por_id === s.user.id;
  return {
    ...linhaRpa(r),
    prestador: {
      nome: r.prestador_nome,
      codigo: (r.codigo as string | null) ?? null,
      cpf: (r.cpf as string | null) ?? null,
      pis: (r.pis as string | null) ?? null,
      conselho: (r.conselho as string | null) ?? null,
      numeroConselho: (r.numero_conselho as string | null) ?? null,
      ufConselho: (r.uf_conselho as string | null) ?? null,
    },
    periodoInicio: (r.periodo_inicio as string | null) ?? null,
    periodoFim: (r.periodo_fim as string | null) ?? null,
    baseInss: Number(r.base_inss),
    baseIrrf: Number(r.base_irrf),
    calculo: r.calculo as CalculoRpa,
    protocolos: protocolos.map((x) => ({ id: x.id, numero: x.numero, numeroLote: x.numero_lote, recebidoEm: instante(x.recebido_em), valorLiberado: Number(x.valor) })),
    emitidoPor: r.emitido_por as string,
    emitidoEm: instante(r.criado_em),
    situacaoPor: (r.situacao_por as string | null) ?? null,
    situacaoEm: r.situacao_em ? instante(r.situacao_em) : null,
    justificativa: (r.justificativa as string | null) ?? null,
    podeConferir: equipe && !emitiu,
    segregado: equipe && emitiu,
  };
}

/**
 * The conference of an RPA's payment: released (LIB: finance may pay it), blocked (with the reason) or back in
 * conference, by a staff member who did not issue it; locked, its version checked (409), in the trail.
 */
export async function situacaoRpa(ctx: AppContext, actor: SessionActor, id: number, b: SituacaoRpaInput & { justificativa?: string | null }): Promise<RpaDetalhe> {
  const s = actor.session;
  const escopo = await scopeOf(ctx, s, 'protocolorecebimento');
  if (escopo.kind !== 'all') throw forbidden(PAGAMENTO_MSG.equipe);
  const nome = await userName(ctx.db, s);
  await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [r] = await query<{ id: number; version: number; status_pagamento: string; emitido_por_id: number | null; prestador_id: number }>(
      t,
      sql`select id, version, status_pagamento, emitido_por_id, prestador_id from rpas where id = ${id} for update`,
    );
    if (!r || !inScope(escopo, 'protocolorecebimento', r)) throw notFound(MSG_RPA_NAO_ENCONTRADO);
    if (r.version !== Number(b.version)) throw conflict(APP_MSG.conflito);
    if (r.emitido_por_id != null && r.emitido_por_id === s.user.id) throw forbidden(PAGAMENTO_MSG.segregacaoRpa);
    if (r.status_pagamento === b.statusPagamento) throw AppError.of(422, PAGAMENTO_MSG.mesmaSituacao(statusPagamentoLabel(b.statusPagamento)));
    // a payment already consolidated (its protocols in a payable) is finance's now
    const [pago] = await query<{ numero: string }>(
      t,
      sql`select pg.numero from rpa_protocolos x join solicitacao_pagamento_protocolos sp on sp.protocolo_id = x.protocolo_id join solicitacoes_pagamento s on s.id = sp.solicitacao_id
          join pagamentos_prestadores pg on pg.id = s.pagamento_id where x.rpa_id = ${id} limit 1`,
    );
    if (pago) throw AppError.of(422, `O RPA já está no pagamento nº ${pago.numero}: a situação não muda mais.`);
    const justificativa = b.justificativa ?? null;
    await t.execute(sql`update rpas set status_pagamento = ${b.statusPagamento}, situacao_por_id = ${s.user.id}, situacao_por = ${nome}, situacao_em = now(),
      justificativa = ${justificativa}, atualizado_em = now(), version = version + 1 where id = ${id}`);
    await recordTrail(t, actor, {
      entidade: 'rpa',
      registroId: id,
      acao: 'update',
      antes: { statusPagamento: r.status_pagamento, version: r.version },
      depois: { statusPagamento: b.statusPagamento, version: r.version + 1, justificativa },
    });
  });
  return detalheRpa(ctx, s, id);
}

/** The closed protocols of a natural-person provider not yet in an RPA (the form's choice of one protocol). */
export async function protocolosSemRpa(ctx: AppContext, s: RequestSession, prestadorId: number): Promise<ProtocoloDoPagamento[]> {
  const p = await prestadorDoRpa(ctx, s, prestadorId);
  const rows = await query<{ id: number; numero: string; numero_lote: string; recebido_em: unknown; liberado: string }>(
    ctx.db,
    sql`select p.id, p.numero, p.numero_lote, p.recebido_em, ${LIBERADO_DO_PROTOCOLO}::text as liberado from protocolos_recebimento p
        where p.prestador_id = ${p.id} and p.status in ${ENCERRADOS} and not exists (select 1 from rpa_protocolos x where x.protocolo_id = p.id)
        order by p.recebido_em, p.id limit 500`,
  );
  return rows.filter((x) => Number(x.liberado) > 0).map((x) => ({ id: x.id, numero: x.numero, numeroLote: x.numero_lote, recebidoEm: instante(x.recebido_em), valorLiberado: Number(x.liberado) }));
}
