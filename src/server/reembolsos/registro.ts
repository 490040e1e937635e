import { sql } from 'drizzle-orm';
import { hojeSaoPaulo } from '../../shared/atendimentos';
import { somarDias } from '../../shared/dias-uteis';
import {
  ACOES_DA_TELA,
  FAMILIA_ACOES,
  FLUXO,
  PRAZO_PAGAMENTO_DIAS,
  REEMBOLSO_MSG,
  type Acao,
  type Calculo,
  type ReembolsoDetalhe,
  type ReembolsoHistorico,
  type ReembolsoLinha,
  type Solicitacao,
  type Status,
  type Tela,
} from '../../shared/reembolsos';
import { toCentavos } from '../../shared/money';
import { proximoProtocolo, registroAnsDaOperadora } from '../atendimentos/registro';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { reembolsoAnexos, reembolsoHistorico, reembolsos } from '../db/schema';
import { query } from '../db/sql';
import { badRequest, forbidden } from '../http/errors';
import { criaUmaVez, criadoAntes } from '../http/idempotencia';
import { inScope, MSG_REEMBOLSO, scopeOf, type Scope } from '../policy';
import { recordTrail } from '../trail/record';
import { userName, type SessionActor } from '../workflow/actor';

const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
export const MSG_NAO_ENCONTRADO = 'Pedido de reembolso não encontrado.';

/** The receipts: files this user sent (POST /api/arquivos) that no reimbursement, request or manifestação carries yet. */
async function anexosDe(db: Db, s: RequestSession, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await query<{ id: number }>(
    db,
    sql`select a.id from arquivos a where a.id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) and a.contexto = 'envio' and a.dono_id = ${s.user.id}
      and not exists (select 1 from reembolso_anexos x where x.arquivo_id = a.id)
      and not exists (select 1 from solicitacao_adesao_anexos x where x.arquivo_id = a.id)
      and not exists (select 1 from manifestacao_anexos m where m.arquivo_id = a.id)
      and not exists (select 1 from autorizacao_anexos x where x.arquivo_id = a.id)`,
  );
  if (rows.length !== ids.length) throw badRequest('Anexo não encontrado: envie o arquivo de novo.', 'anexos');
  return ids;
}

/**
 * Registers a request, in one transaction: who was attended (a member of the session's family, or anyone for the
 * staff), the procedure in force, the same care not asked twice, the RN 623 protocol, the first step, the receipts
 * and the trail. The same submission again (Idempotency-Key) answers the first request.
 */
export async function solicitar(ctx: AppContext, actor: SessionActor, body: Solicitacao, chave?: string): Promise<{ detalhe: ReembolsoDetalhe; repetida: boolean }> {
  const { db } = ctx;
  const s = actor.session;
  const ja = await criadoAntes(db, s.user.id, 'reembolso', chave);
  if (ja != null) return { detalhe: (await detalhe(ctx, s, ja, 'solicitacao'))!, repetida: true };
  const escopo = await scopeOf(ctx, s, 'reembolso');
  if (escopo.kind === 'none') throw forbidden(escopo.reason);
  let beneficiarioId = body.beneficiarioId;
  // a family member asks for themself when the form leaves it empty
  if (!beneficiarioId && escopo.kind === 'family') beneficiarioId = s.beneficiarioId ?? undefined;
  if (!beneficiarioId) throw badRequest(REEMBOLSO_MSG.beneficiario, 'beneficiarioId');
  if (!inScope(escopo, 'reembolso', { beneficiario_id: beneficiarioId })) throw forbidden(MSG_REEMBOLSO);
  const [b] = await query<{ nome: string }>(db, sql`select nome from beneficiarios where id = ${beneficiarioId}`);
  if (!b) throw badRequest('Beneficiário não encontrado.', 'beneficiarioId');
  const [proc] = await query<{ id: number; codigo: string; ativo: boolean }>(
    db,
    sql`select id, codigo, ativo and inicio_vigencia <= ${body.dataAtendimento} and (fim_vigencia is null or fim_vigencia >= ${body.dataAtendimento}) as ativo from procedimentos where id = ${body.procedimentoId}`,
  );
  if (!proc) throw badRequest(REEMBOLSO_MSG.procedimento, 'procedimentoId');
  if (!proc.ativo) throw badRequest(`O procedimento ${proc.codigo} não está em vigência na data do atendimento.`, 'procedimentoId');
  const [repetido] = await query<{ protocolo: string }>(
    db,
    sql`select protocolo from reembolsos where beneficiario_id = ${beneficiarioId} and procedimento_id = ${body.procedimentoId} and data_atendimento = ${body.dataAtendimento}
        and profissional_documento = ${body.profissionalDocumento} and status not in ('CANCELADO', 'NEGADO') limit 1`,
  );
  if (repetido) throw badRequest(`Este atendimento já tem um pedido de reembolso (protocolo nº ${repetido.protocolo}).`, 'dataAtendimento');
  const anexos = await anexosDe(db, s, body.anexos);
  const registroAns = await registroAnsDaOperadora(db);
  const nome = await userName(db, s);
  const dia = hojeSaoPaulo();

  const { id, repetida } = await criaUmaVez(db, s.user.id, 'reembolso', chave, async (t) => {
    const protocolo = await proximoProtocolo(t, registroAns, dia);
    const row = {
      protocolo,
      status: 'SOLICITADO' as Status,
      beneficiarioId,
      beneficiarioNome: b.nome,
      profissionalNome: body.profissionalNome,
      profissionalConselho: body.profissionalConselho,
      profissionalNumero: body.profissionalNumero.toUpperCase(),
      profissionalUf: body.profissionalUf,
      profissionalDocumento: body.profissionalDocumento,
      procedimentoId: body.procedimentoId,
      quantidade: body.quantidade,
      dataAtendimento: body.dataAtendimento,
      valorPago: body.valorPago,
      observacao: body.observacao,
      solicitadoPorId: s.user.id,
      solicitadoPor: nome,
    };
    const [{ id }] = await t.insert(reembolsos).values(row).returning({ id: reembolsos.id });
    await t.insert(reembolsoHistorico).values({ reembolsoId: id, usuarioId: s.user.id, usuarioNome: nome, acao: 'solicitar', de: null, para: 'SOLICITADO', nota: body.observacao });
    await t.insert(reembolsoAnexos).values(anexos.map((arquivoId) => ({ reembolsoId: id, arquivoId })));
    await recordTrail(t, actor, { entidade: 'reembolso', registroId: id, acao: 'insert', depois: { id, ...row, anexos } });
    return id;
  });
  return { detalhe: (await detalhe(ctx, s, id, 'solicitacao'))!, repetida };
}

export interface LinhaRow {
  id: number;
  protocolo: string;
  status: Status;
  criado_em: unknown;
  beneficiario_nome: string;
  carteirinha: string | null;
  procedimento_codigo: string;
  procedimento_descricao: string;
  data_atendimento: string;
  valor_pago: unknown;
  valor_liberado: unknown;
  motivo: string | null;
  version: number;
}
export const COLUNAS_LINHA = sql`r.id, r.protocolo, r.status, r.criado_em, r.beneficiario_nome, b.carteirinha, p.codigo as procedimento_codigo, p.descricao as procedimento_descricao,
  to_char(r.data_atendimento, 'YYYY-MM-DD') as data_atendimento, r.valor_pago_centavos as valor_pago, r.valor_liberado_centavos as valor_liberado, r.motivo, r.version`;
export const JUNTAS = sql`left join beneficiarios b on b.id = r.beneficiario_id join procedimentos p on p.id = r.procedimento_id`;

export const linha = (r: LinhaRow): ReembolsoLinha => ({
  id: r.id,
  protocolo: r.protocolo,
  status: r.status,
  solicitadoEm: iso(r.criado_em)!,
  beneficiarioNome: r.beneficiario_nome,
  carteirinha: r.carteirinha ?? null,
  procedimentoCodigo: r.procedimento_codigo,
  procedimentoDescricao: r.procedimento_descricao,
  dataAtendimento: r.data_atendimento,
  valorPago: toCentavos(r.valor_pago)!,
  valorLiberado: toCentavos(r.valor_liberado),
  motivo: r.motivo ?? null,
  version: r.version,
});

/**
 * The steps a session may take on a screen now: the family withdraws its own (the request's screen); the staff take
 * the screen's steps the status allows, unless they registered the request (segregation of duties).
 */
export function acoesDe(escopo: Scope, tela: Tela, status: Status, registrouEle: boolean): Acao[] {
  const daTela = (ACOES_DA_TELA[tela] as readonly Acao[]).filter((a) => FLUXO.allows(a, status));
  if (escopo.kind !== 'all') return daTela.filter((a) => FAMILIA_ACOES.includes(a));
  if (registrouEle) return [];
  return daTela.filter((a) => !FAMILIA_ACOES.includes(a));
}

/** One request as this session may read it on a screen (undefined when missing or another family's). */
export async function detalhe(ctx: AppContext, s: RequestSession, id: number, tela: Tela): Promise<ReembolsoDetalhe | undefined> {
  const { db } = ctx;
  const [r] = await query<LinhaRow & Record<string, unknown>>(
    db,
    sql`select ${COLUNAS_LINHA}, r.beneficiario_id, r.profissional_nome, r.profissional_conselho, r.profissional_numero, r.profissional_uf, r.profissional_documento,
        r.procedimento_id, r.quantidade, r.observacao, r.solicitado_por, r.solicitado_por_id, pr.nome as produto_nome, r.valor_tabela_centavos as valor_tabela,
        r.glosa_codigo, m.descricao as glosa_descricao, r.calculo
      from reembolsos r ${JUNTAS} left join produtos pr on pr.id = r.produto_id left join motivos m on m.codigo = r.glosa_codigo
      where r.id = ${id}`,
  );
  const escopo = await scopeOf(ctx, s, 'reembolso');
  if (!r || !inScope(escopo, 'reembolso', { beneficiario_id: r.beneficiario_id })) return undefined;
  const hist = await query<Record<string, unknown>>(db, sql`select id, em, usuario_nome, acao, de, para, nota from reembolso_historico where reembolso_id = ${id} order by em, id`);
  const equipe = escopo.kind === 'all';
  const historico: ReembolsoHistorico[] = hist.map((h) => ({
    id: h.id as number,
    em: iso(h.em)!,
    // the family reads "Operadora" for the staff's steps: who analysed it inside is the operator's business
    usuario: !equipe && h.acao !== 'solicitar' && !FAMILIA_ACOES.includes(h.acao as Acao) ? 'Operadora' : (h.usuario_nome as string),
    acao: h.acao as ReembolsoHistorico['acao'],
    de: (h.de as Status | null) ?? null,
    para: h.para as Status,
    nota: (h.nota as string | null) ?? null,
  }));
  const protocolado = hist.find((h) => h.acao === 'protocolar');
  const anexos = await query<{ id: number; nome: string; tamanho: number }>(
    db,
    sql`select a.id, a.nome, a.tamanho from reembolso_anexos x join arquivos a on a.id = x.arquivo_id where x.reembolso_id = ${id} order by a.id`,
  );
  const registrouEle = r.solicitado_por_id != null && r.solicitado_por_id === s.user.id;
  return {
    ...linha(r),
    beneficiarioId: r.beneficiario_id as number,
    profissional: {
      nome: r.profissional_nome as string,
      conselho: r.profissional_conselho as string,
      numero: r.profissional_numero as string,
      uf: r.profissional_uf as string,
      documento: r.profissional_documento as string,
    },
    procedimentoId: r.procedimento_id as number,
    quantidade: r.quantidade as number,
    observacao: (r.observacao as string | null) ?? null,
    solicitadoPor: r.solicitado_por as string,
    produtoNome: (r.produto_nome as string | null) ?? null,
    valorTabela: toCentavos(r.valor_tabela),
    glosa: r.glosa_codigo ? { codigo: r.glosa_codigo as string, descricao: (r.glosa_descricao as string | null) ?? '' } : null,
    calculo: (r.calculo as Calculo | null) ?? null,
    prazoPagamento: protocolado && !['NEGADO', 'CANCELADO'].includes(r.status) ? somarDias(hojeDe(protocolado.em), PRAZO_PAGAMENTO_DIAS) : null,
    anexos,
    historico,
    acoes: acoesDe(escopo, tela, r.status, registrouEle),
    segregado: equipe && registrouEle && FLUXO.actionsFrom(r.status).some((a) => !FAMILIA_ACOES.includes(a)),
  };
}

/** The São Paulo day of an instant. */
const hojeDe = (v: unknown) => hojeSaoPaulo(v instanceof Date ? v : new Date(String(v)));
