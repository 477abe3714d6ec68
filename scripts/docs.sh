#!/usr/bin/env bash
# make docs: the API reference of what apps link (TaxDataClient, TaxCalculator) as static HTML in
# .build/docs/<module>/, from the debug build's modules (symbol graphs) and the DocC catalogues in
# Sources/<module>/<module>.docc. Any DocC warning (a broken symbol link) fails it.
# (Xcode and `swift package generate-documentation` from swift-docc-plugin read the same catalogues.)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN_PATH="${BIN_PATH:-$(swift build --show-bin-path)}"
OUT="${DOCS_OUT:-.build/docs}"
DOCC="$(command -v docc || echo "$(dirname "$(readlink -f "$(command -v swift)")")/docc")"
TRIPLE="$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')"
# The C modules the Swift ones import (swift-numerics' shims, BoringSSL, …): their module maps.
MAPS=()
while IFS= read -r map; do MAPS+=(-Xcc "-fmodule-map-file=$map"); done \
  < <(find .build/checkouts "$BIN_PATH/" -name module.modulemap -not -path '*/Tests/*' -not -path '*.build/include/*' 2>/dev/null | sort)
for module in TaxDataClient TaxCalculator; do
  graphs="$(mktemp -d)"
  swift symbolgraph-extract -module-name "$module" -target "$TRIPLE" -I "$BIN_PATH/Modules" -I "$BIN_PATH" "${MAPS[@]}" \
    -minimum-access-level public -output-dir "$graphs" >/dev/null
  rm -rf "$OUT/$module"; mkdir -p "$OUT"
  "$DOCC" convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$module" --fallback-bundle-identifier "taxdata.$module" \
    --output-path "$OUT/$module" --transform-for-static-hosting --warnings-as-errors
  rm -rf "$graphs"
  echo "docs: $OUT/$module/index.html"
done
