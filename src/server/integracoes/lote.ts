import { sql } from 'drizzle-orm';
import { MAX_LINHAS_INTEGRACAO } from '../../shared/integracoes';
import type { Layout } from '../../shared/processos/layout';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { badRequest } from '../http/errors';
import { lerCsv, type CsvLine } from '../jobs/csv-input';
import { lerEntrada } from '../jobs/entrada';
import type { JobRun } from '../jobs/kind';
import { csvLine } from '../resources/export';

/**
 * What both integration imports share: the file read against its layout, a lot recorded for the run, every line kept
 * (pendente, or recusado with why it could not be read) in short transactions, and the run's CSV of the lines.
 */

export interface LinhaLida<D> {
  linha: number;
  dados: D | null;
  /** Why the line is refused at import (its shape, a value, a reference). */
  erro: string | null;
}

export async function lerArquivo(ctx: AppContext, session: RequestSession, comando: string, params: { arquivo?: unknown }, layout: Layout) {
  const arquivo = await lerEntrada(ctx, session, comando, params);
  const linhas = lerCsv(arquivo.conteudo, layout);
  if (!linhas.length) throw badRequest('O arquivo não tem nenhuma linha de dados.', 'arquivo');
  if (linhas.length > MAX_LINHAS_INTEGRACAO)
    throw badRequest(`O arquivo tem ${linhas.length.toLocaleString('pt-BR')} linhas: o limite é ${MAX_LINHAS_INTEGRACAO.toLocaleString('pt-BR')} por lote.`, 'arquivo');
  return { arquivo, linhas };
}

/** "12 registros serão recebidos para análise; 2 linhas com erro ficarão recusadas." and the errors first as a sample. */
export function previaDasLinhas<D>(lidas: LinhaLida<D>[], descrever: (d: D, linha: number) => string, resumoExtra = '') {
  const ok = lidas.filter((l) => !l.erro);
  const erros = lidas.filter((l) => l.erro);
  const n = (x: number, um: string, muitos: string) => `${x.toLocaleString('pt-BR')} ${x === 1 ? um : muitos}`;
  const resumo = `${n(ok.length, 'registro será recebido', 'registros serão recebidos')} para análise${resumoExtra}${
    erros.length ? `; ${n(erros.length, 'linha com erro ficará recusada', 'linhas com erro ficarão recusadas')} com o motivo` : ''
  }. Nada muda no cadastro até cada registro ser aplicado.`;
  const amostra = [...erros.slice(0, 6).map((l) => `Linha ${l.linha}: ${l.erro}`), ...ok.slice(0, Math.max(0, 8 - Math.min(6, erros.length))).map((l) => `Linha ${l.linha}: ${descrever(l.dados!, l.linha)}`)];
  return { total: lidas.length, resumo, amostra };
}

const LOTE = 200;

/**
 * Records the lot and its lines: `gravar` inserts a block of lines (the caller's table and columns) in one short
 * transaction; between blocks the run may be cancelled. Refused lines go to the run's log as warnings.
 */
export async function gravarLote<D>(
  job: JobRun,
  lote: { tipo: 'BENEFICIARIO' | 'ATENDIMENTO'; origem: string; empresaId?: number | null; arquivo: { id: number; nome: string } },
  lidas: LinhaLida<D>[],
  gravar: (t: Db, loteId: number, bloco: LinhaLida<D>[]) => Promise<void>,
): Promise<{ loteId: number; recebidos: number; recusados: number }> {
  const { ctx, session } = job;
  const [{ id: loteId }] = await query<{ id: number }>(
    ctx.db,
    sql`insert into integracoes_lotes (tipo, origem, empresa_id, nome_arquivo, arquivo_id, execucao_id, usuario_id, registros)
        values (${lote.tipo}, ${lote.origem}, ${lote.empresaId ?? null}, ${lote.arquivo.nome}, ${lote.arquivo.id}, ${job.id}, ${session.user.id}, ${lidas.length}) returning id`,
  );
  for (let i = 0; i < lidas.length; i += LOTE) {
    await job.checkpoint();
    const bloco = lidas.slice(i, i + LOTE);
    await ctx.db.transaction((t) => gravar(t as unknown as Db, loteId, bloco));
    for (const l of bloco) if (l.erro) await job.log(`Linha ${l.linha}: ${l.erro}`, 'aviso');
    const n = Math.min(i + LOTE, lidas.length);
    await job.progress(Math.floor((n / lidas.length) * 95), `${n.toLocaleString('pt-BR')} de ${lidas.length.toLocaleString('pt-BR')} linhas gravadas`);
  }
  const recusados = lidas.filter((l) => l.erro).length;
  return { loteId, recebidos: lidas.length - recusados, recusados };
}

/** The run's CSV: each line's number, what it is, and whether it was received for analysis or refused (and why). */
export async function csvDoLote<D>(job: JobRun, nome: string, cabecalho: string[], lidas: LinhaLida<D>[], celulas: (d: D | null, l: LinhaLida<D>) => string[]) {
  const out = [`\uFEFF${csvLine(['Linha', ...cabecalho, 'Situação', 'Motivo'])}\r\n`];
  for (const l of lidas) out.push(`${csvLine([String(l.linha), ...celulas(l.dados, l), l.erro ? 'Recusado' : 'Pendente', l.erro ?? ''])}\r\n`);
  await job.saveFile(nome, 'csv', Buffer.from(out.join(''), 'utf8'));
}

export type { CsvLine };
