/**
 * Extracts from SPEC.md §2.1–§2.7 what the command registry must cover, into tests/fixtures/spec-registry.json:
 *  - paths: every path written with a leading slash ('/bancos', '/relatorio/cancelamento-adesao', …);
 *  - names: every hyphenated identifier written without a slash ('adesao-aeromedico', 'fila-sessao', …),
 *    minus a few English compounds of the prose;
 *  - reps: every repNNN code.
 * Usage: tsx scripts/extract-spec-registry.ts [path/to/SPEC.md]  (default: ../shared/SPEC.md, then /work/shared/SPEC.md)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const candidates = [process.argv[2], join(root, '..', 'shared', 'SPEC.md'), '/work/shared/SPEC.md'].filter(Boolean) as string[];
const specPath = candidates.find((p) => existsSync(p));
if (!specPath) throw new Error(`SPEC.md não encontrado (tentativas: ${candidates.join(', ')})`);

const spec = readFileSync(specPath, 'utf8');
const start = spec.indexOf('### 2.1');
const end = spec.indexOf('\n## 3.');
if (start < 0 || end < start) throw new Error('SPEC.md: seções 2.1–2.7 não encontradas');
const text = spec.slice(start, end);

/** English compounds of the prose that are not identifiers of the product. */
const PROSE = new Set(['logged-in', 'second-copy-of-boleto', 'list-plus-search', 'sub-groups']);

// A path starts with '/' that does not follow a word character or another slash (so 'list/ajuda' and
// 'rep279/report', which are action/subject pairs, are left out).
const paths = new Set<string>();
for (const m of text.matchAll(/(?<![\w/])\/[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*/g)) paths.add(m[0]);

// Hyphenated identifiers written without a leading slash (inside a path they are already covered).
const names = new Set<string>();
for (const m of text.matchAll(/(?<![\w/-])[a-z0-9]+(?:-[a-z0-9]+)+(?![\w-])/g)) {
  const before = text[m.index - 1];
  if (before === '/') continue;
  if (!PROSE.has(m[0])) names.add(m[0]);
}
// Names also written as part of a path need no separate check.
for (const n of [...names]) if ([...paths].some((p) => p.split('/').includes(n))) names.delete(n);

const reps = new Set<string>();
for (const m of text.matchAll(/\brep\d{3}\b/g)) reps.add(m[0]);

const out = {
  source: 'SPEC.md §2.1–§2.7',
  note: 'Gerado por scripts/extract-spec-registry.ts; não editar à mão.',
  paths: [...paths].sort(),
  names: [...names].sort(),
  reps: [...reps].sort(),
};
const target = join(root, 'tests', 'fixtures', 'spec-registry.json');
writeFileSync(target, `${JSON.stringify(out, null, 2)}\n`);
console.log(`${relative(root, target)}: ${out.paths.length} caminhos, ${out.names.length} nomes, ${out.reps.length} códigos rep (de ${specPath})`);
