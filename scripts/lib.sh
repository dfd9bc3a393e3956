# Shared set-up steps for serve.sh and test.sh: each installs only what is missing.
# shellcheck shell=bash

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

ensure_wasm_target() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    log "installing the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
}

# The wasm-bindgen CLI must match the crate version in Cargo.lock exactly.
ensure_wasm_bindgen() {
  local want have
  want=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/version = |"/,""); print; exit}' "$ROOT/Cargo.lock")
  have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')
  if [ "$want" != "$have" ]; then
    log "installing wasm-bindgen-cli $want (a few minutes, once)"
    # no --locked: the registry here lacks one version its lock file pins
    cargo install wasm-bindgen-cli --version "$want"
  fi
}

# Release wasm + wasm-bindgen --target web into pkg/, then wasm-opt when available.
build_pkg() {
  ensure_wasm_target
  ensure_wasm_bindgen
  log "building the wasm package"
  (cd "$ROOT" && cargo build --release --lib --target wasm32-unknown-unknown)
  wasm-bindgen --target web --no-typescript --out-dir "$ROOT/pkg" \
    "$ROOT/target/wasm32-unknown-unknown/release/stratagem.wasm"
  if [ -x "$ROOT/node_modules/.bin/wasm-opt" ]; then
    log "optimising with wasm-opt"
    "$ROOT/node_modules/.bin/wasm-opt" -O3 --enable-bulk-memory --enable-nontrapping-float-to-int \
      --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
      "$ROOT/pkg/stratagem_bg.wasm" -o "$ROOT/pkg/stratagem_bg.wasm" || log "wasm-opt failed; keeping the unoptimised wasm"
  fi
}
