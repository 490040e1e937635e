#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server (Debian's package, installed when missing),
# with PG_TEST_URL pointing at it. Used to run the API suite on real PostgreSQL as well as on PGlite.
set -euo pipefail
bash "$(dirname "$0")/ensure-postgres.sh"
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
dir=$(mktemp -d /tmp/portal-pg.XXXXXX)
port=${PG_TEST_PORT:-55432}
as_pg=()
if [ "$(id -u)" = "0" ]; then chown postgres "$dir"; as_pg=(runuser -u postgres --); fi
"${as_pg[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" -w start >/dev/null
cleanup() { "${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT
export PG_TEST_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
