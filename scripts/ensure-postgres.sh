#!/usr/bin/env bash
# Debian's PostgreSQL server binaries for the PostgreSQL test runs (installed when missing; never started here).
set -euo pipefail
if ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then exit 0; fi
[ "$(id -u)" = "0" ] || { echo "PostgreSQL não encontrado: instale o pacote Debian 'postgresql'." >&2; exit 1; }
echo "Instalando o PostgreSQL do Debian (apt)…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
