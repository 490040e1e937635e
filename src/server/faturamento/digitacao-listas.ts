import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { ATENDIMENTO_CONTROLE_LIST, FATURAS_DIGITADAS_LIST, FECHAMENTO_GLOSA_LIST, SEGUNDA_VIA_LIST, TIPOS_AUTORIZACAO_ATENDIMENTO } from '../../shared/faturamento/listas';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query, searchTerm } from '../db/sql';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';
import { COLUNAS_FATURA, JUNCOES_FATURA, linhaFatura } from './digitacao';
import { protocolosRecebimentoSource } from './listas';

/**
 * The lists of flow 1 and around the review: the typed bills (alias "f"), the attendance control (a derived table
 * "ac": one row per authorized guide with what was done with it) and the protocols whose glosas are closed by hand
 * ("fg"). The policy's scope applies to each alias's `prestador_id`.
 */

const prestadorPorTermo =
  (alias: string) =>
  (v: string): SQL =>
    sql`${sql.raw(alias)}.prestador_id in (select id from prestadores where codigo = ${v.trim()} or nome_busca like ${`%${searchTerm(v)}%`})`;

const somaDe = (coluna: string, alias: string, from: SQL) => async (db: Db, where: SQL) => {
  const [t] = await query<{ total: string }>(db, sql`select coalesce(sum(${sql.raw(`${alias}.${coluna}`)}), 0)::text as total from ${from} where ${where}`);
  return Number(t.total);
};

const FROM_DIGITADAS = sql`faturas_digitadas f`;

export const faturasDigitadasSource: ListSource = {
  from: FROM_DIGITADAS,
  alias: 'f',
  fields: {
    criadoEm: { expr: sql`f.criado_em` },
    numeroGuiaPrestador: { expr: sql`f.numero_guia_prestador` },
    tipoGuia: { expr: sql`f.tipo_guia` },
    senha: { expr: sql`f.senha` },
    prestador: { expr: sql`f.prestador_id`, search: prestadorPorTermo('f') },
    numeroCarteira: { expr: sql`f.numero_carteira` },
    dataAtendimento: { expr: sql`f.data_atendimento` },
    valorInformado: { expr: sql`f.valor_informado_centavos` },
    status: { expr: sql`f.status` },
    protocolo: { expr: sql`(select pr.numero from protocolos_recebimento pr where pr.id = f.protocolo_id)` },
  },
  async rows(db, ids) {
    const rows = await query<Parameters<typeof linhaFatura>[0]>(db, sql`select ${COLUNAS_FATURA} from ${pageIds(ids)} join faturas_digitadas f on f.id = pg.id ${JUNCOES_FATURA} order by pg.ord`);
    return rows.map(linhaFatura) as unknown as Row[];
  },
  async totals(db, where) {
    return { valorInformado: await somaDe('valor_informado_centavos', 'f', FROM_DIGITADAS)(db, where) };
  },
};

/**
 * One row per authorized guide with a senha: the executing provider (the requesting one when none executes), and its
 * latest execution — a typed bill not cancelled, or a billed guide of the same senha and beneficiary (typed and
 * closed, or from a lot file) —, whichever is in a protocol first.
 */
const FROM_CONTROLE = sql`(
  select a.id, a.numero, a.senha, a.data_autorizacao, a.tipo, coalesce(a.prestador_executante_id, a.prestador_id) as prestador_id, a.beneficiario_id,
    e.data_atendimento, e.protocolo_id, e.valor,
    case when e.protocolo_id is not null then 'FATURADA' when e.fatura_id is not null then 'ATENDIDA' else 'AUTORIZADA' end as situacao
  from autorizacoes a
  left join lateral (
    select x.fatura_id, x.protocolo_id, x.data_atendimento, x.valor from (
      select f.id as fatura_id, f.protocolo_id, f.data_atendimento, f.valor_informado_centavos as valor
        from faturas_digitadas f where f.autorizacao_id = a.id and f.status <> 'CANCELADA'
      union all
      select null, g.protocolo_id, g.data_atendimento, g.valor_informado_centavos
        from guias_faturadas g where g.senha = a.senha and g.beneficiario_id = a.beneficiario_id
    ) x order by x.protocolo_id is null, x.protocolo_id desc limit 1
  ) e on true
  where a.status in (1, 7) and a.senha is not null and a.tipo in (${sql.join(
    TIPOS_AUTORIZACAO_ATENDIMENTO.map((t) => sql`${t}`),
    sql`, `,
  )})
) ac`;

export const atendimentoControleSource: ListSource = {
  from: FROM_CONTROLE,
  alias: 'ac',
  fields: {
    numero: { expr: sql`ac.numero` },
    senha: { expr: sql`ac.senha` },
    dataAutorizacao: { expr: sql`ac.data_autorizacao`, nullable: true },
    tipo: { expr: sql`ac.tipo` },
    prestador: { expr: sql`ac.prestador_id`, search: prestadorPorTermo('ac') },
    numeroCarteira: { expr: sql`(select b.carteirinha from beneficiarios b where b.id = ac.beneficiario_id)` },
    situacao: { expr: sql`ac.situacao` },
    protocolo: { expr: sql`(select pr.numero from protocolos_recebimento pr where pr.id = ac.protocolo_id)` },
  },
  async rows(db, ids) {
    const rows = await query<{
      id: number;
      numero: string;
      senha: string;
      data_autorizacao: string | null;
      tipo: string;
      prestador_id: number;
      prestador_nome: string;
      beneficiario_nome: string;
      carteirinha: string;
      data_atendimento: string | null;
      situacao: string;
      protocolo: string | null;
      protocolo_id: number | null;
      valor: string | null;
    }>(
      db,
      sql`select ac.id, ac.numero, ac.senha, ac.data_autorizacao::text as data_autorizacao, ac.tipo, ac.prestador_id, p.nome as prestador_nome, b.nome as beneficiario_nome,
            b.carteirinha, ac.data_atendimento::text as data_atendimento, ac.situacao, pr.numero as protocolo, ac.protocolo_id, ac.valor::text as valor
          from ${pageIds(ids)} join ${FROM_CONTROLE} on ac.id = pg.id join prestadores p on p.id = ac.prestador_id join beneficiarios b on b.id = ac.beneficiario_id
          left join protocolos_recebimento pr on pr.id = ac.protocolo_id order by pg.ord`,
    );
    return rows.map((r) => ({
      id: r.id,
      numero: r.numero,
      senha: r.senha,
      dataAutorizacao: r.data_autorizacao,
      tipo: r.tipo,
      prestador: r.prestador_id,
      prestadorNome: r.prestador_nome,
      beneficiarioNome: r.beneficiario_nome,
      numeroCarteira: r.carteirinha,
      dataAtendimento: r.data_atendimento,
      situacao: r.situacao,
      protocolo: r.protocolo,
      protocoloId: r.protocolo_id,
      valorFaturado: r.valor == null ? null : Number(r.valor),
    })) as unknown as Row[];
  },
  async totals(db, where) {
    return { valorFaturado: await somaDe('valor', 'ac', FROM_CONTROLE)(db, where) };
  },
};

/**
 * Protocols whose review is closed and that glosed something (or whose glosas were already closed), by the totals
 * stored on the protocol (totais-protocolo.ts): no guide is read, and the predicate is the partial indexes'
 * (`protocolos_recebimento_fechamento_idx`, `…_valor_idx`), written the same.
 */
const FROM_FECHAMENTO = sql`(
  select p.id, p.numero, p.prestador_id, p.status, p.analise_encerrada_em, p.glosa_fechada_em,
    case when p.glosa_fechada_em is null then 'ABERTA' else 'FECHADA' end as situacao_glosa,
    p.valor_glosa_centavos as glosa, p.valor_liberado_centavos as liberado
  from protocolos_recebimento p
  where p.status not in ('1', '2') and (p.valor_glosa_centavos > 0 or p.glosa_fechada_em is not null)
) fg`;

export const fechamentoGlosaSource: ListSource = {
  from: FROM_FECHAMENTO,
  alias: 'fg',
  fields: {
    numero: { expr: sql`fg.numero` },
    analiseEncerradaEm: { expr: sql`fg.analise_encerrada_em`, nullable: true },
    prestador: { expr: sql`fg.prestador_id`, search: prestadorPorTermo('fg') },
    valorGlosa: { expr: sql`fg.glosa` },
    // the indexed column itself rather than the CASE (a filter on 'FECHADA' or 'ABERTA' then reads the index's rows)
    situacaoGlosa: {
      expr: sql`fg.situacao_glosa`,
      filter: (op, v) => (op === 'eq' && (v === 'ABERTA' || v === 'FECHADA') ? sql`fg.glosa_fechada_em is ${sql.raw(v === 'ABERTA' ? 'null' : 'not null')}` : sql`fg.situacao_glosa = ${v}`),
    },
    status: { expr: sql`fg.status` },
  },
  async rows(db, ids) {
    const rows = await query<{ id: number; numero: string; prestador_id: number; nome: string; codigo: string | null; status: string; encerrada: string | null; fechada: string | null; situacao_glosa: string; glosa: string; liberado: string; pendentes: number }>(
      db,
      sql`select fg.id, fg.numero, fg.prestador_id, p.nome, p.codigo, fg.status, fg.analise_encerrada_em as encerrada, fg.glosa_fechada_em as fechada, fg.situacao_glosa,
            fg.glosa::text as glosa, fg.liberado::text as liberado, coalesce(pe.n, 0) as pendentes
          from ${pageIds(ids)} join ${FROM_FECHAMENTO} on fg.id = pg.id join prestadores p on p.id = fg.prestador_id
          -- the open appeal items of the page's protocols only
          left join (select r.protocolo_id, count(*)::int as n from recursos_glosa r join recursos_glosa_itens ri on ri.recurso_id = r.id
                     where r.protocolo_id = any(${sql.raw(`array[${ids.map((i) => Math.trunc(Number(i)) || 0).join(',')}]::int[]`)}) and ri.resultado is null group by r.protocolo_id) pe on pe.protocolo_id = fg.id
          order by pg.ord`,
    );
    return rows.map((r) => ({
      id: r.id,
      numero: r.numero,
      prestador: r.prestador_id,
      prestadorNome: r.nome,
      prestadorCodigo: r.codigo,
      status: r.status,
      analiseEncerradaEm: r.encerrada ? new Date(r.encerrada).toISOString() : null,
      glosaFechadaEm: r.fechada ? new Date(r.fechada).toISOString() : null,
      situacaoGlosa: r.situacao_glosa,
      valorGlosa: Number(r.glosa),
      valorLiberado: Number(r.liberado),
      recursosPendentes: r.pendentes,
    })) as unknown as Row[];
  },
  async totals(db, where) {
    return { valorGlosa: await somaDe('glosa', 'fg', FROM_FECHAMENTO)(db, where) };
  },
};

/** GET lists and their summaries, guarded by each list's command and the policy's scope. */
export function digitacaoListRoutes(app: FastifyInstance, ctx: AppContext) {
  registerList(app, ctx, FATURAS_DIGITADAS_LIST, faturasDigitadasSource, { neighbors: false });
  registerList(app, ctx, ATENDIMENTO_CONTROLE_LIST, atendimentoControleSource, { neighbors: false });
  registerList(app, ctx, FECHAMENTO_GLOSA_LIST, fechamentoGlosaSource, { neighbors: false });
  registerList(app, ctx, SEGUNDA_VIA_LIST, protocolosRecebimentoSource, { neighbors: false });
}
