#!/usr/bin/env python3
"""Compare every figure we hold with PolicyEngine-US's parameters (`make crosscheck`).
The code is in scripts/crosscheck_lib/ (cli.py; the package docstring lists every module)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from crosscheck_lib.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
