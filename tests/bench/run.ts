import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench`: runs every tests/bench/*-bench.ts in turn (each in its own process, so one bench's
 * database or browser never skews the next) and fails if any of them fails. `npm run bench -- palette`
 * runs only the benches whose file name contains "palette".
 */
const dir = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('-bench.ts'))
  .filter((f) => !only.length || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const f of files) {
  console.log(`\n== ${f}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(dir, f)], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    failed++;
    console.log(`!! ${f} falhou (código ${r.status})`);
  }
}
console.log(`\n${files.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
