# Shared set-up steps for serve.sh and test.sh: each installs only what is missing, so a fresh
# machine (rustup's Rust, Python 3, Node.js with npm, Debian's apt) gets everything on the first
# run and later runs skip straight to the work.
# shellcheck shell=bash

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# cargo install puts the wasm-bindgen CLI here; a non-login shell may not have it on PATH.
case ":$PATH:" in *":$HOME/.cargo/bin:"*) ;; *) export PATH="$HOME/.cargo/bin:$PATH" ;; esac

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# Runs its arguments as root: directly when we are root, else through sudo without a prompt
# (CI has no standard input, so a password prompt would hang).
as_root() {
  if [ "$(id -u)" = 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo -n "$@"
  else
    log "need root to run: $*"
    return 1
  fi
}

# apt-get update runs at most once per script run, and only when something is to be installed.
APT_UPDATED=0
apt_install() {
  if [ "$APT_UPDATED" = 0 ]; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
    APT_UPDATED=1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@"
}

# rustfmt and clippy come with rustup's default profile, but a minimal profile lacks them.
ensure_rust_components() {
  local missing=()
  command -v cargo-fmt >/dev/null 2>&1 || missing+=(rustfmt)
  command -v cargo-clippy >/dev/null 2>&1 || missing+=(clippy)
  if [ "${#missing[@]}" -gt 0 ]; then
    log "installing rust components: ${missing[*]}"
    rustup component add "${missing[@]}"
  fi
}

ensure_wasm_target() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    log "installing the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
}

# The version of the wasm-bindgen crate in Cargo.lock (the CLI must be exactly that one).
wasm_bindgen_lock_version() {
  awk '/^name = "wasm-bindgen"$/{getline; gsub(/version = |"/,""); print; exit}' "$ROOT/Cargo.lock"
}

# The wasm-bindgen CLI (and its test runner, same package) must match the crate version in
# Cargo.lock exactly.
ensure_wasm_bindgen() {
  local want have have_runner
  want=$(wasm_bindgen_lock_version)
  if [ -z "$want" ]; then
    log "no wasm-bindgen in Cargo.lock"
    return 1
  fi
  have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}') || true
  have_runner=$(wasm-bindgen-test-runner --version 2>/dev/null | awk '{print $2}') || true
  if [ "$want" != "$have" ] || [ "$want" != "$have_runner" ]; then
    log "installing wasm-bindgen-cli $want (have '${have:-none}'; a few minutes, once)"
    # no --locked: the registry here lacks one version its lock file pins
    cargo install wasm-bindgen-cli --version "$want" --force
  fi
}

# Debian's Chromium and its ChromeDriver (same source package, so their versions match), for
# the wasm-bindgen browser tests and the end-to-end tests.
CHROMIUM_BIN="${CHROMIUM_BIN:-/usr/bin/chromium}"
CHROMEDRIVER_BIN="${CHROMEDRIVER_BIN:-/usr/bin/chromedriver}"
ensure_chromium() {
  if [ -x "$CHROMIUM_BIN" ] && [ -x "$CHROMEDRIVER_BIN" ]; then
    return 0
  fi
  log "installing Debian's chromium and chromium-driver"
  apt_install chromium chromium-driver
}

# A C++ compiler for libFuzzer (built by libfuzzer-sys for the fuzz smoke step, fuzz/).
ensure_cxx() {
  if command -v c++ >/dev/null 2>&1; then
    return 0
  fi
  log "installing Debian's g++ (libFuzzer is C++)"
  apt_install g++
}

# Node.js with npm (a machine of this project's kind has them; Debian's are the fallback).
ensure_node() {
  if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
    return 0
  fi
  log "installing Debian's nodejs and npm"
  apt_install nodejs npm
}

# `npm ci` in $1 when its node_modules does not match its package-lock.json (a stamp file in
# node_modules records the hash of the lock file it was installed from).
ensure_npm_ci() {
  local dir="$1" want have stamp
  stamp="$dir/node_modules/.installed-from-lock"
  want=$(sha256sum "$dir/package-lock.json" | awk '{print $1}')
  have=$(cat "$stamp" 2>/dev/null || true)
  if [ "$want" != "$have" ]; then
    log "npm ci in ${dir#"$ROOT"/}"
    (cd "$dir" && npm ci --no-audit --no-fund)
    mkdir -p "$dir/node_modules"
    echo "$want" >"$stamp"
  fi
}

# Optional: binaryen's wasm-opt, from npm (the root package.json pins binaryen 132). Debian's
# binaryen is version 108, which needs every feature of current rustc output enabled by hand;
# npm's is current, needs no root, and is one pinned version everywhere. The build works
# without it, so a failed install is reported and ignored.
ensure_wasm_opt() {
  if [ -f "$ROOT/package-lock.json" ]; then
    ensure_node || return 0
    ensure_npm_ci "$ROOT" || log "could not install binaryen (wasm-opt); building without it"
  fi
}

# Release wasm + wasm-bindgen --target web into pkg/, then wasm-opt when available.
# The module carries no name or producers section (names are for debuggers; the page does
# not need them, and they were a tenth of the module). STRATAGEM_WASM_OPT chooses wasm-opt's
# level (default -O3: the search's hot loops want speed, and -Oz saved only 0.1 % more here);
# STRATAGEM_WASM_OPT=off skips it (to measure what it brings).
build_pkg() {
  ensure_wasm_target
  ensure_wasm_bindgen
  ensure_wasm_opt
  log "building the wasm package"
  # The module is the web/ crate (the page's facade over the engine); wasm-release is the
  # release profile with the facade and the dependencies optimised for size (Cargo.toml says why).
  # --out-name keeps the package's file names (pkg/stratagem.js, stratagem_bg.wasm) the page loads.
  # The dependencies' source paths in the module's panic messages lose the registry's directory
  # (".../registry/src/index.crates.io-<hash>/"; the crate and file stay): 1,184 bytes raw, 65
  # gzipped (BENCHMARKS.md, session 20). `cargo fetch` first, so that the sources are unpacked on
  # a fresh machine; if it fails (offline), the build goes on without the remap. The flags go in
  # RUSTFLAGS, which only this build sees (the native and test builds keep their caches); set,
  # it replaces any `rustflags` of a cargo config (this project's sets none).
  local remap="" dir cargo_home="${CARGO_HOME:-$HOME/.cargo}"
  if (cd "$ROOT" && cargo fetch --quiet --target wasm32-unknown-unknown); then
    for dir in "$cargo_home"/registry/src/*/; do
      # Only absolute paths match rustc's, and RUSTFLAGS splits at spaces.
      if [ -d "$dir" ] && [[ "$dir" == /* && "$dir" != *" "* ]]; then
        remap="$remap --remap-path-prefix=$dir="
      fi
    done
  else
    log "cargo fetch failed; building without shortening the panic messages' paths"
  fi
  (
    cd "$ROOT"
    if [ -n "$remap" ]; then export RUSTFLAGS="${RUSTFLAGS:-}$remap"; fi
    cargo build --profile wasm-release -p stratagem-module --lib --target wasm32-unknown-unknown
  )
  wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-name stratagem --out-dir "$ROOT/pkg" "$ROOT/target/wasm32-unknown-unknown/wasm-release/stratagem_module.wasm"
  local level="${STRATAGEM_WASM_OPT:--O3}" wasm="$ROOT/pkg/stratagem_bg.wasm"
  if [ "$level" != off ] && [ -x "$ROOT/node_modules/.bin/wasm-opt" ]; then
    log "optimising with wasm-opt $level"
    # The features rustc's wasm32 target enables by default (wasm-opt must not lower them).
    # --converge repeats the passes until nothing changes: 773 bytes gzipped smaller at the
    # same speed (BENCHMARKS.md, session 45), about 15 s more of build.
    if "$ROOT/node_modules/.bin/wasm-opt" "$level" --converge --enable-bulk-memory --enable-nontrapping-float-to-int \
      --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
      "$wasm" -o "$wasm.opt"; then
      mv "$wasm.opt" "$wasm"
    else
      rm -f "$wasm.opt"
      log "wasm-opt failed; keeping the unoptimised wasm"
    fi
  fi
  log "pkg/stratagem_bg.wasm: $(wc -c <"$wasm") bytes, $(gzip -9 -c "$wasm" | wc -c) gzipped"
  # The strategist's people's setups, a file beside the module (www/js/people.js draws the
  # page's Strategist setups from it; natively the bot embeds the same file).
  cp "$ROOT/data/derived/bombed-in-setups.txt" "$ROOT/pkg/people-setups.txt"
}
