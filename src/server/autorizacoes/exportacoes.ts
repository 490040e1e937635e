import { sql, type SQL } from 'drizzle-orm';
import { TIPOS, type Tipo } from '../../shared/autorizacoes';
import { isoToBr as br } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { LAYOUT_MALA_DIRETA_AUDITORIA, LAYOUT_NEXIA, malaDiretaAuditoria, nexiaAuditoria } from '../../shared/processos/exportacoes';
import { paramsSchema } from '../../shared/processos/schema';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { defineJobKind } from '../jobs/kind';
import { gerarArquivo, periodoNoNome, previaDe } from '../jobs/layout-export';
import { scopeOf, scopeWhere } from '../policy';
import { abrirLote, descartarLote, fecharLote, type ItemDoLote } from '../auditoria-externa/lotes';

/**
 * The audit's exports (copass): the mailing of the beneficiaries whose requests went to the audit in a period, and
 * the Nexia audit company's file of the requests the audit decided in a period, item by item with the values.
 */

type Periodo = { inicio: string; fim: string };

/** A request that went to the audit: created "Em Análise" (not authorized at once by the operator's rules). */
const AUDITADA = sql`exists (select 1 from autorizacao_historico h where h.autorizacao_id = a.id and h.acao = 'criar' and h.para = 2)`;

async function escopo(ctx: AppContext, session: RequestSession): Promise<SQL> {
  return scopeWhere(await scopeOf(ctx, session, 'autorizacao'), 'autorizacao', 'a');
}

// ---- Mala direta de auditoria --------------------------------------------------------------------------------------

interface Destinatario {
  chave: number;
  matricula: string;
  nome: string;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  cep: string;
  n: number;
  ultima: string;
}

/** Each beneficiary's audited requests of the period, as a lateral over `b` (the beneficiary index serves it). */
const auditadasDo = (p: Periodo, esc: SQL) =>
  sql`cross join lateral (select count(*)::int as n, max(a.data_solicitacao)::text as ultima from autorizacoes a
      where a.beneficiario_id = b.id and a.data_solicitacao between ${p.inicio} and ${p.fim} and ${AUDITADA} and ${esc}) x`;

async function contarMala(ctx: AppContext, session: RequestSession, p: Periodo) {
  const esc = await escopo(ctx, session);
  const [r] = await query<{ com: number; sem: number }>(
    ctx.db,
    sql`select count(*) filter (where b.cep is not null and b.cep <> '')::int as com, count(*) filter (where b.cep is null or b.cep = '')::int as sem
        from beneficiarios b where b.id in (select a.beneficiario_id from autorizacoes a where a.data_solicitacao between ${p.inicio} and ${p.fim} and ${AUDITADA} and ${esc})`,
  );
  return r;
}

export const auditMailingExport = defineJobKind<Periodo>({
  tipo: malaDiretaAuditoria.tipo,
  comandos: [malaDiretaAuditoria.comando],
  params: paramsSchema(malaDiretaAuditoria) as never,
  title: (_ctx, _c, p) => `Mala direta de auditoria de ${br(p.inicio)} a ${br(p.fim)}`,

  async preview(ctx, session, p) {
    const c = await contarMala(ctx, session, p);
    const esc = await escopo(ctx, session);
    const fora = c.sem ? ` ${c.sem} sem CEP ${c.sem === 1 ? 'fica' : 'ficam'} de fora.` : '';
    return previaDe(
      ctx.db,
      c.com,
      `Nenhum beneficiário com solicitação encaminhada à auditoria neste período.${fora}`,
      (n) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'beneficiário entra' : 'beneficiários entram'} na mala direta.${fora}`,
      sql`select b.nome || ' · ' || coalesce(ci.nome, '') || '/' || coalesce(b.uf, '') || ' · ' || x.n || case when x.n = 1 then ' solicitação' else ' solicitações' end as texto
          from beneficiarios b ${auditadasDo(p, esc)} left join cidades ci on ci.id = b.cidade
          where x.n > 0 and b.cep is not null and b.cep <> '' order by b.id limit 8`,
    );
  },

  async run(job, p) {
    const esc = await escopo(job.ctx, job.session);
    const c = await contarMala(job.ctx, job.session, p);
    if (c.sem) await job.log(`${c.sem} ${c.sem === 1 ? 'beneficiário sem CEP ficou' : 'beneficiários sem CEP ficaram'} de fora.`, 'aviso');
    await gerarArquivo<Destinatario>(job, {
      layout: LAYOUT_MALA_DIRETA_AUDITORIA,
      nome: periodoNoNome('mala-direta-auditoria', p.inicio, p.fim),
      inicio: p.inicio,
      fim: p.fim,
      unidade: 'beneficiários',
      contar: async () => c.com,
      pagina: (db, depois, limite) =>
        query<Destinatario>(
          db,
          sql`select b.id as chave, b.matricula, b.nome, b.logradouro, b.numero, b.complemento, b.bairro, ci.nome as cidade, b.uf, b.cep, x.n, x.ultima
              from beneficiarios b ${auditadasDo(p, esc)} left join cidades ci on ci.id = b.cidade
              where b.id > ${depois} and x.n > 0 and b.cep is not null and b.cep <> '' order by b.id limit ${limite}`,
        ),
      detalhe: (r) => ({ ...r, guias: r.n }),
      trailer: (quantidade) => ({ quantidade }),
    });
  },
});

// ---- Auditoria Nexia ---------------------------------------------------------------------------------------------

type ParamsNexia = Periodo & { situacao?: 'DECIDIDAS' | 'PENDENTES' | null };

interface ItemAuditado {
  chave: number;
  item_id: number;
  guia: string;
  tipo_guia: Tipo;
  solicitacao: string;
  carteirinha: string;
  beneficiario: string;
  prestador: string;
  documento: string | null;
  tabela: string;
  procedimento: string;
  descricao: string;
  qtd_solicitada: number;
  qtd_autorizada: number | null;
  valor_unitario: number;
  decisao: number;
  motivo_negativa: string | null;
  decisao_em: string | null;
  auditor: string | null;
}

const pendentes = (p: ParamsNexia) => p.situacao === 'PENDENTES';

/**
 * The requests of a lot, as `a`: the audit's decisions (authorized, denied, partly) on São Paulo days of the period, or
 * the requests awaiting the audit ("Em Análise") asked for in the period.
 */
async function doLote(ctx: AppContext, session: RequestSession, p: ParamsNexia): Promise<SQL> {
  const esc = await escopo(ctx, session);
  if (pendentes(p)) return sql`a.status = 2 and a.data_solicitacao between ${p.inicio} and ${p.fim} and ${esc}`;
  return sql`a.status in (1, 3, 7) and (a.decidida_em at time zone 'America/Sao_Paulo')::date between ${p.inicio} and ${p.fim} and ${AUDITADA} and ${esc}`;
}

export const nexiaAuditExport = defineJobKind<ParamsNexia>({
  tipo: nexiaAuditoria.tipo,
  comandos: [nexiaAuditoria.comando],
  params: paramsSchema(nexiaAuditoria) as never,
  title: (_ctx, _c, p) => (pendentes(p) ? `Auditoria Nexia das solicitações em análise de ${br(p.inicio)} a ${br(p.fim)}` : `Auditoria Nexia das decisões de ${br(p.inicio)} a ${br(p.fim)}`),

  async preview(ctx, session, p) {
    const where = await doLote(ctx, session, p);
    const [c] = await query<{ guias: number; itens: number }>(
      ctx.db,
      sql`select count(distinct a.id)::int as guias, count(i.id)::int as itens from autorizacoes a join autorizacao_itens i on i.autorizacao_id = a.id where ${where}`,
    );
    const amostra = await query<{ numero: string; tipo: Tipo; nome: string; status: number; valor_centavos: number }>(
      ctx.db,
      sql`select a.numero, a.tipo, b.nome, a.status, a.valor_centavos from autorizacoes a join beneficiarios b on b.id = a.beneficiario_id where ${where} order by a.decidida_em, a.id limit 8`,
    );
    const decisao = { 1: 'autorizada', 2: 'em análise', 3: 'negada', 7: 'autorizada em parte' } as Record<number, string>;
    const vazio = pendentes(p) ? 'Nenhuma solicitação em análise na auditoria neste período.' : 'Nenhuma solicitação decidida pela auditoria neste período.';
    return {
      total: c.itens,
      resumo:
        c.guias === 0
          ? vazio
          : `${c.guias} ${c.guias === 1 ? (pendentes(p) ? 'guia em análise' : 'guia auditada') : pendentes(p) ? 'guias em análise' : 'guias auditadas'}, ${c.itens} ${c.itens === 1 ? 'item' : 'itens'} no arquivo; o arquivo vira um lote de auditoria.`,
      amostra: amostra.map((r) => `${r.numero} · ${TIPOS[r.tipo].label} · ${r.nome} · ${decisao[r.status]} · ${formatMoney(r.valor_centavos)}`),
    };
  },

  async run(job, p) {
    const where = await doLote(job.ctx, job.session, p);
    const guias = new Set<string>();
    const itens: ItemDoLote[] = [];
    let solicitado = 0;
    let autorizado = 0;
    // the lot is recorded first: its number goes in the file's header and comes back in the company's return
    const lote = await abrirLote(job, { empresa: 'NEXIA', situacao: pendentes(p) ? 'PENDENTES' : 'DECIDIDAS', inicio: p.inicio, fim: p.fim });
    try {
      await gerarArquivo<ItemAuditado>(job, {
        layout: LAYOUT_NEXIA,
        nome: periodoNoNome('nexia-auditoria', p.inicio, p.fim),
        inicio: p.inicio,
        fim: p.fim,
        cabecalho: { lote },
        unidade: 'itens',
        contar: async (db) => (await query<{ n: number }>(db, sql`select count(*)::int as n from autorizacoes a join autorizacao_itens i on i.autorizacao_id = a.id where ${where}`))[0].n,
        // a page is every item of the next requests by id: the requests are found by the primary key from where the last
        // page stopped (one pass over the table in all), their items by the request's index
        pagina: (db, depois, limite) =>
          query<ItemAuditado>(
            db,
            sql`with sel as (select a.id from autorizacoes a where ${where} and a.id > ${depois} order by a.id limit ${limite})
                select a.id as chave, i.id as item_id, a.numero as guia, a.tipo as tipo_guia, a.data_solicitacao::text as solicitacao, b.carteirinha, b.nome as beneficiario,
                  pr.codigo as prestador, coalesce(pr.cnpj, pr.cpf) as documento, i.tabela, i.codigo as procedimento, i.descricao,
                  i.quantidade_solicitada as qtd_solicitada, i.quantidade_autorizada as qtd_autorizada, i.valor_centavos as valor_unitario,
                  a.status as decisao, i.motivo_negativa, (a.decidida_em at time zone 'America/Sao_Paulo')::date::text as decisao_em, d.usuario_nome as auditor
                from sel join autorizacoes a on a.id = sel.id join autorizacao_itens i on i.autorizacao_id = a.id
                  join beneficiarios b on b.id = a.beneficiario_id join prestadores pr on pr.id = a.prestador_id
                left join lateral (select h.usuario_nome from autorizacao_historico h where h.autorizacao_id = a.id and h.acao in ('autorizar', 'negar', 'autorizarParcial')
                  order by h.em desc, h.id desc limit 1) d on true
                order by a.id, i.seq`,
          ),
        detalhe: (r) => {
          r.valor_unitario = Number(r.valor_unitario);
          const qtdAut = r.qtd_autorizada ?? (r.decisao === 1 ? r.qtd_solicitada : 0);
          return {
            ...r,
            tipoGuia: TIPOS[r.tipo_guia].label,
            documentoPrestador: r.documento,
            qtdSolicitada: r.qtd_solicitada,
            qtdAutorizada: qtdAut,
            valorUnitario: r.valor_unitario,
            valorSolicitado: r.valor_unitario * r.qtd_solicitada,
            valorAutorizado: r.valor_unitario * qtdAut,
            motivoNegativa: r.motivo_negativa,
            decisaoEm: r.decisao_em,
          };
        },
        acumular: (r) => {
          guias.add(r.guia);
          itens.push({ autorizacaoId: r.chave, itemId: r.item_id, guia: r.guia, codigo: r.procedimento, quantidade: r.qtd_solicitada });
          // integer centavos times whole quantities: exact
          r.valor_unitario = Number(r.valor_unitario);
          solicitado += r.valor_unitario * r.qtd_solicitada;
          autorizado += r.valor_unitario * (r.qtd_autorizada ?? (r.decisao === 1 ? r.qtd_solicitada : 0));
        },
        trailer: (quantidade) => ({ quantidade, guias: guias.size, totalSolicitado: solicitado, totalAutorizado: autorizado }),
      });
    } catch (err) {
      await descartarLote(job, lote);
      throw err;
    }
    await fecharLote(job, lote, itens);
    await job.log(`Lote ${lote}: ${guias.size} ${guias.size === 1 ? 'guia' : 'guias'}: solicitado ${formatMoney(solicitado)}, autorizado ${formatMoney(autorizado)}.`);
  },
});
