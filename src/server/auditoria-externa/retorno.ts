import { sql } from 'drizzle-orm';
import { EMPRESAS_AUDITORIA, LAYOUT_RETORNO_NEXIA, PARECERES, retornoAuditoria } from '../../shared/auditoria-externa';
import { JUSTIFICATIVA_NEGATIVA_MIN, MOTIVO_CODES, MSG_JUSTIFICATIVA_NEGATIVA, STATUS_LABEL, type Acao, type Status } from '../../shared/autorizacoes';
import { isoToBr } from '../../shared/dates';
import { paramsSchema } from '../../shared/processos/schema';
import { labelOf } from '../../shared/text';
import { decidir, DECISOES_AUDITORIA } from '../autorizacoes/decisao';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError, badRequest } from '../http/errors';
import { lerFixo } from '../jobs/csv-input';
import { lerEntrada } from '../jobs/entrada';
import { defineJobKind } from '../jobs/kind';
import { operadoraPropria } from '../pessoas/cadastro';
import { scopeOf } from '../policy';
import { csvLine } from '../resources/export';
import { recordTrail } from '../trail/record';

/**
 * The audit company's return file: the lot it answers (header), one opinion per item (guide and procedure), the count
 * (trailer). The file as a whole must be the lot's (its number, the operator's ANS registration, the trailer's count);
 * then each item is checked on its own, and each request whose items were all answered well becomes one decision of
 * the audit's service (`decidir`: the same transitions, segregation, senha, history and trail as the audit desk).
 * What cannot be applied is refused with the reason, per item, in the run's CSV; the others go on.
 */

type Params = { arquivo: number };

interface ItemLote {
  id: number;
  autorizacao_id: number;
  item_id: number;
  guia: string;
  codigo: string;
  quantidade_solicitada: number;
  resultado: string | null;
  respondido_em: string | null;
}

interface Parecer {
  linha: number;
  guia: string;
  codigo: string;
  parecer: string;
  quantidade: number | null;
  motivoNegativa: string | null;
  justificativa: string;
  auditor: string;
  item?: ItemLote;
  erro?: string;
}

async function ler(ctx: AppContext, session: RequestSession, p: Params) {
  const arquivo = await lerEntrada(ctx, session, retornoAuditoria.comando, p);
  const linhas = lerFixo(arquivo.conteudo, LAYOUT_RETORNO_NEXIA);
  const ruim = linhas.find((l) => l.erro);
  if (ruim) throw badRequest(`Linha ${ruim.linha}: ${ruim.erro}`, 'arquivo');
  const [cab, ...resto] = linhas;
  const trailer = resto.pop();
  if (!cab || cab.tipo !== '0') throw badRequest('A primeira linha do retorno deve ser o cabeçalho (registro 0).', 'arquivo');
  if (!trailer || trailer.tipo !== '9') throw badRequest('A última linha do retorno deve ser o trailer (registro 9).', 'arquivo');
  const outro = resto.find((l) => l.tipo !== '1');
  if (outro) throw badRequest(`Linha ${outro.linha}: entre o cabeçalho e o trailer só vêm registros de item (1).`, 'arquivo');
  if (Number(trailer.valores.quantidade) !== resto.length) throw badRequest(`O trailer diz ${Number(trailer.valores.quantidade)} itens; o arquivo tem ${resto.length}.`, 'arquivo');
  const op = await operadoraPropria(ctx.db);
  if (op && cab.valores.registroAns.padStart(6, '0') !== op.registroAns.padStart(6, '0')) throw badRequest(`O retorno é da operadora ${cab.valores.registroAns}, não desta (${op.registroAns}).`, 'arquivo');
  const loteId = Number(cab.valores.lote);
  const [lote] = Number.isInteger(loteId) && loteId > 0 ? await query<{ id: number; empresa: string }>(ctx.db, sql`select id, empresa from lotes_auditoria where id = ${loteId}`) : [];
  if (!lote) throw badRequest(`Lote ${Number(cab.valores.lote) || cab.valores.lote} não encontrado entre os lotes enviados.`, 'arquivo');
  const doLote = await query<ItemLote>(
    ctx.db,
    sql`select id, autorizacao_id, item_id, guia, codigo, quantidade_solicitada, resultado, to_char(respondido_em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as respondido_em
        from lotes_auditoria_itens where lote_id = ${lote.id}`,
  );
  // the file pads the code with zeros (10 positions): compared as a number
  const porChave = new Map(doLote.map((i) => [`${i.guia}|${Number(i.codigo)}`, i]));
  const vistos = new Map<string, number>();
  const pareceres: Parecer[] = resto.map((l) => {
    const v = l.valores;
    const p: Parecer = {
      linha: l.linha,
      guia: v.guia,
      codigo: String(Number(v.procedimento) || v.procedimento),
      parecer: v.parecer.toUpperCase(),
      quantidade: Number(v.quantidade) || null,
      motivoNegativa: v.motivoNegativa && Number(v.motivoNegativa) ? v.motivoNegativa : null,
      justificativa: v.justificativa,
      auditor: v.auditor,
    };
    const erro = (e: string) => ({ ...p, erro: e });
    const k = `${p.guia}|${p.codigo}`;
    const item = porChave.get(k);
    if (!item) return erro(`Item não encontrado no lote ${lote.id}: guia ${p.guia}, procedimento ${p.codigo}.`);
    p.item = item;
    if (vistos.has(k)) return erro(`O item já aparece na linha ${vistos.get(k)}.`);
    vistos.set(k, l.linha);
    if (item.resultado === 'APLICADO') return erro(`Item já aplicado pelo retorno de ${isoToBr(item.respondido_em)}.`);
    if (!PARECERES.some(([c]) => c === p.parecer)) return erro(`Parecer "${v.parecer}" inválido: use A (autorizar), P (autorizar em parte) ou N (negar).`);
    if (p.parecer !== 'A' && (!p.motivoNegativa || !MOTIVO_CODES.includes(p.motivoNegativa))) return erro(`Motivo da negativa "${v.motivoNegativa}" inválido: informe um código da tabela 38 aceito pela auditoria.`);
    if (p.parecer === 'P' && (p.quantidade == null || !Number.isInteger(p.quantidade) || p.quantidade < 1 || p.quantidade >= item.quantidade_solicitada))
      return erro(`No parecer P a quantidade autorizada vai de 1 a ${item.quantidade_solicitada - 1} (solicitada: ${item.quantidade_solicitada}).`);
    if (p.parecer === 'N' && p.justificativa.length < JUSTIFICATIVA_NEGATIVA_MIN) return erro(MSG_JUSTIFICATIVA_NEGATIVA);
    return p;
  });
  return { arquivo, lote, doLote, pareceres };
}

/** The decision of one request from its items' opinions (every item of the request in the lot must be answered). */
function decisaoDa(itens: Parecer[]): { acao: Acao; itens: { id: number; quantidadeAutorizada?: number; motivoNegativa?: string | null }[]; motivo: string } {
  const just = [...new Set(itens.map((i) => i.justificativa).filter(Boolean))].join(' ');
  if (itens.every((i) => i.parecer === 'A')) return { acao: 'autorizar', itens: [], motivo: just };
  if (itens.every((i) => i.parecer === 'N')) return { acao: 'negar', itens: itens.map((i) => ({ id: i.item!.item_id, motivoNegativa: i.motivoNegativa })), motivo: just };
  return {
    acao: 'autorizarParcial',
    itens: itens.map((i) =>
      i.parecer === 'A' ? { id: i.item!.item_id, quantidadeAutorizada: i.item!.quantidade_solicitada } : { id: i.item!.item_id, quantidadeAutorizada: i.parecer === 'N' ? 0 : i.quantidade!, motivoNegativa: i.motivoNegativa },
    ),
    motivo: just,
  };
}

const ACAO_TEXTO: Partial<Record<Acao, string>> = { autorizar: 'autorizada', negar: 'negada', autorizarParcial: 'autorizada em parte' };

export const auditReturnImport = defineJobKind<Params>({
  tipo: retornoAuditoria.tipo,
  comandos: [retornoAuditoria.comando],
  params: paramsSchema(retornoAuditoria) as never,
  title: () => 'Retorno da auditoria externa',

  async preview(ctx, session, p) {
    const { lote, pareceres } = await ler(ctx, session, p);
    const ok = pareceres.filter((x) => !x.erro);
    const guias = new Set(ok.map((x) => x.item!.autorizacao_id)).size;
    const erros = pareceres.filter((x) => x.erro);
    return {
      total: pareceres.length,
      resumo: `Lote ${lote.id}: ${ok.length} ${ok.length === 1 ? 'parecer' : 'pareceres'} de ${guias} ${guias === 1 ? 'guia será decidida' : 'guias serão decididas'} pela auditoria${erros.length ? `; ${erros.length} ${erros.length === 1 ? 'item será recusado' : 'itens serão recusados'} com o motivo` : ''}.`,
      amostra: [...erros.slice(0, 5).map((x) => `Linha ${x.linha}: ${x.erro}`), ...ok.slice(0, 8 - Math.min(5, erros.length)).map((x) => `Linha ${x.linha}: guia ${x.guia}, ${x.codigo} · ${labelOf(PARECERES, x.parecer)}`)],
    };
  },

  async run(job, p) {
    const { ctx, session } = job;
    await job.progress(0, 'Lendo o retorno');
    const { arquivo, lote, doLote, pareceres } = await ler(ctx, session, p);
    await job.log(`Retorno ${arquivo.nome} do lote ${lote.id} (${labelOf(EMPRESAS_AUDITORIA, lote.empresa)}): ${pareceres.length} ${pareceres.length === 1 ? 'parecer' : 'pareceres'}.`);
    const scope = await scopeOf(ctx, session, 'autorizacao');
    const actor = { session, ip: '' };
    // a request is decided only when every one of its items in the lot is answered in this file without error
    const porGuia = new Map<number, Parecer[]>();
    for (const x of pareceres) if (x.item) porGuia.set(x.item.autorizacao_id, [...(porGuia.get(x.item.autorizacao_id) ?? []), x]);
    const resultado = new Map<Parecer, { r: 'APLICADO' | 'RECUSADO'; motivo: string | null; status?: string }>();
    for (const x of pareceres) if (x.erro) resultado.set(x, { r: 'RECUSADO', motivo: x.erro });
    let n = 0;
    let decididas = 0;
    for (const [autorizacaoId, itens] of porGuia) {
      await job.checkpoint();
      const noLote = doLote.filter((i) => i.autorizacao_id === autorizacaoId).length;
      const ruins = itens.filter((x) => x.erro);
      const bons = itens.filter((x) => !x.erro);
      let recusa: string | null = null;
      if (ruins.length) recusa = `A guia tem item recusado (linha ${ruins.map((x) => x.linha).join(', ')}): nenhum item dela foi aplicado.`;
      else if (bons.length !== noLote) recusa = `O retorno responde ${bons.length} de ${noLote} itens da guia: o parecer precisa cobrir todos os itens dela.`;
      if (!recusa) {
        const d = decisaoDa(bons);
        try {
          const [{ version }] = await query<{ version: number }>(ctx.db, sql`select version from autorizacoes where id = ${autorizacaoId}`);
          const auditor = bons.find((x) => x.auditor)?.auditor;
          const feita = await decidir(
            ctx,
            actor,
            autorizacaoId,
            { acao: d.acao, version, motivo: `Parecer da auditoria externa ${labelOf(EMPRESAS_AUDITORIA, lote.empresa)} (lote ${lote.id})${auditor ? `, ${auditor}` : ''}: ${d.motivo}`.slice(0, 1000), responsavel: null, itens: d.itens, anexos: [] },
            DECISOES_AUDITORIA,
            scope,
          );
          decididas++;
          for (const x of bons) resultado.set(x, { r: 'APLICADO', motivo: null, status: STATUS_LABEL[feita.status] });
          await job.log(`Guia ${bons[0].guia}: ${ACAO_TEXTO[d.acao]}.`);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          recusa = err.alerts.map((a) => a.value).join(' ');
        }
      }
      if (recusa) {
        for (const x of bons) resultado.set(x, { r: 'RECUSADO', motivo: recusa });
        await job.log(`Guia ${itens[0].guia}: ${recusa}`, 'aviso');
      }
      n += itens.length;
      await job.progress(Math.floor((n / Math.max(1, pareceres.length)) * 90), `${n} de ${pareceres.length} pareceres`);
    }
    // the items' answers and the lot's status, in one short transaction
    await ctx.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      for (const [x, r] of resultado) {
        if (!x.item) continue;
        await t.execute(
          sql`update lotes_auditoria_itens set parecer = ${PARECERES.some(([c]) => c === x.parecer) ? x.parecer : null}, quantidade_parecer = ${x.parecer === 'P' ? x.quantidade : null},
                motivo_negativa = ${x.motivoNegativa}, justificativa = ${x.justificativa.slice(0, 500) || null}, resultado = ${r.r}, motivo_recusa = ${r.motivo?.slice(0, 1000) ?? null},
                retorno_execucao_id = ${job.id}, respondido_em = now() where id = ${x.item.id}`,
        );
      }
      const [c] = await query<{ itens: number; aplicados: number; respondidos: number }>(
        t,
        sql`select count(*)::int as itens, count(*) filter (where resultado = 'APLICADO')::int as aplicados, count(resultado)::int as respondidos from lotes_auditoria_itens where lote_id = ${lote.id}`,
      );
      const status = c.aplicados === c.itens ? 'CONCLUIDO' : c.respondidos ? 'RETORNO_PARCIAL' : 'ENVIADO';
      await t.execute(sql`update lotes_auditoria set status = ${status}, retorno_em = now() where id = ${lote.id}`);
      const aplicados = [...resultado.values()].filter((r) => r.r === 'APLICADO').length;
      await recordTrail(t, { session, ip: '' }, { entidade: 'loteauditoria', registroId: lote.id, acao: 'update', antes: {}, depois: { status, retornoExecucaoId: job.id, aplicados, recusados: resultado.size - aplicados } });
    });
    const csv = [`\uFEFF${csvLine(['Linha', 'Guia', 'Procedimento', 'Parecer', 'Quantidade', 'Motivo da negativa', 'Resultado', 'Situação da guia', 'Motivo'])}\r\n`];
    for (const x of pareceres) {
      const r = resultado.get(x)!;
      csv.push(`${csvLine([String(x.linha), x.guia, x.codigo, labelOf(PARECERES, x.parecer), x.quantidade == null ? '' : String(x.quantidade), x.motivoNegativa ?? '', r.r === 'APLICADO' ? 'Aplicado' : 'Recusado', r.status ?? '', r.motivo ?? ''])}\r\n`);
    }
    await job.saveFile(`retorno-auditoria-lote-${lote.id}-${job.id}.csv`, 'csv', Buffer.from(csv.join(''), 'utf8'));
    const recusados = [...resultado.values()].filter((r) => r.r === 'RECUSADO').length;
    await job.log(`${decididas} ${decididas === 1 ? 'guia decidida' : 'guias decididas'}; ${recusados} ${recusados === 1 ? 'item recusado' : 'itens recusados'}.`, recusados ? 'aviso' : 'info');
  },
});

export type { Status };
