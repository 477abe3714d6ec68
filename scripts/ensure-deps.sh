#!/usr/bin/env bash
# Installs what `make` and `make test` need on a fresh Debian machine, and only what is missing.
# Usage: scripts/ensure-deps.sh [extra-debian-package ...]
set -euo pipefail

need=()
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
if ! pkg-config --exists libcrypto 2>/dev/null; then need+=(libssl-dev); fi
command -v openssl >/dev/null 2>&1 || need+=(openssl)
command -v sha256sum >/dev/null 2>&1 || need+=(coreutils)
for package in "$@"; do
  case "$package" in
    nginx) [ -x /usr/sbin/nginx ] || need+=(nginx) ;;
    python3) command -v python3 >/dev/null 2>&1 || need+=(python3) ;;
    # The contract's validator (scripts/validate-contract.py): jsonschema 4 (Draft 2020-12) and PyYAML.
    python3-jsonschema) python3 -c 'from jsonschema import Draft202012Validator' >/dev/null 2>&1 || need+=(python3 python3-jsonschema) ;;
    python3-yaml) python3 -c 'import yaml' >/dev/null 2>&1 || need+=(python3 python3-yaml) ;;
    python3-venv) python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || need+=(python3 python3-venv) ;;
    python3-pytest) python3 -c 'import pytest' >/dev/null 2>&1 || need+=(python3 python3-pytest) ;;
    hyperfine) command -v hyperfine >/dev/null 2>&1 || need+=(hyperfine) ;;
    time) [ -x /usr/bin/time ] || need+=(time) ;;
    *) dpkg -s "$package" >/dev/null 2>&1 || need+=("$package") ;;
  esac
done

if ((${#need[@]})); then
  echo "installing missing packages: ${need[*]}" >&2
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
      echo "error: need root to install ${need[*]} (try: sudo apt-get install -y ${need[*]})" >&2
      exit 1
    fi
  else
    SUDO=
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

# Debian's packages serve /usr/bin/python3; another python3 first on PATH (pyenv, a venv) needs its own.
for package in "$@"; do
  case "$package" in
    python3-jsonschema) module='from jsonschema import Draft202012Validator' ;;
    python3-yaml) module='import yaml' ;;
    python3-pytest) module='import pytest' ;;
    *) continue ;;
  esac
  if ! python3 -c "$module" >/dev/null 2>&1; then
    echo "error: $(command -v python3) cannot run '$module' (installed $package serves /usr/bin/python3): put /usr/bin first on PATH or install it for that python3" >&2
    exit 1
  fi
done

if ! command -v swift >/dev/null 2>&1; then
  echo "error: no Swift toolchain on PATH (Swift 6 is required; see https://www.swift.org/install/linux/)" >&2
  exit 1
fi
