#!/usr/bin/env bash
# The git-ignored venv the contract's integration tests use (schemathesis, openapi-spec-validator),
# pinned, made once by scripts/pinned-venv.sh. Prints the venv's path.
# Usage: scripts/contract-venv.sh            (CONTRACT_VENV=path to use another directory)
set -euo pipefail
cd "$(dirname "$0")/.."
exec scripts/pinned-venv.sh "${CONTRACT_VENV:-.contract-venv}" schemathesis==4.32.5 openapi-spec-validator==0.9.0
