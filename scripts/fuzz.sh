#!/usr/bin/env bash
# Coverage-guided fuzzing of every parser of outside input with libFuzzer (fuzz/), on the
# stable toolchain: rustc's own `-Cpasses=sancov-module` and `-Cllvm-args` switches give the
# coverage libFuzzer needs, so neither nightly nor cargo-fuzz is required (docs/reliability.md).
#
#   scripts/fuzz.sh build                 build every target
#   scripts/fuzz.sh smoke [SECONDS]       each target for SECONDS (default 10) from its corpus:
#                                         the short run for the test command
#   scripts/fuzz.sh run TARGET RUNS [ARGS...]   a long run of one target (-runs=RUNS), new
#                                         inputs kept in fuzz/corpus/TARGET, crashes in
#                                         fuzz/artifacts/TARGET/
#   scripts/fuzz.sh list                  the targets
#
# Exit code non-zero if a build fails or a target finds a crash.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

TARGETS=(setup field gravon record saved_game worker_view ucc_lines)
TRIPLE=$(rustc -vV | sed -n 's/^host: //p')
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
BIN="$CARGO_TARGET_DIR/$TRIPLE/release"

build() {
  # The sancov switches (what cargo-fuzz passes, minus the nightly-only -Zsanitizer: safe
  # Rust needs no AddressSanitizer to find panics). --target keeps them off build scripts.
  RUSTFLAGS="--cfg fuzzing -Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares -Ccodegen-units=4" \
    cargo build --release --target "$TRIPLE" --bins
}

run_target() {
  local t=$1
  shift
  mkdir -p "corpus/$t" "artifacts/$t"
  "$BIN/$t" -artifact_prefix="artifacts/$t/" -max_len=8192 -timeout=10 -rss_limit_mb=1024 "$@" "corpus/$t"
}

case "${1:-}" in
  build) build ;;
  list) printf '%s\n' "${TARGETS[@]}" ;;
  smoke)
    secs=${2:-10}
    build
    failed=0
    for t in "${TARGETS[@]}"; do
      echo "== fuzz $t for ${secs}s"
      # A temporary output corpus keeps the smoke run from growing the committed one.
      tmp=$(mktemp -d)
      mkdir -p "artifacts/$t"
      if ! "$BIN/$t" -artifact_prefix="artifacts/$t/" -max_len=8192 -timeout=10 -rss_limit_mb=1024 \
        -max_total_time="$secs" -print_final_stats=1 "$tmp" "corpus/$t" 2>"$tmp.log"; then
        tail -n 40 "$tmp.log"
        failed=1
      fi
      grep -E '^stat::number_of_executed_units|^Done' "$tmp.log" || true
      rm -rf "$tmp" "$tmp.log"
    done
    exit $failed
    ;;
  run)
    t=${2:?target}
    runs=${3:?runs}
    shift 3
    build
    run_target "$t" -runs="$runs" -print_final_stats=1 "$@"
    ;;
  *)
    sed -n '2,15p' "$0"
    exit 2
    ;;
esac
