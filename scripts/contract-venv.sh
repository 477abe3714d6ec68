#!/usr/bin/env bash
# Makes the git-ignored venv the contract's integration tests use (schemathesis, openapi-spec-validator,
# pinned), once: later runs only check the versions. Prints the venv's path.
# Usage: scripts/contract-venv.sh            (CONTRACT_VENV=path to use another directory)
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${CONTRACT_VENV:-.contract-venv}
SCHEMATHESIS_VERSION=4.32.5
SPEC_VALIDATOR_VERSION=0.9.0

installed() {
  "$VENV/bin/python" - "$SCHEMATHESIS_VERSION" "$SPEC_VALIDATOR_VERSION" <<'PY' 2>/dev/null
import importlib.metadata as m, sys
sys.exit(0 if (m.version("schemathesis"), m.version("openapi-spec-validator")) == tuple(sys.argv[1:3]) else 1)
PY
}

if ! installed; then
  echo "installing schemathesis $SCHEMATHESIS_VERSION and openapi-spec-validator $SPEC_VALIDATOR_VERSION into $VENV/ (from PyPI)" >&2
  [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    "schemathesis==$SCHEMATHESIS_VERSION" "openapi-spec-validator==$SPEC_VALIDATOR_VERSION" >&2
  installed || { echo "error: $VENV/ does not hold the pinned versions after installing" >&2; exit 1; }
fi
cd "$VENV" && pwd
