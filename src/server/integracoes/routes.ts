import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { decisaoIntegracaoSchema, recusaIntegracaoSchema } from '../../shared/integracoes';
import { INTEGRACAO_ATENDIMENTOS_LIST, INTEGRACAO_BENEFICIARIOS_LIST } from '../../shared/integracoes/listas';
import type { AppContext } from '../context';
import { folded, query } from '../db/sql';
import { sessionOf } from '../http/access';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';
import { aplicarAtendimento, detalheAtendimento } from './atendimentos';
import { aplicarBeneficiario, detalheBeneficiario } from './beneficiarios';
import { recusarRegistro } from './decisao';

/**
 * Beneficiários de Integrações and Atendimentos de Integrações (spec §2.7, each "with a search view"):
 * - the received records of every lot: a page, `/resumo`, `/vizinhos` (src/shared/integracoes/listas.ts);
 * - GET …/:id — one record beside the current registry (the differences, what applying does, the analyst's notes);
 * - POST …/:id/aplicar {version} — through the beneficiaries' or the requests' service, with the trail;
 * - POST …/:id/recusar {version, motivo} — the reason stays with the record.
 * The import itself is a run of the command (the job screen of the same command).
 */

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

const beneficiariosSource: ListSource = {
  from: sql`integracoes_beneficiarios i join integracoes_lotes l on l.id = i.lote_id`,
  alias: 'i',
  fields: {
    id: { expr: sql`i.id` },
    recebidoEm: { expr: sql`l.recebido_em` },
    lote: { expr: sql`i.lote_id` },
    status: { expr: sql`i.status` },
    movimento: { expr: sql`i.movimento` },
    cpf: { expr: sql`i.cpf` },
    nome: { expr: sql`i.nome`, folded: folded(sql`i.nome`), nullable: true },
    empresa: { expr: sql`l.empresa_id` },
  },
  async rows(db, ids) {
    const rows = await query<Row>(
      db,
      sql`select i.id, l.recebido_em as "recebidoEm", i.lote_id as lote, l.origem, coalesce(e.nome_fantasia, e.razao_social) as empresa, i.linha, i.movimento, i.cpf, i.nome,
            to_char(i.data_movimento, 'YYYY-MM-DD') as "dataMovimento", i.status, i.motivo
          from ${pageIds(ids, 'k')} join integracoes_beneficiarios i on i.id = k.id join integracoes_lotes l on l.id = i.lote_id
          left join empresas e on e.id = l.empresa_id order by k.ord`,
    );
    return rows.map((r) => ({ ...r, recebidoEm: iso(r.recebidoEm) }));
  },
};

const atendimentosSource: ListSource = {
  from: sql`integracoes_atendimentos i join integracoes_lotes l on l.id = i.lote_id left join beneficiarios b on b.id = i.beneficiario_id`,
  alias: 'i',
  fields: {
    id: { expr: sql`i.id` },
    recebidoEm: { expr: sql`l.recebido_em` },
    lote: { expr: sql`i.lote_id` },
    status: { expr: sql`i.status` },
    tipo: { expr: sql`i.tipo` },
    guia: { expr: sql`i.guia_origem` },
    prestador: { expr: sql`i.prestador_id` },
    beneficiario: { expr: sql`b.nome`, folded: sql`b.nome_busca`, nullable: true },
    dataAtendimento: { expr: sql`i.data_atendimento`, nullable: true },
  },
  async rows(db, ids) {
    const rows = await query<Row>(
      db,
      sql`select i.id, l.recebido_em as "recebidoEm", i.lote_id as lote, l.origem, i.linha, i.guia_origem as guia, i.tipo, p.nome as prestador, b.nome as beneficiario,
            to_char(i.data_atendimento, 'YYYY-MM-DD') as "dataAtendimento", case when i.codigo is null then null else i.codigo || ' – ' || coalesce(i.dados->>'descricao', '') end as procedimento,
            i.status, i.motivo, a.numero as autorizacao, i.autorizacao_id as "autorizacaoId"
          from ${pageIds(ids, 'k')} join integracoes_atendimentos i on i.id = k.id join integracoes_lotes l on l.id = i.lote_id
          left join prestadores p on p.id = i.prestador_id left join beneficiarios b on b.id = i.beneficiario_id left join autorizacoes a on a.id = i.autorizacao_id
          order by k.ord`,
    );
    return rows.map((r) => ({ ...r, recebidoEm: iso(r.recebidoEm) }));
  },
};

const FEITO = { APLICADO: 'Registro aplicado.', RECUSADO: 'Registro recusado.' } as const;

export function integracoesRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerList(fastify, ctx, INTEGRACAO_BENEFICIARIOS_LIST, beneficiariosSource);
  registerList(fastify, ctx, INTEGRACAO_ATENDIMENTOS_LIST, atendimentosSource);

  const tipos = [
    { base: '/api/integracoes/beneficiarios', def: INTEGRACAO_BENEFICIARIOS_LIST, tabela: 'integracoes_beneficiarios', entidade: 'integracaobeneficiario', detalhe: detalheBeneficiario, aplicar: aplicarBeneficiario },
    { base: '/api/integracoes/atendimentos', def: INTEGRACAO_ATENDIMENTOS_LIST, tabela: 'integracoes_atendimentos', entidade: 'integracaoatendimento', detalhe: detalheAtendimento, aplicar: aplicarAtendimento },
  ] as const;
  for (const x of tipos) {
    const config = { access: { command: x.def.command } } as const;
    app.get(`${x.base}/:id`, { config, schema: { params: idParams } }, async (req) => ({ result: await x.detalhe(ctx, req.params.id) }));
    app.post(`${x.base}/:id/aplicar`, { config, schema: { params: idParams, body: body(decisaoIntegracaoSchema) } }, async (req) => {
      const r = await x.aplicar(ctx, { session: sessionOf(req), ip: req.ip }, req.params.id, req.body.version);
      return { result: await x.detalhe(ctx, r.id), messages: { alerts: [{ type: 'success', value: FEITO.APLICADO }] } };
    });
    app.post(`${x.base}/:id/recusar`, { config, schema: { params: idParams, body: body(recusaIntegracaoSchema) } }, async (req) => {
      const r = await recusarRegistro(ctx, { session: sessionOf(req), ip: req.ip }, { tabela: x.tabela, entidade: x.entidade, id: req.params.id, version: req.body.version, motivo: req.body.motivo });
      return { result: await x.detalhe(ctx, r.id), messages: { alerts: [{ type: 'success', value: FEITO.RECUSADO }] } };
    });
  }
}
