import { isoToBr, todayIso } from '../../shared/dates';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CONSELHO_SIGLA, MSG_PEDIDO_MEDICO, STATUS, TAG_PEDIDO_MEDICO, TIPOS, VALIDADE_SENHA_DIAS, exigePedidoMedico, exigeReferencia, type AutorizacaoDetalhe, type solicitacaoSchema, type Status, type Tipo } from '../../shared/autorizacoes';
import { clinicosSchemaDe, type DadosClinicos } from '../../shared/autorizacoes/clinicos';
import { dayjs } from '../../shared/format';
import { sumMoney, timesQuantity, toCentavos, type Centavos } from '../../shared/money';
import { recordTrail, type Actor } from '../trail/record';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { anexosEnviados } from './anexos';
import { autorizacaoAnexos, autorizacaoHistorico, autorizacaoItens, autorizacoes } from '../db/schema';
import { query } from '../db/sql';
import { AppError, badRequest, forbidden, parse } from '../http/errors';
import { criaUmaVez, criadoAntes } from '../http/idempotencia';
import { inScope, scopeOf } from '../policy';
import { autorizaDeImediato, detalhe, nomeDoUsuario, novaSenha, numeroGuia, registro, tipoTemCid } from './service';

type Pedido = z.output<typeof solicitacaoSchema>;

/**
 * A new authorization request of one guide type (spec §2.5, DOMAIN §1.4): the requesting provider (the provider
 * itself, or the operator acting for one), the beneficiary's eligibility (the client's messages of spec §8), the
 * professional in the council register, the type's rules and TISS clinical data, the referenced guide, the medical
 * order; priced from the procedures table; authorized at once by the simple rules or sent to audit. The request,
 * its items, attachments, first history event and the trail entry are written in one transaction.
 */
export async function solicitar(
  ctx: AppContext,
  actor: Actor & { session: RequestSession },
  tipo: Tipo,
  body: Pedido,
  chave?: string,
): Promise<{ detalhe: AutorizacaoDetalhe; imediato: boolean; repetida?: boolean }> {
  const { db, settings } = ctx;
  const s = actor.session;
  // the same submission again (Idempotency-Key, per user): the request the first one created, nothing new
  const repetida = async (id: number) => {
    const d = (await detalhe(db, id))!;
    return { detalhe: d, imediato: d.senha != null, repetida: true };
  };
  const ja = await criadoAntes(db, s.user.id, 'autorizacao', chave);
  if (ja != null) return repetida(ja);
  // the type's TISS clinical data (internação, anexos), by its schema: required fields, ranges, pt-BR messages
  const schemaClinico = clinicosSchemaDe(tipo);
  const dadosClinicos = schemaClinico ? (parse(schemaClinico, { clinicos: body.clinicos }) as { clinicos: DadosClinicos }).clinicos : null;

  // whom the request is made for: a provider only for itself (the policy's provider scope), the staff for any
  const scopePrestador = await scopeOf(ctx, s, 'prestador');
  const prestadorId = scopePrestador.kind === 'provider' ? scopePrestador.prestadorId : body.prestadorSolicitanteId;
  if (!prestadorId) throw badRequest('Informe o prestador solicitante.', 'prestadorSolicitanteId');
  if (scopePrestador.kind === 'provider' && body.prestadorSolicitanteId && body.prestadorSolicitanteId !== scopePrestador.prestadorId)
    throw forbidden('Você só pode solicitar autorizações em nome do seu próprio prestador.');
  // the operator's day (São Paulo), not the server's: after 21:00 the UTC date is already tomorrow
  const hoje = todayIso();
  const dataSolicitacao = body.dataSolicitacao ?? hoje;

  await elegivel(ctx, body.beneficiarioId, dataSolicitacao, body.carater);
  const [prest] = await query<{ id: number }>(db, sql`select id from prestadores where id = ${prestadorId}`);
  if (!prest) throw badRequest('Prestador solicitante não encontrado.', 'prestadorSolicitanteId');
  if (body.prestadorExecutanteId) {
    const [ex] = await query<{ id: number }>(db, sql`select id from prestadores where id = ${body.prestadorExecutanteId}`);
    if (!ex) throw badRequest('Prestador executante não encontrado.', 'prestadorExecutanteId');
  }

  // the requesting professional: found in the council register; the CBO required by the client rule
  const [prof] = await query<{ id: number; nome: string; cbo: string | null }>(
    db,
    sql`select pr.id, pr.nome, e.cbo from profissionais pr left join especialidades e on e.id = pr.especialidade
      where pr.conselho = ${CONSELHO_SIGLA[body.profissional.conselho] ?? body.profissional.conselho} and pr.numero_conselho = ${body.profissional.numero} and pr.uf_conselho = ${body.profissional.uf} limit 1`,
  );
  if (!prof) {
    const msg = body.profissional.conselho === '06' ? settings.messages.crmSolicitanteNaoEncontrado : 'Profissional solicitante não encontrado no conselho informado. Entre em contato com a operadora.';
    throw AppError.of(422, msg, { field: 'profissional.numero' });
  }
  const cbo = body.profissional.cbo ?? prof.cbo?.replace(/\D/g, '') ?? null;
  if (!cbo && settings.flags['autorizacao.solicitante.cbo']?.required) throw AppError.of(422, settings.messages.medicoSemEspecialidade, { field: 'profissional.cbo' });

  await regrasDoTipo(ctx, s, tipo, body);

  const precos = await precosDe(db, body.itens.map((i) => i.codigo));
  const imediato = autorizaDeImediato(tipo, body.itens.map((i) => ({ quantidade: i.quantidade, valor: precos.get(i.codigo) ?? null })));
  const status: Status = imediato ? STATUS.AUTORIZADO : STATUS.EM_ANALISE;
  const nome = await nomeDoUsuario(db, s);

  const criada = await criaUmaVez(db, s.user.id, 'autorizacao', chave, async (t) => {
    const [{ id }] = await query<{ id: number }>(t, sql`select nextval(pg_get_serial_sequence('autorizacoes', 'id'))::int as id`);
    const first = body.itens[0];
    const row = {
      id,
      numero: numeroGuia(id, dataSolicitacao),
      tipo,
      status,
      beneficiarioId: body.beneficiarioId,
      prestadorId,
      prestadorExecutanteId: body.prestadorExecutanteId ?? null,
      profissionalId: prof.id,
      conselho: body.profissional.conselho,
      numeroConselho: body.profissional.numero,
      ufConselho: body.profissional.uf,
      nomeProfissional: body.profissional.nome || prof.nome,
      cbo,
      dataSolicitacao,
      carater: body.carater,
      indicacaoClinica: body.indicacaoClinica ?? null,
      cid: tipoTemCid(tipo) ? (body.cid ?? null) : null,
      referenciaId: body.referenciaId ?? null,
      observacao: body.observacao ?? null,
      dadosClinicos,
      procedimento: `${first.codigo} – ${first.descricao}`.slice(0, 170),
      // the guide's total is the sum of its items
      valor: sumMoney(body.itens.map((i) => timesQuantity(precos.get(i.codigo) ?? 0, i.quantidade))),
      criadaPorId: s.user.id,
      ...(imediato ? { senha: novaSenha(), dataAutorizacao: hoje, validadeSenha: dayjs(hoje).add(VALIDADE_SENHA_DIAS, 'day').format('YYYY-MM-DD'), decididaEm: new Date() } : {}),
    };
    await t.insert(autorizacoes).values(row);
    await t.insert(autorizacaoItens).values(
      body.itens.map((i, k) => ({
        autorizacaoId: id,
        seq: k + 1,
        tabela: i.tabela,
        codigo: i.codigo,
        descricao: i.descricao,
        quantidadeSolicitada: i.quantidade,
        quantidadeAutorizada: imediato ? i.quantidade : null,
        dente: i.dente ?? null,
        face: i.face ?? null,
        valor: precos.get(i.codigo) ?? 0,
      })),
    );
    const anexos = await anexosEnviados(t, s, body.anexos);
    if (anexos.length) await t.insert(autorizacaoAnexos).values(anexos.map((a) => ({ autorizacaoId: id, ...a })));
    await t.insert(autorizacaoHistorico).values({
      autorizacaoId: id,
      usuarioId: s.user.id,
      usuarioNome: nome,
      acao: 'criar',
      de: null,
      para: status,
      motivo: imediato ? 'Autorizada de imediato pelas regras da operadora.' : 'Encaminhada para auditoria.',
    });
    await recordTrail(t, actor, { entidade: 'autorizacao', registroId: id, acao: 'insert', depois: { ...row, senha: undefined } });
    return id;
  });
  if (criada.repetida) return repetida(criada.id);
  return { detalhe: (await detalhe(db, criada.id))!, imediato };
}

/** The beneficiary may be attended on the date: active, not suspended, out of carência (spec §8's client messages). */
async function elegivel(ctx: AppContext, beneficiarioId: number, data: string, carater: string) {
  const { settings } = ctx;
  const [b] = await query<{ id: number; situacao: string; fim_carencia: unknown }>(ctx.db, sql`select id, situacao, fim_carencia from beneficiarios where id = ${beneficiarioId}`);
  if (!b) throw badRequest('Beneficiário não encontrado.', 'beneficiarioId');
  if (b.situacao === 'CANCELADO') throw AppError.of(422, settings.messages.beneficiarioInativo, { field: 'beneficiarioId' });
  if (b.situacao === 'SUSPENSO') throw AppError.of(422, settings.messages.beneficiarioSuspenso, { field: 'beneficiarioId' });
  const fimCarencia = b.fim_carencia == null ? null : b.fim_carencia instanceof Date ? b.fim_carencia.toISOString().slice(0, 10) : String(b.fim_carencia).slice(0, 10);
  if (fimCarencia && fimCarencia >= data) {
    if (carater === '2') throw AppError.of(422, settings.messages.urgenciaCarencia, { field: 'beneficiarioId' });
    throw AppError.of(422, `Beneficiário em carência até ${isoToBr(fimCarencia)} (1410 – Serviço solicitado em carência).`, { field: 'beneficiarioId' });
  }
}

/** The rules of each guide type: teeth, CID, clinical indication, the guide it continues, the medical order. */
async function regrasDoTipo(ctx: AppContext, s: RequestSession, tipo: Tipo, body: Pedido) {
  if (TIPOS[tipo].odonto && body.itens.some((i) => !i.dente)) throw badRequest('Informe o dente (FDI) de cada procedimento odontológico.', 'itens');
  if ((tipo === 'ANEXO_QUIMIO' || tipo === 'ANEXO_RADIO') && !body.cid) throw badRequest('Informe o CID do diagnóstico oncológico.', 'cid');
  if (tipo === 'INTERNACAO' && !body.indicacaoClinica) throw badRequest('Informe a indicação clínica da internação.', 'indicacaoClinica');
  if (exigeReferencia(tipo)) {
    if (!body.referenciaId) throw badRequest('Informe a guia referenciada.', 'referenciaId');
    const ref = await registro(ctx.db, body.referenciaId);
    // a provider continues only its own guides (another's answers as missing: nothing leaks)
    const scope = await scopeOf(ctx, s, 'autorizacao');
    if (!ref || (scope.kind === 'provider' && !inScope(scope, 'autorizacao', ref))) throw badRequest('Guia referenciada não encontrada.', 'referenciaId');
    if (Number(ref.beneficiario_id) !== body.beneficiarioId) throw badRequest('A guia referenciada é de outro beneficiário.', 'referenciaId');
    if (tipo === 'PRORROGACAO' && ref.tipo !== 'INTERNACAO') throw badRequest('A prorrogação deve referenciar uma guia de internação.', 'referenciaId');
  }
  if (exigePedidoMedico(tipo) && !body.anexos.some((a) => a.tag === TAG_PEDIDO_MEDICO)) throw badRequest(MSG_PEDIDO_MEDICO, 'anexos');
  if (tipo === 'CONSULTA' && body.itens.length > 1) throw badRequest('A guia de consulta tem um único procedimento.', 'itens');
}

/** Unit values (centavos) of the active procedures among the codes; a code outside the table is absent. */
async function precosDe(db: Db, codigos: string[]): Promise<Map<string, Centavos>> {
  const unicos = [...new Set(codigos)];
  const rows = await query<{ codigo: string; valor: unknown }>(db, sql`select codigo, valor from procedimentos where codigo in (${sql.join(unicos.map((c) => sql`${c}`), sql`, `)}) and ativo`);
  return new Map(rows.map((r) => [r.codigo, toCentavos(r.valor) ?? 0]));
}
