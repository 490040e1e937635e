import type { CommandPath } from '../../../commands';
import type { ColumnType, Field } from '../resources/define';

/**
 * The list definition: one declaration per list of the product — a resource's grid, an audit queue, a list of
 * authorization requests, and the reports to come. From it come the side search, the address of the tab (one URL
 * format), the API's query schema (the same zod on both sides), the server's query (filters, record scope, keyset
 * paging, the exact-or-estimated total, the summary) and the screen's columns.
 */

/**
 * Operators on the wire. 'search' is a field's own lookup (a beneficiary by name, card or CPF; a procedure by
 * code or text), defined by the list's data source; 'in' is for permanent filters (a queue's guide types).
 */
export const FILTER_OPS = ['eq', 'contains', 'startsWith', 'gte', 'lte', 'search', 'in'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export type FilterValue = string | number | boolean;
export interface Filter {
  field: string;
  op: FilterOp;
  value: FilterValue | readonly FilterValue[];
}
export type Dir = 'asc' | 'desc';
export interface Sort {
  field: string;
  dir: Dir;
}

/** The entities whose record scope the server's access policy decides (src/server/policy). */
export type RecordEntity = 'beneficiario' | 'prestador' | 'autorizacao' | 'atualizacaocadastral' | 'protocolodocumento' | 'atendimento' | 'protocolorecebimento' | 'manifestacao' | 'solicitacaoadesao' | 'faturadigitada' | 'reembolso' | 'solicitacaopagamento' | 'solicitacaoverba' | 'adesaoservico';

/** One input of the side search: a field and its operator ('range': two inputs, from and to). */
export interface SearchInput {
  field: string;
  op: Exclude<FilterOp, 'in'> | 'range';
  /** URL parameter instead of `field.op` (the spec's route query fields: inicio, termino, statusAutorizacao). */
  param?: string | { gte: string; lte: string };
  /** An enumeration written in the address by its label (the spec's statusAutorizacao=Em Análise). */
  byLabel?: boolean;
  label?: string;
  placeholder?: string;
  /** The enumeration's values this list offers (a queue of attachments offers only their types). */
  options?: readonly string[];
  /** Applied and kept in the address, without an input (a link's filter, e.g. the beneficiary's id). */
  hidden?: boolean;
  /**
   * A text lookup over another resource's records (the provider by name or code): offered only to who can list that
   * resource; for who cannot (a provider), the server holds the filter to the session's own record.
   */
  lookup?: string;
}

/** A status chip's colour by meaning: done, waiting, refused, in progress, closed, partly done. */
export type Tone = 'neutral' | 'ok' | 'warn' | 'bad' | 'info' | 'muted' | 'partial';

/** A column of the list's table: a row key, shown with the field of the same name (label, format) unless given. */
export interface ListColumn {
  key: string;
  field?: string;
  /** 'tag': the value as a status chip, coloured by `tones`. */
  type?: ColumnType;
  /** The chip's tone per value of a 'tag' column. */
  tones?: Readonly<Record<string, Tone>>;
  label?: string;
  width?: number;
  /** The field the column sorts by, when it sorts. */
  sort?: string;
}

export interface ListDef {
  /** Unique key (query keys, the tab's kept state). */
  key: string;
  /** The command that opens the list and guards its endpoints. */
  command: CommandPath;
  /** API path under /api: the page; `${endpoint}/resumo` the summary; `${endpoint}/vizinhos` the record before and after one. */
  endpoint: string;
  /** What a record is called, for counts ("3 solicitações") and messages ("nenhuma solicitação"). */
  noun: { singular: string; plural: string; gender: 'm' | 'f' };
  /** The fields the list filters, sorts and shows (the resource definitions' field DSL). */
  fields: Record<string, Field>;
  search: SearchInput[];
  /** Always applied and never shown: a queue's guide types. */
  permanent?: Filter[];
  /** Applied to a field the user left without a filter: Autorização Parcial's status. */
  fallback?: Filter[];
  /** The address the screen starts from when the tab's lacks it (spec §2.5: the audit queues' period and status). */
  initial?: (current: URLSearchParams, now: Date) => URLSearchParams | undefined;
  columns: ListColumn[];
  /** The default order; the source ends every order with the id. */
  sort: Sort[];
  /** Fields the user may sort by. */
  sortable: readonly string[];
  /** Whose records it lists: the policy decides per session; `family` holds even the staff to their own family. */
  scope?: { entity: RecordEntity; only?: 'family' };
  pageSize: number;
  /** Rules between filters (a period that ends before it starts), by URL parameter: checked on both sides. */
  checks?: (filters: readonly Filter[]) => { param: string; message: string }[];
  /** One of these filters must be given before the list is asked for (the utilization history needs a beneficiary). */
  requires?: { anyOf: readonly string[]; message: string };
  /** Totals the summary computes over the matching records, when at most `limit` match. */
  summary?: { totals: readonly { key: string; label: string; kind: 'integer' | 'money'; hidden?: boolean }[]; limit: number };
  /** The list's own "new record" button: the command that creates (on the same screen with `?novo=1` when it is the list's). */
  create?: { command: CommandPath; label: string };
}

/** A page of a list, as the API answers it. */
export interface ListPage<R = Record<string, unknown>> {
  rows: R[];
  /** Rows matching the filters: exact up to EXACT_COUNT_LIMIT, else the planner's estimate (exact: false). Null when not asked. */
  total: number | null;
  exact: boolean;
  /** There are rows past this page. */
  hasMore: boolean;
  /** Cursors: after this page's last row, before its first. */
  next: string | null;
  prev: string | null;
  /** The summary's totals, when the whole list is small enough to compute them with the page. */
  totals?: Record<string, number>;
}

/** GET `${endpoint}/resumo`: the exact count (bounded) and the totals when the filters narrow the list enough. */
export interface ListSummary {
  total: number;
  exact: boolean;
  /** Null when the list has none or more than its summary's limit match. */
  totals: Record<string, number> | null;
}

/** GET `${endpoint}/vizinhos?id=`: the records before and after one, in the list's order and filters. */
export interface ListNeighbors {
  previous: number | null;
  next: number | null;
}

/** Paging of a request: the keyset cursor (after or before a row) or, to jump, an offset. */
export interface PageRequest {
  limit: number;
  offset: number;
  after?: string;
  before?: string;
  /** Whether the total is wanted (the first page asks; the next ones do not). */
  count: boolean;
}

/** A list request as read from the address or the API query. */
export interface ListQuery {
  filters: Filter[];
  sort: Sort[];
  page: PageRequest;
}

export const MAX_LIMIT = 500;
/** Totals up to this many rows are counted exactly; beyond it the planner's estimate is shown ("cerca de"). */
export const EXACT_COUNT_LIMIT = 1000;
