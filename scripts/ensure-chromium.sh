#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium; the report tests read generated PDFs with poppler's pdftotext/pdftoppm.
# Install whichever is missing from Debian's packages (never a downloaded browser).
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium fonts-dejavu-core)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Faltam pacotes Debian para os testes: ${need[*]} (apt-get install ${need[*]}); instale e rode de novo." >&2
  exit 1
fi
echo "Instalando do Debian (apt): ${need[*]}…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
