#!/usr/bin/env bash
# make fuzz: builds the fuzz targets with libFuzzer (swiftc -sanitize=fuzzer) into .build-fuzz/ and
# runs each for FUZZ_SECONDS (default 60). The corpus lives in Fuzz/corpus/<target>/ (seeds are
# committed); an input that crashes a target is written there too (crash-<sha1>), so the replay
# test in `make test` (CorpusReplayTests) runs it from then on. Exit 1 when a target crashed.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET="${FUZZ_SECONDS:-60}"
TARGETS="${FUZZ_TARGETS:-sources bundle client embedded}"
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
  before="$(ls "$corpus" | sort)"
  # SWIFT_BACKTRACE=enable=no: Swift's backtracer would take the crash signal first, and libFuzzer's
  # handler, which writes the crashing input to -artifact_prefix, would never run.
  if ! SWIFT_BACKTRACE=enable=no TAXDATA_FUZZ_TARGET="$target" "$BIN" "$work" "$corpus" -max_total_time="$SECONDS_PER_TARGET" \
       -rss_limit_mb=2048 -timeout=10 -max_len=65536 -artifact_prefix="$corpus/" -print_final_stats=1 2>"$work.log"; then
    status=1
    saved="$(comm -13 <(echo "$before") <(ls "$corpus" | sort) | grep -E '^(crash|timeout|oom|leak)-' || true)"
    if [ -z "$saved" ]; then
      # The handler did not write it: take the input from libFuzzer's own log ("Base64: ...").
      b64="$(grep -E '^Base64: ' "$work.log" | tail -1 | cut -c9- || true)"
      if [ -n "$b64" ]; then
        name="crash-log-$(echo "$b64" | sha1sum | cut -c1-40)"
        echo "$b64" | base64 -d > "$corpus/$name"
        saved="$name"
      fi
    fi
    if [ -n "$saved" ]; then
      echo "fuzz $target: CRASH; input saved as $corpus/$saved (CorpusReplayTests replays it; commit it with the fix)"
    else
      echo "fuzz $target: CRASH, and the input could not be saved; see $work.log"
    fi
  fi
  grep -E "stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb" "$work.log" || true
  grep -E "^#[0-9]+.*(DONE|pulse).*cov:" "$work.log" | tail -1 || true
  rm -rf "$work"
  [ "$status" -ne 0 ] || rm -f "$work.log"
done
exit $status
