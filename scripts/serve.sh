#!/usr/bin/env bash
# Builds the game (wasm package) and serves it on 127.0.0.1, printing the address.
# Usage: scripts/serve.sh [PORT]   (default 8000)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
PORT="${1:-${PORT:-8000}}"
build_pkg
log "serving on http://127.0.0.1:$PORT/www/"
echo "Open http://127.0.0.1:$PORT/www/ in a browser (Ctrl-C stops the server)."
exec python3 -m http.server --bind 127.0.0.1 "$PORT" --directory "$ROOT"
