#!/usr/bin/env bash
# Installs whatever is missing, then runs every test: formatting, lints, native unit and
# integration tests, doc tests, the wasm build.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

log "format"
cargo fmt --check

log "native tests"
cargo test --all-targets
cargo test --doc

log "lints (native and wasm32)"
ensure_wasm_target
cargo clippy --all-targets -- -D warnings
cargo clippy --lib --target wasm32-unknown-unknown -- -D warnings

log "wasm package"
build_pkg
