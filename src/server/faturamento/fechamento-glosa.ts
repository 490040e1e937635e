import { sql } from 'drizzle-orm';
import { instantToBr } from '../../shared/dates';
import type { StatusProtocolo } from '../../shared/faturamento';
import { EM_ANALISE } from '../../shared/faturamento/conta';
import { FECHAMENTO_GLOSA_MSG, type FechamentoGlosa, type ProtocoloFechamento } from '../../shared/faturamento/fechamento-glosa';
import type { ResultadoRecurso } from '../../shared/faturamento/recursos';
import { APP_MSG } from '../../shared/messages';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { assertRecord, scopeOf } from '../policy';
import { recordTrail, type Actor } from '../trail/record';

/**
 * Fechamento de Glosa Manual: a reviewed protocol's glosed items with their appeals, and closing its glosas by hand
 * (final: no appeal is received after), in one transaction with the protocol locked and its version checked.
 */

const pendentesDe = async (db: Db, id: number) =>
  (
    await query<{ n: number }>(
      db,
      sql`select count(*)::int as n from recursos_glosa_itens ri join recursos_glosa r on r.id = ri.recurso_id where r.protocolo_id = ${id} and ri.resultado is null`,
    )
  )[0].n;

export async function protocoloParaFechamento(ctx: AppContext, s: RequestSession, id: number): Promise<ProtocoloFechamento> {
  const [p] = await query<{ id: number; version: number; numero: string; prestador_id: number; nome: string; codigo: string | null; status: StatusProtocolo; encerrada: string | null; fechada: string | null; fechada_por: string | null }>(
    ctx.db,
    sql`select p.id, p.version, p.numero, p.prestador_id, pr.nome, pr.codigo, p.status, p.analise_encerrada_em as encerrada, p.glosa_fechada_em as fechada, u.nome as fechada_por
        from protocolos_recebimento p join prestadores pr on pr.id = p.prestador_id left join usuarios u on u.id = p.glosa_fechada_por_id where p.id = ${id}`,
  );
  if (!p) throw AppError.of(404, FECHAMENTO_GLOSA_MSG.naoEncontrado);
  const scope = await assertRecord(ctx, s, 'protocolorecebimento', { prestador_id: p.prestador_id });
  const itens = await query<{ guia: string; sequencial: number; codigo: string; descricao: string; glosa_codigo: string | null; glosa_descricao: string | null; informado: string; liberado: string | null; glosa: string; recurso: string | null; resultado: string | null }>(
    ctx.db,
    sql`select g.numero_guia_prestador as guia, i.sequencial, i.codigo_procedimento as codigo, coalesce(i.descricao, pr.descricao) as descricao, i.glosa_codigo, m.descricao as glosa_descricao,
          i.valor_informado_centavos::text as informado, i.valor_liberado_centavos::text as liberado, i.valor_glosa_centavos::text as glosa, r.numero as recurso, ri.resultado
        from itens_faturados i join guias_faturadas g on g.id = i.guia_id join procedimentos pr on pr.id = i.procedimento_id left join motivos m on m.codigo = i.glosa_codigo
        left join recursos_glosa_itens ri on ri.item_id = i.id left join recursos_glosa r on r.id = ri.recurso_id
        where g.protocolo_id = ${id} order by g.ordem, i.sequencial`,
  );
  const soma = (k: 'informado' | 'liberado' | 'glosa') => itens.reduce((t, i) => t + Number(i[k] ?? 0), 0);
  const pendentes = itens.filter((i) => i.recurso && !i.resultado).length;
  const valorGlosa = soma('glosa');
  return {
    id: p.id,
    version: p.version,
    numero: p.numero,
    prestadorNome: p.nome,
    prestadorCodigo: p.codigo,
    status: p.status,
    analiseEncerradaEm: p.encerrada ? new Date(p.encerrada).toISOString() : null,
    glosaFechadaEm: p.fechada ? new Date(p.fechada).toISOString() : null,
    glosaFechadaPor: p.fechada_por,
    valorInformado: soma('informado'),
    valorLiberado: soma('liberado'),
    valorGlosa,
    recursosPendentes: pendentes,
    itens: itens
      .filter((i) => Number(i.glosa) > 0 || i.recurso)
      .map((i) => ({
        numeroGuiaPrestador: i.guia,
        sequencial: i.sequencial,
        codigoProcedimento: i.codigo,
        descricao: i.descricao,
        glosaCodigo: i.glosa_codigo,
        glosaDescricao: i.glosa_descricao,
        valorInformado: Number(i.informado),
        valorLiberado: Number(i.liberado ?? 0),
        valorGlosa: Number(i.glosa),
        recurso: i.recurso ? { numero: i.recurso, resultado: i.resultado as ResultadoRecurso | null } : null,
      })),
    podeFechar: scope.kind === 'all' && !EM_ANALISE.includes(p.status) && !p.fechada && pendentes === 0 && valorGlosa > 0,
  };
}

/**
 * Closes a protocol's glosas: the staff only, the review closed, not closed before, the version read, no appeal item
 * waiting and something glosed. 5 (analysed, awaiting release) becomes 3 (released for payment).
 */
export async function fecharGlosas(ctx: AppContext, actor: Actor & { session: RequestSession }, id: number, f: FechamentoGlosa): Promise<ProtocoloFechamento> {
  const scope = await scopeOf(ctx, actor.session, 'protocolorecebimento');
  if (scope.kind !== 'all') throw AppError.of(403, FECHAMENTO_GLOSA_MSG.equipe);
  await ctx.db.transaction(async (tx) => {
    const [p] = await query<{ id: number; version: number; status: string; glosa_fechada_em: string | null }>(
      tx,
      sql`select id, version, status, glosa_fechada_em from protocolos_recebimento where id = ${id} for update`,
    );
    if (!p) throw AppError.of(404, FECHAMENTO_GLOSA_MSG.naoEncontrado);
    if (EM_ANALISE.includes(p.status)) throw AppError.of(409, FECHAMENTO_GLOSA_MSG.emAnalise);
    if (p.glosa_fechada_em) throw AppError.of(409, FECHAMENTO_GLOSA_MSG.fechada(instantToBr(new Date(p.glosa_fechada_em).toISOString())));
    if (p.version !== f.version) throw AppError.of(409, APP_MSG.conflito);
    const pendentes = await pendentesDe(tx, id);
    if (pendentes > 0) throw AppError.of(422, FECHAMENTO_GLOSA_MSG.recursosPendentes(pendentes));
    const [t] = await query<{ glosa: string; liberado: string }>(
      tx,
      sql`select coalesce(sum(i.valor_glosa_centavos), 0)::text as glosa, coalesce(sum(i.valor_liberado_centavos), 0)::text as liberado
          from itens_faturados i join guias_faturadas g on g.id = i.guia_id where g.protocolo_id = ${id}`,
    );
    if (Number(t.glosa) <= 0) throw AppError.of(422, FECHAMENTO_GLOSA_MSG.semGlosa);
    const status = p.status === '5' ? '3' : p.status;
    await tx.execute(sql`update protocolos_recebimento set glosa_fechada_em = now(), glosa_fechada_por_id = ${actor.session.user.id}, status = ${status},
      atualizado_em = now(), version = version + 1 where id = ${id}`);
    if (status !== p.status) await tx.execute(sql`update guias_faturadas set status = ${status}, version = version + 1 where protocolo_id = ${id}`);
    await recordTrail(tx, actor, {
      entidade: 'protocolorecebimento',
      registroId: id,
      acao: 'update',
      antes: { status: p.status, glosaFechada: false },
      depois: { status, glosaFechada: true, valorGlosa: Number(t.glosa), valorLiberado: Number(t.liberado), justificativa: f.justificativa },
    });
  });
  return protocoloParaFechamento(ctx, actor.session, id);
}
