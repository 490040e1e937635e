import { sql } from 'drizzle-orm';
import { instantToBr, isoToBr, todayIso } from '../../shared/dates';
import {
  PRAZO_RECURSO_DIAS,
  RECURSO_MSG,
  type DecisaoRecurso,
  type GuiaGlosada,
  type ItemRecursoLinha,
  type ProtocoloGlosas,
  type RecursoLinha,
  type ResultadoRecurso,
  type SituacaoRecurso,
} from '../../shared/faturamento/recursos';
import { APP_MSG } from '../../shared/messages';
import { formatMoney, sumMoney, type Centavos } from '../../shared/money';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { scopeOf, scopeWhere, type Scope } from '../policy';
import { recordTrail, type Actor } from '../trail/record';
import { atualizarTotaisProtocolo } from './totais-protocolo';

/**
 * Recurso de glosa (flow 4): one appeal of glosas of one received protocol, typed in the portal or read from a
 * RECURSO_GLOSA message — both reach the same checks and the same storing. Everything is checked before anything is
 * written and an appeal with one bad item is refused whole, saying which and why: the protocol is the provider's own,
 * each guide and item exists, the item is glosed, the glosa code is the item's, the value is at most what was glosed,
 * the item is not under another appeal (2904), and the glosa is at most 180 days old (2907). The operator then decides
 * each appealed item (3092 / 3095 / 2902); the item's released value and its guide's totals follow in centavos.
 */

export interface PedidoRecurso {
  protocolo: string;
  /** numeroGuiaRecGlosaPrestador of a RECURSO_GLOSA message; null for an appeal typed in the portal. */
  numeroGuiaRecurso: string | null;
  guias: {
    numeroGuiaPrestador: string;
    /** The whole guide is appealed (recursoGuiaCompleta): every glosed item at its glosed value. */
    justificativaGuia?: string;
    codigoGlosaGuia?: string;
    itens?: { sequencial: number; codigoGlosa?: string; valorRecursado: Centavos; justificativa: string }[];
  }[];
}

export interface OrigemRecurso {
  origem: 'XML' | 'PORTAL';
  padrao?: string;
  hash?: string;
  arquivoId?: number;
}

interface ItemDoProtocolo {
  id: number;
  guia_id: number;
  guia: string;
  sequencial: number;
  glosa_codigo: string | null;
  valor_glosa: string;
  valor_liberado: string | null;
  glosado_em: string;
  recurso: string | null;
}

interface ItemPlanejado {
  item: ItemDoProtocolo;
  guiaCompleta: boolean;
  codigoGlosa: string;
  valorRecursado: Centavos;
  justificativa: string;
}

export type ConferenciaRecurso =
  | { ok: true; protocolo: { id: number; numero: string; prestadorId: number }; itens: ItemPlanejado[]; valorRecursado: Centavos }
  | { ok: false; erros: string[] };

/** The last day an item glosed on `glosadoEm` (ISO date) may be appealed. */
export function prazoRecurso(glosadoEm: string): string {
  const d = new Date(`${glosadoEm}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + PRAZO_RECURSO_DIAS);
  return d.toISOString().slice(0, 10);
}

/** The protocol in the session's scope, by its number. */
async function protocoloNoEscopo(db: Db, scope: Scope, numero: string) {
  const [p] = await query<{ id: number; numero: string; prestador_id: number; numero_lote: string; nome: string; recebido_em: string; glosa_fechada_em: string | null }>(
    db,
    sql`select p.id, p.numero, p.prestador_id, p.numero_lote, pr.nome, p.recebido_em, p.glosa_fechada_em from protocolos_recebimento p join prestadores pr on pr.id = p.prestador_id
        where p.numero = ${numero} and ${scopeWhere(scope, 'protocolorecebimento', 'p')}`,
  );
  return p;
}

/**
 * The protocol's items with their glosa and when it was decided: the review's last change of the item (its trail),
 * or the protocol's receipt when the item has no review change recorded.
 */
const itensDoProtocolo = (db: Db, protocoloId: number) =>
  query<ItemDoProtocolo & { version: number; data: string; codigo_procedimento: string; descricao: string | null; valor_informado: string; numero_carteira: string; data_atendimento: string; resultado: string | null }>(
    db,
    sql`select i.id, i.version, i.guia_id, g.numero_guia_prestador as guia, i.sequencial, i.glosa_codigo, i.valor_glosa_centavos::text as valor_glosa,
          i.valor_liberado_centavos::text as valor_liberado, i.valor_informado_centavos::text as valor_informado, i.data::text as data, i.codigo_procedimento, i.descricao,
          g.numero_carteira, g.data_atendimento::text as data_atendimento,
          to_char(coalesce((select max(t.em) from trilha_eventos t where t.entidade = 'itemfaturado' and t.registro_id = i.id::text), p.recebido_em) at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as glosado_em,
          r.numero as recurso, ri.resultado
        from itens_faturados i join guias_faturadas g on g.id = i.guia_id join protocolos_recebimento p on p.id = g.protocolo_id
        left join recursos_glosa_itens ri on ri.item_id = i.id left join recursos_glosa r on r.id = ri.recurso_id
        where p.id = ${protocoloId} order by g.ordem, i.sequencial`,
  );

/** The glosed items of a protocol of the session's scope, for the appeal screen (`todos`: every item). */
export async function glosasDoProtocolo(ctx: AppContext, session: RequestSession, numero: string, todos = false): Promise<ProtocoloGlosas> {
  const scope = await scopeOf(ctx, session, 'protocolorecebimento');
  if (scope.kind === 'none') throw AppError.of(403, scope.reason);
  const p = await protocoloNoEscopo(ctx.db, scope, numero);
  if (!p) throw AppError.of(404, RECURSO_MSG.protocoloNaoEncontrado(numero), { field: 'protocolo' });
  const guias = new Map<string, GuiaGlosada>();
  for (const i of await itensDoProtocolo(ctx.db, p.id)) {
    if (!todos && Number(i.valor_glosa) <= 0) continue;
    let g = guias.get(i.guia);
    if (!g) guias.set(i.guia, (g = { numeroGuiaPrestador: i.guia, numeroCarteira: i.numero_carteira, dataAtendimento: i.data_atendimento, itens: [] }));
    g.itens.push({
      itemId: i.id,
      version: i.version,
      sequencial: i.sequencial,
      data: i.data,
      codigoProcedimento: i.codigo_procedimento,
      descricao: i.descricao,
      glosaCodigo: i.glosa_codigo,
      valorInformado: Number(i.valor_informado),
      valorLiberado: Number(i.valor_liberado ?? 0),
      valorGlosa: Number(i.valor_glosa),
      glosadoEm: i.glosado_em,
      prazo: prazoRecurso(i.glosado_em),
      recurso: i.recurso ? { numero: i.recurso, resultado: i.resultado as ResultadoRecurso | null } : null,
    });
  }
  return { protocolo: { id: p.id, numero: p.numero, numeroLote: p.numero_lote, prestadorNome: p.nome, recebidoEm: new Date(p.recebido_em).toISOString() }, guias: [...guias.values()] };
}

/** Every check of an appeal, without writing anything. `scope` is the sender's (a provider's own protocols). */
export async function conferirRecurso(db: Db, scope: Scope, pedido: PedidoRecurso, hoje = todayIso()): Promise<ConferenciaRecurso> {
  if (scope.kind === 'none') return { ok: false, erros: [scope.reason] };
  const p = await protocoloNoEscopo(db, scope, pedido.protocolo);
  if (!p) return { ok: false, erros: [RECURSO_MSG.protocoloNaoEncontrado(pedido.protocolo)] };
  // glosas closed by hand (Fechamento de Glosa Manual) are final
  if (p.glosa_fechada_em) return { ok: false, erros: [RECURSO_MSG.glosaFechada(p.numero, dataBr(new Date(p.glosa_fechada_em).toISOString()))] };
  const todos = await itensDoProtocolo(db, p.id);
  const erros: string[] = [];
  const plano: ItemPlanejado[] = [];
  const vistos = new Set<number>();
  const conferirItem = (it: ItemDoProtocolo, codigo: string | undefined, valor: Centavos, justificativa: string, guiaCompleta: boolean) => {
    const glosa = Number(it.valor_glosa);
    if (glosa <= 0 || !it.glosa_codigo) return void erros.push(RECURSO_MSG.semGlosa(it.guia, it.sequencial));
    if (codigo && codigo !== it.glosa_codigo) return void erros.push(RECURSO_MSG.codigo(it.guia, it.sequencial, codigo, it.glosa_codigo));
    if (valor > glosa) return void erros.push(RECURSO_MSG.valorAcima(it.guia, it.sequencial, formatMoney(glosa)));
    if (it.recurso) return void erros.push(RECURSO_MSG.repetido(it.guia, it.sequencial, it.recurso));
    if (vistos.has(it.id)) return void erros.push(RECURSO_MSG.repetido(it.guia, it.sequencial, pedido.numeroGuiaRecurso ?? 'em digitação'));
    if (prazoRecurso(it.glosado_em) < hoje) return void erros.push(RECURSO_MSG.prazo(it.guia, it.sequencial, isoToBr(it.glosado_em)));
    vistos.add(it.id);
    plano.push({ item: it, guiaCompleta, codigoGlosa: it.glosa_codigo, valorRecursado: valor, justificativa });
  };
  for (const g of pedido.guias) {
    const daGuia = todos.filter((i) => i.guia === g.numeroGuiaPrestador);
    if (!daGuia.length) {
      erros.push(RECURSO_MSG.guiaNaoEncontrada(g.numeroGuiaPrestador));
      continue;
    }
    if (g.justificativaGuia != null) {
      const glosados = daGuia.filter((i) => Number(i.valor_glosa) > 0 && (!g.codigoGlosaGuia || i.glosa_codigo === g.codigoGlosaGuia));
      if (!glosados.length) erros.push(RECURSO_MSG.guiaSemGlosa(g.numeroGuiaPrestador));
      for (const it of glosados) conferirItem(it, undefined, Number(it.valor_glosa), g.justificativaGuia, true);
    }
    for (const x of g.itens ?? []) {
      const it = daGuia.find((i) => i.sequencial === x.sequencial);
      if (!it) erros.push(RECURSO_MSG.itemNaoEncontrado(g.numeroGuiaPrestador, x.sequencial));
      else conferirItem(it, x.codigoGlosa, x.valorRecursado, x.justificativa, false);
    }
  }
  if (erros.length) return { ok: false, erros: erros.slice(0, 50) };
  if (!plano.length) return { ok: false, erros: [RECURSO_MSG.semGuias] };
  return { ok: true, protocolo: { id: p.id, numero: p.numero, prestadorId: p.prestador_id }, itens: plano, valorRecursado: sumMoney(plano.map((x) => x.valorRecursado)) };
}

/** An appeal refused whole: every reason as an alert. */
export const recusaRecurso = (erros: string[]) => new AppError(422, erros.map((value) => ({ type: 'error' as const, value })));

export class RecursoRepetido extends Error {}

/** The next protocol number, from the counter the lot receipts use (one numbering for the operator's protocols). */
async function proximoNumero(tx: Db): Promise<string> {
  const ano = Number(todayIso().slice(0, 4));
  const [r] = await query<{ ultimo: number }>(
    tx,
    sql`insert into protocolo_recebimento_numeracao (ano, ultimo) values (${ano}, 1)
      on conflict (ano) do update set ultimo = protocolo_recebimento_numeracao.ultimo + 1 returning ultimo`,
  );
  return `${ano}${String(r.ultimo).padStart(8, '0')}`;
}

const UNIQUE = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err.code === '23505' || err.cause?.code === '23505';
};

export interface RecursoGravado {
  id: number;
  numero: string;
  criadoEm: string;
  valorRecursado: Centavos;
  itens: number;
}

/** Stores a checked appeal in one transaction, with its protocol number and the trail. */
export async function gravarRecurso(ctx: AppContext, actor: Actor, c: Extract<ConferenciaRecurso, { ok: true }>, pedido: PedidoRecurso, o: OrigemRecurso): Promise<RecursoGravado> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const numero = await proximoNumero(tx);
      const [r] = await query<{ id: number; criado_em: string }>(
        tx,
        sql`insert into recursos_glosa (numero, prestador_id, protocolo_id, numero_guia_recurso, origem, padrao, hash, arquivo_id, valor_recursado_centavos, criado_por_id)
            values (${numero}, ${c.protocolo.prestadorId}, ${c.protocolo.id}, ${pedido.numeroGuiaRecurso ?? numero}, ${o.origem}, ${o.padrao ?? null}, ${o.hash ?? null},
              ${o.arquivoId ?? null}, ${c.valorRecursado}, ${actor.session?.user.id ?? null})
            returning id, criado_em`,
      );
      for (const x of c.itens) {
        await tx.execute(sql`insert into recursos_glosa_itens (recurso_id, item_id, guia_completa, codigo_glosa, valor_recursado_centavos, justificativa)
          values (${r.id}, ${x.item.id}, ${x.guiaCompleta}, ${x.codigoGlosa}, ${x.valorRecursado}, ${x.justificativa})`);
      }
      await recordTrail(tx, actor, {
        entidade: 'recursoglosa',
        registroId: r.id,
        acao: 'insert',
        depois: {
          numero,
          protocolo: c.protocolo.numero,
          origem: o.origem,
          numeroGuiaRecurso: pedido.numeroGuiaRecurso ?? numero,
          valorRecursado: c.valorRecursado,
          itens: c.itens.map((x) => ({ guia: x.item.guia, sequencial: x.item.sequencial, codigoGlosa: x.codigoGlosa, valorRecursado: x.valorRecursado, justificativa: x.justificativa })),
        },
      });
      return { id: r.id, numero, criadoEm: new Date(r.criado_em).toISOString(), valorRecursado: c.valorRecursado, itens: c.itens.length };
    });
  } catch (e) {
    // the same file or item received at the same moment by another request: the unique keys decide, one wins
    if (UNIQUE(e)) throw new RecursoRepetido(MSG_REPETIDO_CORRIDA);
    throw e;
  }
}

const MSG_REPETIDO_CORRIDA = 'O recurso (ou um dos seus itens) acabou de ser recebido por outro envio: confira a lista de recursos.';

/** The appeals of the session's scope (a provider's own; the operator's staff every provider's), newest first. */
export async function listarRecursos(ctx: AppContext, session: RequestSession, filtro: { situacao?: SituacaoRecurso; protocolo?: string; id?: number }): Promise<RecursoLinha[]> {
  const scope = await scopeOf(ctx, session, 'protocolorecebimento');
  if (scope.kind === 'none') throw AppError.of(403, scope.reason);
  const rows = await query<{ id: number; numero: string; protocolo: string; numero_lote: string; nome: string; origem: 'XML' | 'PORTAL'; criado_em: string; recursado: string; acatado: string; status: string; criado_por_id: number | null }>(
    ctx.db,
    sql`select r.id, r.numero, p.numero as protocolo, p.numero_lote, pr.nome, r.origem, r.criado_em, r.valor_recursado_centavos::text as recursado,
          r.valor_acatado_centavos::text as acatado, r.status, r.criado_por_id
        from recursos_glosa r join protocolos_recebimento p on p.id = r.protocolo_id join prestadores pr on pr.id = r.prestador_id
        where ${scopeWhere(scope, 'protocolorecebimento', 'r')}
          ${filtro.situacao ? sql`and r.status = ${filtro.situacao}` : sql``}
          ${filtro.protocolo ? sql`and p.numero = ${filtro.protocolo}` : sql``}
          ${filtro.id != null ? sql`and r.id = ${filtro.id}` : sql``}
        order by r.criado_em desc, r.id desc limit 200`,
  );
  if (!rows.length) return [];
  const itens = await query<{ id: number; recurso_id: number; version: number; guia: string; sequencial: number; codigo_procedimento: string; descricao: string | null; guia_completa: boolean; codigo_glosa: string; valor_glosa: string; recursado: string; justificativa: string; resultado: string | null; acatado: string | null; justificativa_operadora: string | null; decidido_em: string | null; liberado: string | null }>(
    ctx.db,
    sql`select ri.id, ri.recurso_id, ri.version, g.numero_guia_prestador as guia, i.sequencial, i.codigo_procedimento, coalesce(i.descricao, pr.descricao) as descricao, ri.guia_completa, ri.codigo_glosa,
          i.valor_glosa_centavos::text as valor_glosa, ri.valor_recursado_centavos::text as recursado, ri.justificativa, ri.resultado, ri.valor_acatado_centavos::text as acatado,
          ri.justificativa_operadora, ri.decidido_em, i.valor_liberado_centavos::text as liberado
        from recursos_glosa_itens ri join itens_faturados i on i.id = ri.item_id join guias_faturadas g on g.id = i.guia_id join procedimentos pr on pr.id = i.procedimento_id
        where ri.recurso_id in (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)}) order by g.ordem, i.sequencial`,
  );
  return rows.map((r) => ({
    id: r.id,
    numero: r.numero,
    protocolo: r.protocolo,
    numeroLote: r.numero_lote,
    prestadorNome: r.nome,
    origem: r.origem,
    criadoEm: new Date(r.criado_em).toISOString(),
    valorRecursado: Number(r.recursado),
    valorAcatado: Number(r.acatado),
    situacao: r.status as SituacaoRecurso,
    proprio: r.criado_por_id != null && r.criado_por_id === session.user.id,
    itens: itens
      .filter((i) => i.recurso_id === r.id)
      .map(
        (i): ItemRecursoLinha => ({
          id: i.id,
          version: i.version,
          numeroGuiaPrestador: i.guia,
          sequencial: i.sequencial,
          codigoProcedimento: i.codigo_procedimento,
          descricao: i.descricao,
          guiaCompleta: i.guia_completa,
          codigoGlosa: i.codigo_glosa,
          valorGlosa: Number(i.valor_glosa),
          valorRecursado: Number(i.recursado),
          justificativa: i.justificativa,
          resultado: i.resultado as ResultadoRecurso | null,
          valorAcatado: i.acatado == null ? null : Number(i.acatado),
          justificativaOperadora: i.justificativa_operadora,
          decididoEm: i.decidido_em ? new Date(i.decidido_em).toISOString() : null,
          valorLiberado: Number(i.liberado ?? 0),
        }),
      ),
  }));
}

export interface ItemDecidido {
  id: number;
  version: number;
  resultado: ResultadoRecurso;
  valorAcatado: Centavos;
  valorLiberado: Centavos;
  valorGlosa: Centavos;
  situacaoRecurso: SituacaoRecurso;
}

/**
 * The operator's decision on one appealed item, in one transaction: the appeal item is locked and its version
 * checked (two operators deciding it at once: the second gets 409), whoever registered the appeal cannot decide it,
 * the accepted value moves from the item's glosa to its released value, the guide's totals and the appeal's
 * accepted total and situation follow, and the trail keeps who, when, what and why.
 */
export async function decidirItemRecurso(ctx: AppContext, actor: Actor & { session: RequestSession }, id: number, d: DecisaoRecurso): Promise<ItemDecidido> {
  const scope = await scopeOf(ctx, actor.session, 'protocolorecebimento');
  if (scope.kind !== 'all') throw AppError.of(403, RECURSO_MSG.equipe);
  return ctx.db.transaction(async (tx) => {
    const [ri] = await query<{ id: number; recurso_id: number; item_id: number; version: number; resultado: string | null; recursado: string; criado_por_id: number | null; guia_id: number; protocolo_id: number; liberado: string | null; glosa: string; informado: string; numero: string }>(
      tx,
      sql`select ri.id, ri.recurso_id, ri.item_id, ri.version, ri.resultado, ri.valor_recursado_centavos::text as recursado, r.criado_por_id, i.guia_id, r.protocolo_id,
            i.valor_liberado_centavos::text as liberado, i.valor_glosa_centavos::text as glosa, i.valor_informado_centavos::text as informado, r.numero
          from recursos_glosa_itens ri join recursos_glosa r on r.id = ri.recurso_id join itens_faturados i on i.id = ri.item_id
          where ri.id = ${id} for update of ri`,
    );
    if (!ri) throw AppError.of(404, RECURSO_MSG.naoEncontrado);
    if (ri.criado_por_id != null && ri.criado_por_id === actor.session.user.id) throw AppError.of(403, RECURSO_MSG.segregacao);
    if (ri.version !== d.version) throw AppError.of(409, APP_MSG.conflito);
    if (ri.resultado) throw AppError.of(409, RECURSO_MSG.decidido);
    const recursado = Number(ri.recursado);
    if (d.resultado !== '3095' && d.valorAcatado != null) throw AppError.of(422, RECURSO_MSG.valorSemParcial, { field: 'valorAcatado' });
    if (d.resultado === '3095' && (d.valorAcatado == null || d.valorAcatado >= recursado)) throw AppError.of(422, RECURSO_MSG.valorParcial(formatMoney(recursado)), { field: 'valorAcatado' });
    const acatado = d.resultado === '3092' ? recursado : d.resultado === '3095' ? d.valorAcatado! : 0;
    // the item: what was accepted leaves the glosa and is released (the glosa never goes below zero: checked when appealed)
    const glosaAntes = Number(ri.glosa);
    const liberadoAntes = Number(ri.liberado ?? Number(ri.informado) - glosaAntes);
    const glosa = glosaAntes - Math.min(acatado, glosaAntes);
    const liberado = liberadoAntes + (glosaAntes - glosa);
    const [novo] = await query<{ version: number }>(
      tx,
      sql`update recursos_glosa_itens set resultado = ${d.resultado}, valor_acatado_centavos = ${acatado}, justificativa_operadora = ${d.justificativa},
            decidido_por_id = ${actor.session.user.id}, decidido_em = now(), version = version + 1
          where id = ${id} and version = ${d.version} returning version`,
    );
    if (!novo) throw AppError.of(409, APP_MSG.conflito);
    if (acatado > 0) {
      // the protocol's row first: its stored totals are summed after any other decision on it committed
      await tx.execute(sql`select id from protocolos_recebimento where id = ${ri.protocolo_id} for update`);
      await tx.execute(sql`update itens_faturados set valor_glosa_centavos = ${glosa}, valor_liberado_centavos = ${liberado}, version = version + 1 where id = ${ri.item_id}`);
      await tx.execute(sql`update guias_faturadas g set valor_liberado_centavos = s.liberado, valor_glosa_centavos = s.glosa, version = g.version + 1
        from (select sum(coalesce(valor_liberado_centavos, 0)) as liberado, sum(valor_glosa_centavos) as glosa from itens_faturados where guia_id = ${ri.guia_id}) s
        where g.id = ${ri.guia_id}`);
      await atualizarTotaisProtocolo(tx, ri.protocolo_id);
    }
    const [r] = await query<{ status: string }>(
      tx,
      sql`update recursos_glosa r set valor_acatado_centavos = s.acatado, status = case when s.pendentes = 0 then '3' else '2' end, version = r.version + 1
          from (select coalesce(sum(valor_acatado_centavos), 0) as acatado, count(*) filter (where resultado is null) as pendentes from recursos_glosa_itens where recurso_id = ${ri.recurso_id}) s
          where r.id = ${ri.recurso_id} returning r.status`,
    );
    await recordTrail(tx, actor, {
      entidade: 'recursoglosaitem',
      registroId: id,
      acao: 'update',
      antes: { resultado: null, valorAcatado: null, valorLiberado: liberadoAntes, valorGlosa: glosaAntes },
      depois: { recurso: ri.numero, resultado: d.resultado, valorAcatado: acatado, valorLiberado: liberado, valorGlosa: glosa, justificativa: d.justificativa },
    });
    return { id, version: novo.version, resultado: d.resultado, valorAcatado: acatado, valorLiberado: liberado, valorGlosa: glosa, situacaoRecurso: r.status as SituacaoRecurso };
  });
}

/** One line saying what an appeal holds (the receipt's log, the preview). */
export const resumoRecurso = (protocolo: string, itens: number, valor: Centavos) =>
  `Recurso do protocolo ${protocolo}: ${itens} ${itens === 1 ? 'item' : 'itens'}, valor recursado ${formatMoney(valor)}.`;

export const dataBr = (iso: string) => instantToBr(iso).slice(0, 10);
