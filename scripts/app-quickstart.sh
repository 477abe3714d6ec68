#!/usr/bin/env bash
# make app-quickstart: types the README's app quick start into a new package that depends on this
# checkout by path (its Package.swift with the placeholder URL replaced, and its program as
# main.swift), builds it from nothing and runs it. It checks what a new app developer does, with
# only what the README says. The build compiles every dependency again (about 10 minutes on 2
# cores), so `make test` does not run it (a test there compiles and runs the same program inside
# the package); run it before a release (docs/releasing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The package's identity is its directory's name: name the path taxdata, as a clone of it would be.
mkdir -p "$work/deps" "$work/app/Sources/PayApp"
ln -s "$root" "$work/deps/taxdata"
python3 - "$root/README.md" "$work" <<'PY'
import re, sys
readme, work = open(sys.argv[1], encoding="utf-8").read(), sys.argv[2]
blocks = re.findall(r"```swift\n(.*?)```", readme, re.S)
manifest = [b for b in blocks if "import PackageDescription" in b]
program = [b for b in blocks if "import TaxDataClient" in b]
assert len(manifest) == 1 and len(program) == 1, "the README must have one Package.swift block and one program block"
text, n = re.subn(r'\.package\(url: "[^"]+", exact: "[^"]+"\)', f'.package(path: "{work}/deps/taxdata")', manifest[0])
assert n == 1, "the README's Package.swift has no .package(url:, exact:) line"
open(f"{work}/app/Package.swift", "w", encoding="utf-8").write(text)
open(f"{work}/app/Sources/PayApp/main.swift", "w", encoding="utf-8").write(program[0])
PY
echo "app-quickstart: building a new package from the README's quick start (about 10 minutes)…" >&2
(cd "$work/app" && swift build 2>&1 | tail -3)
out="$(cd "$work/app" && swift run --skip-build PayApp)"
echo "$out"
grep -q "^bi-weekly: gross " <<<"$out"
echo "app-quickstart: OK" >&2
