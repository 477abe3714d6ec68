"""The simulation grid's two sides: our calculator over every case in one `taxdata calc --batch`
run, and PolicyEngine-US's Simulation, one per year with every case of the year as its own
household (cached in the venv, keyed by the grid and the PolicyEngine version).

State payroll contributions (quantity `contributions`): ours is the result's
`statePayrollContributions` (its `payrollContributions` lines are kept for the report);
PolicyEngine's is the household head's sum of the per-state employee variables that
`employee_state_payroll_tax` adds up (ca_employee_state_payroll_tax ... wa_employee_state_payroll_tax,
read from PolicyEngine's own list; each is zero outside its state), with the non-zero components
of the head's state kept for the report. The head alone: a spouse or child has no wages here, and
the per-state variables are per person."""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import time
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from .common import PE_VERSION, UsageError

if TYPE_CHECKING:
    from .sim import Case

GRID_VERSION = "4"  # bump when the PolicyEngine side's cached format or variables change (4: contributions)
PE_STATUS = {"single": "SINGLE", "married_filing_jointly": "JOINT", "head_of_household": "HEAD_OF_HOUSEHOLD"}


def money(x) -> Decimal:
    """A PolicyEngine float or our JSON number, as a decimal rounded to the cent."""
    return Decimal(repr(float(x)) if isinstance(x, float) else str(x)).quantize(Decimal("0.01"))


def run_ours(binary: str, tree: str, cases: list[Case]) -> dict[str, dict]:
    lines = []
    for c in cases:
        lines.append(json.dumps({"id": c.id, "year": c.year, "status": c.status, "state": c.state,
                                 "gross": str(c.income), "dependents": c.dependents, "children": c.dependents}))
    proc = subprocess.run([binary, "calc", "--batch", "-", "--sources", tree], input="\n".join(lines) + "\n",
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise UsageError(f"taxdata calc --batch failed ({proc.returncode}): {proc.stderr.strip()[:500]}")
    out = {}
    for line in proc.stdout.splitlines():
        doc = json.loads(line, parse_float=Decimal, parse_int=Decimal)
        if "error" in doc:
            raise UsageError(f"taxdata calc --batch: {doc['id']}: {doc['error']}")
        r = doc["result"]
        if "statePayrollContributions" not in r:
            raise UsageError(f"taxdata calc --batch: {doc['id']}: the result has no statePayrollContributions "
                             "(a calculator from before issue 35? rebuild it with `make tool`)")
        out[doc["id"]] = {"federal": money(r["federalIncomeTax"]),
                          "fica": money(r["socialSecurity"] + r["medicare"]),
                          "state": money(r["stateIncomeTax"] + r["mentalHealthTax"]),
                          "contributions": money(r["statePayrollContributions"]),
                          "contribution_lines": ours_lines(r.get("payrollContributions"))}
    missing = [c.id for c in cases if c.id not in out]
    if missing:
        raise UsageError(f"taxdata calc --batch returned no result for {missing[0]} and {len(missing) - 1} more")
    return out


def ours_lines(lines) -> str:
    """Our contribution lines as text for the report: "ca-sdi 165.00, ..." ("none" when empty)."""
    if not isinstance(lines, list) or not lines:
        return "none"
    return ", ".join(f"{x.get('id', '?')} {money(x.get('amount', 0))}" for x in lines if isinstance(x, dict))


def pe_situation(cases: list[Case], year: int) -> dict:
    people, tax_units, families, spm_units, households, marital_units = {}, {}, {}, {}, {}, {}
    for i, c in enumerate(cases):
        h = f"h{i}"
        adults = [f"{h}a"]
        # Wages only: PolicyEngine would otherwise add Alaska's Permanent Fund Dividend to an Alaskan's income.
        people[f"{h}a"] = {"age": {year: 40}, "employment_income": {year: c.income}, "ak_permanent_fund_dividend": {year: 0}}
        if c.status == "married_filing_jointly":
            adults.append(f"{h}b")
            people[f"{h}b"] = {"age": {year: 40}, "employment_income": {year: 0}, "ak_permanent_fund_dividend": {year: 0}}
        kids = []
        for k in range(c.dependents):
            kid = f"{h}k{k}"
            kids.append(kid)
            people[kid] = {"age": {year: 10}, "employment_income": {year: 0}, "is_tax_unit_dependent": {year: True},
                           "ak_permanent_fund_dividend": {year: 0}}
        members = adults + kids
        tax_units[h] = {"members": members, "tax_unit_itemizes": {year: False},
                        "filing_status": {year: PE_STATUS[c.status]}}
        families[h] = {"members": members}
        spm_units[h] = {"members": members}
        households[h] = {"members": members, "state_name": {year: c.state}}
        marital_units[h] = {"members": adults}
        for k, kid in enumerate(kids):
            marital_units[f"{h}m{k}"] = {"members": [kid]}
    return {"people": people, "tax_units": tax_units, "families": families, "spm_units": spm_units,
            "households": households, "marital_units": marital_units}


def run_pe(cases: list[Case], cache_dir: Path) -> dict[str, dict]:
    key = hashlib.sha256(json.dumps([GRID_VERSION, PE_VERSION, [c.id for c in cases]]).encode()).hexdigest()[:20]
    cache = cache_dir / f"simulation-{key}.json"
    if cache.exists():
        raw = json.loads(cache.read_text())
    else:
        from policyengine_us import Simulation
        raw = {}
        for year in sorted({c.year for c in cases}):
            these = [c for c in cases if c.year == year]
            t0 = time.monotonic()
            situation = pe_situation(these, year)
            sim = Simulation(situation=situation)

            def hh(name):
                return sim.calculate(name, year, map_to="household")
            fed = hh("income_tax_before_refundable_credits")
            amt = hh("additional_medicare_tax")
            ss = hh("employee_social_security_tax")
            med = hh("employee_medicare_tax")
            state = hh("state_income_tax_before_refundable_credits")
            # State payroll contributions of each household's head (person-level variables, in
            # the order of the situation's people).
            variables = sim.tax_benefit_system.variables
            per_state = list(variables["employee_state_payroll_tax"].adds)
            person = {name: sim.calculate(name, year) for name in per_state}
            components = {name: list(variables[name].adds or []) for name in per_state}
            for parts in components.values():
                for part in parts:
                    person[part] = sim.calculate(part, year)
            position = {pid: j for j, pid in enumerate(situation["people"])}
            for i, c in enumerate(these):
                head = position[f"h{i}a"]
                own = f"{c.state.lower()}_employee_state_payroll_tax"
                lines = {part: repr(float(person[part][head])) for part in components.get(own, [])
                         if float(person[part][head]) != 0}
                raw[c.id] = {"income_tax_before_refundable_credits": repr(float(fed[i])),
                             "additional_medicare_tax": repr(float(amt[i])),
                             "employee_social_security_tax": repr(float(ss[i])),
                             "employee_medicare_tax": repr(float(med[i])),
                             "state_income_tax_before_refundable_credits": repr(float(state[i])),
                             "employee_state_payroll_tax_head": repr(sum(float(person[n][head]) for n in per_state)),
                             "contribution_lines": lines}
            print(f"  PolicyEngine {year}: {len(these)} households in {time.monotonic() - t0:.0f} s", file=sys.stderr)
        cache_dir.mkdir(parents=True, exist_ok=True)
        tmp = cache.with_suffix(".tmp")
        tmp.write_text(json.dumps(raw, sort_keys=True))
        tmp.replace(cache)
    return {k: pe_quantities(v) for k, v in raw.items()}


def pe_quantities(v: dict) -> dict:
    """The compared quantities from PolicyEngine's variables (as decimal text). Its income tax
    before refundable credits leaves out the additional Medicare tax, which we withhold as part of
    Medicare, so that tax counts in FICA. Contributions: the head's state payroll contributions
    (and, for the report, their non-zero components)."""
    d = {k: Decimal(x) for k, x in v.items() if isinstance(x, str)}
    cent = Decimal("0.01")
    lines = v.get("contribution_lines") or {}
    return {"federal": d["income_tax_before_refundable_credits"].quantize(cent),
            "fica": (d["employee_social_security_tax"] + d["employee_medicare_tax"] + d["additional_medicare_tax"]).quantize(cent),
            "state": d["state_income_tax_before_refundable_credits"].quantize(cent),
            "contributions": d["employee_state_payroll_tax_head"].quantize(cent),
            "contribution_lines": ", ".join(f"{k} {Decimal(x).quantize(cent)}" for k, x in sorted(lines.items())) or "none"}
