import type { Layout } from '../../shared/processos/layout';

/**
 * A delimited import file read against its declared Layout (the first record's fields, in order): each non-blank line
 * with its number as an editor counts it (blank lines included), its cells by field name, or why it cannot be read.
 * A first line of names (a header) is skipped. The values' own rules (a CPF, a date) are the importer's.
 */
export interface CsvLine {
  linha: number;
  valores: Record<string, string>;
  /** The line's shape is wrong (too many or too few columns): nothing else is checked. */
  erro?: string;
}

/** The file's text: UTF-8, or ISO-8859-1 when it is not valid UTF-8 (a spreadsheet saved on Windows). */
export function textoDoArquivo(conteudo: Buffer): string {
  const utf8 = new TextDecoder('utf-8', { fatal: false }).decode(conteudo);
  return (utf8.includes('\uFFFD') ? conteudo.toString('latin1') : utf8).replace(/^\uFEFF/, '');
}

/** Cells of one line: separated by the layout's separator, each trimmed, a quoted cell unquoted ("" is a quote). */
function celulas(l: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < l.length; i++) {
    const ch = l[i];
    if (quoted) {
      if (ch === '"' && l[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"' && !cur.trim()) quoted = true;
    else if (ch === sep) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

export function lerCsv(conteudo: Buffer, layout: Layout): CsvLine[] {
  const sep = layout.separador ?? ';';
  const campos = layout.registros[0].campos;
  const nomes = new Set(campos.map((c) => c.nome.toLowerCase()));
  const out: CsvLine[] = [];
  let primeira = true;
  for (const [i, bruta] of textoDoArquivo(conteudo).split(/\r\n|\n|\r/).entries()) {
    if (!bruta.trim()) continue;
    const cells = celulas(bruta, sep);
    // a header names the layout's fields (in any case, with or without underscores)
    if (primeira && cells.some((c) => nomes.has(c.replace(/_([a-z])/gi, (_, x: string) => x.toUpperCase()).toLowerCase()))) {
      primeira = false;
      continue;
    }
    primeira = false;
    const valores: Record<string, string> = {};
    campos.forEach((c, k) => (valores[c.nome] = cells[k] ?? ''));
    // trailing empty cells a spreadsheet drops or adds are not a wrong shape
    while (cells.length > campos.length && cells.at(-1) === '') cells.pop();
    const erro = cells.length > campos.length ? `A linha tem ${cells.length} colunas; o layout tem ${campos.length}, separadas por "${sep}".` : undefined;
    out.push({ linha: i + 1, valores, ...(erro ? { erro } : {}) });
  }
  return out;
}

/** A fixed-width line read against its record: each field by its positions, trimmed. */
export interface FixedLine {
  linha: number;
  /** The record's type digit (the first field's constant: 0, 1, 9). */
  tipo: string;
  valores: Record<string, string>;
  erro?: string;
}

/**
 * A fixed-width import file read against its declared Layout: each non-blank line's record chosen by its first
 * character (the record type), its fields cut by position. A line of another width than its record, or of an unknown
 * type, carries why (trailing spaces an editor dropped are put back).
 */
export function lerFixo(conteudo: Buffer, layout: Layout): FixedLine[] {
  const porTipo = new Map(layout.registros.map((r) => [r.campos[0].fixo ?? '', r]));
  const out: FixedLine[] = [];
  for (const [i, bruta] of textoDoArquivo(conteudo).split(/\r\n|\n|\r/).entries()) {
    if (!bruta.trim()) continue;
    const tipo = bruta[0];
    const reg = porTipo.get(tipo);
    if (!reg) {
      out.push({ linha: i + 1, tipo, valores: {}, erro: `Tipo de registro "${tipo}" desconhecido: use ${[...porTipo.keys()].join(', ')}.` });
      continue;
    }
    const largura = reg.campos.reduce((s, c) => s + c.tamanho, 0);
    if (bruta.length > largura) {
      out.push({ linha: i + 1, tipo, valores: {}, erro: `A linha tem ${bruta.length} posições; o registro ${tipo} tem ${largura}.` });
      continue;
    }
    const l = bruta.padEnd(largura, ' ');
    const valores: Record<string, string> = {};
    let at = 0;
    for (const c of reg.campos) {
      valores[c.nome] = l.slice(at, at + c.tamanho).trim();
      at += c.tamanho;
    }
    out.push({ linha: i + 1, tipo, valores });
  }
  return out;
}
