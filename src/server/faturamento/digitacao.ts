import { sql } from 'drizzle-orm';
import { STATUS_LABEL, TIPOS, type Status, type Tipo } from '../../shared/autorizacoes';
import { isoToBr, todayIso } from '../../shared/dates';
import {
  DIGITACAO_MSG,
  type AutorizacaoParaAtender,
  type FaturaDigitada,
  type FaturaDigitadaDados,
  type FaturaDigitadaLinha,
  type StatusFatura,
  type TipoGuiaDigitada,
} from '../../shared/faturamento/digitacao';
import { APP_MSG } from '../../shared/messages';
import { sumMoney, timesQuantity } from '../../shared/money';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { criaUmaVez } from '../http/idempotencia';
import { assertRecord, scopeOf, type Scope } from '../policy';
import { recordTrail, type Actor } from '../trail/record';

/**
 * Typing bills in the portal (flow 1): the authorization a senha names (the execution form's starting point), the
 * typed bill's registration with every check before anything is written, reading one, and cancelling an open one.
 * Every refusal says why in Portuguese and beside its field; nothing is stored when one is found.
 */

type Ator = Actor & { session: RequestSession };

/** Which authorization types are billed as which TISS guide when typed. */
const TIPO_GUIA_DA_AUTORIZACAO: Partial<Record<Tipo, TipoGuiaDigitada>> = { CONSULTA: 'CONSULTA', SP_SADT: 'SP-SADT' };

const recusa = (status: number, value: string, field?: string) => AppError.of(status, value, field ? { field } : {});

/** The typing scope: the staff see every provider's bills, a provider's user only its own; anyone else none. */
async function escopoDigitacao(ctx: AppContext, s: RequestSession): Promise<Scope> {
  const scope = await scopeOf(ctx, s, 'faturadigitada');
  if (scope.kind === 'none' || scope.kind === 'family') throw AppError.of(403, scope.kind === 'none' ? scope.reason : DIGITACAO_MSG.semPrestador);
  return scope;
}

interface AutorizacaoRow {
  id: number;
  numero: string;
  tipo: Tipo;
  status: Status;
  senha: string;
  data_autorizacao: string | null;
  validade_senha: string | null;
  prestador_id: number;
  prestador_nome: string;
  beneficiario_id: number;
  beneficiario_nome: string;
  carteirinha: string;
  carater: string;
  conselho: string;
  numero_conselho: string;
  uf_conselho: string;
  cbo: string | null;
  nome_profissional: string | null;
}

/**
 * The authorization of a senha, checked for billing by this session: it exists, is the provider's own (the executing
 * provider, or the requesting one when none executes), is authorized (fully or in part) and is of a guide typed here.
 */
async function autorizacaoDaSenha(db: Db, scope: Scope, senha: string): Promise<AutorizacaoRow> {
  const [a] = await query<AutorizacaoRow>(
    db,
    sql`select a.id, a.numero, a.tipo, a.status, a.senha, a.data_autorizacao::text as data_autorizacao, a.validade_senha::text as validade_senha,
          coalesce(a.prestador_executante_id, a.prestador_id) as prestador_id, p.nome as prestador_nome, a.beneficiario_id, b.nome as beneficiario_nome, b.carteirinha,
          a.carater, a.conselho, a.numero_conselho, a.uf_conselho, a.cbo, a.nome_profissional
        from autorizacoes a join beneficiarios b on b.id = a.beneficiario_id join prestadores p on p.id = coalesce(a.prestador_executante_id, a.prestador_id)
        where a.senha = ${senha} order by a.id desc limit 1`,
  );
  if (!a) throw recusa(404, DIGITACAO_MSG.senhaNaoEncontrada(senha), 'senha');
  if (scope.kind === 'provider' && a.prestador_id !== scope.prestadorId) throw recusa(403, DIGITACAO_MSG.senhaOutroPrestador(senha), 'senha');
  if (a.status !== 1 && a.status !== 7) throw recusa(422, DIGITACAO_MSG.naoAutorizada(senha, STATUS_LABEL[a.status] ?? String(a.status)), 'senha');
  if (!TIPO_GUIA_DA_AUTORIZACAO[a.tipo]) throw recusa(422, DIGITACAO_MSG.tipoNaoDigitado(TIPOS[a.tipo]?.label ?? a.tipo), 'senha');
  return a;
}

/** The authorized items: what the auditor released (the requested quantity when a full authorization kept none). */
const itensAutorizados = (db: Db, autorizacaoId: number) =>
  query<{ codigo: string; descricao: string; quantidade: number; valor: string }>(
    db,
    sql`select codigo, descricao, coalesce(quantidade_autorizada, quantidade_solicitada) as quantidade, valor_centavos::text as valor
        from autorizacao_itens where autorizacao_id = ${autorizacaoId} and coalesce(quantidade_autorizada, quantidade_solicitada) > 0 order by seq`,
  );

/** Atender Autorização / Digitar Faturas: the authorization of a senha, as the execution form starts from it. */
export async function autorizacaoParaAtender(ctx: AppContext, s: RequestSession, senha: string): Promise<AutorizacaoParaAtender> {
  const scope = await escopoDigitacao(ctx, s);
  const a = await autorizacaoDaSenha(ctx.db, scope, senha);
  const itens = await itensAutorizados(ctx.db, a.id);
  const faturas = await query<{ id: number; numero_guia_prestador: string; status: StatusFatura; protocolo: string | null }>(
    ctx.db,
    sql`select f.id, f.numero_guia_prestador, f.status, p.numero as protocolo from faturas_digitadas f left join protocolos_recebimento p on p.id = f.protocolo_id
        where f.autorizacao_id = ${a.id} and f.status <> 'CANCELADA' order by f.id`,
  );
  return {
    autorizacaoId: a.id,
    numero: a.numero,
    senha: a.senha,
    tipo: a.tipo,
    tipoLabel: TIPOS[a.tipo]?.label ?? a.tipo,
    tipoGuia: TIPO_GUIA_DA_AUTORIZACAO[a.tipo]!,
    status: a.status,
    statusLabel: STATUS_LABEL[a.status],
    dataAutorizacao: a.data_autorizacao,
    validadeSenha: a.validade_senha,
    prestadorId: a.prestador_id,
    prestadorNome: a.prestador_nome,
    beneficiarioId: a.beneficiario_id,
    beneficiarioNome: a.beneficiario_nome,
    numeroCarteira: a.carteirinha,
    carater: a.carater === '2' ? '2' : '1',
    profissional: { conselho: a.conselho, numero: a.numero_conselho, uf: a.uf_conselho, cbo: a.cbo, nome: a.nome_profissional },
    itens: itens.map((i) => ({ codigo: i.codigo, descricao: i.descricao, quantidadeAutorizada: i.quantidade, valorUnitario: Number(i.valor) })),
    faturas: faturas.map((f) => ({ id: f.id, numeroGuiaPrestador: f.numero_guia_prestador, status: f.status, protocolo: f.protocolo })),
  };
}

const UNIQUE = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err.code === '23505' || err.cause?.code === '23505';
};

/**
 * Registers a typed bill, once per Idempotency-Key: every check first (the senha's provider, beneficiary, type,
 * dates and validity; the card; each item's TUSS code and date), all refusals at once with their fields; then the
 * bill and its items in one transaction with the trail. Answers the bill and whether it was a repeat.
 */
export async function registrarFatura(ctx: AppContext, actor: Ator, f: FaturaDigitadaDados, chave?: string): Promise<{ fatura: FaturaDigitada; repetida: boolean }> {
  const scope = await escopoDigitacao(ctx, actor.session);
  const hoje = todayIso();
  const { id, repetida } = await criaUmaVez(ctx.db, actor.session.user.id, 'faturadigitada', chave, async (tx) => {
    const erros: { value: string; field: string }[] = [];
    const erro = (value: string, field: string) => erros.push({ value, field });
    let prestadorId: number;
    let beneficiarioId: number;
    let numeroCarteira: string;
    let aut: AutorizacaoRow | null = null;
    if (f.senha) {
      aut = await autorizacaoDaSenha(tx, scope, f.senha);
      prestadorId = aut.prestador_id;
      if (scope.kind === 'all' && f.prestadorId != null && f.prestadorId !== aut.prestador_id) throw recusa(422, DIGITACAO_MSG.senhaOutroPrestador(f.senha), 'senha');
      if (f.numeroCarteira && f.numeroCarteira !== aut.carteirinha) throw recusa(422, DIGITACAO_MSG.senhaOutroBeneficiario(f.senha, f.numeroCarteira), 'numeroCarteira');
      const tipo = TIPO_GUIA_DA_AUTORIZACAO[aut.tipo]!;
      if (tipo !== f.tipoGuia) erro(DIGITACAO_MSG.tipoDiferente(TIPOS[aut.tipo].label), 'tipoGuia');
      beneficiarioId = aut.beneficiario_id;
      numeroCarteira = aut.carteirinha;
      if (aut.data_autorizacao && f.dataAtendimento < aut.data_autorizacao) erro(DIGITACAO_MSG.antesDaAutorizacao(isoToBr(aut.data_autorizacao)), 'dataAtendimento');
      else if (aut.validade_senha && f.dataAtendimento > aut.validade_senha) erro(DIGITACAO_MSG.vencida(f.senha, isoToBr(aut.validade_senha)), 'dataAtendimento');
    } else {
      // a consultation without a senha (the schema refuses an SP/SADT guide without one): the card names the patient
      const [b] = await query<{ id: number }>(tx, sql`select id from beneficiarios where carteirinha = ${f.numeroCarteira!} order by id limit 1`);
      if (!b) throw recusa(422, DIGITACAO_MSG.carteiraDesconhecida(f.numeroCarteira!), 'numeroCarteira');
      beneficiarioId = b.id;
      numeroCarteira = f.numeroCarteira!;
      if (scope.kind === 'provider') prestadorId = scope.prestadorId;
      else {
        const [p] = f.prestadorId == null ? [] : await query<{ id: number }>(tx, sql`select id from prestadores where id = ${f.prestadorId}`);
        if (!p) throw recusa(422, DIGITACAO_MSG.prestador, 'prestadorId');
        prestadorId = p.id;
      }
    }
    if (f.dataAtendimento > hoje) erro(DIGITACAO_MSG.dataFutura, 'dataAtendimento');
    const codigos = [...new Set(f.itens.map((i) => i.codigo))];
    const procs = new Map<string, { id: number; descricao: string }>();
    for (const r of await query<{ id: number; codigo: string; descricao: string }>(tx, sql`select id, codigo, descricao from procedimentos where codigo in (${sql.join(codigos.map((c) => sql`${c}`), sql`, `)})`))
      procs.set(r.codigo, r);
    f.itens.forEach((it, i) => {
      if (!procs.has(it.codigo)) erro(DIGITACAO_MSG.procedimento(i + 1, it.codigo), `itens.${i}.codigo`);
      if (it.data < f.dataAtendimento || it.data > hoje) erro(DIGITACAO_MSG.dataItemFora(i + 1), `itens.${i}.data`);
    });
    const [jaDigitada] = await query<{ id: number }>(
      tx,
      sql`select id from faturas_digitadas where prestador_id = ${prestadorId} and numero_guia_prestador = ${f.numeroGuiaPrestador} and status <> 'CANCELADA'`,
    );
    if (jaDigitada) erro(DIGITACAO_MSG.guiaRepetida(f.numeroGuiaPrestador), 'numeroGuiaPrestador');
    if (erros.length) throw new AppError(422, erros.map((e) => ({ type: 'error' as const, ...e })));

    const itens = f.itens.map((it, i) => ({ ...it, sequencial: i + 1, total: timesQuantity(it.valorUnitario, it.quantidade) }));
    const valor = sumMoney(itens.map((i) => i.total));
    const [nova] = await query<{ id: number }>(
      tx,
      sql`insert into faturas_digitadas (prestador_id, autorizacao_id, tipo_guia, numero_guia_prestador, numero_guia_operadora, senha, data_autorizacao, beneficiario_id,
            numero_carteira, data_atendimento, carater, conselho, numero_conselho, uf_conselho, cbo, nome_profissional, observacao, valor_informado_centavos, criado_por_id)
          values (${prestadorId}, ${aut?.id ?? null}, ${f.tipoGuia}, ${f.numeroGuiaPrestador}, ${aut?.numero ?? null}, ${aut?.senha ?? null}, ${aut?.data_autorizacao ?? null},
            ${beneficiarioId}, ${numeroCarteira}, ${f.dataAtendimento}, ${f.carater}, ${f.profissional.conselho}, ${f.profissional.numero}, ${f.profissional.uf},
            ${f.profissional.cbo}, ${f.profissional.nome ?? null}, ${f.observacao ?? null}, ${valor}, ${actor.session.user.id})
          returning id`,
    );
    for (const it of itens) {
      const p = procs.get(it.codigo)!;
      await tx.execute(sql`insert into faturas_digitadas_itens (fatura_id, sequencial, data, codigo_tabela, codigo_procedimento, procedimento_id, descricao, quantidade, valor_unitario_centavos, valor_total_centavos)
        values (${nova.id}, ${it.sequencial}, ${it.data}, '22', ${it.codigo}, ${p.id}, ${p.descricao.slice(0, 150)}, ${it.quantidade}, ${it.valorUnitario}, ${it.total})`);
    }
    await recordTrail(tx, actor, {
      entidade: 'faturadigitada',
      registroId: nova.id,
      acao: 'insert',
      depois: {
        prestadorId,
        tipoGuia: f.tipoGuia,
        numeroGuiaPrestador: f.numeroGuiaPrestador,
        // the authorization by its guide number: the trail keeps no field named like a password
        autorizacao: aut?.numero ?? null,
        beneficiarioId,
        dataAtendimento: f.dataAtendimento,
        profissional: f.profissional,
        valorInformado: valor,
        itens: itens.map((i) => ({ sequencial: i.sequencial, codigo: i.codigo, data: i.data, quantidade: i.quantidade, valorUnitario: i.valorUnitario })),
      },
    });
    return nova.id;
  }).catch((e: unknown) => {
    // the same guide number typed at the same moment by another request: the partial unique key decides
    if (UNIQUE(e)) throw recusa(422, DIGITACAO_MSG.guiaRepetida(f.numeroGuiaPrestador), 'numeroGuiaPrestador');
    throw e;
  });
  return { fatura: await lerFatura(ctx, actor.session, id), repetida };
}

interface FaturaRow {
  id: number;
  version: number;
  status: StatusFatura;
  tipo_guia: TipoGuiaDigitada;
  prestador_id: number;
  prestador_nome: string;
  prestador_codigo: string | null;
  autorizacao_id: number | null;
  numero_guia_prestador: string;
  numero_guia_operadora: string | null;
  senha: string | null;
  data_autorizacao: string | null;
  beneficiario_id: number;
  beneficiario_nome: string;
  numero_carteira: string;
  data_atendimento: string;
  carater: '1' | '2';
  conselho: string;
  numero_conselho: string;
  uf_conselho: string;
  cbo: string;
  nome_profissional: string | null;
  observacao: string | null;
  valor: string;
  protocolo_id: number | null;
  protocolo: string | null;
  criado_em: string;
  criado_por: string | null;
}

/** One typed bill, for its provider or the staff (403 for another provider's, 404 for none). */
export async function lerFatura(ctx: AppContext, s: RequestSession, id: number): Promise<FaturaDigitada> {
  const [f] = await query<FaturaRow>(
    ctx.db,
    sql`select f.id, f.version, f.status, f.tipo_guia, f.prestador_id, p.nome as prestador_nome, p.codigo as prestador_codigo, f.autorizacao_id, f.numero_guia_prestador,
          f.numero_guia_operadora, f.senha, f.data_autorizacao::text as data_autorizacao, f.beneficiario_id, b.nome as beneficiario_nome, f.numero_carteira,
          f.data_atendimento::text as data_atendimento, f.carater, f.conselho, f.numero_conselho, f.uf_conselho, f.cbo, f.nome_profissional, f.observacao,
          f.valor_informado_centavos::text as valor, f.protocolo_id, pr.numero as protocolo, f.criado_em, u.nome as criado_por
        from faturas_digitadas f join prestadores p on p.id = f.prestador_id join beneficiarios b on b.id = f.beneficiario_id
        left join protocolos_recebimento pr on pr.id = f.protocolo_id left join usuarios u on u.id = f.criado_por_id
        where f.id = ${id}`,
  );
  if (!f) throw AppError.of(404, DIGITACAO_MSG.naoEncontrada);
  await assertRecord(ctx, s, 'faturadigitada', { prestador_id: f.prestador_id });
  const itens = await query<{ sequencial: number; codigo_procedimento: string; descricao: string | null; data: string; quantidade: number; unitario: string; total: string; autorizado: boolean }>(
    ctx.db,
    sql`select i.sequencial, i.codigo_procedimento, i.descricao, i.data::text as data, i.quantidade, i.valor_unitario_centavos::text as unitario, i.valor_total_centavos::text as total,
          exists (select 1 from autorizacao_itens ai where ai.autorizacao_id = ${f.autorizacao_id} and ai.codigo = i.codigo_procedimento) as autorizado
        from faturas_digitadas_itens i where i.fatura_id = ${id} order by i.sequencial`,
  );
  return {
    id: f.id,
    version: f.version,
    status: f.status,
    tipoGuia: f.tipo_guia,
    prestadorId: f.prestador_id,
    prestadorNome: f.prestador_nome,
    prestadorCodigo: f.prestador_codigo,
    numeroGuiaPrestador: f.numero_guia_prestador,
    numeroGuiaOperadora: f.numero_guia_operadora,
    senha: f.senha,
    dataAutorizacao: f.data_autorizacao,
    beneficiarioId: f.beneficiario_id,
    beneficiarioNome: f.beneficiario_nome,
    numeroCarteira: f.numero_carteira,
    dataAtendimento: f.data_atendimento,
    carater: f.carater,
    profissional: { conselho: f.conselho, numero: f.numero_conselho, uf: f.uf_conselho, cbo: f.cbo, nome: f.nome_profissional },
    observacao: f.observacao,
    valorInformado: Number(f.valor),
    itens: itens.map((i) => ({
      sequencial: i.sequencial,
      codigo: i.codigo_procedimento,
      descricao: i.descricao ?? '',
      data: i.data,
      quantidade: i.quantidade,
      valorUnitario: Number(i.unitario),
      valorTotal: Number(i.total),
      foraDaAutorizacao: f.autorizacao_id != null && !i.autorizado,
    })),
    protocolo: f.protocolo_id && f.protocolo ? { id: f.protocolo_id, numero: f.protocolo } : null,
    criadoEm: new Date(f.criado_em).toISOString(),
    criadoPor: f.criado_por,
  };
}

/** Cancels an open typed bill (a protocolled one is the review's now): locked, version checked, in the trail. */
export async function cancelarFatura(ctx: AppContext, actor: Ator, id: number, version: number): Promise<FaturaDigitada> {
  await escopoDigitacao(ctx, actor.session);
  await ctx.db.transaction(async (tx) => {
    const [f] = await query<{ id: number; version: number; status: StatusFatura; prestador_id: number }>(tx, sql`select id, version, status, prestador_id from faturas_digitadas where id = ${id} for update`);
    if (!f) throw AppError.of(404, DIGITACAO_MSG.naoEncontrada);
    await assertRecord(ctx, actor.session, 'faturadigitada', { prestador_id: f.prestador_id });
    if (f.status !== 'ABERTA') throw AppError.of(409, DIGITACAO_MSG.naoAberta);
    if (f.version !== version) throw AppError.of(409, APP_MSG.conflito);
    await tx.execute(sql`update faturas_digitadas set status = 'CANCELADA', atualizado_em = now(), version = version + 1 where id = ${id}`);
    await recordTrail(tx, actor, { entidade: 'faturadigitada', registroId: id, acao: 'update', antes: { status: 'ABERTA' }, depois: { status: 'CANCELADA' } });
  });
  return lerFatura(ctx, actor.session, id);
}

/** A typed bill as a list row (the list source and the closing screen read the same shape). */
export const linhaFatura = (r: {
  id: number;
  criado_em: string;
  numero_guia_prestador: string;
  tipo_guia: string;
  senha: string | null;
  prestador_id: number;
  prestador_nome: string;
  beneficiario_nome: string;
  numero_carteira: string;
  data_atendimento: string;
  itens: number;
  valor: string;
  status: string;
  protocolo: string | null;
}): FaturaDigitadaLinha => ({
  id: r.id,
  criadoEm: new Date(r.criado_em).toISOString(),
  numeroGuiaPrestador: r.numero_guia_prestador,
  tipoGuia: r.tipo_guia as TipoGuiaDigitada,
  senha: r.senha,
  prestador: r.prestador_id,
  prestadorNome: r.prestador_nome,
  beneficiarioNome: r.beneficiario_nome,
  numeroCarteira: r.numero_carteira,
  dataAtendimento: r.data_atendimento,
  itens: Number(r.itens),
  valorInformado: Number(r.valor),
  status: r.status as StatusFatura,
  protocolo: r.protocolo,
});

/** The select list of `linhaFatura`, over `faturas_digitadas f`. */
export const COLUNAS_FATURA = sql`f.id, f.criado_em, f.numero_guia_prestador, f.tipo_guia, f.senha, f.prestador_id, p.nome as prestador_nome, b.nome as beneficiario_nome,
  f.numero_carteira, f.data_atendimento::text as data_atendimento, (select count(*)::int from faturas_digitadas_itens i where i.fatura_id = f.id) as itens,
  f.valor_informado_centavos::text as valor, f.status, pr.numero as protocolo`;
export const JUNCOES_FATURA = sql`join prestadores p on p.id = f.prestador_id join beneficiarios b on b.id = f.beneficiario_id left join protocolos_recebimento pr on pr.id = f.protocolo_id`;
