import { sql } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import { PAGAMENTO_MSG, type ProtocolosDisponiveis, type SolicitacaoPagamentoLinha, type StatusPagamento, type StatusSolicitacao } from '../../shared/pagamentos';
import { faltasNfse, NFSE_MARGEM_DIAS, NFSE_MSG, temNfse, type NfseEntrada } from '../../shared/pagamentos/nfse';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError, badRequest, forbidden, notFound } from '../http/errors';
import { criaUmaVez, criadoAntes } from '../http/idempotencia';
import { MSG_PAGAMENTO, scopeOf } from '../policy';
import { recordTrail } from '../trail/record';
import { userName, type SessionActor } from '../workflow/actor';
import { instante, LIBERADO_DO_PROTOCOLO, proximoNumero } from './numeracao';

/**
 * Whose protocols a session asks payment for: a provider's user its own provider's (another one named: 403), the staff
 * the provider they choose.
 */
export async function prestadorDaSolicitacao(ctx: AppContext, s: RequestSession, prestadorId: number | undefined): Promise<number> {
  const escopo = await scopeOf(ctx, s, 'solicitacaopagamento');
  if (escopo.kind === 'none') throw forbidden(escopo.reason);
  if (escopo.kind === 'provider') {
    if (prestadorId != null && prestadorId !== escopo.prestadorId) throw forbidden(MSG_PAGAMENTO);
    return escopo.prestadorId;
  }
  if (escopo.kind !== 'all') throw forbidden(MSG_PAGAMENTO);
  if (!prestadorId) throw badRequest(PAGAMENTO_MSG.prestador, 'prestadorId');
  const [p] = await query<{ id: number }>(ctx.db, sql`select id from prestadores where id = ${prestadorId}`);
  if (!p) throw badRequest('Prestador não encontrado.', 'prestadorId');
  return p.id;
}

/**
 * The provider's protocols it may ask payment for: the review closed with value released (5, analisado e aguardando
 * liberação para pagamento) and not asked yet, with the RPA that covers each one (natural persons).
 */
export async function protocolosDisponiveis(ctx: AppContext, s: RequestSession, prestadorId: number | undefined): Promise<ProtocolosDisponiveis> {
  const id = await prestadorDaSolicitacao(ctx, s, prestadorId);
  // the form asks a legal entity for its NFS-e, never a natural person (paid by RPA)
  const [{ tipo_pessoa }] = await query<{ tipo_pessoa: string }>(ctx.db, sql`select tipo_pessoa from prestadores where id = ${id}`);
  const rows = await query<{ id: number; numero: string; numero_lote: string; recebido_em: unknown; liberado: string; rpa: string | null; rpa_status: string | null }>(
    ctx.db,
    sql`select p.id, p.numero, p.numero_lote, p.recebido_em, ${LIBERADO_DO_PROTOCOLO}::text as liberado, r.numero as rpa, r.status_pagamento as rpa_status
        from protocolos_recebimento p left join rpa_protocolos x on x.protocolo_id = p.id left join rpas r on r.id = x.rpa_id
        where p.prestador_id = ${id} and p.status = '5' and not exists (select 1 from solicitacao_pagamento_protocolos sp where sp.protocolo_id = p.id)
        order by p.recebido_em, p.id limit 500`,
  );
  const protocolos = rows
    .filter((r) => Number(r.liberado) > 0)
    .map((r) => ({
      id: r.id,
      numero: r.numero,
      numeroLote: r.numero_lote,
      recebidoEm: instante(r.recebido_em),
      valorLiberado: Number(r.liberado),
      rpa: r.rpa ? { numero: r.rpa, statusPagamento: r.rpa_status as StatusPagamento } : null,
    }));
  return { tipoPessoa: tipo_pessoa === 'F' ? 'F' : 'J', protocolos };
}

export const COLUNAS_SOLICITACAO = sql`s.id, s.numero, s.criado_em, s.prestador_id, pr.nome as prestador_nome, s.qtd_protocolos, s.valor_total_centavos::text as valor, s.status,
  pp.numero as pagamento_numero, s.nfse_numero, s.nfse_serie, s.nfse_emissao::text as nfse_emissao, s.nfse_codigo_verificacao, s.nfse_valor_servicos_centavos::text as nfse_valor,
  (select array_agg(p.numero order by p.numero) from solicitacao_pagamento_protocolos x join protocolos_recebimento p on p.id = x.protocolo_id where x.solicitacao_id = s.id) as protocolos`;
export const JUNTAS_SOLICITACAO = sql`join prestadores pr on pr.id = s.prestador_id left join pagamentos_prestadores pp on pp.id = s.pagamento_id`;
export interface SolicitacaoRow {
  id: number;
  numero: string;
  criado_em: unknown;
  prestador_id: number;
  prestador_nome: string;
  qtd_protocolos: number;
  valor: string;
  status: string;
  pagamento_numero: string | null;
  protocolos: string[] | string | null;
  nfse_numero: string | null;
  nfse_serie: string | null;
  nfse_emissao: string | null;
  nfse_codigo_verificacao: string | null;
  nfse_valor: string | null;
}
/** PGlite answers a text[] as an array; a driver may give its literal ('{a,b}'). */
const lista = (v: string[] | string | null) => (Array.isArray(v) ? v : typeof v === 'string' ? v.replace(/^\{|\}$/g, '').split(',').filter(Boolean) : []);
export const linhaSolicitacao = (r: SolicitacaoRow): SolicitacaoPagamentoLinha => ({
  id: r.id,
  numero: r.numero,
  criadoEm: instante(r.criado_em),
  prestadorId: r.prestador_id,
  prestadorNome: r.prestador_nome,
  qtdProtocolos: r.qtd_protocolos,
  protocolos: lista(r.protocolos),
  valorTotal: Number(r.valor),
  status: r.status as StatusSolicitacao,
  pagamentoNumero: r.pagamento_numero,
  nfse: r.nfse_numero
    ? { numero: r.nfse_numero, serie: r.nfse_serie, emissao: r.nfse_emissao!, codigoVerificacao: r.nfse_codigo_verificacao!, valorServicos: Number(r.nfse_valor) }
    : null,
});

const diasAntes = (iso: string, n: number) => new Date(Date.parse(`${iso}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/**
 * The invoice against the provider and the protocols asked (the field rules are the shared schema's): required of a
 * legal entity and refused of a natural person; issued at most NFSE_MARGEM_DIAS before the oldest protocol was
 * received; its services value the request's total; its number not informed before by the provider (the provider's
 * row is locked, so two requests at once cannot both pass; the unique index backs it).
 */
async function conferirNfse(t: Db, prestadorId: number, tipoPessoa: string, nota: NfseEntrada, total: number, protocolos: { numero: string; recebido: string }[]) {
  if (tipoPessoa === 'F') {
    if (temNfse(nota)) throw badRequest(NFSE_MSG.pessoaFisica, 'nfseNumero');
    return;
  }
  const faltas = faltasNfse(nota, true);
  if (faltas.length) {
    const nenhuma = !temNfse(nota);
    throw new AppError(400, faltas.map((f) => ({ type: 'error' as const, value: nenhuma && f.field === 'nfseNumero' ? NFSE_MSG.exigida : f.message, field: f.field })));
  }
  const maisAntigo = protocolos.reduce((a, b) => (b.recebido < a.recebido ? b : a));
  const limite = diasAntes(maisAntigo.recebido, NFSE_MARGEM_DIAS);
  if (nota.nfseEmissao! < limite) throw badRequest(NFSE_MSG.emissaoAntiga(limite, maisAntigo.numero, maisAntigo.recebido), 'nfseEmissao');
  if (nota.nfseValor !== total) throw badRequest(NFSE_MSG.valorDiferente(nota.nfseValor!, total), 'nfseValor');
  const [ja] = await query<{ numero: string }>(t, sql`select numero from solicitacoes_pagamento where prestador_id = ${prestadorId} and nfse_numero = ${nota.nfseNumero!}`);
  if (ja) throw AppError.of(422, NFSE_MSG.duplicada(nota.nfseNumero!, ja.numero), { field: 'nfseNumero' });
}

async function solicitacaoPorId(db: Db, id: number): Promise<SolicitacaoPagamentoLinha> {
  const [r] = await query<SolicitacaoRow>(db, sql`select ${COLUNAS_SOLICITACAO} from solicitacoes_pagamento s ${JUNTAS_SOLICITACAO} where s.id = ${id}`);
  return linhaSolicitacao(r);
}

/**
 * A payment request, in one transaction: the provider locked (two requests at once wait for each other), each protocol
 * the provider's, closed with value released and not asked before, the number of the series, the protocols with the
 * value released now, and the trail. The same submission again (Idempotency-Key) answers the first request.
 */
export async function solicitarPagamento(
  ctx: AppContext,
  actor: SessionActor,
  body: { prestadorId?: number; protocolos: number[] } & NfseEntrada,
  chave?: string,
): Promise<{ solicitacao: SolicitacaoPagamentoLinha; repetida: boolean }> {
  const s = actor.session;
  const ja = await criadoAntes(ctx.db, s.user.id, 'pagamento', chave);
  if (ja != null) return { solicitacao: await solicitacaoPorId(ctx.db, ja), repetida: true };
  const prestadorId = await prestadorDaSolicitacao(ctx, s, body.prestadorId);
  const nome = await userName(ctx.db, s);
  const { id, repetida } = await criaUmaVez(ctx.db, s.user.id, 'pagamento', chave, async (t) => {
    const [{ tipo_pessoa }] = await query<{ tipo_pessoa: string }>(t, sql`select tipo_pessoa from prestadores where id = ${prestadorId} for update`);
    const rows = await query<{ id: number; numero: string; prestador_id: number; status: string; liberado: string; pedido: string | null; recebido: string }>(
      t,
      sql`select p.id, p.numero, p.prestador_id, p.status, ${LIBERADO_DO_PROTOCOLO}::text as liberado,
            to_char(p.recebido_em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as recebido,
            (select s.numero from solicitacao_pagamento_protocolos x join solicitacoes_pagamento s on s.id = x.solicitacao_id where x.protocolo_id = p.id) as pedido
          from protocolos_recebimento p where p.id in (${sql.join(body.protocolos.map((i) => sql`${i}`), sql`, `)}) order by p.numero`,
    );
    const porId = new Map(rows.map((r) => [r.id, r]));
    for (const pid of body.protocolos) {
      const r = porId.get(pid);
      // another provider's protocol answers as a missing one (its number is not told)
      if (!r || r.prestador_id !== prestadorId) throw notFound('Protocolo não encontrado.');
      if (r.pedido) throw AppError.of(422, PAGAMENTO_MSG.protocoloJaPedido(r.numero, r.pedido), { field: 'protocolos' });
      if (r.status !== '5' || Number(r.liberado) <= 0) throw AppError.of(422, PAGAMENTO_MSG.protocoloIndisponivel(r.numero), { field: 'protocolos' });
    }
    const total = rows.reduce((soma, r) => soma + Number(r.liberado), 0);
    await conferirNfse(t, prestadorId, tipo_pessoa, body, total, rows);
    const nota = tipo_pessoa === 'F' ? null : body;
    const numero = await proximoNumero(t, 'SP', Number(todayIso().slice(0, 4)));
    const [{ id }] = await query<{ id: number }>(
      t,
      sql`insert into solicitacoes_pagamento (numero, prestador_id, qtd_protocolos, valor_total_centavos, solicitado_por_id, solicitado_por,
            nfse_numero, nfse_serie, nfse_emissao, nfse_codigo_verificacao, nfse_valor_servicos_centavos)
          values (${numero}, ${prestadorId}, ${rows.length}, ${total}, ${s.user.id}, ${nome},
            ${nota?.nfseNumero ?? null}, ${nota?.nfseSerie ?? null}, ${nota?.nfseEmissao ?? null}, ${nota?.nfseCodigo ?? null}, ${nota?.nfseValor ?? null}) returning id`,
    );
    for (const r of rows) await t.execute(sql`insert into solicitacao_pagamento_protocolos (solicitacao_id, protocolo_id, valor_liberado_centavos) values (${id}, ${r.id}, ${Number(r.liberado)})`);
    await recordTrail(t, actor, {
      entidade: 'solicitacaopagamento',
      registroId: id,
      acao: 'insert',
      depois: {
        id,
        numero,
        prestadorId,
        valorTotal: total,
        protocolos: rows.map((r) => r.numero),
        ...(nota ? { nfse: { numero: nota.nfseNumero, serie: nota.nfseSerie ?? null, emissao: nota.nfseEmissao, codigoVerificacao: nota.nfseCodigo, valorServicos: nota.nfseValor } } : {}),
      },
    });
    return id;
  });
  return { solicitacao: await solicitacaoPorId(ctx.db, id), repetida };
}
