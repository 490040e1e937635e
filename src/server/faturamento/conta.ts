import { sql } from 'drizzle-orm';
import type { StatusProtocolo } from '../../shared/faturamento';
import { EM_ANALISE, ENCERRAMENTO_MSG, type AnaliseEncerrada, type ContaProtocolo, type Encerramento, type GuiaConta, type ItemConta, type MotivoGlosa, type TotaisConta } from '../../shared/faturamento/conta';
import { APP_MSG } from '../../shared/messages';
import { sumMoney } from '../../shared/money';
import { todayIso } from '../../shared/dates';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { assertRecord, scopeOf } from '../policy';
import { recordTrail, recordTrailMany, type Actor } from '../trail/record';
import { ANALISE_MSG } from '../../shared/faturamento/analise';
import { atualizarTotaisProtocolo } from './totais-protocolo';

const NAO_ENCONTRADO = 'Protocolo não encontrado.';

interface ItemRow {
  id: number;
  version: number;
  guia_id: number;
  sequencial: number;
  data: string;
  codigo_tabela: string;
  codigo_procedimento: string;
  descricao: string | null;
  proc_descricao: string;
  quantidade: number;
  // centavos: bigint, within JSON's exact integers (up to 2^53)
  unitario: number;
  informado: number;
  liberado: number | null;
  glosa: number;
  glosa_proposta: string | null;
  proposta_descricao: string | null;
  glosa_codigo: string | null;
  glosa_descricao: string | null;
}

/** The totals of a set of items: informed, processed (= informed), released (decided ones), glosed. */
export function totaisDe(itens: readonly ItemConta[]): TotaisConta {
  return {
    valorInformado: sumMoney(itens.map((i) => i.valorInformado)),
    valorProcessado: sumMoney(itens.map((i) => i.valorProcessado)),
    valorLiberado: sumMoney(itens.map((i) => i.valorLiberado ?? 0)),
    valorGlosa: sumMoney(itens.map((i) => i.valorGlosa)),
    itens: itens.length,
    decididos: itens.filter((i) => i.decidido).length,
    pendentesComProposta: itens.filter((i) => !i.decidido && i.glosaProposta != null).length,
  };
}

/**
 * A protocol with its guides and items, for its reviewer (the operator's billing staff) or its own provider (read
 * only): 404 for a protocol that does not exist, 403 for another provider's.
 */
export async function lerConta(db: Db, ctx: AppContext, s: RequestSession, id: number): Promise<ContaProtocolo> {
  const [p] = await query<{ id: number; version: number; numero: string; recebido_em: string; prestador_id: number; nome: string; codigo: string | null; numero_lote: string; padrao: string; tipo_guia: string; status: string; origem: 'XML' | 'PORTAL' }>(
    db,
    sql`select p.id, p.version, p.numero, p.recebido_em, p.prestador_id, pr.nome, pr.codigo, p.numero_lote, p.padrao, p.tipo_guia, p.status, p.origem
        from protocolos_recebimento p join prestadores pr on pr.id = p.prestador_id where p.id = ${id}`,
  );
  if (!p) throw AppError.of(404, NAO_ENCONTRADO);
  await assertRecord(ctx, s, 'protocolorecebimento', { prestador_id: p.prestador_id });
  const scope = await scopeOf(ctx, s, 'protocolorecebimento');
  const guias = await query<{ id: number; ordem: number; numero_guia_prestador: string; numero_guia_operadora: string | null; senha: string | null; numero_carteira: string; nome: string | null; data_atendimento: string; status: string }>(
    db,
    sql`select g.id, g.ordem, g.numero_guia_prestador, g.numero_guia_operadora, g.senha, g.numero_carteira, b.nome, g.data_atendimento::text as data_atendimento, g.status
        from guias_faturadas g left join beneficiarios b on b.id = g.beneficiario_id where g.protocolo_id = ${id} order by g.ordem`,
  );
  // the items as one JSON value: the embedded database hands rows over column by column, which for a bill of a few
  // hundred items cost more than the query itself (bench: 7.7 → 4.3 ms p50 for 163 items)
  const [lido] = await query<{ itens: string | null }>(
    db,
    sql`select json_agg(x order by x.ordem, x.sequencial, x.id)::text as itens from (
          select g.ordem, i.id, i.version, i.guia_id, i.sequencial, i.data, i.codigo_tabela, i.codigo_procedimento, i.descricao, pr.descricao as proc_descricao, i.quantidade,
            i.valor_unitario_centavos as unitario, i.valor_informado_centavos as informado, i.valor_liberado_centavos as liberado, i.valor_glosa_centavos as glosa,
            i.glosa_proposta, mp.descricao as proposta_descricao, i.glosa_codigo, mg.descricao as glosa_descricao
          from itens_faturados i join guias_faturadas g on g.id = i.guia_id join procedimentos pr on pr.id = i.procedimento_id
          left join motivos mp on mp.codigo = i.glosa_proposta left join motivos mg on mg.codigo = i.glosa_codigo
          where g.protocolo_id = ${id}) x`,
  );
  const itens = JSON.parse(lido?.itens ?? '[]') as ItemRow[];
  // the reviewer's reason of each decided item: its last decision in the change trail
  const motivos = new Map<string, string>();
  if (itens.length) {
    const rows = await query<{ registro_id: string; justificativa: string | null }>(
      db,
      sql`select distinct on (registro_id) registro_id, depois->>'justificativa' as justificativa from trilha_eventos
          where entidade = 'itemfaturado' and registro_id in (${sql.join(itens.map((i) => sql`${String(i.id)}`), sql`, `)}) order by registro_id, id desc`,
    );
    for (const r of rows) if (r.justificativa) motivos.set(r.registro_id, r.justificativa);
  }
  const porGuia = new Map<number, ItemConta[]>();
  for (const r of itens) {
    const informado = r.informado;
    const item: ItemConta = {
      id: r.id,
      version: r.version,
      sequencial: r.sequencial,
      data: r.data,
      codigoTabela: r.codigo_tabela,
      codigoProcedimento: r.codigo_procedimento,
      descricao: r.descricao || r.proc_descricao,
      quantidade: r.quantidade,
      valorUnitario: r.unitario,
      valorInformado: informado,
      valorProcessado: informado,
      valorLiberado: r.liberado,
      valorGlosa: r.glosa,
      glosaProposta: r.glosa_proposta,
      glosaPropostaDescricao: r.proposta_descricao,
      glosaCodigo: r.glosa_codigo,
      glosaDescricao: r.glosa_descricao,
      justificativa: motivos.get(String(r.id)) ?? null,
      decidido: r.liberado != null,
    };
    const l = porGuia.get(r.guia_id) ?? [];
    l.push(item);
    porGuia.set(r.guia_id, l);
  }
  const gs: GuiaConta[] = guias.map((g) => {
    const its = porGuia.get(g.id) ?? [];
    const t = totaisDe(its);
    return {
      id: g.id,
      ordem: g.ordem,
      numeroGuiaPrestador: g.numero_guia_prestador,
      numeroGuiaOperadora: g.numero_guia_operadora,
      senha: g.senha,
      numeroCarteira: g.numero_carteira,
      beneficiarioNome: g.nome,
      dataAtendimento: g.data_atendimento,
      status: g.status as StatusProtocolo,
      valorInformado: t.valorInformado,
      valorProcessado: t.valorProcessado,
      valorLiberado: t.valorLiberado,
      valorGlosa: t.valorGlosa,
      itens: its,
    };
  });
  const emAnalise = EM_ANALISE.includes(p.status);
  return {
    id: p.id,
    version: p.version,
    numero: p.numero,
    recebidoEm: new Date(p.recebido_em).toISOString(),
    prestadorId: p.prestador_id,
    prestadorNome: p.nome,
    prestadorCodigo: p.codigo,
    numeroLote: p.numero_lote,
    padrao: p.padrao,
    tipoGuia: p.tipo_guia,
    origem: p.origem,
    status: p.status as StatusProtocolo,
    emAnalise,
    podeAnalisar: scope.kind === 'all' && emAnalise,
    demonstrativo: !emAnalise,
    guias: gs,
    totais: totaisDe(gs.flatMap((g) => g.itens)),
  };
}

/** The glosa reasons in force (TUSS table 38 in the reasons' reference table): the reviewer's picker. */
export async function motivosGlosa(db: Db): Promise<MotivoGlosa[]> {
  const hoje = todayIso();
  return query<MotivoGlosa>(
    db,
    sql`select codigo, descricao from motivos where tipo in ('GLOSA', 'AMBOS') and inicio_vigencia <= ${hoje} and (fim_vigencia is null or fim_vigencia >= ${hoje}) order by codigo`,
  );
}

/**
 * Closes a protocol's review, in one transaction: with every item decided, or accepting the rest as the automatic
 * checks proposed (a proposal glosas the whole informed value; no proposal releases it). The guides' and the
 * protocol's totals are written; the protocol moves to 5 (analisado, aguardando liberação para pagamento), or to
 * 4 (encerrado sem pagamento) when nothing is released; the trail keeps who closed it, the totals and how many
 * items were accepted as proposed.
 */
export async function encerrarAnalise(ctx: AppContext, actor: Actor & { session: NonNullable<Actor['session']> }, id: number, e: Encerramento): Promise<AnaliseEncerrada> {
  const scope = await scopeOf(ctx, actor.session, 'protocolorecebimento');
  if (scope.kind !== 'all') throw AppError.of(403, ANALISE_MSG.equipe);
  return ctx.db.transaction(async (tx) => {
    const [p] = await query<{ id: number; version: number; status: string; prestador_id: number }>(tx, sql`select id, version, status, prestador_id from protocolos_recebimento where id = ${id} for update`);
    if (!p) throw AppError.of(404, NAO_ENCONTRADO);
    await assertRecord(ctx, actor.session, 'protocolorecebimento', { prestador_id: p.prestador_id });
    if (!EM_ANALISE.includes(p.status)) throw AppError.of(409, ENCERRAMENTO_MSG.encerrada);
    if (p.version !== e.version) throw AppError.of(409, APP_MSG.conflito);
    const [{ pendentes }] = await query<{ pendentes: number }>(
      tx,
      sql`select count(*)::int as pendentes from itens_faturados i join guias_faturadas g on g.id = i.guia_id where g.protocolo_id = ${id} and i.valor_liberado_centavos is null`,
    );
    if (pendentes > 0 && !e.aceitarPropostas) throw AppError.of(422, ENCERRAMENTO_MSG.pendentes(pendentes));
    if (pendentes > 0) {
      const aceitos = await query<{ id: number; proposta: string | null; informado: string }>(
        tx,
        sql`select i.id, i.glosa_proposta as proposta, i.valor_informado_centavos::text as informado from itens_faturados i join guias_faturadas g on g.id = i.guia_id
            where g.protocolo_id = ${id} and i.valor_liberado_centavos is null order by i.id`,
      );
      await recordTrailMany(
        tx,
        actor,
        aceitos.map((a) => {
          const glosa = a.proposta == null ? 0 : Number(a.informado);
          return {
            entidade: 'itemfaturado',
            registroId: a.id,
            acao: 'update' as const,
            antes: { glosaCodigo: null, valorGlosa: 0, valorLiberado: null },
            depois: { glosaCodigo: a.proposta, valorGlosa: glosa, valorLiberado: Number(a.informado) - glosa, glosaProposta: a.proposta, justificativa: null, aceitoNoEncerramento: true },
          };
        }),
      );
      await tx.execute(sql`update itens_faturados i set glosa_codigo = i.glosa_proposta,
            valor_glosa_centavos = case when i.glosa_proposta is null then 0 else i.valor_informado_centavos end,
            valor_liberado_centavos = case when i.glosa_proposta is null then i.valor_informado_centavos else 0 end,
            version = i.version + 1
          from guias_faturadas g where g.id = i.guia_id and g.protocolo_id = ${id} and i.valor_liberado_centavos is null`);
    }
    const [t] = await query<{ liberado: string; glosa: string; informado: string; itens: number }>(
      tx,
      sql`select coalesce(sum(i.valor_liberado_centavos), 0)::text as liberado, coalesce(sum(i.valor_glosa_centavos), 0)::text as glosa,
            coalesce(sum(i.valor_informado_centavos), 0)::text as informado, count(*)::int as itens
          from itens_faturados i join guias_faturadas g on g.id = i.guia_id where g.protocolo_id = ${id}`,
    );
    const status: StatusProtocolo = Number(t.liberado) > 0 ? '5' : '4';
    await tx.execute(sql`update guias_faturadas g set valor_liberado_centavos = s.liberado, valor_glosa_centavos = s.glosa, status = ${status}, version = g.version + 1
      from (select i.guia_id, sum(i.valor_liberado_centavos) as liberado, sum(i.valor_glosa_centavos) as glosa from itens_faturados i join guias_faturadas g2 on g2.id = i.guia_id
            where g2.protocolo_id = ${id} group by i.guia_id) s
      where g.id = s.guia_id`);
    await atualizarTotaisProtocolo(tx, id);
    const [novo] = await query<{ version: number }>(tx, sql`update protocolos_recebimento set status = ${status}, atualizado_em = now(), analise_encerrada_em = now(), version = version + 1 where id = ${id} returning version`);
    const totais = { valorInformado: Number(t.informado), valorLiberado: Number(t.liberado), valorGlosa: Number(t.glosa) };
    await recordTrail(tx, actor, {
      entidade: 'protocolorecebimento',
      registroId: id,
      acao: 'update',
      antes: { status: p.status },
      depois: { status, analiseEncerrada: true, aceitosComoPropostos: pendentes, ...totais },
    });
    return {
      id,
      version: novo.version,
      status,
      aceitosComoPropostos: pendentes,
      totais: { ...totais, valorProcessado: totais.valorInformado, itens: t.itens, decididos: t.itens, pendentesComProposta: 0 },
    };
  });
}
