#!/usr/bin/env bash
# The git-ignored venv the TUF interoperability tests use (python-tuf, the reference implementation,
# and pyca/cryptography, which it verifies Ed25519 with), pinned, made once by scripts/pinned-venv.sh.
# Prints the venv's path.
# Usage: scripts/tuf-venv.sh            (TUF_VENV=path to use another directory)
set -euo pipefail
cd "$(dirname "$0")/.."
exec scripts/pinned-venv.sh "${TUF_VENV:-.tuf-venv}" tuf==7.0.1 cryptography==50.0.2
