import { fold } from '../../shared/text';

/**
 * The palette's own search index: accent- and case-folded text per field, a letter bitmask per entry for a
 * cheap first cut, and a scorer that prefers whole words, then word starts, then contiguous runs, then
 * scattered letters (fuzzy), weighted by the field they fall in. Pure (no DOM), so Node benches and tests use it.
 *
 * Typing forward only narrows the result (every token is matched by substring or subsequence, both monotone),
 * so a keystroke that extends the previous query scans the previous survivors only.
 */

/** What the index reads from an entry. */
export interface SearchDoc {
  title: string;
  /** Group trail (parent titles), e.g. 'Financeiro › Pagamento'. */
  trail?: string;
  path?: string;
  /** Report code, e.g. 'rep075'. */
  code?: string;
  keywords?: readonly string[];
}

export interface SearchOptions {
  /** Per-entry bonus (0–99) for the user's recent and frequent use; breaks ties after match quality. */
  boost?: ArrayLike<number>;
  /** Restricts the search to some entries (e.g. reports only for the `#` scope). */
  only?: (index: number) => boolean;
  /** Key that tells apart different `only`/`boost` settings for the incremental cache. */
  scopeKey?: string;
}

// Field weights (out of 10): the title counts most, then keywords and the report code, the trail, the path.
const W_TITLE = 10;
const W_CODE = 9;
const W_KEYWORDS = 8;
const W_TRAIL = 6;
const W_PATH = 5;

// Match tiers for one token in one field (out of 100).
export const TIER = { whole: 100, start: 80, inner: 60, acronym: 45, scattered: 25 } as const;

const MAX_TOKENS = 8;
const CACHE_SIZE = 64;

const isAlnum = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 0xdf && c <= 0x24f);

function charBit(c: number): number {
  if (c >= 97 && c <= 122) return 1 << (c - 97);
  if (c >= 48 && c <= 57) return 1 << (26 + ((c - 48) >> 1));
  return 0;
}

function maskOf(s: string): number {
  let m = 0;
  for (let i = 0; i < s.length; i++) m |= charBit(s.charCodeAt(i));
  return m;
}

/** Splits a folded query into tokens: whitespace and punctuation separate words ("cidade/especialidade"). */
export function tokenize(folded: string): string[] {
  return tokenizeAll(folded).slice(0, MAX_TOKENS);
}

/**
 * Fields are indexed as ' word word ' (folded, every run of separators one space, a space at each end),
 * so a word start is one native `indexOf(' ' + t)` and a whole word `indexOf(' ' + t + ' ')`.
 */
export function normalizeField(folded: string): string {
  const words = tokenizeAll(folded);
  return words.length ? ` ${words.join(' ')} ` : '';
}

// word characters: a–z, digits and the Latin letters folding keeps (ß, æ, ø…); anything else separates words
const SEP = /[^a-z0-9\u00df-\u024f]+/;
function tokenizeAll(folded: string): string[] {
  return folded.split(SEP).filter(Boolean);
}

/** A query token with its probes prepared once per query. */
interface Probe {
  t: string;
  start: string;
  whole: string;
  mask: number;
  /** Starts with two letters a–z: (first << 5) | second, else -1. */
  pair: number;
  /** Bit (0–63) of the token's first two characters in the bigram filters, -1 for a one-character token. */
  bi: number;
}
const probe = (t: string): Probe => ({
  t,
  start: ` ${t}`,
  whole: ` ${t} `,
  mask: maskOf(t),
  pair: /^[a-z]{2}/.test(t) ? ((t.charCodeAt(0) - 97) << 5) | (t.charCodeAt(1) - 97) : -1,
  bi: t.length > 1 ? bigramBit(t.charCodeAt(0), t.charCodeAt(1)) : -1,
});

/** Two characters → one of 64 bits: a per-field filter that rules out most `indexOf` calls for absent pairs. */
const bigramBit = (a: number, b: number) => (a * 31 + b) & 63;
const hasBit = (filter: Int32Array, i: number, bit: number) => (filter[2 * i + (bit >> 5)] & (1 << (bit & 31))) !== 0;
function addBigrams(filter: Int32Array, i: number, fld: string, wordStartsOnly: boolean) {
  for (let k = 1; k + 1 < fld.length; k++) {
    if (wordStartsOnly && fld.charCodeAt(k - 1) !== 32) continue;
    const c = fld.charCodeAt(k + 1);
    if (c === 32) continue;
    const bit = bigramBit(fld.charCodeAt(k), c);
    filter[2 * i + (bit >> 5)] |= 1 << (bit & 31);
  }
}


/** Best contiguous tier in a normalized field (whole word > word start > inside), 0 when absent. */
function contiguous(f: string, p: Probe, innerOk: boolean): number {
  const at = f.indexOf(p.t);
  if (at < 0) return 0;
  const len = p.t.length;
  // word starts: the first occurrence, or the next ' t'
  let s = f.charCodeAt(at - 1) === 32 ? at : f.indexOf(p.start, at) + 1;
  if (s === 0) return innerOk ? TIER.inner : 0;
  while (s > 0) {
    if (f.charCodeAt(s + len) === 32) return TIER.whole;
    s = f.indexOf(p.start, s) + 1;
  }
  return TIER.start;
}

/** Word starts or runs continuing them ("cap" → " contas a pagar "), in a normalized field. */
function acronym(f: string, t: string): boolean {
  let j = 0;
  let last = -2;
  for (let k = 1; k < f.length && j < t.length; k++) {
    if (f.charCodeAt(k) !== t.charCodeAt(j)) continue;
    if (k === last + 1 || f.charCodeAt(k - 1) === 32) {
      last = k;
      j++;
    }
  }
  return j === t.length;
}

function scattered(f: string, t: string): boolean {
  let j = 0;
  for (let k = 0; k < f.length && j < t.length; k++) if (f.charCodeAt(k) === t.charCodeAt(j)) j++;
  return j === t.length;
}

/**
 * Best tier of a token in a normalized title, 0 when absent: contiguous occurrences first, then letters at
 * word starts continuing runs, then any letters in order.
 * Every rule is monotone (a token that matches, shortened at its end, still matches), which is what lets a
 * keystroke that extends the query scan only the previous hits.
 */
function titleTier(f: string, p: Probe): number {
  const c = contiguous(f, p, true);
  if (c || p.t.length < 2) return c;
  return fuzzyTier(f, p.t);
}

function fuzzyTier(f: string, t: string, maybeAcronym = true): number {
  if (maybeAcronym && acronym(f, t)) return TIER.acronym;
  return scattered(f, t) ? TIER.scattered : 0;
}

/** The tier of a token in a (folded) title; for tests and tuning. */
export function fieldScore(folded: string, t: string): number {
  return titleTier(normalizeField(folded), probe(t));
}

/** Positions in `title` of the letters a query marks (for highlighting; folding keeps one char per char). */
const foldedTitles = new Map<string, string>();
/** Per-character fold of a title, remembered (rows are highlighted on every keystroke). */
function foldTitle(title: string): string {
  let f = foldedTitles.get(title);
  if (f === undefined) {
    if (foldedTitles.size > 5000) foldedTitles.clear();
    foldedTitles.set(title, (f = fold(title)));
  }
  return f;
}

export function matchPositions(title: string, query: string): number[] {
  const f = foldTitle(title);
  const marked = new Set<number>();
  for (const t of tokenize(fold(query))) {
    let p = f.indexOf(t);
    // prefer an occurrence at a word start
    let q = p;
    while (q >= 0 && !(q === 0 || !isAlnum(f.charCodeAt(q - 1)))) q = f.indexOf(t, q + 1);
    if (q >= 0) p = q;
    if (p >= 0) {
      for (let k = 0; k < t.length; k++) marked.add(p + k);
      continue;
    }
    if (t.length < 2) continue;
    const tryPass = (wordStartsOnly: boolean) => {
      const pos: number[] = [];
      let j = 0;
      let last = -2;
      for (let k = 0; k < f.length && j < t.length; k++) {
        if (f.charCodeAt(k) !== t.charCodeAt(j)) continue;
        if (!wordStartsOnly || k === last + 1 || k === 0 || !isAlnum(f.charCodeAt(k - 1))) {
          pos.push(k);
          last = k;
          j++;
        }
      }
      return j === t.length ? pos : null;
    };
    for (const k of tryPass(true) ?? tryPass(false) ?? []) marked.add(k);
  }
  return [...marked].sort((a, b) => a - b);
}

export interface SearchIndex {
  readonly size: number;
  /** Ranked entry indexes for a query (best first). An empty query answers every entry, boosted first. */
  search(query: string, opts?: SearchOptions): Int32Array;
  /** The quality score of one entry for a query (0 = no match); for tests and tuning. */
  score(index: number, query: string): number;
  /** Forgets the cached answers (with `keepLetters`, the one-letter answers stay, as in a session). */
  reset(keepLetters?: boolean): void;
}

const NON_ASCII = /[^ -~]/;
/** Whole-string fold for indexing (same result as `fold` for Latin text, much faster on long lists). */
function foldFast(s: string): string {
  if (!NON_ASCII.test(s)) return s.toLowerCase();
  return s.toLowerCase().replace(/ª/g, 'a').replace(/[º°]/g, 'o').normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * Stable sort of `idx` by `rank` descending (ranks below 2^24), as three 8-bit counting passes:
 * O(n), far cheaper than a comparison sort for the thousands of hits of a short query.
 */
function radixSortDesc(idx: Int32Array, rank: Uint32Array, m: number): Int32Array {
  let a = idx.slice(0, m);
  let ka = rank.slice(0, m);
  let b = new Int32Array(m);
  let kb = new Uint32Array(m);
  const count = new Uint32Array(256);
  for (let shift = 0; shift < 24; shift += 8) {
    count.fill(0);
    for (let i = 0; i < m; i++) count[255 - ((ka[i] >>> shift) & 255)]++;
    let sum = 0;
    for (let d = 0; d < 256; d++) {
      const c = count[d];
      count[d] = sum;
      sum += c;
    }
    for (let i = 0; i < m; i++) {
      const d = 255 - ((ka[i] >>> shift) & 255);
      const at = count[d]++;
      b[at] = a[i];
      kb[at] = ka[i];
    }
    [a, b] = [b, a];
    [ka, kb] = [kb, ka];
  }
  return a;
}

/** Builds the index once for a list of entries (a few ms for ten thousand). */
export function buildSearchIndex(docs: readonly SearchDoc[]): SearchIndex {
  const n = docs.length;
  const memo = new Map<string, string>();
  const f = (s: string | undefined) => {
    if (!s) return '';
    let v = memo.get(s);
    if (v === undefined) memo.set(s, (v = normalizeField(foldFast(s))));
    return v;
  };
  const title: string[] = new Array(n);
  const code: string[] = new Array(n);
  const keywords: string[] = new Array(n);
  const trail: string[] = new Array(n);
  const path: string[] = new Array(n);
  // Letter masks per field: letters present (C), letters that start a word (S), one-letter words (W).
  const mask = new Int32Array(n);
  const titleC = new Int32Array(n);
  const titleS = new Int32Array(n);
  const titleW = new Int32Array(n);
  const codeC = new Int32Array(n);
  const kwS = new Int32Array(n);
  const kwW = new Int32Array(n);
  const trailS = new Int32Array(n);
  const trailW = new Int32Array(n);
  const pathC = new Int32Array(n);
  const pathS = new Int32Array(n);
  const pathW = new Int32Array(n);
  const titleFirst = new Int32Array(n);
  const firstAt = new Uint8Array(n * 26);
  const lastAt = new Uint8Array(n * 26);
  const firstStartAt = new Uint8Array(n * 26);
  const lastStartAt = new Uint8Array(n * 26);
  const shortness = new Uint8Array(n);
  const starts = (fld: string) => {
    let m = 0;
    for (let k = 1; k < fld.length; k++) if (fld.charCodeAt(k - 1) === 32) m |= charBit(fld.charCodeAt(k));
    return m;
  };
  const singles = (fld: string) => {
    let m = 0;
    for (let k = 1; k + 1 < fld.length; k++) if (fld.charCodeAt(k - 1) === 32 && fld.charCodeAt(k + 1) === 32) m |= charBit(fld.charCodeAt(k));
    return m;
  };
  // contiguous pairs of the title; pairs that start a word in keywords and trail (matched at word starts only)
  const titleBi = new Int32Array(2 * n);
  const kwBi = new Int32Array(2 * n);
  const trailBi = new Int32Array(2 * n);
  for (let i = 0; i < n; i++) {
    const d = docs[i];
    title[i] = f(d.title);
    code[i] = f(d.code);
    keywords[i] = d.keywords?.length ? f(d.keywords.join(' | ')) : '';
    trail[i] = f(d.trail);
    path[i] = f(d.path);
    addBigrams(titleBi, i, title[i], false);
    addBigrams(kwBi, i, keywords[i], true);
    addBigrams(trailBi, i, trail[i], true);
    titleC[i] = maskOf(title[i]);
    titleS[i] = starts(title[i]);
    titleW[i] = singles(title[i]);
    codeC[i] = maskOf(code[i]);
    kwS[i] = starts(keywords[i]);
    kwW[i] = singles(keywords[i]);
    trailS[i] = starts(trail[i]);
    trailW[i] = singles(trail[i]);
    pathC[i] = maskOf(path[i]);
    pathS[i] = starts(path[i]);
    pathW[i] = singles(path[i]);
    titleFirst[i] = title[i].charCodeAt(1) | 0;
    mask[i] = titleC[i] | codeC[i] | maskOf(keywords[i]) | maskOf(trail[i]) | pathC[i];
    // first and last position of each letter in the title, anywhere and at word starts (two-letter fuzzy in O(1))
    const t = title[i];
    for (let k = 1; k < t.length; k++) {
      const c = t.charCodeAt(k) - 97;
      if (c < 0 || c > 25 || k > 255) continue;
      const o = i * 26 + c;
      if (!firstAt[o]) firstAt[o] = k;
      lastAt[o] = k;
      if (t.charCodeAt(k - 1) === 32) {
        if (!firstStartAt[o]) firstStartAt[o] = k;
        lastStartAt[o] = k;
      }
    }
    // shorter titles rank a little higher (coarse: 12-character steps)
    shortness[i] = Math.max(0, 5 - Math.floor(d.title.length / 12));
  }
  memo.clear();

  /** Quality of entry i (0 = no match); below 2^17 so that quality × 128 + boost stays under 2^24. */
  function scoreTokens(i: number, probes: Probe[], phrase: string): number {
    let total = 0;
    let inTitle = 0;
    for (const p of probes) {
      const first = charBit(p.t.charCodeAt(0));
      let best = (titleC[i] & p.mask) === p.mask ? titleOf(i, p) * W_TITLE : 0;
      if (best > 0) inTitle++;
      // The other fields, while they can still beat the best so far (their weight × the whole-word tier) and
      // hold the token's letters. Keywords and trail match at word starts; code and path anywhere.
      if (best < TIER.whole * W_CODE && (codeC[i] & p.mask) === p.mask) best = Math.max(best, contiguous(code[i], p, true) * W_CODE);
      if (best < TIER.whole * W_KEYWORDS && kwS[i] & first && (p.bi < 0 || hasBit(kwBi, i, p.bi)))
        best = Math.max(best, contiguous(keywords[i], p, false) * W_KEYWORDS);
      if (best < TIER.whole * W_TRAIL && trailS[i] & first && (p.bi < 0 || hasBit(trailBi, i, p.bi))) best = Math.max(best, contiguous(trail[i], p, false) * W_TRAIL);
      // The path only when nothing else holds the token (it mostly repeats the title; "cidadeespecialidade").
      if (best === 0 && (pathC[i] & p.mask) === p.mask) best = contiguous(path[i], p, true) * W_PATH;
      if (best === 0) return 0;
      total += best;
    }
    // The whole query, contiguous in the title: a phrase match ("contas a pagar").
    if (probes.length > 1 && title[i].includes(phrase)) total += 150;
    if (title[i].startsWith(probes[0].start)) total += 100;
    if (inTitle === probes.length) total += 50;
    return total * 8 + shortness[i];
  }

  /**
   * Title tier of a token. The fuzzy tiers of a token starting with two letters are settled (two letters) or
   * ruled out (longer) from the letters' first and last positions before any scan.
   */
  function titleOf(i: number, p: Probe): number {
    const c = p.bi < 0 || hasBit(titleBi, i, p.bi) ? contiguous(title[i], p, true) : 0;
    if (c || p.pair < 0) return c || (p.t.length > 1 ? fuzzyTier(title[i], p.t) : 0);
    const a = i * 26 + (p.pair >> 5);
    const b = i * 26 + (p.pair & 31);
    const acr = firstStartAt[a] !== 0 && firstStartAt[a] < lastStartAt[b];
    const sca = firstAt[a] !== 0 && firstAt[a] < lastAt[b];
    if (p.t.length === 2) return acr ? TIER.acronym : sca ? TIER.scattered : 0;
    if (!sca) return 0;
    // a third letter a–z must come after the second one somewhere
    const t2 = p.t.charCodeAt(2) - 97;
    if (t2 >= 0 && t2 < 26 && !(firstAt[b] < lastAt[i * 26 + t2])) return 0;
    return fuzzyTier(title[i], p.t, (titleS[i] & charBit(p.t.charCodeAt(0))) !== 0);
  }

  /** The same score for a one-letter query (a–z), from the masks alone: the widest and most frequent search. */
  function scoreLetter(i: number, p: Probe, bit: number): number {
    let best = titleW[i] & bit ? TIER.whole * W_TITLE : titleS[i] & bit ? TIER.start * W_TITLE : titleC[i] & bit ? TIER.inner * W_TITLE : 0;
    const inTitle = best > 0;
    if (best < TIER.whole * W_CODE && codeC[i] & bit) best = Math.max(best, contiguous(code[i], p, true) * W_CODE);
    if (best < TIER.whole * W_KEYWORDS && kwS[i] & bit) best = Math.max(best, (kwW[i] & bit ? TIER.whole : TIER.start) * W_KEYWORDS);
    if (best < TIER.whole * W_TRAIL && trailS[i] & bit) best = Math.max(best, (trailW[i] & bit ? TIER.whole : TIER.start) * W_TRAIL);
    if (best === 0 && pathC[i] & bit) best = (pathW[i] & bit ? TIER.whole : pathS[i] & bit ? TIER.start : TIER.inner) * W_PATH;
    if (best === 0) return 0;
    let total = best;
    if (titleFirst[i] === p.t.charCodeAt(0)) total += 100;
    if (inTitle) total += 50;
    return total * 8 + shortness[i];
  }

  /** Hits (entry order) and their quality per query; ranking with the boost is redone per call (cheap). */
  interface Hits {
    idx: Int32Array;
    quality: Uint32Array;
  }
  let cache = new Map<string, Hits>();
  const pinned = new Map<string, Hits>();
  let lastKey = '';
  let lastHits: Hits | null = null;
  let ranked: { hits: Hits; boost: SearchOptions['boost']; out: Int32Array } | null = null;

  function all(opts: SearchOptions | undefined): Int32Array {
    const idx: number[] = [];
    const recent: number[] = [];
    for (let i = 0; i < n; i++) {
      if (opts?.only && !opts.only(i)) continue;
      if (opts?.boost && opts.boost[i] > 0) recent.push(i);
      else idx.push(i);
    }
    const b = opts?.boost;
    if (b) recent.sort((x, y) => b[y] - b[x] || x - y);
    return Int32Array.from([...recent, ...idx]);
  }

  function hitsFor(key: string, tokens: string[], only: SearchOptions['only']): Hits {
    const cached = cache.get(key) ?? pinned.get(key);
    if (cached) return cached;
    // Candidates: the previous query's hits when this one extends it (every rule is monotone).
    const prev = lastHits && key.startsWith(lastKey) ? lastHits.idx : null;
    const probes = tokens.map(probe);
    let qmask = 0;
    for (const p of probes) qmask |= p.mask;
    const phrase = ` ${tokens.join(' ')}`;
    const count = prev ? prev.length : n;
    const idx = new Int32Array(count);
    const quality = new Uint32Array(count);
    const letter = probes.length === 1 && probes[0].t.length === 1 && /[a-z]/.test(probes[0].t) ? probes[0] : null;
    const bit = letter ? charBit(letter.t.charCodeAt(0)) : 0;
    let m = 0;
    for (let c = 0; c < count; c++) {
      const i = prev ? prev[c] : c;
      if ((mask[i] & qmask) !== qmask) continue;
      if (only && !only(i)) continue;
      const q = letter ? scoreLetter(i, letter, bit) : scoreTokens(i, probes, phrase);
      if (q === 0) continue;
      idx[m] = i;
      quality[m++] = q;
    }
    const hits = { idx: idx.slice(0, m), quality: quality.slice(0, m) };
    // One-letter queries (the widest scans) stay; the rest is a small cache emptied when full.
    if (tokens.length === 1 && tokens[0].length === 1) pinned.set(key, hits);
    else {
      if (cache.size >= CACHE_SIZE) cache = new Map();
      cache.set(key, hits);
    }
    return hits;
  }

  function search(query: string, opts?: SearchOptions): Int32Array {
    const tokens = tokenize(foldFast(query));
    if (!tokens.length) return all(opts);
    const key = `${opts?.scopeKey ?? ''}\u0000${tokens.join(' ')}`;
    const hits = hitsFor(key, tokens, opts?.only);
    lastKey = key;
    lastHits = hits;
    const boost = opts?.boost;
    if (ranked && ranked.hits === hits && ranked.boost === boost) return ranked.out;
    const m = hits.idx.length;
    const rank = new Uint32Array(m);
    for (let k = 0; k < m; k++) rank[k] = Math.min(hits.quality[k], 131071) * 128 + (boost ? Math.min(99, boost[hits.idx[k]] | 0) : 0);
    const out = radixSortDesc(hits.idx, rank, m);
    ranked = { hits, boost, out: out === hits.idx ? out.slice() : out };
    return ranked.out;
  }

  return {
    size: n,
    search,
    score(i, query) {
      const tokens = tokenize(foldFast(query));
      return tokens.length ? scoreTokens(i, tokens.map(probe), ` ${tokens.join(' ')}`) : 0;
    },
    reset(keepLetters = false) {
      cache = new Map();
      if (!keepLetters) pinned.clear();
      lastKey = '';
      lastHits = null;
      ranked = null;
    },
  };
}
