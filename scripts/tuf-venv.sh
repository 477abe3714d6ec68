#!/usr/bin/env bash
# Makes the git-ignored venv the TUF interoperability tests use (python-tuf, the reference
# implementation, and pyca/cryptography, which it verifies Ed25519 with), pinned, once: later runs only
# check the versions. Prints the venv's path.
# Usage: scripts/tuf-venv.sh            (TUF_VENV=path to use another directory)
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${TUF_VENV:-.tuf-venv}
TUF_VERSION=7.0.1
CRYPTOGRAPHY_VERSION=50.0.2

installed() {
  "$VENV/bin/python" - "$TUF_VERSION" "$CRYPTOGRAPHY_VERSION" <<'PY' 2>/dev/null
import importlib.metadata as m, sys
sys.exit(0 if (m.version("tuf"), m.version("cryptography")) == tuple(sys.argv[1:3]) else 1)
PY
}

if ! installed; then
  echo "installing tuf $TUF_VERSION and cryptography $CRYPTOGRAPHY_VERSION into $VENV/ (from PyPI)" >&2
  [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "tuf==$TUF_VERSION" "cryptography==$CRYPTOGRAPHY_VERSION" >&2
  installed || { echo "error: $VENV/ does not hold the pinned versions after installing" >&2; exit 1; }
fi
cd "$VENV" && pwd
