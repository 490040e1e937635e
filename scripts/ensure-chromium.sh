#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium; install it when missing (never a downloaded browser).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium não encontrado: instale o pacote Debian 'chromium' (apt-get install chromium) e rode de novo." >&2
  exit 1
fi
echo "Instalando o Chromium do Debian (apt)…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
