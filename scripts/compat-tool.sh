#!/usr/bin/env bash
# Builds `taxdata` as it was at the last commit before the app form (issue 34), so that the
# compatibility test (Tests/TaxDataIntegrationTests/CompatibilityTests.swift) can run a client of
# today's apps against a dist published by this tree, and publish, with the old tool, the data of
# its time. Built once into a git-ignored folder and kept:
#   .build-compat/src    the old sources and TaxData/ (`git archive`, no work tree of this repository touched)
#   .build-compat/build  their build products; the binary is .build-compat/build/debug/taxdata
# The first build compiles every dependency again: about as long as the project's own first build.
set -euo pipefail
cd "$(dirname "$0")/.."
COMMIT="${COMPAT_COMMIT:-576fb753f680767f08fdbf2da1e8f623c37838d4}"
ROOT=.build-compat
BIN="$ROOT/build/debug/taxdata"
if [ -x "$BIN" ] && [ "$(cat "$ROOT/commit" 2>/dev/null)" = "$COMMIT" ] && [ -d "$ROOT/src/TaxData" ]; then
  echo "$BIN"
  exit 0
fi
if [ -x "$BIN" ] && [ "$(cat "$ROOT/commit" 2>/dev/null)" = "$COMMIT" ]; then
  # Built before the old TaxData/ was kept beside the sources: add it, no rebuild.
  git archive "$COMMIT" TaxData | tar -x -C "$ROOT/src"
  echo "$BIN"
  exit 0
fi
if ! git cat-file -e "$COMMIT^{commit}" 2>/dev/null; then
  # A shallow clone (CI's, perhaps): ask its origin for the commit.
  git fetch -q --depth=1 origin "$COMMIT" >&2 2>/dev/null || git fetch -q --unshallow origin >&2 2>/dev/null || true
fi
if ! git cat-file -e "$COMMIT^{commit}" 2>/dev/null; then
  echo "compat-tool: commit $COMMIT is not in this clone's history and its origin did not give it; fetch it or set COMPAT_COMMIT" >&2
  exit 1
fi
rm -rf "$ROOT/src" "$ROOT/commit"
mkdir -p "$ROOT/src"
git archive "$COMMIT" Package.swift Sources Tests TaxData | tar -x -C "$ROOT/src"
echo "== building taxdata at ${COMMIT:0:7} (the client today's apps run) into $ROOT/: a first build, several minutes" >&2
swift build --package-path "$ROOT/src" --scratch-path "$ROOT/build" --product taxdata >&2
echo "$COMMIT" > "$ROOT/commit"
echo "$BIN"
