import { sql } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { LAYOUT_MOVIMENTO_CONTABIL, movimentoContabil, ORIGENS_MOVIMENTO, type OrigemMovimento } from '../../shared/processos/contabilidade';
import type { Previa } from '../../shared/processos/define';
import { competenciaBr, competenciaIso } from '../../shared/processos/folha';
import { linha } from '../../shared/processos/layout';
import { paramsSchema } from '../../shared/processos/schema';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { recordTrail } from '../trail/record';
import { aaaamm, operadora, texto } from './folha';

/**
 * Processar Movimento Contábil: the month's double entries, each event one entry with the same value on its debit
 * and its credit account (so the month's debits always equal its credits), by the mapping in force on the event's day:
 * - EVENTO_CONHECIDO: a provider's billing received in the month, its informed value (the ANS "eventos avisados":
 *   the cost is known when the bill arrives, RN 528/2022 plan of accounts);
 * - GLOSA: the review closed in the month glosed part of a protocol: that part of the known event is reversed;
 * - IMPOSTO: a payment to a provider consolidated in the month (not reversed): its withholdings move from the events
 *   to settle to the taxes to collect.
 * A month is generated once (a second run is refused while its entries stand); the reversal writes every entry again
 * with debit and credit swapped (estorno_de), marks them reversed and frees the month. Every run leaves its file and
 * a trail line with the counts and the totals.
 */

export type ParamsMovimento = { competencia: string; operacao: 'GERAR' | 'ESTORNAR'; motivo: string | null };

interface Evento {
  origem: OrigemMovimento;
  documentoTipo: 'PROTOCOLO' | 'PAGAMENTO';
  documentoId: number;
  documento: string;
  data: string;
  valor: number;
}
interface Conta {
  debito: string;
  credito: string;
  historico: string;
}

const mesDe = (p: ParamsMovimento) => competenciaIso(p.competencia)!.slice(0, 7);
const SP = (col: string) => sql.raw(`to_char(${col} at time zone 'America/Sao_Paulo', 'YYYY-MM')`);
const DIA = (col: string) => sql.raw(`to_char(${col} at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`);

async function eventos(db: Db, mes: string): Promise<Evento[]> {
  const rows = await query<{ origem: OrigemMovimento; tipo: 'PROTOCOLO' | 'PAGAMENTO'; id: number; documento: string; data: string; valor: string }>(
    db,
    sql`select 'EVENTO_CONHECIDO' as origem, 'PROTOCOLO' as tipo, p.id, p.numero as documento, ${DIA('p.recebido_em')} as data, p.valor_informado_centavos::text as valor
          from protocolos_recebimento p where ${SP('p.recebido_em')} = ${mes} and p.valor_informado_centavos > 0
        union all
        select 'GLOSA', 'PROTOCOLO', p.id, p.numero, ${DIA('p.analise_encerrada_em')}, sum(g.valor_glosa_centavos)::text
          from protocolos_recebimento p join guias_faturadas g on g.protocolo_id = p.id
          where p.analise_encerrada_em is not null and ${SP('p.analise_encerrada_em')} = ${mes}
          group by p.id, p.numero, p.analise_encerrada_em having sum(g.valor_glosa_centavos) > 0
        union all
        select 'IMPOSTO', 'PAGAMENTO', g.id, g.numero, ${DIA('g.criado_em')}, g.valor_retencoes_centavos::text
          from pagamentos_prestadores g where ${SP('g.criado_em')} = ${mes} and g.estornado_em is null and g.valor_retencoes_centavos > 0
        order by 1, 5, 3`,
  );
  return rows.map((r) => ({ origem: r.origem, documentoTipo: r.tipo, documentoId: r.id, documento: r.documento, data: r.data, valor: Number(r.valor) }));
}

/** The mapping of each origin in force on the month's last day; a missing one stops the run with where to register it. */
async function contas(db: Db, mes: string): Promise<Record<OrigemMovimento, Conta>> {
  const [a, m] = mes.split('-').map(Number);
  const ultimo = new Date(Date.UTC(a, m, 0)).toISOString().slice(0, 10);
  const rows = await query<{ origem: OrigemMovimento; debito: string; credito: string; historico: string | null }>(
    db,
    sql`select distinct on (m.origem) m.origem, d.codigo as debito, c.codigo as credito, m.historico
        from mapeamentos_plano_conta m join planos_contas d on d.id = m.conta_debito join planos_contas c on c.id = m.conta_credito
        where m.origem in ('EVENTO_CONHECIDO', 'GLOSA', 'IMPOSTO') and m.inicio_vigencia <= ${ultimo}
        order by m.origem, m.inicio_vigencia desc, m.id desc`,
  );
  const out = {} as Record<OrigemMovimento, Conta>;
  for (const [origem, rotulo] of ORIGENS_MOVIMENTO) {
    const r = rows.find((x) => x.origem === origem);
    if (!r) throw AppError.of(422, `Não há mapeamento do plano de contas de ${rotulo} em vigor em ${competenciaBr(`${mes}-01`)}: cadastre-o em Financeiro › Configuração Financeira › Mapeamento do Plano de Contas.`);
    out[origem] = { debito: r.debito, credito: r.credito, historico: r.historico ?? rotulo };
  }
  return out;
}

const vigentes = async (db: Db, mes: string) =>
  (await query<{ n: number }>(db, sql`select count(*)::int as n from lancamentos_contabeis where competencia = ${mes} and origem <> 'PPSC' and estorno_de is null and not estornado`))[0].n;

const MSG_JA_GERADO = (mes: string) => `O movimento contábil de ${competenciaBr(`${mes}-01`)} já foi gerado: estorne-o antes de gerar de novo.`;
const MSG_NADA_ESTORNAR = (mes: string) => `Não há movimento contábil de ${competenciaBr(`${mes}-01`)} a estornar.`;

function resumoPorOrigem(evs: Evento[]) {
  return ORIGENS_MOVIMENTO.map(([o, rotulo]) => {
    const de = evs.filter((e) => e.origem === o);
    return { rotulo, n: de.length, total: de.reduce((s, e) => s + e.valor, 0) };
  });
}

async function previaMov(ctx: AppContext, _s: RequestSession, p: ParamsMovimento): Promise<Previa> {
  const mes = mesDe(p);
  const nome = competenciaBr(`${mes}-01`);
  if (p.operacao === 'ESTORNAR') {
    const [r] = await query<{ n: number; total: string }>(ctx.db, sql`select count(*)::int as n, coalesce(sum(valor_centavos), 0)::text as total from lancamentos_contabeis where competencia = ${mes} and origem <> 'PPSC' and estorno_de is null and not estornado`);
    if (!r.n) throw AppError.of(422, MSG_NADA_ESTORNAR(mes));
    return { total: r.n, resumo: `${r.n.toLocaleString('pt-BR')} lançamentos de ${nome} (${formatMoney(Number(r.total))}) serão estornados com débito e crédito trocados.`, amostra: [] };
  }
  if (await vigentes(ctx.db, mes)) throw AppError.of(422, MSG_JA_GERADO(mes));
  const mapa = await contas(ctx.db, mes);
  const evs = await eventos(ctx.db, mes);
  const total = evs.reduce((s, e) => s + e.valor, 0);
  return {
    total: evs.length,
    resumo: evs.length ? `${evs.length.toLocaleString('pt-BR')} lançamentos de ${nome}: débitos e créditos de ${formatMoney(total)} cada.` : `Nenhum evento contábil em ${nome}.`,
    amostra: resumoPorOrigem(evs)
      .filter((o) => o.n)
      .map((o) => {
        const c = mapa[ORIGENS_MOVIMENTO.find(([, r]) => r === o.rotulo)![0]];
        return `${o.rotulo}: ${o.n.toLocaleString('pt-BR')} lançamentos, ${formatMoney(o.total)} (débito ${c.debito}, crédito ${c.credito})`;
      }),
  };
}

const CODIGO_ORIGEM: Record<OrigemMovimento, number> = { EVENTO_CONHECIDO: 1, GLOSA: 2, IMPOSTO: 3 };

/** An entry as written, read back for the file. */
export type Escrito = { id: number; data: string; conta_debito: string; conta_credito: string; valor: string; origem: OrigemMovimento; documento: string; estorno_de: number | null; historico: string };

/**
 * The month's remittance file to the accounting system (LAYOUT_MOVIMENTO_CONTABIL): header, one line per entry
 * written, trailer with the count and the totals. Also the demo seed's, so its remittances are the process's files.
 */
export function arquivoMovimento(cnpj: string, mes: string, escritos: readonly Escrito[], estorno: boolean, geracao = todayIso()) {
  const [cab, lanc, rod] = LAYOUT_MOVIMENTO_CONTABIL.registros;
  const linhas = [linha(cab, { cnpj, competencia: aaaamm(`${mes}-01`), geracao, operacao: estorno ? 'E' : 'G' })];
  let total = 0;
  for (const x of escritos) {
    linhas.push(
      linha(lanc, { lancamento: x.id, data: x.data, debito: x.conta_debito, credito: x.conta_credito, valor: Number(x.valor), origem: CODIGO_ORIGEM[x.origem], documento: x.documento, estornoDe: x.estorno_de, historico: x.historico }),
    );
    total += Number(x.valor);
  }
  linhas.push(linha(rod, { quantidade: escritos.length, debitos: total, creditos: total }));
  return { nome: `MOVCONTABIL_${mes.replace('-', '')}${estorno ? '_ESTORNO' : ''}.txt`, conteudo: texto(linhas), total };
}

const LOTE = 500;

export const movimentoContabilKind = defineJobKind<ParamsMovimento>({
  tipo: movimentoContabil.tipo,
  comandos: [movimentoContabil.comando],
  params: paramsSchema(movimentoContabil) as never,
  title: (_c, _m, p) => `${p.operacao === 'ESTORNAR' ? 'Estorno do movimento' : 'Movimento'} contábil de ${p.competencia.slice(0, 2)}/${p.competencia.slice(2)}`,
  preview: previaMov,
  async run(job, p) {
    const mes = mesDe(p);
    const op = await operadora(job.ctx);
    const actor = { session: job.session, ip: '' };
    const estorno = p.operacao === 'ESTORNAR';
    const mapa = estorno ? null : await contas(job.ctx.db, mes);
    const evs = estorno ? [] : await eventos(job.ctx.db, mes);
    await job.progress(20, estorno ? 'Estornando os lançamentos' : `${evs.length.toLocaleString('pt-BR')} eventos`);
    const escritos = await job.ctx.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      // one run of a month at a time: the second waits here and then sees the first's entries
      await t.execute(sql`select pg_advisory_xact_lock(hashtext(${`movimento-contabil:${mes}`}))`);
      if (estorno) {
        const originais = await query<{ id: number }>(t, sql`select id from lancamentos_contabeis where competencia = ${mes} and origem <> 'PPSC' and estorno_de is null and not estornado for update`);
        if (!originais.length) throw AppError.of(422, MSG_NADA_ESTORNAR(mes));
        const novos = await query<Escrito>(
          t,
          sql`insert into lancamentos_contabeis (competencia, data, origem, documento_tipo, documento_id, documento, conta_debito, conta_credito, valor_centavos, historico, estorno_de, execucao_id)
              select competencia, ${todayIso()}, origem, documento_tipo, documento_id, documento, conta_credito, conta_debito, valor_centavos, left(${`Estorno: ${p.motivo ?? ''}`} || ' - ' || historico, 200), id, ${job.id}
              from lancamentos_contabeis where competencia = ${mes} and origem <> 'PPSC' and estorno_de is null and not estornado order by id
              returning id, data::text as data, conta_debito, conta_credito, valor_centavos::text as valor, origem, documento, estorno_de, historico`,
        );
        await t.execute(sql`update lancamentos_contabeis set estornado = true where competencia = ${mes} and origem <> 'PPSC' and estorno_de is null and not estornado`);
        const total = novos.reduce((s, x) => s + Number(x.valor), 0);
        await recordTrail(t, actor, { entidade: 'movimentocontabil', registroId: novos[0].id, acao: 'update', antes: { competencia: mes, estornado: false }, depois: { competencia: mes, estornado: true, lancamentos: novos.length, total, motivo: p.motivo } });
        return novos;
      }
      if (await vigentes(t, mes)) throw AppError.of(422, MSG_JA_GERADO(mes));
      const out: Escrito[] = [];
      for (let i = 0; i < evs.length; i += LOTE) {
        const parte = evs.slice(i, i + LOTE).map((e) => {
          const c = mapa![e.origem];
          const historico = `${c.historico} ${e.documentoTipo === 'PROTOCOLO' ? 'protocolo' : 'pagamento'} ${e.documento}`.slice(0, 200);
          return sql`(${mes}, ${e.data}, ${e.origem}, ${e.documentoTipo}, ${e.documentoId}, ${e.documento}, ${c.debito}, ${c.credito}, ${e.valor}, ${historico}, ${job.id})`;
        });
        out.push(
          ...(await query<Escrito>(
            t,
            sql`insert into lancamentos_contabeis (competencia, data, origem, documento_tipo, documento_id, documento, conta_debito, conta_credito, valor_centavos, historico, execucao_id)
                values ${sql.join(parte, sql`, `)}
                returning id, data::text as data, conta_debito, conta_credito, valor_centavos::text as valor, origem, documento, estorno_de, historico`,
          )),
        );
      }
      if (out.length) {
        const porOrigem = Object.fromEntries(resumoPorOrigem(evs).map((o) => [o.rotulo, { lancamentos: o.n, total: o.total }]));
        await recordTrail(t, actor, { entidade: 'movimentocontabil', registroId: out[0].id, acao: 'insert', depois: { competencia: mes, lancamentos: out.length, total: out.reduce((s, x) => s + Number(x.valor), 0), ...porOrigem } });
      }
      return out;
    });
    await job.progress(80, 'Escrevendo o arquivo');
    const { nome, conteudo, total } = arquivoMovimento(op.cnpj, mes, escritos, estorno);
    await job.saveFile(nome, 'txt', conteudo);
    if (estorno) await job.log(`${escritos.length.toLocaleString('pt-BR')} lançamentos de ${competenciaBr(`${mes}-01`)} estornados (${formatMoney(total)}); motivo: ${p.motivo}. O mês pode ser gerado de novo.`);
    else {
      for (const o of resumoPorOrigem(evs)) if (o.n) await job.log(`${o.rotulo}: ${o.n.toLocaleString('pt-BR')} lançamentos, ${formatMoney(o.total)}.`);
      await job.log(`Arquivo ${nome}: ${escritos.length.toLocaleString('pt-BR')} lançamentos; débitos ${formatMoney(total)} = créditos ${formatMoney(total)}.`);
    }
  },
});
