import { sql } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import { sumMoney } from '../../shared/money';
import { competenciaBr, VERBA_MSG, type ItemVerba, type RegistroVerba, type Status, type TipoItem, type VerbaDetalhe, type VerbaHistorico, type VerbaLinha } from '../../shared/verbas';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError, badRequest, forbidden, notFound } from '../http/errors';
import { criaUmaVez } from '../http/idempotencia';
import { proximoNumero } from '../pagamentos/numeracao';
import { scopeOf } from '../policy';
import { recordTrail } from '../trail/record';
import { userName, type SessionActor } from '../workflow/actor';
import { composicaoVerba } from './composicao';

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

export async function assertEquipe(ctx: AppContext, s: RequestSession) {
  const escopo = await scopeOf(ctx, s, 'solicitacaoverba');
  if (escopo.kind !== 'all') throw forbidden(escopo.kind === 'none' ? escopo.reason : VERBA_MSG.equipe);
}

/** The company of a request, refused beside its field when unknown. */
async function empresaDe(db: Db, id: number): Promise<{ id: number; nome: string }> {
  const [e] = await query<{ id: number; nome: string }>(db, sql`select id, razao_social as nome from empresas where id = ${id}`);
  if (!e) throw badRequest(VERBA_MSG.empresa, 'empresaId');
  return e;
}

/** The composition a request would have now (the form's preview), without writing. */
export async function previaVerba(ctx: AppContext, s: RequestSession, empresaId: number, competencia: string): Promise<{ itens: ItemVerba[]; total: number }> {
  await assertEquipe(ctx, s);
  await empresaDe(ctx.db, empresaId);
  const itens = await composicaoVerba(ctx.db, empresaId, competencia);
  return { itens, total: sumMoney(itens.map((i) => i.valor)) };
}

/**
 * Registers a request, in one transaction: the company locked (two desks asking the same month at once), no live
 * request of the company and competência, the composition computed from the data, the number of the year (series SV
 * of the payment documents' counter), the first history step and the trail. The same submission again
 * (Idempotency-Key) answers the first request.
 */
export async function registrarVerba(ctx: AppContext, actor: SessionActor, b: RegistroVerba, chave?: string): Promise<{ detalhe: VerbaDetalhe; repetida: boolean }> {
  const s = actor.session;
  await assertEquipe(ctx, s);
  const empresa = await empresaDe(ctx.db, b.empresaId);
  const nome = await userName(ctx.db, s);
  const hoje = todayIso();
  const { id, repetida } = await criaUmaVez(ctx.db, s.user.id, 'solicitacaoverba', chave, async (t) => {
    await t.execute(sql`select id from empresas where id = ${empresa.id} for update`);
    const [viva] = await query<{ numero: string }>(t, sql`select numero from solicitacoes_verba where empresa_id = ${empresa.id} and competencia = ${b.competencia} and status <> 'CANCELADA'`);
    if (viva) throw AppError.of(422, VERBA_MSG.duplicada(viva.numero), { field: 'competencia' });
    const itens = await composicaoVerba(t, empresa.id, b.competencia);
    const total = sumMoney(itens.map((i) => i.valor));
    if (total <= 0) throw AppError.of(422, VERBA_MSG.semValor(competenciaBr(b.competencia)), { field: 'competencia' });
    const seq = await proximoNumero(t, 'SV', Number(hoje.slice(0, 4)));
    const numero = `${seq.slice(0, 4)}/${seq.slice(4)}`;
    const [{ id }] = await query<{ id: number }>(
      t,
      sql`insert into solicitacoes_verba (numero, empresa_id, competencia, data_solicitacao, vencimento, valor_solicitado_centavos, observacao, criado_por_id, criado_por)
          values (${numero}, ${empresa.id}, ${b.competencia}, ${hoje}, ${b.vencimento}, ${total}, ${b.observacao}, ${s.user.id}, ${nome}) returning id`,
    );
    for (const i of itens) await t.execute(sql`insert into solicitacao_verba_itens (solicitacao_id, tipo, quantidade, valor_centavos) values (${id}, ${i.tipo}, ${i.quantidade}, ${i.valor})`);
    await t.execute(sql`insert into solicitacao_verba_historico (solicitacao_id, usuario_id, usuario_nome, acao, de, para) values (${id}, ${s.user.id}, ${nome}, 'registrar', null, 'ABERTA')`);
    await recordTrail(t, actor, {
      entidade: 'solicitacaoverba',
      registroId: id,
      acao: 'insert',
      depois: { id, numero, empresaId: empresa.id, competencia: b.competencia, dataSolicitacao: hoje, vencimento: b.vencimento, valorSolicitado: total, itens, observacao: b.observacao },
    });
    return id;
  });
  return { detalhe: (await detalheVerba(ctx.db, id))!, repetida };
}

export interface VerbaRow {
  id: number;
  numero: string;
  empresa_id: number;
  empresa_nome: string;
  competencia: string;
  data_solicitacao: string;
  vencimento: string;
  solicitado: string;
  recebido: string | null;
  data_recebimento: string | null;
  status: Status;
  version: number;
}

export const COLUNAS_VERBA = sql`v.id, v.numero, v.empresa_id, e.razao_social as empresa_nome, v.competencia, to_char(v.data_solicitacao, 'YYYY-MM-DD') as data_solicitacao,
  to_char(v.vencimento, 'YYYY-MM-DD') as vencimento, v.valor_solicitado_centavos::text as solicitado, v.valor_recebido_centavos::text as recebido,
  to_char(v.data_recebimento, 'YYYY-MM-DD') as data_recebimento, v.status, v.version`;

export const linhaVerba = (r: VerbaRow): VerbaLinha => ({
  id: r.id,
  numero: r.numero,
  empresaId: r.empresa_id,
  empresaNome: r.empresa_nome,
  competencia: r.competencia,
  dataSolicitacao: r.data_solicitacao,
  vencimento: r.vencimento,
  valorSolicitado: Number(r.solicitado),
  valorRecebido: r.recebido == null ? null : Number(r.recebido),
  dataRecebimento: r.data_recebimento ?? null,
  status: r.status,
  version: r.version,
});

/** One request with its composition and history, or undefined. */
export async function detalheVerba(db: Db, id: number): Promise<VerbaDetalhe | undefined> {
  const [r] = await query<VerbaRow & { cnpj: string; observacao: string | null; motivo: string | null; criado_por: string; criado_em: unknown }>(
    db,
    sql`select ${COLUNAS_VERBA}, e.cnpj, v.observacao, v.motivo, v.criado_por, v.criado_em from solicitacoes_verba v join empresas e on e.id = v.empresa_id where v.id = ${id}`,
  );
  if (!r) return undefined;
  const itens = await query<{ tipo: TipoItem; quantidade: number; valor: string }>(
    db,
    sql`select tipo, quantidade, valor_centavos::text as valor from solicitacao_verba_itens where solicitacao_id = ${id} order by case tipo when 'CONTAS' then 1 else 2 end`,
  );
  const hist = await query<{ id: number; em: unknown; usuario_nome: string; acao: string; de: string | null; para: string; nota: string | null }>(
    db,
    sql`select id, em, usuario_nome, acao, de, para, nota from solicitacao_verba_historico where solicitacao_id = ${id} order by em, id`,
  );
  return {
    ...linhaVerba(r),
    empresaCnpj: r.cnpj,
    observacao: r.observacao,
    motivo: r.motivo,
    criadoPor: r.criado_por,
    criadoEm: iso(r.criado_em),
    itens: itens.map((i) => ({ tipo: i.tipo, quantidade: Number(i.quantidade), valor: Number(i.valor) })),
    historico: hist.map(
      (h): VerbaHistorico => ({ id: h.id, em: iso(h.em), usuario: h.usuario_nome, acao: h.acao as VerbaHistorico['acao'], de: (h.de as Status | null) ?? null, para: h.para as Status, nota: h.nota }),
    ),
  };
}

export async function detalheVerbaDaSessao(ctx: AppContext, s: RequestSession, id: number): Promise<VerbaDetalhe> {
  await assertEquipe(ctx, s);
  const d = await detalheVerba(ctx.db, id);
  if (!d) throw notFound(VERBA_MSG.naoEncontrada);
  return d;
}
