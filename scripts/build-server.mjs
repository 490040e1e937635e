// Bundles the server (src/server/main.ts) into dist/server/main.mjs with esbuild, so `npm start` boots plain
// JavaScript instead of transpiling a few hundred TypeScript files with tsx on every start (the boot budget is 3 s).
// Packages stay external (node_modules is plain JS already), but for drizzle-orm (see `external`). The server never
// imports the web layer (lint rule local/layers), so nothing of the browser's code can reach this bundle.
import { execSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

// what the about screen shows of this build (src/server/configuracoes/sobre.ts): when, and from which commit
let commit = null;
try {
  commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || null;
} catch {
  // not a git checkout (a release archive): no commit to show
}

// chunks are named by hash: a clean folder, or every build leaves its own behind
rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/main.ts'],
  outdir: 'dist/server',
  outExtension: { '.js': '.mjs' },
  // code loaded on demand (the seeding of an empty database) stays in its own chunk, out of every start
  splitting: true,
  chunkNames: 'partes/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // packages stay external (plain JS already), except drizzle-orm: its entry re-exports hundreds of small modules
  // whose resolution alone took about half a second of every start; bundled, only what the server uses is loaded
  external: Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).dependencies).filter((p) => p !== 'drizzle-orm'),
  sourcemap: true,
  define: { __BUILD__: JSON.stringify({ data: new Date().toISOString(), commit }) },
  logLevel: 'warning',
});

// The entry turns on Node's compile cache before anything else loads: later starts skip compiling the packages.
writeFileSync(
  'dist/server/start.mjs',
  `import * as nodeModule from 'node:module';\nnodeModule.enableCompileCache?.();\nprocess.setSourceMapsEnabled(true);\nawait import('./main.mjs');\n`,
);
