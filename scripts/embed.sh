#!/usr/bin/env bash
# scripts/embed.sh DIST EMBEDDED TAXDATA: writes into EMBEDDED what an app carries of each year of
# the verified dist DIST: the app form's manifest (and signature) and its data document, without
# the provenance document, which an app fetches only when asked (TaxDataProvider.provenance(year:)).
# The data document is carried with its repeated subtrees shared (app_Y.json.shared, written by
# `TAXDATA share-subtrees`; the client expands it and checks it against the manifest).
# EMBEDDED is replaced as a whole (written beside it, then renamed), and only if it is missing or
# holds nothing but year directories this script wrote.
set -euo pipefail
dist="$1"; out="$2"; taxdata="$3"
if [ -e "$out" ]; then
  for entry in "$out"/* "$out"/.[!.]*; do
    [ -e "$entry" ] || continue
    name=$(basename "$entry")
    if ! [[ "$name" =~ ^[0-9]{4}$ ]] || [ ! -d "$entry" ]; then
      echo "embed: $out holds $name, which embed.sh did not write; left as it is" >&2; exit 1
    fi
  done
fi
staging="$out.tmp-$$"
rm -rf "$staging"
mkdir -p "$staging"
for app in "$dist"/*/app; do
  year=$(basename "$(dirname "$app")")
  mkdir "$staging/$year"
  cp "$app/manifest.json" "$staging/$year/"
  "$taxdata" share-subtrees "$app/app_$year.json" "$staging/$year/app_$year.json.shared" >/dev/null
  if [ -f "$app/manifest.json.sig" ]; then cp "$app/manifest.json.sig" "$staging/$year/"; fi
done
rm -rf "$out.old-$$"
if [ -e "$out" ]; then mv "$out" "$out.old-$$"; fi
mv "$staging" "$out"
rm -rf "$out.old-$$"
du -sb "$out" | awk '{printf "embedded %s: %d bytes\n", $2, $1}'
