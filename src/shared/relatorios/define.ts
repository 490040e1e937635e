import { z } from 'zod';
import type { CommandPath } from '../../../commands';
import { formatMoney } from '../money';
import { defineList } from '../lists/define';
import type { ListDef } from '../lists/types';

/**
 * A report (spec §2.6): one declaration — its command and rep code, what it answers, its list definition (filters
 * in the field DSL and one URL format, columns with formats, sort, record scope), an optional grouping with
 * subtotals and a grand total, and its outputs. The screen (src/web/relatorios), the API's pages and totals and
 * the files (PDF, XLSX, CSV, built as a job) all come from it.
 */

export const REPORT_FORMATS = ['pdf', 'xlsx', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_FORMAT_LABEL: Record<ReportFormat, string> = { pdf: 'PDF', xlsx: 'Excel (XLSX)', csv: 'CSV' };

/**
 * A column summed per group and over the whole report (the row count is always there); or a percentage of two of
 * those sums (`of`: numerator and denominator — the share of glosa in what was billed), computed from the group's or
 * the report's sums, never summed itself.
 */
export type ReportTotal = { key: string; label: string; kind: 'integer' | 'money' } | { key: string; label: string; kind: 'percent'; of: readonly [string, string] };

/** num / den as a percentage with two decimals, rounded half up, exactly (integers in, no float division); 0 without a denominator. */
export function percentual(num: number, den: number): number {
  if (!den) return 0;
  const n = BigInt(Math.round(num)) * 20000n;
  const d = BigInt(Math.round(den));
  const q = (n + (n >= 0n ? d : -d)) / (2n * d);
  return Number(q) / 100;
}

/** The totals with their percentages filled in from the sums they divide. */
export function comPercentuais(def: Pick<ReportDef, 'totals'>, totais: Record<string, number>): Record<string, number> {
  const out = { ...totais };
  for (const t of def.totals ?? []) if (t.kind === 'percent') out[t.key] = percentual(totais[t.of[0]] ?? 0, totais[t.of[1]] ?? 0);
  return out;
}

const inteiro = new Intl.NumberFormat('pt-BR');
const pct = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A total as a person reads it: R$ 1.234,56 · 1.234 · 12,34%. */
export const totalText = (t: ReportTotal, v: number | undefined) =>
  t.kind === 'money' ? formatMoney(v ?? 0) : t.kind === 'percent' ? `${pct.format(v ?? 0)}%` : inteiro.format(v ?? 0);

export interface ReportDef {
  /** The rep code of its command (shown in the header; the command's permission is `<code>:report`); null for the
   * reports the spec names without a code (`repPending`: the extratos), whose permission is their folder's. */
  code: string | null;
  /** The code, or the command's last segment for a report without one: the endpoint and the file names. */
  id: string;
  command: CommandPath;
  /** What the report answers, one sentence under its title. */
  about: string;
  /** Endpoint `/relatorios/<code>`; its columns are the report's, in order. */
  list: ListDef;
  /** Rows come sorted by this text field first; a heading opens each group and a subtotal closes it. */
  group?: { key: string; label: string; plural: string };
  totals?: readonly ReportTotal[];
  orientation: 'portrait' | 'landscape';
  /** Relative widths of the PDF's columns, by key (default 1). */
  widths?: Readonly<Record<string, number>>;
  formats: readonly ReportFormat[];
  /** Bars of the groups (their count, or one of the totals), shown over the rows when there are few groups. */
  chart?: { title: string; value: 'count' | string };
  /**
   * Mailing labels: the PDF is the sheet of adhesive labels (ETIQUETA_A4, no header: it is printed on the labels), one
   * label per row with these lines; the screen, the XLSX and the CSV stay the list (the CSV feeds a mail merge).
   */
  etiqueta?: (row: Readonly<Record<string, unknown>>) => string[];
  /**
   * A document per row (a receipt, a letter): the PDF is one page per row with the operator's header, these labelled
   * fields, the highlighted line, the text and the places to sign; the screen, the XLSX and the CSV stay the list.
   */
  documento?: (row: Readonly<Record<string, unknown>>) => ReportDocumento;
}

/** One page of a document report: its title, the labelled fields, one highlighted line, paragraphs and signatures. */
export interface ReportDocumento {
  titulo: string;
  campos: readonly (readonly [string, string])[];
  destaque?: string;
  texto: readonly string[];
  assinaturas: readonly string[];
}

/**
 * The label sheet the PDF of a label report fills: A4 with 21 labels of 63,5 × 38,1 mm in 3 columns and 7 rows (the
 * common A4 sheet sold as Avery L7160 and its equivalents), in millimetres.
 */
export const ETIQUETA_A4 = {
  descricao: 'folha A4 de 21 etiquetas de 63,5 × 38,1 mm (3 colunas × 7 linhas, padrão Avery L7160)',
  colunas: 3,
  linhas: 7,
  largura: 63.5,
  altura: 38.1,
  margemSuperior: 15.15,
  margemEsquerda: 7.25,
  passoHorizontal: 66.04,
  passoVertical: 38.1,
} as const;

/** Past this many groups the chart is not drawn (the bars would be unreadable). */
export const MAX_CHART_GROUPS = 30;

/** Groups listed on the screen with their subtotals; beyond this many the report shows rows without headings. */
export const MAX_GROUPS = 5_000;

/**
 * `id` only for a code the spec gives to two reports (rep260: the SIB's registrations and the RPS's;
 * rep124: two provider reports): the second
 * one's endpoint and key.
 */
export function defineReport(r: Omit<ReportDef, 'list' | 'id'> & { id?: string; list: Omit<ListDef, 'endpoint' | 'command'> }): ReportDef {
  const id = r.id ?? r.code ?? r.command.split('/').pop()!;
  const list = defineList({ ...r.list, command: r.command, endpoint: `/relatorios/${id}` });
  const fail = (m: string) => {
    throw new Error(`relatório ${id}: ${m}`);
  };
  if (r.code !== null && !/^rep\d{3}$/.test(r.code)) fail('código inválido');
  if (r.group) {
    if (!list.fields[r.group.key]) fail(`agrupa por '${r.group.key}', que não é um campo`);
    if (list.sort[0]?.field !== r.group.key) fail(`a ordem padrão começa pelo agrupamento '${r.group.key}'`);
  }
  if (r.chart && !r.group) fail('gráfico sem agrupamento');
  if (r.chart && r.chart.value !== 'count' && !(r.totals ?? []).some((t) => t.key === r.chart!.value)) fail(`o gráfico mostra '${r.chart.value}', que não é um total`);
  for (const t of r.totals ?? []) {
    const fd = list.fields[t.key];
    if (t.kind === 'percent') {
      if (!fd || fd.kind !== 'decimal' || fd.format !== 'percent') fail(`total '${t.key}' não é um campo de percentual`);
      for (const k of t.of) if (!(r.totals ?? []).some((x) => x.key === k && x.kind !== 'percent')) fail(`o percentual '${t.key}' divide '${k}', que não é um total somado`);
    } else if (!fd || (fd.kind !== 'integer' && fd.kind !== 'money')) fail(`total '${t.key}' não é um campo numérico`);
  }
  return { ...r, id, list };
}

/** POST /api/execucoes with tipo 'relatorio': the file of a report with the filters of the screen (its address). */
export const reportFileParams = z.object({
  formato: z.enum(REPORT_FORMATS, { error: 'Formato inválido: escolha PDF, XLSX ou CSV.' }),
  consulta: z.string().max(4000, 'Filtros longos demais.').default(''),
});
export type ReportFileParams = z.infer<typeof reportFileParams>;

/** GET /api/relatorios/<code>/grupos: the count and totals of the whole report and of each group, in order. */
export interface ReportSummary {
  total: number;
  totais: Record<string, number>;
  /** Null when the report has no grouping or more than MAX_GROUPS groups. */
  grupos: { rotulo: string; n: number; totais: Record<string, number> }[] | null;
  /** What the server fixed for this session beyond the filters asked (the beneficiary's own plan), shown with them. */
  nota?: string;
}
