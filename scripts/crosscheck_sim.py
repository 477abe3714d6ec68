#!/usr/bin/env python3
"""Run our calculator against PolicyEngine-US simulations over a grid of wage earners
(`make crosscheck`, second part). The code is in scripts/crosscheck_lib/sim.py."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from crosscheck_lib.sim import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
