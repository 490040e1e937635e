import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asc, eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isVisible, registry } from '../../../commands';
import {
  CONSELHO_SIGLA, MSG_PEDIDO_MEDICO, exigePedidoMedico, exigeReferencia, STATUS, TAG_PEDIDO_MEDICO, TIPOS, TIPO_KEYS, VALIDADE_SENHA_DIAS, conselhoTiss, decisaoSchema, msgTransicaoRecusada,
  podeAplicar, slugOf, solicitacaoSchema, TRANSICOES, type Acao, type BeneficiarioOpcao, type ProfissionalOpcao, type Status,
} from '../../shared/autorizacoes';
import { clinicosSchemaDe, type DadosClinicos } from '../../shared/autorizacoes/clinicos';
import { LISTAS } from '../../shared/autorizacoes/listas';
import { dayjs } from '../../shared/format';
import { APP_MSG } from '../../shared/messages';
import { sumMoney, timesQuantity, toCentavos, type Centavos } from '../../shared/money';
import { fold, onlyDigits } from '../../shared/text';
import { recordAudit } from '../audit/trail';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { autorizacaoAnexos, autorizacaoHistorico, autorizacaoItens, autorizacoes, beneficiarios, usuarios } from '../db/schema';
import { sessionOf } from '../http/access';
import { AppError, badRequest, conflict, forbidden, notFound, parse } from '../http/errors';
import { beneficiarioPorTermo } from '../pessoas/regras';
import { listasRoutes } from './listas-routes';
import { autorizaDeImediato, detalhe, novaSenha, numeroGuia, query, registro, tipoTemCid, type Escopo, type Registro } from './service';

/**
 * Authorization requests and the audit desk (issue 7, spec §2.5):
 * - POST /api/autorizacoes/tipo/:tipo — a request of one guide type (guarded by that type's command);
 * - GET /api/autorizacoes/fila/:fila — the audit queues (medica, odontologica, parcial, pre-autorizacoes, anexos);
 * - GET /api/autorizacoes — the authorizations list with totals (a provider sees only its own);
 * - GET /api/autorizacoes/beneficiario — the beneficiary's own (behind its switch);
 * - GET /api/autorizacoes/historico — a beneficiary's utilization history with totals;
 * - GET /api/autorizacoes/beneficiarios, /profissionais — the request form's pickers;
 * - GET /api/autorizacoes/:id — one request with items, attachments and history (record rules);
 * - POST /api/autorizacoes/:id/decisao — the auditor's decisions (transitions enforced, optimistic locking);
 * - POST /api/autorizacoes/:id/resposta — the provider answers a request for justification or documents, or cancels.
 */

const AUDITORIA = '/principal/autorizacao/auditoria';

const idParams = z.object({ id: z.coerce.number({ error: 'Identificador inválido.' }).int('Identificador inválido.').positive('Identificador inválido.').max(2_147_483_647, 'Identificador inválido.') });

const isProvider = (s: RequestSession) => (s.user.prestador || s.user.prestadorAdministrativo) && s.prestadorId != null;
const isBeneficiary = (s: RequestSession) => (s.user.beneficiario || s.user.dependente) && s.beneficiarioId != null;

async function familia(db: Db, beneficiarioId: number): Promise<number[]> {
  const [b] = (await db.select({ id: beneficiarios.id, titular: beneficiarios.titular }).from(beneficiarios).where(eq(beneficiarios.id, beneficiarioId))) as { id: number; titular: number | null }[];
  if (!b) return [];
  const titular = b.titular ?? b.id;
  const rows = (await db.select({ id: beneficiarios.id }).from(beneficiarios).where(or(eq(beneficiarios.id, titular), eq(beneficiarios.titular, titular)))) as { id: number }[];
  return rows.map((r) => r.id);
}

export function autorizacoesRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, settings } = ctx;
  const sees = (s: RequestSession, path: string) => {
    const c = registry.match(path);
    return !!c && isVisible(c, { ability: s.ability, client: settings.id, flags: settings.flags });
  };
  /** Record rules: providers their own (requesting or executing), beneficiaries their family's, the operator's staff all. */
  async function escopoDe(s: RequestSession): Promise<Escopo> {
    if (isProvider(s)) return { prestadorId: s.prestadorId! };
    if (isBeneficiary(s)) return { beneficiarioIds: await familia(db, s.beneficiarioId!) };
    if (s.user.admin || sees(s, AUDITORIA) || LISTAS.some((l) => l.escopo === 'registro' && sees(s, l.command))) return { todos: true };
    throw forbidden();
  }
  function assertEscopo(e: Escopo, r: Pick<Registro, 'prestador_id' | 'prestador_executante_id' | 'beneficiario_id'>) {
    if ('todos' in e) return;
    if ('prestadorId' in e && (r.prestador_id === e.prestadorId || r.prestador_executante_id === e.prestadorId)) return;
    if ('beneficiarioIds' in e && e.beneficiarioIds.includes(r.beneficiario_id)) return;
    throw forbidden('Você só pode consultar as suas próprias solicitações de autorização.');
  }
  async function nomeDe(s: RequestSession): Promise<string> {
    const [u] = (await db.select({ nome: usuarios.nome }).from(usuarios).where(eq(usuarios.id, s.user.id))) as { nome: string }[];
    return u?.nome ?? s.user.principal;
  }

  // ---- lists (one definition each: src/shared/autorizacoes/listas.ts) ------------------------------------------

  listasRoutes(app, { db, escopoDe, isProvider, familiaDe: async (s) => (isBeneficiary(s) ? familia(db, s.beneficiarioId!) : []) });

  app.get('/api/autorizacoes/:id', { config: { access: 'session' } }, async (req) => {
    const s = sessionOf(req);
    const { id } = parse(idParams, req.params);
    const d = await detalhe(db, id);
    if (!d) throw notFound('Solicitação de autorização não encontrada.');
    assertEscopo(await escopoDe(s), { prestador_id: d.prestadorId, prestador_executante_id: d.prestadorExecutanteId, beneficiario_id: d.beneficiarioId });
    return { result: d };
  });

  /** Beneficiaries for the request form (name prefix, card, matrícula or CPF), for whoever may create a request. */
  app.get('/api/autorizacoes/beneficiarios', { config: { access: 'session' } }, async (req) => {
    const s = sessionOf(req);
    if (!TIPO_KEYS.some((t) => sees(s, TIPOS[t].command))) throw forbidden();
    const { termo } = parse(z.object({ termo: z.string({ error: 'Informe o nome, o CPF ou a carteirinha.' }).trim().min(2, 'Digite ao menos 2 caracteres.').max(150) }), req.query);
    // the same lookup as the operator's beneficiary search: name prefix (indexed, accents ignored), CPF, card, matrícula
    const where = beneficiarioPorTermo(termo);
    if (!where) return { result: [] };
    const rows = (await db
      .select({ id: beneficiarios.id, nome: beneficiarios.nome, carteirinha: beneficiarios.carteirinha, situacao: beneficiarios.situacao })
      .from(beneficiarios)
      .where(where)
      .orderBy(asc(beneficiarios.nomeBusca))
      .limit(20)) as BeneficiarioOpcao[];
    return { result: rows };
  });

  /** Requesting professionals for the request form: name prefix, council number or CPF, with the specialty's CBO. */
  app.get('/api/autorizacoes/profissionais', { config: { access: 'session' } }, async (req) => {
    const s = sessionOf(req);
    if (!TIPO_KEYS.some((t) => sees(s, TIPOS[t].command))) throw forbidden();
    const { termo } = parse(z.object({ termo: z.string({ error: 'Informe o nome ou o número no conselho.' }).trim().min(2, 'Digite ao menos 2 caracteres.').max(150) }), req.query);
    const d = onlyDigits(termo);
    const numeric = d.length > 0 && d.length === termo.replace(/[\s.\-/]/g, '').length;
    const cond = numeric
      ? d.length === 11
        ? sql`(pr.numero_conselho_busca = ${d} or pr.cpf = ${d})`
        : sql`pr.numero_conselho_busca = ${d}`
      : sql`pr.nome_busca like ${`${fold(termo).replace(/\s+/g, ' ').replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
    const rows = await query<{ id: number; nome: string; conselho: string; numero_conselho: string; uf_conselho: string; cbo: string | null; especialidade: string | null }>(
      db,
      sql`select pr.id, pr.nome, pr.conselho, pr.numero_conselho, pr.uf_conselho, e.cbo, e.descricao as especialidade
        from profissionais pr left join especialidades e on e.id = pr.especialidade where pr.ativo and ${cond} order by pr.nome_busca limit 20`,
    );
    const result: ProfissionalOpcao[] = rows.map((r) => ({
      id: r.id,
      nome: r.nome,
      conselho: conselhoTiss(r.conselho) || r.conselho,
      conselhoSigla: r.conselho,
      numero: r.numero_conselho,
      uf: r.uf_conselho,
      cbo: r.cbo?.replace(/\D/g, '') || null,
      especialidade: r.especialidade,
    }));
    return { result };
  });

  // ---- creation ------------------------------------------------------------------------------------------------

  for (const tipo of TIPO_KEYS) {
    app.post(`/api/autorizacoes/tipo/${slugOf(tipo)}`, { config: { access: { command: TIPOS[tipo].command } } }, async (req, reply) => {
      const s = sessionOf(req);
      const body = parse(solicitacaoSchema, req.body);
      // the type's TISS clinical data (internação, anexos), by its schema: required fields, ranges, pt-BR messages
      const schemaClinico = clinicosSchemaDe(tipo);
      const dadosClinicos = schemaClinico ? (parse(schemaClinico, { clinicos: body.clinicos }) as { clinicos: DadosClinicos }).clinicos : null;
      const prestadorId = isProvider(s) ? s.prestadorId! : body.prestadorSolicitanteId;
      if (!prestadorId) throw badRequest('Informe o prestador solicitante.', 'prestadorSolicitanteId');
      if (isProvider(s) && body.prestadorSolicitanteId && body.prestadorSolicitanteId !== s.prestadorId) throw forbidden('Você só pode solicitar autorizações em nome do seu próprio prestador.');
      const hoje = dayjs().format('YYYY-MM-DD');
      const dataSolicitacao = body.dataSolicitacao ?? hoje;

      // eligibility (spec §8 client messages)
      const [b] = await query<{ id: number; situacao: string; fim_carencia: unknown }>(db, sql`select id, situacao, fim_carencia from beneficiarios where id = ${body.beneficiarioId}`);
      if (!b) throw badRequest('Beneficiário não encontrado.', 'beneficiarioId');
      if (b.situacao === 'CANCELADO') throw AppError.of(422, settings.messages.beneficiarioInativo, { field: 'beneficiarioId' });
      if (b.situacao === 'SUSPENSO') throw AppError.of(422, settings.messages.beneficiarioSuspenso, { field: 'beneficiarioId' });
      const fimCarencia = b.fim_carencia == null ? null : b.fim_carencia instanceof Date ? b.fim_carencia.toISOString().slice(0, 10) : String(b.fim_carencia).slice(0, 10);
      if (fimCarencia && fimCarencia >= dataSolicitacao) {
        if (body.carater === '2') throw AppError.of(422, settings.messages.urgenciaCarencia, { field: 'beneficiarioId' });
        throw AppError.of(422, `Beneficiário em carência até ${fimCarencia.split('-').reverse().join('/')} (1410 – Serviço solicitado em carência).`, { field: 'beneficiarioId' });
      }
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

      // type rules
      if (TIPOS[tipo].odonto && body.itens.some((i) => !i.dente)) throw badRequest('Informe o dente (FDI) de cada procedimento odontológico.', 'itens');
      if ((tipo === 'ANEXO_QUIMIO' || tipo === 'ANEXO_RADIO') && !body.cid) throw badRequest('Informe o CID do diagnóstico oncológico.', 'cid');
      if (tipo === 'INTERNACAO' && !body.indicacaoClinica) throw badRequest('Informe a indicação clínica da internação.', 'indicacaoClinica');
      if (exigeReferencia(tipo)) {
        if (!body.referenciaId) throw badRequest('Informe a guia referenciada.', 'referenciaId');
        const ref = await registro(db, body.referenciaId);
        // a provider continues only its own guides (another's answers as missing: nothing leaks)
        const alheia = ref && isProvider(s) && ref.prestador_id !== s.prestadorId && ref.prestador_executante_id !== s.prestadorId;
        if (!ref || alheia) throw badRequest('Guia referenciada não encontrada.', 'referenciaId');
        if (Number(ref.beneficiario_id) !== body.beneficiarioId) throw badRequest('A guia referenciada é de outro beneficiário.', 'referenciaId');
        if (tipo === 'PRORROGACAO' && ref.tipo !== 'INTERNACAO') throw badRequest('A prorrogação deve referenciar uma guia de internação.', 'referenciaId');
      }
      if (exigePedidoMedico(tipo) && !body.anexos.some((a) => a.tag === TAG_PEDIDO_MEDICO)) throw badRequest(MSG_PEDIDO_MEDICO, 'anexos');
      if (tipo === 'CONSULTA' && body.itens.length > 1) throw badRequest('A guia de consulta tem um único procedimento.', 'itens');

      const codigos = [...new Set(body.itens.map((i) => i.codigo))];
      const precos = await query<{ codigo: string; valor: unknown }>(db, sql`select codigo, valor from procedimentos where codigo in (${sql.join(codigos.map((c) => sql`${c}`), sql`, `)}) and ativo`);
      /** The procedure's unit value (centavos), null for a code outside the table. */
      const valorDe = (c: string): Centavos | null => {
        const p = precos.find((x) => x.codigo === c);
        return p ? (toCentavos(p.valor) ?? 0) : null;
      };
      const imediato = autorizaDeImediato(tipo, body.itens.map((i) => ({ quantidade: i.quantidade, valor: valorDe(i.codigo) })));
      const status: Status = imediato ? STATUS.AUTORIZADO : STATUS.EM_ANALISE;
      const nome = await nomeDe(s);

      const id = await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
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
          valor: sumMoney(body.itens.map((i) => timesQuantity(valorDe(i.codigo) ?? 0, i.quantidade))),
          criadaPorId: s.user.id,
          ...(imediato ? { senha: novaSenha(), dataAutorizacao: hoje, validadeSenha: dayjs().add(VALIDADE_SENHA_DIAS, 'day').format('YYYY-MM-DD'), decididaEm: new Date() } : {}),
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
            valor: valorDe(i.codigo) ?? 0,
          })),
        );
        if (body.anexos.length) await t.insert(autorizacaoAnexos).values(body.anexos.map((a) => ({ autorizacaoId: id, ...a })));
        await t.insert(autorizacaoHistorico).values({
          autorizacaoId: id,
          usuarioId: s.user.id,
          usuarioNome: nome,
          acao: 'criar',
          de: null,
          para: status,
          motivo: imediato ? 'Autorizada de imediato pelas regras da operadora.' : 'Encaminhada para auditoria.',
        });
        await recordAudit(t, req, { entidade: 'autorizacao', registroId: id, acao: 'insert', depois: { ...row, senha: undefined } });
        return id;
      });
      reply.status(201);
      const d = await detalhe(db, id);
      return { result: d, messages: { alerts: [{ type: 'success', value: imediato ? `Solicitação ${d!.numero} autorizada. Senha ${d!.senha}.` : `Solicitação ${d!.numero} enviada para auditoria (Em Análise).` }] } };
    });
  }

  // ---- decisions -----------------------------------------------------------------------------------------------

  async function decidir(req: FastifyRequest, acoes: readonly Acao[], escopo?: Escopo) {
    const s = sessionOf(req);
    const { id } = parse(idParams, req.params);
    const body = parse(decisaoSchema, req.body);
    if (!acoes.includes(body.acao)) throw forbidden('Esta decisão não está disponível para o seu perfil.');
    const nome = await nomeDe(s);
    const hoje = dayjs().format('YYYY-MM-DD');

    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const r = await registro(t, id, true);
      if (!r) throw notFound('Solicitação de autorização não encontrada.');
      if (escopo) assertEscopo(escopo, r);
      if (r.version !== body.version) throw conflict(APP_MSG.conflito);
      if (!podeAplicar(body.acao, r.status)) throw AppError.of(422, msgTransicaoRecusada(body.acao, r.status));
      const itens = await query<{ id: number; quantidade_solicitada: number }>(t, sql`select id, quantidade_solicitada from autorizacao_itens where autorizacao_id = ${id} order by seq`);
      const dados = new Map(body.itens.map((i) => [i.id, i]));
      for (const k of dados.keys()) if (!itens.some((i) => i.id === k)) throw badRequest('Item não pertence a esta solicitação.', 'itens');
      const motivo = body.motivo?.trim() || null;
      const para = TRANSICOES[body.acao].para;
      const itemUpdates: { id: number; qtd: number | null; motivo: string | null }[] = [];

      switch (body.acao) {
        case 'autorizar':
          for (const i of itens) itemUpdates.push({ id: i.id, qtd: i.quantidade_solicitada, motivo: null });
          break;
        case 'autorizarParcial': {
          for (const i of itens) {
            const d = dados.get(i.id);
            const qtd = d?.quantidadeAutorizada ?? i.quantidade_solicitada;
            if (qtd > i.quantidade_solicitada) throw badRequest(`A quantidade autorizada não pode passar da solicitada (${i.quantidade_solicitada}).`, 'itens');
            if (qtd < i.quantidade_solicitada && !d?.motivoNegativa) throw badRequest('Informe o motivo da negativa de cada item reduzido.', 'itens');
            itemUpdates.push({ id: i.id, qtd, motivo: qtd < i.quantidade_solicitada ? d!.motivoNegativa! : null });
          }
          if (!itemUpdates.some((u) => (u.qtd ?? 0) > 0)) throw badRequest('Nenhum item autorizado: para recusar tudo, use Negar.', 'itens');
          if (itemUpdates.every((u, k) => u.qtd === itens[k].quantidade_solicitada)) throw badRequest('Reduza a quantidade de ao menos um item; para autorizar tudo, use Autorizar.', 'itens');
          break;
        }
        case 'negar':
          for (const i of itens) {
            const m = dados.get(i.id)?.motivoNegativa;
            if (!m) throw badRequest('Informe o motivo da negativa de cada item (códigos da tabela 38).', 'itens');
            itemUpdates.push({ id: i.id, qtd: 0, motivo: m });
          }
          break;
        case 'pedirJustificativa':
        case 'pedirDocumentos':
          if (!motivo) throw badRequest(body.acao === 'pedirJustificativa' ? 'Descreva a justificativa técnica pedida ao solicitante.' : 'Descreva os documentos pedidos ao prestador.', 'motivo');
          break;
        case 'cancelar':
          if (!motivo || !body.responsavel?.trim()) throw AppError.of(400, settings.messages.cancelamentoAutorizacao, { field: !motivo ? 'motivo' : 'responsavel' });
          break;
        case 'responder':
          if (!motivo && !body.anexos.length) throw badRequest('Escreva a justificativa técnica ou anexe os documentos pedidos.', 'motivo');
          break;
      }
      if (body.anexos.length && body.acao !== 'responder') throw badRequest('Documentos só acompanham a resposta do prestador.', 'anexos');
      if (body.anexos.length) await t.insert(autorizacaoAnexos).values(body.anexos.map((a) => ({ autorizacaoId: id, ...a })));

      for (const u of itemUpdates) await t.update(autorizacaoItens).set({ quantidadeAutorizada: u.qtd, motivoNegativa: u.motivo }).where(eq(autorizacaoItens.id, u.id));
      const autoriza = para === STATUS.AUTORIZADO || para === STATUS.AUTORIZADO_PARCIALMENTE;
      const set = {
        status: para,
        version: r.version + 1,
        decididaEm: new Date(),
        decididaPorId: s.user.id,
        ...(motivo || body.acao === 'autorizar' ? { motivo } : {}),
        ...(body.acao === 'cancelar' ? { responsavel: body.responsavel!.trim() } : {}),
        ...(autoriza ? { senha: novaSenha(), dataAutorizacao: hoje, validadeSenha: dayjs().add(VALIDADE_SENHA_DIAS, 'day').format('YYYY-MM-DD') } : {}),
      };
      const updated = await t
        .update(autorizacoes)
        .set(set)
        .where(sql`${autorizacoes.id} = ${id} and ${autorizacoes.version} = ${r.version}`)
        .returning({ id: autorizacoes.id });
      if (!updated.length) throw conflict(APP_MSG.conflito);
      await t.insert(autorizacaoHistorico).values({
        autorizacaoId: id,
        usuarioId: s.user.id,
        usuarioNome: nome,
        acao: body.acao,
        de: r.status,
        para,
        motivo,
        responsavel: body.acao === 'cancelar' ? body.responsavel!.trim() : null,
        detalhes: itemUpdates.length
          ? itemUpdates
          : body.acao === 'responder'
            ? { anexos: body.anexos.map((a) => a.nome), ...(escopo && 'todos' in escopo ? { emNomeDoPrestador: true } : {}) }
            : null,
      });
      await recordAudit(t, req, {
        entidade: 'autorizacao',
        registroId: id,
        acao: 'update',
        antes: { status: r.status, version: r.version },
        depois: { status: para, version: r.version + 1, acao: body.acao, motivo, itens: itemUpdates, ...(body.anexos.length ? { anexos: body.anexos.map((a) => a.nome) } : {}) },
      });
    });
    return { result: await detalhe(db, id) };
  }

  app.post('/api/autorizacoes/:id/decisao', { config: { access: { command: AUDITORIA } } }, async (req) =>
    decidir(req, ['autorizar', 'autorizarParcial', 'negar', 'pedirJustificativa', 'pedirDocumentos', 'cancelar']),
  );

  /**
   * The requesting provider answers for its own requests; the operator answers for the provider (whoever may
   * request that guide type, auditors excepted: they asked the question).
   */
  app.post('/api/autorizacoes/:id/resposta', { config: { access: 'session' } }, async (req) => {
    const s = sessionOf(req);
    if (isProvider(s)) return decidir(req, ['responder', 'cancelar'], { prestadorId: s.prestadorId! });
    const { id } = parse(idParams, req.params);
    const r = await registro(db, id);
    if (!r) throw notFound('Solicitação de autorização não encontrada.');
    if (s.user.auditor || isBeneficiary(s) || !sees(s, TIPOS[r.tipo].command)) throw forbidden('Só o prestador solicitante, ou a operadora em nome dele, responde a esta solicitação.');
    return decidir(req, ['responder', 'cancelar'], { todos: true });
  });

}
