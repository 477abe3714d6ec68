#!/usr/bin/env bash
# make fuzz: builds the fuzz targets with libFuzzer (swiftc -sanitize=fuzzer) into .build-fuzz/ and
# runs each for FUZZ_SECONDS (default 60). The corpus lives in Fuzz/corpus/<target>/ (seeds are
# committed); an input that crashes a target is written there too (crash-<sha1>), so the replay
# test in `make test` (CorpusReplayTests) runs it from then on. Exit 1 when a target crashed.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET="${FUZZ_SECONDS:-60}"
TARGETS="${FUZZ_TARGETS:-sources bundle client}"
# lld: gold crashes on the instrumented objects ("internal error in format_file_lineno").
FLAGS=(--product taxdata-fuzz --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING
       -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld)
swift build "${FLAGS[@]}"
BIN="$(swift build "${FLAGS[@]}" --show-bin-path)/taxdata-fuzz"
status=0
for target in $TARGETS; do
  corpus="Fuzz/corpus/$target"
  work="$(mktemp -d)"   # new inputs libFuzzer finds go here; only crashes are kept in the repository
  mkdir -p "$corpus"
  echo "== fuzz $target for ${SECONDS_PER_TARGET}s (corpus $corpus)"
  if ! TAXDATA_FUZZ_TARGET="$target" "$BIN" "$work" "$corpus" -max_total_time="$SECONDS_PER_TARGET" \
       -rss_limit_mb=2048 -timeout=10 -max_len=65536 -artifact_prefix="$corpus/" -print_final_stats=1 2>"$work.log"; then
    status=1
    echo "fuzz $target: CRASH (input saved under $corpus/; see $work.log)"
  fi
  grep -E "stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb" "$work.log" || true
  grep -E "^#[0-9]+.*(DONE|pulse).*cov:" "$work.log" | tail -1 || true
  rm -rf "$work"
done
exit $status
