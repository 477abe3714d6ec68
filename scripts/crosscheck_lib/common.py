"""What both tools share besides the known-file machinery: the repository root (every default
path is relative to it), the PolicyEngine-US version `make crosscheck` pins, the jurisdictions,
our filing statuses, and the error that means exit status 2."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
PE_VERSION = "2.68.0"  # keep equal to PE_VERSION in the Makefile

STATE_CODES = ("AK AL AR AZ CA CO CT DC DE FL GA HI IA ID IL IN KS KY LA MA MD ME MI MN MO MS MT "
               "NC ND NE NH NJ NM NV NY OH OK OR PA RI SC SD TN TX UT VA VT WA WI WV WY").split()
# Every filing status our bundles hold (the simulation grid uses three of them: sim.STATUSES).
STATUSES = ["single", "married_filing_jointly", "married_filing_separately",
            "head_of_household", "qualifying_widower"]


class UsageError(Exception):
    """Exit status 2."""
