#!/usr/bin/env bash
# Makes a git-ignored venv holding exactly the pinned PyPI packages, once: later runs only check the
# installed versions. Prints the venv's path.
# Usage: scripts/pinned-venv.sh VENV NAME==VERSION [NAME==VERSION ...]
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: scripts/pinned-venv.sh VENV NAME==VERSION [NAME==VERSION ...]" >&2; exit 2; }
VENV=$1
shift

installed() {
  "$VENV/bin/python" - "$@" <<'PY' 2>/dev/null
import importlib.metadata as m, sys
sys.exit(0 if all(m.version(name) == version for name, version in (pin.split("==") for pin in sys.argv[1:])) else 1)
PY
}

if ! installed "$@"; then
  echo "installing $* into $VENV/ (from PyPI)" >&2
  [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "$@" >&2
  installed "$@" || { echo "error: $VENV/ does not hold the pinned versions after installing" >&2; exit 1; }
fi
cd "$VENV" && pwd
