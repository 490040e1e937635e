#!/usr/bin/env bash
# The long runs, a stage of their own (not in `npm test`; about half an hour more): the fuzz at full depth on PGlite
# (30 generated calls per route, every hostile class to every route), the whole API suite on PostgreSQL, the crawls of
# every command as every user (texts, desk and phone fit), SIGKILL crash consistency, scale-out on PostgreSQL (two APIs,
# two workers, one killed under load) and the 200,000-row report through Chromium. Arguments go to the soak project.
set -euo pipefail
start=$SECONDS
stage() { echo "== $1 (aos $((SECONDS - start)) s)"; }
mkdir -p .tmp
stage "ferramentas (Chromium, poppler, PostgreSQL)"; bash scripts/ensure-chromium.sh && bash scripts/ensure-postgres.sh
stage "build"; npm run build --silent
# every stage runs even when an earlier one failed (a stage takes minutes: one failure should not hide the others);
# the failed ones are named at the end and the exit code says so
failed=()
run() { local name=$1; shift; stage "$name"; "$@" || failed+=("$name"); }
run "fuzz completo (PGlite)" env FUZZ_RUNS=30 FUZZ_ROUTE_SAMPLE=1 vitest run --project api tests/api/fuzz.test.ts
run "api inteira (PostgreSQL)" env E2E_SERVER=dist bash scripts/with-postgres.sh vitest run --project api
run "varreduras de todo comando (e2e)" env E2E_SERVER=dist vitest run --project e2e tests/e2e/textos-usuario.test.ts tests/e2e/desktop.test.ts tests/e2e/celular.test.ts
run "soak" env E2E_SERVER=dist vitest run --project soak "$@"
stage "fim"
if ((${#failed[@]})); then printf 'falhou: %s\n' "${failed[@]}"; exit 1; fi
