#!/usr/bin/env bash
# Every test: types, lint, unit and API tests (PGlite and PostgreSQL), end-to-end tests in Debian's Chromium.
# The long soak and load runs (crash consistency, scale-out on PostgreSQL, the 200k-row report) are a stage of their own:
# `npm run test:soak` (scripts/soak.sh).
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
# the product as `npm start` runs it (web and server compiled): the PostgreSQL suite's workers and the e2e start
# dist/server/start.mjs (E2E_SERVER=dist)
stage "build"; npm run build --silent
# PGlite is PostgreSQL's own code compiled to WebAssembly: SQL answers alike on both. On a PostgreSQL server run here the
# files where a server differs: connections and locks (parallel requests, double submission, login bursts), the job
# engine with separate worker processes, the session time zone, migrations, extensions (pg_trgm), the demo seed, and a
# sample of the fuzz. The whole API suite on PostgreSQL is in the long stage (`npm run test:soak`).
PG_FILES=(jobs jobs-restart agendamentos sobre migrations fuso-horario login-throttle autorizacoes-seguranca sessions-lifetime
  busca-nome demo-data arquivos exportacoes-auditoria relatorios desfazer fuzz consultas-transacao)
stage "api (PostgreSQL: ${#PG_FILES[@]} arquivos)"
E2E_SERVER=dist bash scripts/with-postgres.sh vitest run --project api $(printf 'tests/api/%s.test.ts ' "${PG_FILES[@]}")
# the crawls of every command as every user (text, 1400×900 fit, phone fit: minutes each) are in the long stage
CRAWLS=(textos-usuario desktop celular)
stage "e2e (sem as varreduras de todo comando)"
E2E_SERVER=dist vitest run --project e2e $(printf -- '--exclude tests/e2e/%s.test.ts ' "${CRAWLS[@]}")
stage "fim"
