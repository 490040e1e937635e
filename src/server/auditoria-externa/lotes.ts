import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { LOTES_AUDITORIA_LIST, type LoteAuditoriaDetalhe } from '../../shared/auditoria-externa';
import { STATUS_LABEL, type Status } from '../../shared/autorizacoes';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { notFound } from '../http/errors';
import { idParams, type ZodTypeProvider } from '../http/schemas';
import type { JobRun } from '../jobs/kind';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';
import { recordTrail } from '../trail/record';
import { userName } from '../workflow/actor';

/**
 * The lots of the external audit: opened by the export run before its file is written (the number goes in the header),
 * filled with the file's items when it ends (or removed when it fails), listed with their answers.
 */

export interface ItemDoLote {
  autorizacaoId: number;
  itemId: number;
  guia: string;
  codigo: string;
  quantidade: number;
}

export async function abrirLote(job: JobRun, l: { empresa: string; situacao: 'PENDENTES' | 'DECIDIDAS'; inicio: string; fim: string }): Promise<number> {
  const nome = await userName(job.ctx.db, job.session);
  const [r] = await query<{ id: number }>(
    job.ctx.db,
    sql`insert into lotes_auditoria (empresa, situacao, inicio, fim, execucao_id, enviado_por_id, enviado_por_nome)
        values (${l.empresa}, ${l.situacao}, ${l.inicio}, ${l.fim}, ${job.id}, ${job.session.user.id}, ${nome}) returning id`,
  );
  return r.id;
}

export async function descartarLote(job: JobRun, id: number) {
  await job.ctx.db.execute(sql`delete from lotes_auditoria where id = ${id}`);
}

/** The file's items in blocks of 500 (short statements), the counts and the file, and the trail entry of the lot. */
export async function fecharLote(job: JobRun, id: number, itens: ItemDoLote[]) {
  const { db } = job.ctx;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    for (let i = 0; i < itens.length; i += 500) {
      const bloco = itens.slice(i, i + 500);
      await t.execute(
        sql`insert into lotes_auditoria_itens (lote_id, autorizacao_id, item_id, guia, codigo, quantidade_solicitada) values ${sql.join(
          bloco.map((x) => sql`(${id}, ${x.autorizacaoId}, ${x.itemId}, ${x.guia}, ${x.codigo}, ${x.quantidade})`),
          sql`, `,
        )}`,
      );
    }
    const [{ arquivo }] = await query<{ arquivo: number | null }>(t, sql`select max(id) as arquivo from arquivos where contexto = 'execucao' and contexto_id = ${job.id}`);
    const guias = new Set(itens.map((x) => x.autorizacaoId)).size;
    await t.execute(sql`update lotes_auditoria set guias = ${guias}, itens = ${itens.length}, arquivo_id = ${arquivo} where id = ${id}`);
    await recordTrail(t, { session: job.session, ip: '' }, { entidade: 'loteauditoria', registroId: id, acao: 'insert', depois: { empresa: 'NEXIA', guias, itens: itens.length, execucaoId: job.id } });
  });
}

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

const SELECT = sql`select l.id, l.enviado_em as "enviadoEm", l.empresa, l.situacao, to_char(l.inicio, 'YYYY-MM-DD') as inicio, to_char(l.fim, 'YYYY-MM-DD') as fim, l.guias, l.itens,
    (select count(*)::int from lotes_auditoria_itens i where i.lote_id = l.id and i.resultado = 'APLICADO') as aplicados,
    (select count(*)::int from lotes_auditoria_itens i where i.lote_id = l.id and i.resultado = 'RECUSADO') as recusados,
    l.status, l.enviado_por_nome as "enviadoPor", l.retorno_em as "retornoEm", l.arquivo_id as "arquivoId"`;

const lotesSource: ListSource = {
  from: sql`lotes_auditoria l`,
  alias: 'l',
  fields: {
    id: { expr: sql`l.id` },
    enviadoEm: { expr: sql`l.enviado_em` },
    empresa: { expr: sql`l.empresa` },
    situacao: { expr: sql`l.situacao` },
    status: { expr: sql`l.status` },
  },
  async rows(db, ids) {
    const rows = await query<Row>(db, sql`${SELECT} from ${pageIds(ids, 'k')} join lotes_auditoria l on l.id = k.id order by k.ord`);
    return rows.map((r) => ({ ...r, enviadoEm: iso(r.enviadoEm), retornoEm: iso(r.retornoEm) }));
  },
};

export async function detalheLote(db: Db, id: number): Promise<LoteAuditoriaDetalhe> {
  const [l] = await query<Record<string, unknown>>(db, sql`${SELECT} from lotes_auditoria l where l.id = ${id}`);
  if (!l) throw notFound('Lote de auditoria não encontrado.');
  const itens = await query<Record<string, unknown> & { statusGuia: Status }>(
    db,
    sql`select i.id, i.guia, i.autorizacao_id as "autorizacaoId", b.nome as beneficiario, i.codigo, ai.descricao, i.quantidade_solicitada as "quantidadeSolicitada", a.status as "statusGuia",
          i.parecer, i.quantidade_parecer as "quantidadeParecer", i.motivo_negativa as "motivoNegativa", i.justificativa, i.resultado, i.motivo_recusa as "motivoRecusa", i.respondido_em as "respondidoEm"
        from lotes_auditoria_itens i join autorizacoes a on a.id = i.autorizacao_id join autorizacao_itens ai on ai.id = i.item_id join beneficiarios b on b.id = a.beneficiario_id
        where i.lote_id = ${id} order by i.autorizacao_id, ai.seq limit 5000`,
  );
  return {
    ...(l as unknown as LoteAuditoriaDetalhe),
    enviadoEm: iso(l.enviadoEm)!,
    retornoEm: iso(l.retornoEm),
    itensLista: itens.map((x) => ({ ...x, statusGuia: STATUS_LABEL[x.statusGuia], respondidoEm: iso(x.respondidoEm) })) as LoteAuditoriaDetalhe['itensLista'],
  };
}

/** GET /api/lotes-auditoria (the lots, with /resumo and /vizinhos) and /api/lotes-auditoria/:id (a lot with its items). */
export function lotesAuditoriaRoutes(fastify: FastifyInstance, ctx: AppContext) {
  registerList(fastify, ctx, LOTES_AUDITORIA_LIST, lotesSource);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/lotes-auditoria/:id', { config: { access: { command: LOTES_AUDITORIA_LIST.command } }, schema: { params: idParams } }, async (req) => ({ result: await detalheLote(ctx.db, req.params.id) }));
}
