import { sql, type SQL } from 'drizzle-orm';
import { isoToBr as br } from '../../shared/dates';
import { formatMoney, formatMoneyPlain, sumMoney, timesQuantity, toCentavos, type Centavos } from '../../shared/money';
import { OPCOES_PADRAO, precificar, type TabelasDePreco } from '../../shared/precos/calculo';
import type { Previa } from '../../shared/processos/define';
import { recalculoAtendimento, STATUS_ABERTOS } from '../../shared/processos/precos';
import { paramsSchema } from '../../shared/processos/schema';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { autorizacaoItens, autorizacoes } from '../db/schema';
import { query } from '../db/sql';
import { defineJobKind } from '../jobs/kind';
import { scopeOf, scopeWhere } from '../policy';
import { csvLine } from '../resources/export';
import { recordTrailMany } from '../trail/record';
import { relatorioRecalculoPdf } from './relatorio-pdf';
import { carregarTabelas, prestadoresDePreco, procedimentosPorCodigo } from './tabelas';

type Params = { inicio: string; fim: string; prestador: number | null };
const BATCH = 200;

/** The open authorizations of the period (and provider) the session sees, as a condition on `a`. */
async function filtro(ctx: AppContext, session: RequestSession, p: Params): Promise<SQL> {
  const scope = await scopeOf(ctx, session, 'autorizacao');
  const prestador = p.prestador == null ? sql`` : sql` and (a.prestador_id = ${p.prestador} or a.prestador_executante_id = ${p.prestador})`;
  return sql`a.status in (${sql.join(STATUS_ABERTOS.map((s) => sql`${s}`), sql`, `)}) and a.data_solicitacao between ${p.inicio} and ${p.fim}${prestador} and ${scopeWhere(scope, 'autorizacao', 'a')}`;
}

interface Guia {
  id: number;
  numero: string;
  status: number;
  data: string;
  prestadorId: number;
  valor: Centavos;
  version: number;
}
interface Item {
  id: number;
  autorizacaoId: number;
  seq: number;
  tabela: string;
  codigo: string;
  descricao: string;
  quantidade: number;
  valor: Centavos;
}
/** One item repriced (or not), as the report lists it. */
export interface LinhaRecalculo {
  numero: string;
  data: string;
  prestador: string;
  seq: number;
  codigo: string;
  descricao: string;
  quantidade: number;
  antes: Centavos;
  depois: Centavos;
  observacao: string;
}
interface Resultado {
  guias: { guia: Guia; itens: { item: Item; novo: Centavos | null; motivo: string | null }[]; total: Centavos }[];
  prestadores: Map<number, string>;
}

async function guiasDepois(db: Db, where: SQL, depois: number, limite: number): Promise<Guia[]> {
  const rows = await query<Guia & { valor: unknown }>(
    db,
    sql`select a.id, a.numero, a.status, a.data_solicitacao::text as data, coalesce(a.prestador_executante_id, a.prestador_id) as "prestadorId", a.valor_centavos as valor, a.version
        from autorizacoes a where ${where} and a.id > ${depois} order by a.id limit ${limite}`,
  );
  return rows.map((r) => ({ ...r, valor: toCentavos(r.valor) ?? 0 }));
}

/**
 * Each guide's items priced again with the one pricing function: the procedures (TUSS 22) by the executing
 * provider's contract (the requesting one when there is none) at the request's date, as a standard act — the
 * executing role, access route and urgency hour are known only when the act is billed. Other tables' items
 * (fees, materials, medicines) keep their value.
 */
async function reprecificar(db: Db, tabelas: TabelasDePreco, guias: Guia[]): Promise<Resultado> {
  if (!guias.length) return { guias: [], prestadores: new Map() };
  const itens = await query<Item & { valor: unknown }>(
    db,
    sql`select i.id, i.autorizacao_id as "autorizacaoId", i.seq, i.tabela, i.codigo, i.descricao, i.quantidade_solicitada as quantidade, i.valor_centavos as valor
        from autorizacao_itens i where i.autorizacao_id in (${sql.join(guias.map((g) => sql`${g.id}`), sql`, `)}) order by i.autorizacao_id, i.seq`,
  );
  const prestadores = await prestadoresDePreco(db, guias.map((g) => g.prestadorId));
  const procs = await procedimentosPorCodigo(db, itens.filter((i) => i.tabela === '22').map((i) => i.codigo));
  const porGuia = new Map<number, Item[]>();
  for (const i of itens) porGuia.set(i.autorizacaoId, [...(porGuia.get(i.autorizacaoId) ?? []), { ...i, valor: toCentavos(i.valor) ?? 0 }]);
  return {
    prestadores: new Map([...prestadores].map(([id, p]) => [id, p.nome])),
    guias: guias.map((guia) => {
      const out = (porGuia.get(guia.id) ?? []).map((item) => {
        if (item.tabela !== '22') return { item, novo: null, motivo: null };
        const proc = procs.get(item.codigo);
        const prest = prestadores.get(guia.prestadorId);
        if (!proc) return { item, novo: null, motivo: 'Código fora da tabela de procedimentos: valor mantido.' };
        const preco = precificar(tabelas, prest!, proc, guia.data, OPCOES_PADRAO);
        return preco.ok ? { item, novo: preco.valorUnitario, motivo: null } : { item, novo: null, motivo: `${preco.motivo} Valor mantido.` };
      });
      const total = sumMoney(out.map((o) => timesQuantity(o.novo ?? o.item.valor, o.item.quantidade)));
      return { guia, itens: out, total };
    }),
  };
}

const mudou = (g: Resultado['guias'][number]) => g.total !== g.guia.valor || g.itens.some((i) => i.novo != null && i.novo !== i.item.valor);

export const recalculoKind = defineJobKind<Params>({
  tipo: recalculoAtendimento.tipo,
  comandos: [recalculoAtendimento.comando],
  params: paramsSchema(recalculoAtendimento) as never,
  title: (_ctx, _c, p) => `Recálculo das autorizações abertas de ${br(p.inicio)} a ${br(p.fim)}`,

  async preview(ctx, session, p): Promise<Previa> {
    const where = await filtro(ctx, session, p);
    const tabelas = await carregarTabelas(ctx.db);
    let depois = 0;
    let abertas = 0;
    let alteradas = 0;
    let diferenca = 0;
    const amostra: string[] = [];
    // reading and pricing only (no writes): the total difference is what the run would write
    for (;;) {
      const lote = await guiasDepois(ctx.db, where, depois, 1000);
      if (!lote.length) break;
      const r = await reprecificar(ctx.db, tabelas, lote);
      for (const g of r.guias) {
        abertas++;
        if (!mudou(g)) continue;
        alteradas++;
        diferenca += g.total - g.guia.valor;
        if (amostra.length < 8) amostra.push(`Guia ${g.guia.numero} · ${r.prestadores.get(g.guia.prestadorId) ?? ''} · ${formatMoney(g.guia.valor)} → ${formatMoney(g.total)}`);
      }
      depois = lote.at(-1)!.id;
    }
    const resumo =
      abertas === 0
        ? 'Nenhuma autorização aberta neste período.'
        : alteradas === 0
          ? `${abertas.toLocaleString('pt-BR')} ${abertas === 1 ? 'autorização aberta já está' : 'autorizações abertas já estão'} com os preços das tabelas em vigência: nada a alterar.`
          : `${alteradas.toLocaleString('pt-BR')} de ${abertas.toLocaleString('pt-BR')} ${abertas === 1 ? 'autorização aberta muda' : 'autorizações abertas mudam'} de valor; diferença total de ${diferenca < 0 ? '-' : '+'}${formatMoney(Math.abs(diferenca))}.`;
    return { total: alteradas, resumo, amostra };
  },

  async run(job, p) {
    const { ctx, session } = job;
    const where = await filtro(ctx, session, p);
    const tabelas = await carregarTabelas(ctx.db);
    const [{ n }] = await query<{ n: number }>(ctx.db, sql`select count(*)::int as n from autorizacoes a where ${where}`);
    await job.log(`${n.toLocaleString('pt-BR')} autorizações abertas solicitadas de ${br(p.inicio)} a ${br(p.fim)}.`);
    const actor = { session, ip: '' };
    const linhas: LinhaRecalculo[] = [];
    let depois = 0;
    let vistas = 0;
    let alteradas = 0;
    let antesTotal = 0;
    let depoisTotal = 0;
    let semPreco = 0;
    for (;;) {
      await job.checkpoint();
      const lote = await guiasDepois(ctx.db, where, depois, BATCH);
      if (!lote.length) break;
      depois = lote.at(-1)!.id;
      await ctx.db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        // the guides of the batch as they are now, locked: one decided meanwhile keeps its value
        const ids = lote.map((g) => g.id);
        await query(t, sql`select id from autorizacoes where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) order by id for update`);
        const agora = await guiasDepois(t, sql`a.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) and a.status in (${sql.join(STATUS_ABERTOS.map((s) => sql`${s}`), sql`, `)})`, 0, BATCH);
        const r = await reprecificar(t, tabelas, agora);
        const trilha = [];
        for (const g of r.guias) {
          vistas++;
          const nome = r.prestadores.get(g.guia.prestadorId) ?? '';
          for (const i of g.itens) {
            if (i.motivo) {
              semPreco++;
              linhas.push({ numero: g.guia.numero, data: g.guia.data, prestador: nome, seq: i.item.seq, codigo: i.item.codigo, descricao: i.item.descricao, quantidade: i.item.quantidade, antes: i.item.valor, depois: i.item.valor, observacao: i.motivo });
            }
          }
          if (!mudou(g)) continue;
          alteradas++;
          antesTotal += g.guia.valor;
          depoisTotal += g.total;
          const mudaram = g.itens.filter((i) => i.novo != null && i.novo !== i.item.valor);
          for (const i of mudaram) {
            await t.update(autorizacaoItens).set({ valor: i.novo! }).where(sql`${autorizacaoItens.id} = ${i.item.id}`);
            linhas.push({ numero: g.guia.numero, data: g.guia.data, prestador: nome, seq: i.item.seq, codigo: i.item.codigo, descricao: i.item.descricao, quantidade: i.item.quantidade, antes: i.item.valor, depois: i.novo!, observacao: '' });
          }
          // version moves on: a screen holding the guide gets the conflict instead of writing the old value back
          await t.update(autorizacoes).set({ valor: g.total, version: sql`${autorizacoes.version} + 1` }).where(sql`${autorizacoes.id} = ${g.guia.id}`);
          trilha.push({
            entidade: 'autorizacao',
            registroId: g.guia.id,
            acao: 'update' as const,
            antes: { valor: g.guia.valor, itens: mudaram.map((i) => ({ seq: i.item.seq, codigo: i.item.codigo, valor: i.item.valor })), recalculo: null },
            depois: { valor: g.total, itens: mudaram.map((i) => ({ seq: i.item.seq, codigo: i.item.codigo, valor: i.novo })), recalculo: job.id },
          });
        }
        await recordTrailMany(t, actor, trilha);
      });
      await job.progress(n ? Math.min(90, Math.floor((vistas / n) * 90)) : 90, `${vistas.toLocaleString('pt-BR')} de ${n.toLocaleString('pt-BR')} autorizações`);
    }
    const dif = depoisTotal - antesTotal;
    const resumo = `${alteradas.toLocaleString('pt-BR')} de ${vistas.toLocaleString('pt-BR')} autorizações abertas alteradas: ${formatMoney(antesTotal)} antes, ${formatMoney(depoisTotal)} depois (diferença de ${dif < 0 ? '-' : '+'}${formatMoney(Math.abs(dif))}).`;
    await job.log(resumo);
    if (semPreco) await job.log(`${semPreco.toLocaleString('pt-BR')} itens sem preço nas tabelas em vigência mantiveram o valor (listados no relatório).`, 'aviso');
    await job.progress(93, 'Gravando o relatório');
    await job.saveFile(`recalculo-${job.id}.csv`, 'csv', relatorioRecalculoCsv(linhas));
    await job.saveFile(`recalculo-${job.id}.pdf`, 'pdf', await relatorioRecalculoPdf(linhas, { periodo: `${br(p.inicio)} a ${br(p.fim)}`, resumo }));
  },
});

/** Reais with a decimal comma and no grouping (what Excel in pt-BR reads as a number). */
export const reaisCsv = (c: Centavos) => formatMoneyPlain(c).replace(/\./g, '');

export const CABECALHO_RECALCULO = ['Guia', 'Data da solicitação', 'Prestador', 'Item', 'Código TUSS', 'Descrição', 'Quantidade', 'Valor unitário antes', 'Valor unitário depois', 'Total antes', 'Total depois', 'Diferença', 'Observação'];

/** The before/after report: one line per item repriced or kept for lack of a price (";", UTF-8 with BOM). */
export function relatorioRecalculoCsv(linhas: readonly LinhaRecalculo[]): Uint8Array {
  const out = [csvLine(CABECALHO_RECALCULO)];
  for (const l of linhas) {
    const antes = timesQuantity(l.antes, l.quantidade);
    const depois = timesQuantity(l.depois, l.quantidade);
    out.push(
      [csvLine([l.numero, br(l.data), l.prestador, String(l.seq), l.codigo, l.descricao]), String(l.quantidade), reaisCsv(l.antes), reaisCsv(l.depois), reaisCsv(antes), reaisCsv(depois), reaisCsv(depois - antes), csvLine([l.observacao])].join(';'),
    );
  }
  return new TextEncoder().encode(`\uFEFF${out.join('\r\n')}\r\n`);
}
