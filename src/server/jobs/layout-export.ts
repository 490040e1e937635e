import type { SQL } from 'drizzle-orm';
import { isoToBr as br, todayIso } from '../../shared/dates';
import type { Previa } from '../../shared/processos/define';
import { linha, type Layout } from '../../shared/processos/layout';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { operadoraPropria } from '../pessoas/cadastro';
import type { JobRun } from './kind';

/**
 * A client's fixed-width export over a keyset query: header (0), one detail line (1) per row, trailer (9), all built
 * from the declared Layout by `linha`. The rows are read in pages of a few hundred by a key that only grows, with a
 * checkpoint and the progress between pages; nothing is written to the database.
 */

export type Valores = Record<string, string | number | null | undefined>;

export interface LayoutExport<R extends { chave: number }> {
  layout: Layout;
  /** The file's name. */
  nome: string;
  inicio: string;
  fim: string;
  /** How many detail rows the file will have (for the progress and the preview). */
  contar(db: Db): Promise<number>;
  /** One page after `depois` (ordered by `chave`, at most `limite` keys; a key may span several lines, a request its items). */
  pagina(db: Db, depois: number, limite: number): Promise<R[]>;
  detalhe(r: R): Valores;
  /** Totals for the trailer, from every row written. */
  acumular?(r: R): void;
  trailer(quantidade: number): Valores;
  /** What the progress calls a row ("beneficiários", "itens"). */
  unidade: string;
  /** Header fields beyond the common ones (the gazette's title). */
  cabecalho?: Valores;
}

const PAGINA = 500;

/** The three records of a layout by their type digit (0, 1, 9). */
const registro = (l: Layout, tipo: string) => l.registros.find((r) => r.campos[0].fixo === tipo)!;

export async function gerarArquivo<R extends { chave: number }>(job: JobRun, e: LayoutExport<R>): Promise<number> {
  const { db } = job.ctx;
  const total = await e.contar(db);
  await job.log(`${total.toLocaleString('pt-BR')} ${e.unidade} de ${br(e.inicio)} a ${br(e.fim)}.`);
  const op = await operadoraPropria(db);
  const linhas = [linha(registro(e.layout, '0'), { registroAns: op?.registroAns ?? '', geracao: todayIso(), inicio: e.inicio, fim: e.fim, ...e.cabecalho })];
  const detalhe = registro(e.layout, '1');
  let depois = 0;
  let n = 0;
  for (;;) {
    await job.checkpoint();
    const rows = await e.pagina(db, depois, PAGINA);
    if (!rows.length) break;
    depois = rows.at(-1)!.chave;
    for (const r of rows) {
      linhas.push(linha(detalhe, e.detalhe(r)));
      e.acumular?.(r);
    }
    n += rows.length;
    await job.progress(total ? (n / total) * 95 : 95, `${n.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} ${e.unidade}`);
  }
  linhas.push(linha(registro(e.layout, '9'), e.trailer(n)));
  await job.saveFile(e.nome, 'txt', new TextEncoder().encode(`${linhas.join('\r\n')}\r\n`));
  await job.log(`Arquivo ${e.nome} com ${n.toLocaleString('pt-BR')} ${e.unidade}, o cabeçalho e o registro final.`);
  return n;
}

/** A preview of an export: the count, a sentence and the first rows as text. */
export async function previaDe(db: Db, total: number, vazio: string, frase: (n: number) => string, amostra: SQL): Promise<Previa> {
  const rows = await query<{ texto: string }>(db, amostra);
  return { total, resumo: total === 0 ? vazio : frase(total), amostra: rows.map((r) => r.texto) };
}

/** The file name's period: inicio-fim as AAAAMMDD. */
export const periodoNoNome = (prefixo: string, inicio: string, fim: string) => `${prefixo}-${inicio.replace(/-/g, '')}-${fim.replace(/-/g, '')}.txt`;

