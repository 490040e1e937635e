#!/usr/bin/env bash
# Development: API with reload on :3000 and Vite with hot reload on :5173 (proxying /api).
set -euo pipefail
tsx watch src/server/main.ts & api=$!
trap 'kill $api' EXIT
vite
