import { sql } from 'drizzle-orm';
import { ENCERRAMENTO_MSG, EM_ANALISE } from '../../shared/faturamento/conta';
import { ANALISE_MSG, type AnaliseItem, type ItemAnalisado } from '../../shared/faturamento/analise';
import { APP_MSG } from '../../shared/messages';
import { todayIso } from '../../shared/dates';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { assertRecord, scopeOf } from '../policy';
import { recordTrail, type Actor } from '../trail/record';
import { atualizarTotaisProtocolo } from './totais-protocolo';

const forbidden = (m: string) => AppError.of(403, m);

/**
 * One item's review decision, in one transaction: the item is locked and its version checked (two reviewers deciding
 * the same item at once: the second gets 409 and decides again over what the first did), the code is a table-38
 * reason in force, a change from the automatic proposal carries its reason; the guide's released and glosed totals
 * follow, and the trail keeps who, when, what and why.
 */
export async function analisarItem(ctx: AppContext, actor: Actor & { session: NonNullable<Actor['session']> }, id: number, a: AnaliseItem): Promise<ItemAnalisado> {
  // the review is the operator's: a provider, whose own lots it sees, never decides them
  const scope = await scopeOf(ctx, actor.session, 'protocolorecebimento');
  if (scope.kind !== 'all') throw forbidden(ANALISE_MSG.equipe);
  return ctx.db.transaction(async (tx) => {
    // the protocol first (the closing locks it too, and the same order never deadlocks): a closed review decides nothing
    const [p] = await query<{ id: number; status: string }>(
      tx,
      sql`select p.id, p.status from protocolos_recebimento p where p.id = (select g.protocolo_id from itens_faturados i join guias_faturadas g on g.id = i.guia_id where i.id = ${id}) for update`,
    );
    if (!p) throw AppError.of(404, 'Item não encontrado.');
    const [it] = await query<{ id: number; guia_id: number; prestador_id: number; version: number; proposta: string | null; glosa: string | null; informado: string; liberado: string | null; valor_glosa: string }>(
      tx,
      sql`select i.id, i.guia_id, p.prestador_id, i.version, i.glosa_proposta as proposta, i.glosa_codigo as glosa, i.valor_informado_centavos::text as informado,
            i.valor_liberado_centavos::text as liberado, i.valor_glosa_centavos::text as valor_glosa
          from itens_faturados i join guias_faturadas g on g.id = i.guia_id join protocolos_recebimento p on p.id = g.protocolo_id where i.id = ${id} for update of i`,
    );
    if (!it) throw AppError.of(404, 'Item não encontrado.');
    await assertRecord(ctx, actor.session, 'protocolorecebimento', { prestador_id: it.prestador_id });
    if (!EM_ANALISE.includes(p.status)) throw AppError.of(409, ENCERRAMENTO_MSG.encerrada);
    if (it.version !== a.version) throw AppError.of(409, APP_MSG.conflito);
    const informado = Number(it.informado);
    if (a.glosaCodigo == null && a.valorGlosa != null) throw AppError.of(422, ANALISE_MSG.semGlosaComValor, { field: 'valorGlosa' });
    if (a.valorGlosa != null && a.valorGlosa > informado) throw AppError.of(422, ANALISE_MSG.valorGlosa, { field: 'valorGlosa' });
    if (a.glosaCodigo !== it.proposta && !a.justificativa) throw AppError.of(422, ANALISE_MSG.justificativa, { field: 'justificativa' });
    if (a.glosaCodigo != null) {
      const hoje = todayIso();
      const [m] = await query<{ codigo: string }>(
        tx,
        sql`select codigo from motivos where codigo = ${a.glosaCodigo} and tipo in ('GLOSA', 'AMBOS') and inicio_vigencia <= ${hoje} and (fim_vigencia is null or fim_vigencia >= ${hoje})`,
      );
      if (!m) throw AppError.of(422, ANALISE_MSG.codigoDesconhecido(a.glosaCodigo), { field: 'glosaCodigo' });
    }
    const glosa = a.glosaCodigo == null ? 0 : (a.valorGlosa ?? informado);
    const [novo] = await query<{ version: number }>(
      tx,
      sql`update itens_faturados set glosa_codigo = ${a.glosaCodigo}, valor_glosa_centavos = ${glosa}, valor_liberado_centavos = ${informado - glosa}, version = version + 1
          where id = ${id} and version = ${a.version} returning version`,
    );
    if (!novo) throw AppError.of(409, APP_MSG.conflito);
    // the guide's totals: what was decided so far (items not reviewed yet release nothing)
    await tx.execute(sql`update guias_faturadas g set valor_liberado_centavos = s.liberado, valor_glosa_centavos = s.glosa, version = g.version + 1
      from (select sum(coalesce(valor_liberado_centavos, 0)) as liberado, sum(valor_glosa_centavos) as glosa from itens_faturados where guia_id = ${it.guia_id}) s
      where g.id = ${it.guia_id}`);
    await atualizarTotaisProtocolo(tx, p.id);
    // the first decision starts the review: Recebido → Em análise
    if (p.status === '1') {
      await tx.execute(sql`update protocolos_recebimento set status = '2', atualizado_em = now(), version = version + 1 where id = ${p.id}`);
      await recordTrail(tx, actor, { entidade: 'protocolorecebimento', registroId: p.id, acao: 'update', antes: { status: '1' }, depois: { status: '2' } });
    }
    await recordTrail(tx, actor, {
      entidade: 'itemfaturado',
      registroId: id,
      acao: 'update',
      antes: { glosaCodigo: it.glosa, valorGlosa: Number(it.valor_glosa), valorLiberado: it.liberado == null ? null : Number(it.liberado) },
      depois: { glosaCodigo: a.glosaCodigo, valorGlosa: glosa, valorLiberado: informado - glosa, glosaProposta: it.proposta, justificativa: a.justificativa ?? null },
    });
    return { id, version: novo.version, glosaProposta: it.proposta, glosaCodigo: a.glosaCodigo, valorInformado: informado, valorLiberado: informado - glosa, valorGlosa: glosa };
  });
}
