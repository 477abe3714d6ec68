#!/usr/bin/env bash
# `make bench`: whole-process timings with hyperfine against baselines measured in the same run,
# then the in-process benchmarks (Benchmarks/, ordo-one/package-benchmark). Writes docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh hyperfine time libcurl4-openssl-dev python3
echo "bench: building the release tool (the first time, or after a source change: about 8 minutes on 2 cores)…" >&2
swift build -c release --product taxdata >/dev/null
BIN=$PWD/.build/release/taxdata
# The same tool with the Swift runtime and Foundation linked statically, for the process-floor comparison.
echo "bench: building it again with the Swift runtime linked statically (as long, the first time)…" >&2
swift build -c release --product taxdata --static-swift-stdlib --scratch-path .build/static >/dev/null
STATIC=$PWD/.build/static/release/taxdata
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
OUT=docs/benchmarks.md
RUNS=${BENCH_RUNS:-20}

# A section heading of the report is also a progress line on standard error.
md() { echo "$@" >> "$WORK/report.md"; case "$*" in "## "*) echo "bench: ${*#\#\# }…" >&2 ;; esac; }
hf() { hyperfine -N --warmup 2 --style none --export-markdown "$WORK/t.md" "$@" >/dev/null 2>&1; cat "$WORK/t.md" >> "$WORK/report.md"; md ""; }

md "# Benchmarks"
md ""
md "Measured by \`make bench\` on $(date -u +%Y-%m-%d) on $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(free -g | awk '/Mem:/ {print $2}') GiB, $(swift --version 2>&1 | head -1). Each figure has its baseline from the same run; compare ratios, not absolute times, across machines."
md ""
md "## Compile: check and build on the real TaxData/ tree, against the process-start floor"
md ""
hf --runs "$RUNS" "$BIN --help" "$BIN check TaxData" "$BIN build TaxData --out $WORK/dist"

md "## Process floor: the Swift runtime linked dynamically (the default) or statically (--static-swift-stdlib)"
md ""
md "The same release build of taxdata, the second with the Swift runtime and Foundation in the binary instead of loaded at start. The rest of this report times the default (dynamic) binary."
md ""
hf --runs "$RUNS" "$BIN --help" "$STATIC --help" "$BIN check TaxData" "$STATIC check TaxData"

md "## Scaling: synthetic trees of 10, 100 and 1,000 years (each: federal, FICA, retirement, 5 states)"
md ""
md "| years | check (ms) | ms per year | build (ms) | ms per year |"
md "|---:|---:|---:|---:|---:|"
for n in 10 100 1000; do
  python3 scripts/make-synthetic-tree.py "$n" "$WORK/tree-$n"
  runs=$([ "$n" -ge 1000 ] && echo 3 || echo 5)
  hyperfine -N --warmup 1 --runs "$runs" --export-json "$WORK/c.json" "$BIN check $WORK/tree-$n" >/dev/null 2>&1
  hyperfine -N --warmup 1 --runs "$runs" --export-json "$WORK/b.json" "$BIN build $WORK/tree-$n --out $WORK/out-$n" >/dev/null 2>&1
  python3 - "$n" "$WORK/c.json" "$WORK/b.json" >> "$WORK/report.md" <<'PY'
import json, sys
n = int(sys.argv[1]); c = json.load(open(sys.argv[2]))["results"][0]["mean"] * 1000; b = json.load(open(sys.argv[3]))["results"][0]["mean"] * 1000
print(f"| {n} | {c:.1f} | {c / n:.2f} | {b:.1f} | {b / n:.2f} |")
PY
  rm -rf "$WORK/tree-$n" "$WORK/out-$n"
done
md ""

md "## Verify: taxdata verify against sha256sum -c over the same files"
md ""
python3 - "$WORK/dist" > "$WORK/dist/SHA256SUMS.txt" <<'PY'
import json, os, sys
root = sys.argv[1]
for year in sorted(d for d in os.listdir(root) if d.isdigit()):
    for form in (year, year + "/app"):  # the year's first form and its app form (schema 1.11)
        if not os.path.isdir(os.path.join(root, form)):
            continue
        m = json.load(open(os.path.join(root, form, "manifest.json")))
        for name, sum_ in sorted(m["checksums"].items()):
            print(f"{sum_[7:]}  {form}/{name}")
PY
mv "$WORK/dist/SHA256SUMS.txt" "$WORK/SHA256SUMS.txt"
(cd "$WORK/dist" && hf --runs "$RUNS" "sha256sum --quiet -c $WORK/SHA256SUMS.txt" "$BIN verify $WORK/dist")
md "The same verify against the process floor (the goal: at most 2x taxdata --help):"
md ""
hf --runs "$RUNS" "$BIN --help" "$BIN verify $WORK/dist"

md "## Verify: a bundle whose listed federal document is 256 MiB, against openssl dgst -sha256 on that file"
md ""
md "The document is padded with spaces and its manifest entry rewritten to match (sizes and checksum), so verify hashes all of it, 1 MiB at a time into one buffer, checks its size and SHA-256 against the manifest, and refuses it unread as larger than the 8 MiB limit for one document (bundle.size, exit 1). Peak RSS shows that memory stays constant."
md ""
mkdir -p "$WORK/big"
cp -R "$WORK/dist/2026" "$WORK/big/2026"
python3 - "$WORK/big/2026" <<'PY'
import hashlib, re, sys
root = sys.argv[1]
name = "federal_2026.json"
path = f"{root}/{name}"
with open(path, "ab") as f:
    f.write(b" " * (256 << 20))
data = open(path, "rb").read()
digest, size = hashlib.sha256(data).hexdigest(), len(data)
manifest = open(f"{root}/manifest.json").read()
manifest = re.sub(r'("federal_2026\.json" : ")sha256:[0-9a-f]{64}"', lambda m: f'{m.group(1)}sha256:{digest}"', manifest)
manifest = re.sub(r'("federal_2026\.json" : )[0-9]+', lambda m: f'{m.group(1)}{size}', manifest)
open(f"{root}/manifest.json", "w").write(manifest)
PY
hyperfine -N --warmup 1 --runs 5 -i --style none --export-markdown "$WORK/t.md" "openssl dgst -sha256 $WORK/big/2026/federal_2026.json" "$BIN verify $WORK/big/2026" >/dev/null 2>&1
cat "$WORK/t.md" >> "$WORK/report.md"; md ""
kb=$( { /usr/bin/time -f "%M" "$BIN" verify "$WORK/big/2026" 2>&1 >/dev/null || true; } | tail -1)
md "Peak RSS of that verify: $((kb / 1024)) MiB."
md ""
rm -rf "$WORK/big"

md "## Memory: peak resident set"
md ""
md "| command | peak RSS (MiB) |"
md "|---|---:|"
for cmd in "--help" "check TaxData" "build TaxData --out $WORK/dist2" "verify $WORK/dist"; do
  kb=$(/usr/bin/time -f "%M" "$BIN" $cmd 2>&1 >/dev/null | tail -1)
  echo "| taxdata ${cmd%% $WORK*} | $((kb / 1024)) |" >> "$WORK/report.md"
done
md ""

md "## Payload: what an app embeds and downloads (issue 34)"
md ""
embedded_now=$(find Sources/TaxDataClient/Embedded -type f -printf '%s\n' | awk '{s += $1} END {print s}')
first_form=$(find "$WORK/dist" -mindepth 2 -maxdepth 2 -type f -name '*.json' -printf '%s\n' | awk '{s += $1} END {print s}')
md "| what | bytes | baseline (the first form, as before 1.11) | ratio | goal |"
md "|---|---:|---:|---:|---|"
md "| embedded in the app, three years (Sources/TaxDataClient/Embedded) | $embedded_now | $first_form | $(python3 -c "print(f'{$first_form / $embedded_now:.1f}x smaller')") | ≤ 400,000 (EmbeddedTests) |"
# One year's update on the wire: a signed dist served by taxdata serve, a relay counting the bytes,
# and taxdata fetch with the key pinned (the index, its signature, the manifest, its signature, the
# documents, HTTP headers included), against the first form as the client of 1.0 downloads it.
"$BIN" keygen --private "$WORK/bench.key.pem" --public "$WORK/bench.pub.pem" >/dev/null 2>&1
"$BIN" build TaxData --out "$WORK/signed" --sign-key "$WORK/bench.key.pem" >/dev/null 2>&1
"$BIN" serve "$WORK/signed" --port 0 > "$WORK/serve.log" 2>&1 & serve_pid=$!
for _ in $(seq 100); do grep -q "serving .* on http" "$WORK/serve.log" 2>/dev/null && break; sleep 0.1; done
serve_port=$(grep -o 'http://127.0.0.1:[0-9]*' "$WORK/serve.log" | head -1 | sed 's/.*://')
wire() {  # wire STATS-FILE: bytes the server sent through a relay for one fetch of 2026
  python3 scripts/wire-bytes.py --target "$serve_port" --stats "$1" --lifetime 60 > "$WORK/relay.port" & relay_pid=$!
  for _ in $(seq 100); do [ -s "$WORK/relay.port" ] && break; sleep 0.1; done
  "$BIN" fetch --url "http://127.0.0.1:$(head -1 "$WORK/relay.port")/" --cache "$WORK/cache-$RANDOM" --key "$WORK/bench.pub.pem" --now 2026-03-02 >/dev/null 2>&1 || true
  sleep 0.5; kill "$relay_pid" 2>/dev/null || true; wait "$relay_pid" 2>/dev/null || true
  python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['toClient'])" "$1"
}
app_wire=$(wire "$WORK/wire-app.json")
first_wire=$(python3 - "$WORK/signed" <<'PY'
import os, sys
root = sys.argv[1]
# The first form of 2026 as a 1.0 client downloads it, identity: the index, its signature, the manifest, its signature, the five documents.
names = ["index.json", "index.json.sig"] + [os.path.join("2026", n) for n in os.listdir(os.path.join(root, "2026")) if n.endswith((".json", ".sig"))]
print(sum(os.path.getsize(os.path.join(root, n)) for n in names))
PY
)
kill "$serve_pid" 2>/dev/null || true
md "| one year's update on the wire, signatures included (taxdata serve, gzip; headers included) | $app_wire | $first_wire (bodies only) | $(python3 -c "print(f'{$first_wire / $app_wire:.1f}x smaller')") | ≤ 65,536 (WireBudgetTests, also against nginx) |"
md ""
md "Per year (\`scripts/payload-sizes.py\`, gzip -9):"
md ""
md '```'
python3 scripts/payload-sizes.py "$WORK/dist" >> "$WORK/report.md"
md '```'
md ""

md "## In process (Benchmarks/, ordo-one/package-benchmark)"
md ""
md "Client cold start, the first launch: with every check on the device (read the packaged bundle, verify the year asked for: sizes, SHA-256, canonical encodings, every rule; the other years are verified when first used, and a benchmark verifies all three), and as the package ships it (the tokens make embed wrote when it verified those years: every file hashed, the byte-only checks skipped); a launch after the first without shipped tokens (the state the first left, VerificationMemo); against two baselines, a bare JSONDecoder with no verification over bytes in memory: the first form's four documents, what the package embedded before the app form (issue 34), and the app form's documents, embedded now; bracket lookup; a full federal + state + city + FICA calculation with the Decimal \`TaxCalculator\` (the baseline) and with \`FixedPointCalculator\` on the same inputs. Setup is outside the measurement. Wall clock per operation and throughput; the client verifies its years concurrently, the rest runs on one core; peak memory is the benchmark process's."
md ""
(cd Benchmarks && TAXDATA_BENCH_DIST="$WORK/dist" swift package --allow-writing-to-package-directory benchmark --format markdown 2>/dev/null) \
  | sed 's/\x1b\[[0-9;]*[A-Za-z]//g' | grep -E '^(###|\|)' > "$WORK/inprocess.md"
md "The goals' figures against their baselines (p50 wall clock, this run):"
md ""
scripts/bench-ratios.py < "$WORK/inprocess.md" >> "$WORK/report.md"
md ""
sed 's/^### /**/; s/^\*\*\(.*\)$/\n**\1**\n/' "$WORK/inprocess.md" >> "$WORK/report.md"

# Measurements made by hand between runs (with the command that made each) are kept in
# docs/benchmark-notes.md and appended, so a run never erases them.
if [ -f docs/benchmark-notes.md ]; then md ""; cat docs/benchmark-notes.md >> "$WORK/report.md"; fi
mv "$WORK/report.md" "$OUT"
cat "$OUT"
