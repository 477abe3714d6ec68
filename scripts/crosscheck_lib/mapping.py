"""The mapping scripts/crosscheck-map.yaml (our fields -> PolicyEngine parameter paths): the
status and bracket-number placeholders of a path, the keys a states.<XX> entry may hold
(including the per-contribution keys of payrollContributions), and the set of PolicyEngine paths
a spec can name (what the PolicyEngine side extracts)."""
from __future__ import annotations

import re

from .common import STATUSES, UsageError

# Our filing statuses as PolicyEngine names them: in parameter breakdowns ({STATUS}) and in the
# names of scales and nodes ({status}).
PE_STATUS = {"single": "SINGLE", "married_filing_jointly": "JOINT",
             "married_filing_separately": "SEPARATE", "head_of_household": "HEAD_OF_HOUSEHOLD",
             "qualifying_widower": "SURVIVING_SPOUSE"}
PE_SCALE_STATUS = {"single": "single", "married_filing_jointly": "joint",
                   "married_filing_separately": "separate", "head_of_household": "head_of_household",
                   "qualifying_widower": "surviving_spouse"}
# The fields a states.<XX> entry of the mapping may name.
STATE_FIELDS = {"income", "standardDeduction", "personalExemption", "dependentExemption",
                "personalCredit", "dependentCredit", "sdi.rate", "sdi.wageBase", "sdi.maxWeekly",
                "mentalHealthTax.threshold", "mentalHealthTax.rate", "nycTax.brackets",
                "youngChildDeduction.amount"}

# A state's payroll contributions (issue 35) are a list of objects keyed by `id`. The mapping
# names one figure of one contribution as `payrollContributions.<id>.<figure>`, e.g.
# `payrollContributions.wa-pfml.employeeRate`. <id> may carry `@YYYY-MM-DD` (the entry's
# effective.from) when a year holds two entries with one id; a key without it applies to all.
# The figures (ours.payroll_contributions computes the derived ones):
#   employeeRate     rate x employeeShare (employeeShare defaults to 1)
#   employeePerHour  perHour x employeeShare (a per-hour contribution such as Oregon's WBF)
#   rate, employeeShare, perHour, wageBase, maxWeekly, maxTax   as our bundle writes them
PAYROLL_FIELDS = ("employeeRate", "employeePerHour", "rate", "employeeShare", "perHour",
                  "wageBase", "maxWeekly", "maxTax")
PAYROLL_KEY = re.compile(r"payrollContributions\.([a-z0-9][a-z0-9-]*(?:@\d{4}-\d{2}-\d{2})?)\."
                         r"(" + "|".join(PAYROLL_FIELDS) + r")")


def parse_payroll_key(key: str) -> tuple[str, str] | None:
    """(id, figure) of a `payrollContributions.<id>.<figure>` key, else None."""
    m = PAYROLL_KEY.fullmatch(key)
    return (m.group(1), m.group(2)) if m else None


def is_state_field(key: str) -> bool:
    """Whether a states.<XX> entry of the mapping may name this key."""
    return key in STATE_FIELDS or parse_payroll_key(key) is not None


def expand(path: str, status: str | None = None, n: int | None = None) -> str:
    if "{STATUS}" in path or "{status}" in path:
        if status is None:
            raise UsageError(f"map: {path} has a status placeholder where no status applies")
        path = path.replace("{STATUS}", PE_STATUS[status]).replace("{status}", PE_SCALE_STATUS[status])
    if "{n}" in path and n is not None:
        path = path.replace("{n}", str(n))
    return path


def map_paths(spec) -> set[str]:
    """Every PolicyEngine path a spec can name, placeholders expanded."""
    found: set[str] = set()

    def walk(s):
        if isinstance(s, str):
            if s.startswith(("gov.", "calibration.", "household.")):
                variants = [s]
                if "{STATUS}" in s or "{status}" in s:
                    variants = [expand(s, st) for st in STATUSES]
                if any("{n}" in v for v in variants):
                    variants = [v.replace("{n}", str(i)) for v in variants for i in range(1, 16)]
                found.update(variants)
        elif isinstance(s, list):
            for x in s:
                walk(x)
        elif isinstance(s, dict):
            for k, v in s.items():
                if k in ("years", "statuses", "times", "divide", "plus", "round", "count"):
                    continue
                walk(v)
    walk(spec)
    return found
