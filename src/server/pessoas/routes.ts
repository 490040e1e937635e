import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CommandPath } from '../../../commands';
import { atualizacaoCadastralSchema, decisaoSchema, elegibilidadeQuerySchema } from '../../shared/pessoas';
import { beneficiario as defBeneficiario, prestador as defPrestador } from '../../shared/resources/pessoas';
import { logRead } from '../acessos/log';
import type { AppContext } from '../context';
import { sessionOf } from '../http/access';
import { badRequest } from '../http/errors';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { assertRecord, ownPrestadorId } from '../policy';
import { getRow } from '../resources/service';
import { decidirAtualizacao, listarAtualizacoes, solicitarAtualizacao } from './atualizacao';
import { cartaoVirtual, elegibilidade, familiaDoBeneficiario, meuCadastro } from './cadastro';
import { buscaSib, consultaBeneficiarios, sibQuerySchema } from './consultas';
import { resumoBeneficiario } from './resumo';

/**
 * The people endpoints beyond the generic REST of the registry (/api/recursos/beneficiarios …): the logged-in
 * beneficiary's and provider's own records, a record by id under the policy's scope, the family, the data-update
 * request and its approval (./atualizacao.ts), the virtual card and the eligibility check (./cadastro.ts), the
 * operator's lookup and the SIB search (./consultas.ts). Routes parse, call and reply.
 */

const COMMANDS = {
  proprio: '/cadastro/beneficiarios',
  atualizacao: '/cadastro/beneficiarios/atualizacao-cadastral',
  cartao: '/cadastro/beneficiarios/cartaovirtual',
  consulta: '/cadastro/beneficiarios/consulta',
  sib: '/cadastro/pessoa/beneficiarios/busca/sib',
  registro: '/cadastro/pessoa/beneficiarios',
  prestadorProprio: '/cadastro/prestadores',
  elegibilidade: '/cadastro/consulta-elegibilidade',
} as const satisfies Record<string, CommandPath>;

export function pessoasRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  // every read of a person's record goes to the access log (../acessos/log.ts): the own one and the family's too
  app.get('/api/beneficiarios/logado', { config: { access: { command: COMMANDS.proprio } } }, async (req) => {
    const r = await meuCadastro(ctx, sessionOf(req));
    logRead(db, req, 'beneficiario', [r.registro.id as number, ...r.familia.map((m) => m.id)]);
    return { result: r };
  });

  app.get('/api/beneficiarios/:id', { config: { access: 'session' }, schema: { params: idParams } }, async (req) => {
    await assertRecord(ctx, sessionOf(req), 'beneficiario', { id: req.params.id });
    const r = await getRow(db, defBeneficiario, req.params.id);
    logRead(db, req, 'beneficiario', [req.params.id]);
    return { result: r };
  });

  app.get('/api/beneficiarios/:id/familia', { config: { access: 'session' }, schema: { params: idParams } }, async (req) => {
    const r = await familiaDoBeneficiario(ctx, sessionOf(req), req.params.id);
    logRead(db, req, 'beneficiario', r.map((m) => m.id));
    return { result: r };
  });

  // the registry's read-only record view: the record, the family, requests, contacts and history (./resumo.ts)
  // (the registry's staff and the read-only lookup's — auditors, ombudsman — open it: the service asks for the staff's scope)
  app.get('/api/beneficiarios/:id/resumo', { config: { access: 'session' }, schema: { params: idParams } }, async (req) => {
    const r = await resumoBeneficiario(ctx, sessionOf(req), req.params.id);
    logRead(db, req, 'beneficiario', [req.params.id, ...r.familia.map((m) => m.id)]);
    return { result: r };
  });

  const termo = z.object({ termo: z.string({ error: 'Informe o nome, o CPF ou a carteirinha.' }).trim().max(150) });
  app.get('/api/beneficiarios/consulta', { config: { access: { command: COMMANDS.consulta } }, schema: { querystring: termo } }, async (req) => ({
    result: await consultaBeneficiarios(ctx, req.query.termo),
  }));

  app.get('/api/beneficiarios/busca/sib', { config: { access: { command: COMMANDS.sib } }, schema: { querystring: sibQuerySchema } }, async (req) => ({ result: await buscaSib(ctx, req.query) }));

  // ---- data-update request --------------------------------------------------------------------------------------

  const situacao = z.object({ situacao: z.enum(['PENDENTE', 'APROVADA', 'REJEITADA', 'TODAS'], { error: 'Situação inválida.' }).default('PENDENTE') });
  app.get('/api/beneficiarios/atualizacao-cadastral', { config: { access: { command: COMMANDS.atualizacao } }, schema: { querystring: situacao } }, async (req) => ({
    result: await listarAtualizacoes(ctx, sessionOf(req), req.query.situacao),
  }));

  app.post('/api/beneficiarios/atualizacao-cadastral', { config: { access: { command: COMMANDS.atualizacao } }, schema: { body: body(atualizacaoCadastralSchema) } }, async (req, reply) => {
    const r = await solicitarAtualizacao(ctx, { session: sessionOf(req), ip: req.ip }, req.body);
    if ('confirmado' in r) return { result: r, messages: { alerts: [{ type: 'success', value: 'Dados confirmados. Obrigado por manter seu cadastro em dia.' }] } };
    return reply.status(201).send({ result: r, messages: { alerts: [{ type: 'success', value: `Solicitação enviada (protocolo ${r.protocolo}). A operadora vai analisar a alteração.` }] } });
  });

  // approving changes the beneficiary's record: the same right as editing it in the registry
  for (const aprovar of [true, false]) {
    app.post(
      `/api/beneficiarios/atualizacao-cadastral/:id/${aprovar ? 'aprovar' : 'rejeitar'}`,
      { config: { access: { command: COMMANDS.registro, action: 'update' } }, schema: { params: idParams, body: body(decisaoSchema) } },
      async (req) => {
        if (!aprovar && !req.body.motivo) throw badRequest('Informe o motivo da rejeição.', 'motivo');
        const r = await decidirAtualizacao(ctx, { session: sessionOf(req), ip: req.ip }, req.params.id, req.body, aprovar);
        return { result: r, messages: { alerts: [{ type: 'success', value: aprovar ? `Solicitação ${r.protocolo} aprovada; o cadastro foi atualizado.` : `Solicitação ${r.protocolo} rejeitada.` }] } };
      },
    );
  }

  // ---- virtual card and eligibility -----------------------------------------------------------------------------

  const cartao = z.object({ id: z.coerce.number({ error: 'Identificador inválido.' }).int('Identificador inválido.').positive('Identificador inválido.').max(2_147_483_647, 'Identificador inválido.').optional() });
  app.get('/api/beneficiarios/cartao-virtual', { config: { access: { command: COMMANDS.cartao } }, schema: { querystring: cartao } }, async (req) => ({
    result: await cartaoVirtual(ctx, sessionOf(req), req.query.id),
  }));

  app.get('/api/elegibilidade', { config: { access: { command: COMMANDS.elegibilidade } }, schema: { querystring: elegibilidadeQuerySchema } }, async (req) => ({ result: await elegibilidade(ctx, req.query) }));

  // ---- providers ------------------------------------------------------------------------------------------------

  app.get('/api/prestadores/logado', { config: { access: { command: COMMANDS.prestadorProprio } } }, async (req) => {
    const id = ownPrestadorId(sessionOf(req));
    const r = await getRow(db, defPrestador, id);
    logRead(db, req, 'prestador', [id]);
    return { result: r };
  });

  app.get('/api/prestadores/:id', { config: { access: 'session' }, schema: { params: idParams } }, async (req) => {
    await assertRecord(ctx, sessionOf(req), 'prestador', { id: req.params.id });
    const r = await getRow(db, defPrestador, req.params.id);
    logRead(db, req, 'prestador', [req.params.id]);
    return { result: r };
  });
}
