"""The mapping scripts/crosscheck-map.yaml (our fields -> PolicyEngine parameter paths): the
status and bracket-number placeholders of a path, and the set of PolicyEngine paths a spec can
name (what the PolicyEngine side extracts)."""
from __future__ import annotations

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
                if k in ("years", "statuses", "times", "divide", "plus", "count"):
                    continue
                walk(v)
    walk(spec)
    return found
