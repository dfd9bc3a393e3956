#!/usr/bin/env bash
# The same fixed works natively and in headless Chromium's WebAssembly, side by side
# (benches/side_by_side.mjs; figures in BENCHMARKS.md). Builds the release binary and the
# release wasm package (with wasm-opt when it installs), installs Chromium and the e2e npm
# packages when missing, then runs the comparison under `nice`.
# Usage: scripts/bench-side-by-side.sh [--runs N] [--json FILE] [WORK...]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ensure_node
ensure_chromium
ensure_npm_ci "$ROOT/tests/e2e"
log "building the release binary"
(cd "$ROOT" && cargo build --release --bin stratagem)
build_pkg
log "native and wasm side by side"
nice -n 10 node "$ROOT/benches/side_by_side.mjs" "$@"
