#!/usr/bin/env bash
# The README's test command (CI runs it through .ci/run on a fresh clone, CI=true, no stdin).
# Installs whatever is missing (wasm32 target, wasm-bindgen-cli at the Cargo.lock version,
# Debian's chromium + chromedriver, the end-to-end tests' npm packages, optionally binaryen),
# then runs every test: formatting, lints (native and wasm32), native unit, integration and doc
# tests, wasm-bindgen tests in Node and in headless Chromium, the release wasm package, and the
# end-to-end tests of the page in headless Chromium.
#
# A failing step does not hide the others: each step runs (the end-to-end tests only when the
# wasm package was built), the closing summary lists every step with its time and result, and
# the exit code is non-zero when any step failed. A failed set-up stops at once.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

RESULTS=()
FAILED=()
# run_step NAME COMMAND...: runs the command in a subshell with errexit on, records its time
# and result in RESULTS/FAILED and LAST_RC, and returns 0. It must not be called in a
# condition (`if`, `||`, `&&`): bash ignores errexit inside such a context, even in a subshell
# that sets it again, and a multi-command step would then go on past its first failure.
LAST_RC=0
run_step() {
  local name="$1" t0=$SECONDS rc
  shift
  log "$name"
  set +e
  (
    set -e
    "$@"
  )
  rc=$?
  set -e
  if [ "$rc" = 0 ]; then
    RESULTS+=("$(printf '%5ss  ok      %s' "$((SECONDS - t0))" "$name")")
  else
    RESULTS+=("$(printf '%5ss  FAILED  %s (exit code %s)' "$((SECONDS - t0))" "$name" "$rc")")
    FAILED+=("$name")
  fi
  LAST_RC=$rc
}
skip_step() {
  RESULTS+=("$(printf '%5ss  SKIPPED %s (%s)' 0 "$1" "$2")")
  FAILED+=("$1")
}
on_exit() {
  local rc=$?
  printf '\nscripts/test.sh steps:\n' >&2
  printf '  %s\n' "${RESULTS[@]}" >&2
  printf '  %5ss  total\n' "$SECONDS" >&2
  if [ "$rc" != 0 ] || [ "${#FAILED[@]}" != 0 ]; then
    printf '\nscripts/test.sh: FAILED:\n' >&2
    printf '  - %s\n' "${FAILED[@]:-set-up}" >&2
  else
    printf '\nscripts/test.sh: every step passed\n' >&2
  fi
}
trap on_exit EXIT

setup() {
  ensure_rust_components
  ensure_wasm_target
  ensure_wasm_bindgen
  ensure_chromium
  ensure_cxx
  ensure_node
  ensure_npm_ci "$ROOT/tests/e2e"
  ensure_wasm_opt
}
doc_tests() { cargo test --doc; }
# The API documentation builds with no broken or private intra-doc link (rustdoc's warnings
# are errors here, so a renamed item cannot leave a dead link behind).
api_docs() { RUSTDOCFLAGS="-D warnings" cargo doc --no-deps; }
wasm_browser_tests() {
  CHROMEDRIVER="$CHROMEDRIVER_BIN" cargo test --target wasm32-unknown-unknown -p stratagem-web --test wasm_browser
}
e2e_tests() {
  cd "$ROOT/tests/e2e"
  shopt -s nullglob
  local files=(*.test.mjs)
  if [ "${#files[@]}" = 0 ]; then
    log "no end-to-end test files in tests/e2e"
    return 1
  fi
  # one file at a time: the responsiveness test measures the page's main thread, so no other
  # test may compete with it for the cores
  node --test --test-concurrency=1 "${files[@]}"
}

run_step "set-up: install what is missing" setup
[ "$LAST_RC" = 0 ] || exit 1

run_step "format (cargo fmt --check)" cargo fmt --check
run_step "lints: clippy native, all targets" cargo clippy --workspace --all-targets -- -D warnings
run_step "lints: clippy wasm32 (library and the wasm-bindgen tests)" \
  cargo clippy --target wasm32-unknown-unknown --workspace --lib --test wasm_node --test wasm_browser -- -D warnings

run_step "native tests (unit, integration, benches in test mode)" cargo test --all-targets --no-fail-fast
run_step "doc tests" doc_tests
run_step "API docs build without warnings (cargo doc -D warnings)" api_docs

run_step "wasm-bindgen tests in Node" cargo test --target wasm32-unknown-unknown -p stratagem-web --test wasm_node
run_step "wasm-bindgen tests in headless Chromium" wasm_browser_tests

# Every fuzz target for a few seconds from its committed corpus (the long runs are in
# docs/reliability.md; a crash found here fails the step and leaves its input in fuzz/artifacts/).
run_step "fuzz: every target 10 s from its corpus" scripts/fuzz.sh smoke 10

run_step "release wasm package (pkg/)" build_pkg
if [ "$LAST_RC" = 0 ]; then
  run_step "end-to-end tests of the page (node --test, headless Chromium)" e2e_tests
else
  skip_step "end-to-end tests of the page" "no wasm package"
fi

[ "${#FAILED[@]}" = 0 ]
