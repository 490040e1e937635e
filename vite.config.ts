import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One config for the web build and every test project.
// unit/api run in Node (api uses one in-memory PGlite per worker); e2e drives Debian's Chromium.
export default defineConfig({
  plugins: [react()],
  // when the pages were built: the about screen shows it (src/web/ajuda/SobreScreen.tsx)
  define: { __WEB_BUILD__: JSON.stringify(new Date().toISOString()) },
  root: '.',
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 900 },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  test: {
    // tests run in the operator's time zone, as the server does (src/server/fuso.ts): "today" is São Paulo's day
    env: { TZ: 'America/Sao_Paulo' },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', globalSetup: ['tests/api/global-setup.ts'],
          // two files at a time: each holds its own database in its own process, so two cores do twice the work
          maxWorkers: 2, testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // two files at a time, each worker with its own server (tests/e2e/global-setup.ts, E2E_SERVERS)
          maxWorkers: Number(process.env.E2E_SERVERS ?? 2) || 1,
          // one retry: a 2-core machine runs two browsers and two servers; a test that fails twice is a real failure
          retry: 1,
          // waits are for states: a state may take a cold first load (a new context's login, a list's first page and
          // module) on a 2-core machine — well past expect.poll's 1 s default
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
      {
        extends: true,
        test: { name: 'soak', include: ['tests/soak/**/*.test.ts'], environment: 'node', testTimeout: 30 * 60_000, fileParallelism: false },
      },
    ],
  },
});
