import { sql } from 'drizzle-orm';
import { hojeSaoPaulo } from '../../shared/atendimentos';
import { FAMILIA_ACOES, FLUXO, MSG_TITULAR, type Acao, type AdesaoDetalhe, type AdesaoHistorico, type AdesaoLinha, type Solicitacao, type Status } from '../../shared/adesoes';
import { formatDocument } from '../../shared/validation/br';
import { proximoProtocolo, registroAnsDaOperadora } from '../atendimentos/registro';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { solicitacaoAdesaoAnexos, solicitacaoAdesaoHistorico, solicitacoesAdesao } from '../db/schema';
import { query } from '../db/sql';
import { AppError, badRequest, forbidden } from '../http/errors';
import { familyOf, inScope, MSG_ADESAO, scopeOf, type Scope } from '../policy';
import { recordTrail } from '../trail/record';
import { userName, type SessionActor } from '../workflow/actor';

const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
export const MSG_NAO_ENCONTRADA = 'Solicitação de adesão não encontrada.';
export const MSG_SO_TITULAR = 'Só o titular da família solicita a inclusão de um dependente.';

interface Titular {
  id: number;
  nome: string;
  situacao: string;
  relacao_dependencia: string;
  titular: number | null;
  matricula: string;
  carteirinha: string;
}

export const titularPorId = async (db: Db, id: number, lock = false) =>
  (await query<Titular>(db, sql`select id, nome, situacao, relacao_dependencia, titular, matricula, carteirinha from beneficiarios where id = ${id}${lock ? sql` for update` : sql``}`))[0];

/**
 * The family's rules on the dependent, checked when asked and again (locked) when approved: the titular is an active
 * titular, the CPF is not an active beneficiary's, and a family has one active spouse at most.
 */
export async function conferirFamilia(db: Db, t: Titular | undefined, d: { cpf: string; relacaoDependencia: string }, campoTitular = 'titularId'): Promise<Titular> {
  if (!t) throw badRequest('Titular não encontrado.', campoTitular);
  if (t.relacao_dependencia !== '1' || t.titular != null) throw badRequest(`${t.nome} é dependente: escolha o titular da família.`, campoTitular);
  if (t.situacao !== 'ATIVO') throw AppError.of(422, `O cadastro do titular ${t.nome} não está ativo: só um titular ativo inclui dependentes.`);
  const [ativo] = await query<{ nome: string }>(db, sql`select nome from beneficiarios where cpf = ${d.cpf} and situacao <> 'CANCELADO' limit 1`);
  if (ativo) throw badRequest(`O CPF ${formatDocument('cpf', d.cpf)} já é de um beneficiário ativo (${ativo.nome}).`, 'cpf');
  if (d.relacaoDependencia === '3') {
    const [conjuge] = await query<{ nome: string }>(db, sql`select nome from beneficiarios where titular = ${t.id} and relacao_dependencia = '3' and situacao <> 'CANCELADO' limit 1`);
    if (conjuge) throw badRequest(`A família já tem um cônjuge ou companheiro(a) ativo: ${conjuge.nome}.`, 'relacaoDependencia');
  }
  return t;
}

/** The documents: files this user sent (POST /api/arquivos) that no request or manifestação carries yet. */
async function anexosDe(db: Db, s: RequestSession, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await query<{ id: number }>(
    db,
    sql`select a.id from arquivos a where a.id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) and a.contexto = 'envio' and a.dono_id = ${s.user.id}
      and not exists (select 1 from solicitacao_adesao_anexos x where x.arquivo_id = a.id)
      and not exists (select 1 from manifestacao_anexos m where m.arquivo_id = a.id)`,
  );
  if (rows.length !== ids.length) throw badRequest('Anexo não encontrado: envie o arquivo de novo.', 'anexos');
  return ids;
}

/**
 * Registers a request: the titular (the session's own family for a beneficiary, who must be its titular; the one
 * chosen by the staff), the family's rules, the RN 623 protocol, the first step, the documents and the trail, in one
 * transaction.
 */
export async function solicitar(ctx: AppContext, actor: SessionActor, body: Solicitacao): Promise<AdesaoDetalhe> {
  const { db } = ctx;
  const s = actor.session;
  const escopo = await scopeOf(ctx, s, 'solicitacaoadesao');
  if (escopo.kind === 'none') throw forbidden(escopo.reason);
  let titularId: number;
  if (escopo.kind === 'all') {
    if (!body.titularId) throw badRequest(MSG_TITULAR, 'titularId');
    titularId = body.titularId;
  } else {
    const fam = s.beneficiarioId == null ? null : await familyOf(ctx, s.beneficiarioId);
    if (!fam || fam.titularId !== s.beneficiarioId) throw forbidden(MSG_SO_TITULAR);
    // a family asks only for itself
    if (body.titularId && body.titularId !== fam.titularId) throw forbidden(MSG_ADESAO);
    titularId = fam.titularId;
  }
  const t = await conferirFamilia(db, await titularPorId(db, titularId), body);
  const [pendente] = await query<{ protocolo: string }>(db, sql`select protocolo from solicitacoes_adesao where cpf = ${body.cpf} and status = 'SOLICITADA' limit 1`);
  if (pendente) throw badRequest(`Já há uma solicitação de adesão aguardando análise para o CPF ${formatDocument('cpf', body.cpf)} (protocolo nº ${pendente.protocolo}).`, 'cpf');
  const anexos = await anexosDe(db, s, body.anexos);
  const registroAns = await registroAnsDaOperadora(db);
  const nome = await userName(db, s);
  const dia = hojeSaoPaulo();

  const id = await db.transaction(async (tx) => {
    const x = tx as unknown as Db;
    const protocolo = await proximoProtocolo(x, registroAns, dia);
    const row = {
      protocolo,
      status: 'SOLICITADA' as Status,
      titularId: t.id,
      titularNome: t.nome,
      nome: body.nome,
      cpf: body.cpf,
      cns: body.cns,
      dataNascimento: body.dataNascimento,
      sexo: body.sexo,
      relacaoDependencia: body.relacaoDependencia,
      nomeMae: body.nomeMae,
      observacao: body.observacao,
      solicitadaPorId: s.user.id,
      solicitadaPor: nome,
    };
    const [{ id }] = await x.insert(solicitacoesAdesao).values(row).returning({ id: solicitacoesAdesao.id });
    await x.insert(solicitacaoAdesaoHistorico).values({ solicitacaoId: id, usuarioId: s.user.id, usuarioNome: nome, acao: 'solicitar', de: null, para: 'SOLICITADA', nota: body.observacao });
    await x.insert(solicitacaoAdesaoAnexos).values(anexos.map((arquivoId) => ({ solicitacaoId: id, arquivoId })));
    await recordTrail(x, actor, { entidade: 'solicitacaoadesao', registroId: id, acao: 'insert', depois: { id, ...row, anexos } });
    return id;
  });
  return (await detalhe(ctx, s, id))!;
}

export interface LinhaRow {
  id: number;
  protocolo: string;
  status: Status;
  criado_em: unknown;
  titular_nome: string;
  titular_carteirinha: string | null;
  nome: string;
  relacao_dependencia: string;
  version: number;
}
export const COLUNAS_LINHA = sql`s.id, s.protocolo, s.status, s.criado_em, s.titular_nome, t.carteirinha as titular_carteirinha, s.nome, s.relacao_dependencia, s.version`;
export const JUNTA_TITULAR = sql`left join beneficiarios t on t.id = s.titular_id`;

export const linha = (r: LinhaRow): AdesaoLinha => ({
  id: r.id,
  protocolo: r.protocolo,
  status: r.status,
  solicitadaEm: iso(r.criado_em)!,
  titularNome: r.titular_nome,
  titularCarteirinha: r.titular_carteirinha ?? null,
  nome: r.nome,
  relacaoDependencia: r.relacao_dependencia as AdesaoLinha['relacaoDependencia'],
  version: r.version,
});

/** The steps a session may take now: the staff approve or refuse; the family withdraws its own. */
export function acoesDe(escopo: Scope, status: Status): Acao[] {
  return FLUXO.actionsFrom(status).filter((a) => (escopo.kind === 'all' ? !FAMILIA_ACOES.includes(a) : FAMILIA_ACOES.includes(a)));
}

/** One request as this session may read it (undefined when missing or another family's). */
export async function detalhe(ctx: AppContext, s: RequestSession, id: number): Promise<AdesaoDetalhe | undefined> {
  const { db } = ctx;
  const [r] = await query<LinhaRow & Record<string, unknown>>(
    db,
    sql`select ${COLUNAS_LINHA}, s.titular_id, s.cpf, s.cns, to_char(s.data_nascimento, 'YYYY-MM-DD') as data_nascimento, s.sexo, s.nome_mae, s.observacao, s.motivo,
        s.solicitada_por, s.dependente_id, d.matricula as dep_matricula, d.carteirinha as dep_carteirinha, to_char(c.validade, 'YYYY-MM-DD') as dep_validade
      from solicitacoes_adesao s ${JUNTA_TITULAR}
      left join beneficiarios d on d.id = s.dependente_id left join cartoes c on c.id = s.cartao_id
      where s.id = ${id}`,
  );
  const escopo = await scopeOf(ctx, s, 'solicitacaoadesao');
  if (!r || !inScope(escopo, 'solicitacaoadesao', { titular_id: r.titular_id })) return undefined;
  const hist = await query<Record<string, unknown>>(db, sql`select id, em, usuario_nome, acao, de, para, nota from solicitacao_adesao_historico where solicitacao_id = ${id} order by em, id`);
  const equipe = escopo.kind === 'all';
  const historico: AdesaoHistorico[] = hist.map((h) => ({
    id: h.id as number,
    em: iso(h.em)!,
    // the family reads "Operadora" for the staff's decision: who analysed it inside is the operator's business
    usuario: !equipe && h.acao !== 'solicitar' && !FAMILIA_ACOES.includes(h.acao as Acao) ? 'Operadora' : (h.usuario_nome as string),
    acao: h.acao as AdesaoHistorico['acao'],
    de: (h.de as Status | null) ?? null,
    para: h.para as Status,
    nota: (h.nota as string | null) ?? null,
  }));
  const anexos = await query<{ id: number; nome: string; tamanho: number }>(
    db,
    sql`select a.id, a.nome, a.tamanho from solicitacao_adesao_anexos x join arquivos a on a.id = x.arquivo_id where x.solicitacao_id = ${id} order by a.id`,
  );
  return {
    ...linha(r),
    titularId: r.titular_id as number,
    cpf: r.cpf as string,
    cns: (r.cns as string | null) ?? null,
    dataNascimento: r.data_nascimento as string,
    sexo: r.sexo as '1' | '3',
    nomeMae: r.nome_mae as string,
    observacao: (r.observacao as string | null) ?? null,
    solicitadaPor: r.solicitada_por as string,
    motivo: (r.motivo as string | null) ?? null,
    dependente: r.dependente_id
      ? { id: r.dependente_id as number, matricula: r.dep_matricula as string, carteirinha: r.dep_carteirinha as string, validade: r.dep_validade as string }
      : null,
    anexos,
    historico,
    acoes: acoesDe(escopo, r.status),
  };
}
