#!/usr/bin/env bash
# Every test: types, lint, unit and API tests (PGlite and PostgreSQL), end-to-end tests in Debian's Chromium, and the soak stage (crash consistency, scale-out on PostgreSQL).
set -euo pipefail
start=$SECONDS
stage() { echo "== $1 (aos $((SECONDS - start)) s)"; }
stage "typecheck (everything; then the server, commands and shared without DOM types)"; tsc -p tsconfig.json; tsc -p tsconfig.server.json
stage "lint"; eslint --max-warnings 0 .
stage "ferramentas (Chromium, poppler)"; bash scripts/ensure-chromium.sh
stage "unit + api (PGlite)"; vitest run --project unit --project api
stage "api (PostgreSQL)"; bash scripts/with-postgres.sh vitest run --project api
stage "e2e"; bash scripts/ensure-chromium.sh
# the product as `npm start` runs it: web and server compiled (E2E_SERVER=dist starts dist/server/start.mjs)
npm run build --silent
E2E_SERVER=dist vitest run --project e2e
stage "soak (SIGKILL crash consistency; scale-out on PostgreSQL)"; E2E_SERVER=dist vitest run --project soak
stage "fim"
