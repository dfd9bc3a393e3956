#!/usr/bin/env bash
# The README's test command (CI runs it through .ci/run on a fresh clone, CI=true, no stdin).
# Installs whatever is missing (wasm32 target, wasm-bindgen-cli at the Cargo.lock version,
# Debian's chromium + chromedriver, the end-to-end tests' npm packages, optionally binaryen),
# then runs every test: formatting, lints (native and wasm32), native unit, integration and doc
# tests, wasm-bindgen tests in Node and in headless Chromium, the release wasm package, and the
# end-to-end tests of the page in headless Chromium. Stops at the first failure with a non-zero
# exit code and says which step failed; prints the time of each step at the end.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

STEP="set-up"
STEP_START=$SECONDS
TIMES=()
step() {
  TIMES+=("$(printf '%5ss  %s' "$((SECONDS - STEP_START))" "$STEP")")
  STEP="$1"
  STEP_START=$SECONDS
  log "$STEP"
}
summary() {
  TIMES+=("$(printf '%5ss  %s' "$((SECONDS - STEP_START))" "$STEP")")
  printf '\nscripts/test.sh step times:\n' >&2
  printf '  %s\n' "${TIMES[@]}" >&2
  printf '  %5ss  total\n' "$SECONDS" >&2
}
on_exit() {
  local rc=$?
  summary
  if [ "$rc" != 0 ]; then
    printf '\nscripts/test.sh FAILED in step "%s" (exit code %s)\n' "$STEP" "$rc" >&2
  else
    printf '\nscripts/test.sh: every step passed\n' >&2
  fi
}
trap on_exit EXIT

log "set-up: install what is missing"
ensure_rust_components
ensure_wasm_target
ensure_wasm_bindgen
ensure_chromium
ensure_node
ensure_npm_ci "$ROOT/tests/e2e"
ensure_wasm_opt

step "format (cargo fmt --check)"
cargo fmt --check

step "lints: clippy native, all targets"
cargo clippy --all-targets -- -D warnings
step "lints: clippy wasm32 (library and the wasm-bindgen tests)"
cargo clippy --target wasm32-unknown-unknown --lib --test wasm_node --test wasm_browser -- -D warnings

step "native tests (unit, integration, benches in test mode)"
cargo test --all-targets
step "doc tests"
cargo test --doc

step "wasm-bindgen tests in Node"
cargo test --target wasm32-unknown-unknown --test wasm_node
step "wasm-bindgen tests in headless Chromium"
CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test wasm_browser

step "release wasm package (pkg/)"
build_pkg

step "end-to-end tests of the page (node --test, headless Chromium)"
(
  cd tests/e2e
  shopt -s nullglob
  files=(*.test.mjs)
  if [ "${#files[@]}" = 0 ]; then
    log "no end-to-end test files in tests/e2e"
    exit 1
  fi
  node --test "${files[@]}"
)
