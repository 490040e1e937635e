#!/usr/bin/env bash
# Every test: types, lint, unit and API tests (PGlite and PostgreSQL), end-to-end tests in Debian's Chromium, and the soak stage (crash consistency, scale-out on PostgreSQL).
set -euo pipefail
start=$SECONDS
stage() { echo "== $1 (aos $((SECONDS - start)) s)"; }
mkdir -p .tmp
# Debian's packages (Chromium, poppler, PostgreSQL) install while the types and the lint are checked: the first run on a
# new machine spends minutes in apt, the checks none in the network
stage "ferramentas (Chromium, poppler, PostgreSQL), ao lado dos tipos e do lint"
(bash scripts/ensure-chromium.sh && bash scripts/ensure-postgres.sh) >.tmp/ferramentas.log 2>&1 &
tools=$!
stage "typecheck (everything; then the server, commands and shared without DOM types), ao lado do lint"
(tsc -p tsconfig.json && tsc -p tsconfig.server.json) &
types=$!
eslint --max-warnings 0 .
wait $types
wait $tools || { cat .tmp/ferramentas.log; exit 1; }
stage "unit + api (PGlite)"; vitest run --project unit --project api
# the product as `npm start` runs it (web and server compiled): the PostgreSQL suite's workers, the e2e and the soak
# stage start dist/server/start.mjs (E2E_SERVER=dist)
stage "build"; npm run build --silent
stage "api (PostgreSQL)"; E2E_SERVER=dist bash scripts/with-postgres.sh vitest run --project api
stage "e2e"; E2E_SERVER=dist vitest run --project e2e
stage "soak (SIGKILL crash consistency; scale-out on PostgreSQL)"; E2E_SERVER=dist vitest run --project soak
stage "fim"
