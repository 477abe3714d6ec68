#!/usr/bin/env python3
"""Run our calculator against PolicyEngine-US simulations over a grid of wage earners
(`make crosscheck`, second part).

The grid: wage earners on the standard deduction (itemizing switched off), every jurisdiction,
2024-2026, single / married filing jointly / head of household, wages from $15,000 to $1,000,000,
0, 1 and 3 dependent children (head of household: 1 and 3). For each case it compares

  federal   federal income tax after nonrefundable credits (our `federalIncomeTax`; PolicyEngine's
            `income_tax_before_refundable_credits`)
  fica      Social Security + Medicare withheld (PolicyEngine: employee Social Security and
            Medicare tax + additional Medicare tax)
  state     state income tax before refundable credits (ours: income tax + California's mental
            health services tax; PolicyEngine: `state_income_tax_before_refundable_credits`)

A case agrees when the two differ by at most $1. Every other case must be explained by an entry
of docs/data-notes/simulation-known.yaml (see its header); an entry that explains nothing is
stale. Exit status: 0 all explained and none stale, 1 otherwise, 2 usage or run error.

Our side runs `taxdata calc --batch` once; PolicyEngine's runs one simulation per year with every
case of the year as its own household. Results are cached in the venv (keyed by the grid and the
PolicyEngine version), so a rerun after a data change only recomputes our side.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PE_VERSION = "2.68.0"
GRID_VERSION = "3"  # bump when the PolicyEngine side's cached format or variables change
STATE_CODES = ("AK AL AR AZ CA CO CT DC DE FL GA HI IA ID IL IN KS KY LA MA MD ME MI MN MO MS MT "
               "NC ND NE NH NJ NM NV NY OH OK OR PA RI SC SD TN TX UT VA VT WA WI WV WY").split()
STATUSES = ["single", "married_filing_jointly", "head_of_household"]
PE_STATUS = {"single": "SINGLE", "married_filing_jointly": "JOINT", "head_of_household": "HEAD_OF_HOUSEHOLD"}
INCOMES = [15000, 25000, 40000, 60000, 85000, 125000, 200000, 300000, 500000, 1000000]
DEPENDENTS = [0, 1, 3]
QUANTITIES = ["federal", "fica", "state"]
TOLERANCE = Decimal("1")
KNOWN_RIGHT = {"ours", "policyengine-modelling", "not-modelled"}


class UsageError(Exception):
    """Exit status 2."""


@dataclass(frozen=True)
class Case:
    year: int
    state: str
    status: str
    income: int
    dependents: int

    @property
    def id(self) -> str:
        return f"{self.year}-{self.state}-{self.status}-{self.income}-{self.dependents}"


def grid(years: list[int], states: list[str]) -> list[Case]:
    cases = []
    for year in years:
        for state in states:
            for status in STATUSES:
                for income in INCOMES:
                    for deps in DEPENDENTS:
                        if status == "head_of_household" and deps == 0:
                            continue  # a head of household has a qualifying person
                        cases.append(Case(year, state, status, income, deps))
    return cases


# ---------------------------------------------------------------------------------------------
# Known differences (pure; unit-tested in scripts/test_crosscheck.py)

@dataclass
class Known:
    state: str
    quantity: str
    right: str
    reason: str
    evidence: str
    years: list[int] | None = None
    statuses: list[str] | None = None
    dependents: list[int] | None = None
    incomes: tuple[int, int] | None = None
    used: int = 0

    def matches(self, case: Case, quantity: str) -> bool:
        return (self.state == case.state and self.quantity == quantity
                and (self.years is None or case.year in self.years)
                and (self.statuses is None or case.status in self.statuses)
                and (self.dependents is None or case.dependents in self.dependents)
                and (self.incomes is None or self.incomes[0] <= case.income <= self.incomes[1]))


def load_known(text: str, source: str) -> tuple[list[Known], list[str]]:
    import yaml
    errors: list[str] = []
    try:
        doc = yaml.safe_load(text) or []
    except yaml.YAMLError as e:
        return [], [f"{source}: not valid YAML: {e}"]
    if not isinstance(doc, list):
        return [], [f"{source}: expected a list of entries"]
    allowed = {"state", "quantity", "right", "reason", "evidence", "years", "statuses", "dependents", "incomes"}
    out = []
    for i, e in enumerate(doc, 1):
        where = f"{source}: entry {i}"
        if not isinstance(e, dict):
            errors.append(f"{where}: not a mapping")
            continue
        unknown = set(e) - allowed
        if unknown:
            errors.append(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
        missing = [k for k in ("state", "quantity", "right", "reason", "evidence") if not e.get(k)]
        if missing:
            errors.append(f"{where}: missing {', '.join(missing)}")
            continue
        if e["state"] not in STATE_CODES:
            errors.append(f"{where}: state {e['state']!r} is not a USPS code")
        if e["quantity"] not in QUANTITIES:
            errors.append(f"{where}: quantity must be one of {', '.join(QUANTITIES)}")
        if e["right"] not in KNOWN_RIGHT:
            errors.append(f"{where}: right must be one of {', '.join(sorted(KNOWN_RIGHT))}")
        incomes = e.get("incomes")
        if incomes is not None and not (isinstance(incomes, list) and len(incomes) == 2
                                        and all(isinstance(x, int) for x in incomes) and incomes[0] <= incomes[1]):
            errors.append(f"{where}: incomes must be [low, high] in whole dollars")
            incomes = None
        statuses = e.get("statuses")
        if statuses is not None and any(s not in STATUSES for s in statuses):
            errors.append(f"{where}: statuses must be among {', '.join(STATUSES)}")
        out.append(Known(state=e["state"], quantity=e["quantity"], right=e["right"], reason=str(e["reason"]),
                         evidence=str(e["evidence"]), years=e.get("years"), statuses=statuses,
                         dependents=e.get("dependents"), incomes=tuple(incomes) if incomes else None))
    return out, errors


def money(x) -> Decimal:
    """A PolicyEngine float or our JSON number, as a decimal rounded to the cent."""
    return Decimal(repr(float(x)) if isinstance(x, float) else str(x)).quantize(Decimal("0.01"))


@dataclass
class Outcome:
    case: Case
    quantity: str
    ours: Decimal
    pe: Decimal
    known: Known | None = None

    @property
    def gap(self) -> Decimal:
        return abs(self.ours - self.pe)


def compare(cases: list[Case], ours: dict[str, dict], pe: dict[str, dict], known: list[Known]) -> list[Outcome]:
    """Every disagreement (gap over $1), with the known entry that explains it, if any."""
    out = []
    for case in cases:
        for q in QUANTITIES:
            o, p = ours[case.id][q], pe[case.id][q]
            if abs(o - p) <= TOLERANCE:
                continue
            matches = [k for k in known if k.matches(case, q)]
            for k in matches:  # a case with two causes uses both entries
                k.used += 1
            out.append(Outcome(case, q, o, p, matches[0] if matches else None))
    return out


# ---------------------------------------------------------------------------------------------
# The two sides

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
        out[doc["id"]] = {"federal": money(r["federalIncomeTax"]),
                          "fica": money(r["socialSecurity"] + r["medicare"]),
                          "state": money(r["stateIncomeTax"] + r["mentalHealthTax"])}
    missing = [c.id for c in cases if c.id not in out]
    if missing:
        raise UsageError(f"taxdata calc --batch returned no result for {missing[0]} and {len(missing) - 1} more")
    return out


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
            sim = Simulation(situation=pe_situation(these, year))

            def hh(name):
                return sim.calculate(name, year, map_to="household")
            fed = hh("income_tax_before_refundable_credits")
            amt = hh("additional_medicare_tax")
            ss = hh("employee_social_security_tax")
            med = hh("employee_medicare_tax")
            state = hh("state_income_tax_before_refundable_credits")
            for i, c in enumerate(these):
                raw[c.id] = {"income_tax_before_refundable_credits": repr(float(fed[i])),
                             "additional_medicare_tax": repr(float(amt[i])),
                             "employee_social_security_tax": repr(float(ss[i])),
                             "employee_medicare_tax": repr(float(med[i])),
                             "state_income_tax_before_refundable_credits": repr(float(state[i]))}
            print(f"  PolicyEngine {year}: {len(these)} households in {time.monotonic() - t0:.0f} s", file=sys.stderr)
        cache_dir.mkdir(parents=True, exist_ok=True)
        tmp = cache.with_suffix(".tmp")
        tmp.write_text(json.dumps(raw, sort_keys=True))
        tmp.replace(cache)
    return {k: pe_quantities(v) for k, v in raw.items()}


def pe_quantities(v: dict) -> dict:
    """The compared quantities from PolicyEngine's variables (as decimal text). Its income tax
    before refundable credits leaves out the additional Medicare tax, which we withhold as part of
    Medicare, so that tax counts in FICA."""
    d = {k: Decimal(x) for k, x in v.items()}
    cent = Decimal("0.01")
    return {"federal": d["income_tax_before_refundable_credits"].quantize(cent),
            "fica": (d["employee_social_security_tax"] + d["employee_medicare_tax"] + d["additional_medicare_tax"]).quantize(cent),
            "state": d["state_income_tax_before_refundable_credits"].quantize(cent)}


# ---------------------------------------------------------------------------------------------
# Report

def report(cases: list[Case], outcomes: list[Outcome], known: list[Known], states: list[str]) -> tuple[str, dict]:
    by_state: dict[str, dict] = {s: {"cases": 0, "state_agree": 0, "fed_agree": 0, "fica_agree": 0,
                                     "explained": 0, "unexplained": 0, "max_gap": Decimal(0)} for s in states}
    bad = {(o.case.id, o.quantity) for o in outcomes}
    for c in cases:
        row = by_state[c.state]
        row["cases"] += 1
        row["state_agree"] += (c.id, "state") not in bad
        row["fed_agree"] += (c.id, "federal") not in bad
        row["fica_agree"] += (c.id, "fica") not in bad
    for o in outcomes:
        row = by_state[o.case.state]
        row["explained" if o.known else "unexplained"] += 1
        if o.quantity == "state":
            row["max_gap"] = max(row["max_gap"], o.gap)
    lines = [f"{'state':<6}{'cases':>6}{'state ≤$1':>11}{'%':>7}{'federal':>9}{'fica':>6}{'explained':>11}{'unexplained':>13}{'max gap':>11}"]
    totals = {"cases": 0, "state_agree": 0, "fed_agree": 0, "fica_agree": 0, "explained": 0, "unexplained": 0}
    for s in states:
        r = by_state[s]
        for k in totals:
            totals[k] += r[k]
        pct = 100 * r["state_agree"] / r["cases"] if r["cases"] else 100
        lines.append(f"{s:<6}{r['cases']:>6}{r['state_agree']:>11}{pct:>7.1f}{r['fed_agree']:>9}{r['fica_agree']:>6}"
                     f"{r['explained']:>11}{r['unexplained']:>13}{r['max_gap']:>11}")
    pct = 100 * totals["state_agree"] / totals["cases"] if totals["cases"] else 100
    lines.append(f"{'all':<6}{totals['cases']:>6}{totals['state_agree']:>11}{pct:>7.1f}{totals['fed_agree']:>9}"
                 f"{totals['fica_agree']:>6}{totals['explained']:>11}{totals['unexplained']:>13}")
    summary = dict(totals, state_pct=pct, per_state={s: by_state[s]["state_agree"] for s in states})
    return "\n".join(lines), summary


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--years", default="2024,2025,2026")
    p.add_argument("--states", default="", help="comma-separated USPS codes (default: all)")
    p.add_argument("--tree", default="TaxData")
    p.add_argument("--known", default="docs/data-notes/simulation-known.yaml")
    p.add_argument("--taxdata-bin", default=os.environ.get("TAXDATA_BIN", ".build/debug/taxdata"))
    p.add_argument("--cache", default=".crosscheck-venv/cache")
    p.add_argument("--summary-json", help="write the per-state counts here (for before/after comparisons)")
    p.add_argument("--show", type=int, default=20, help="how many unexplained cases to list (default 20)")
    return p.parse_args(argv)


def main(argv=None) -> int:
    try:
        args = parse_args(argv)
    except SystemExit as e:
        return 0 if e.code == 0 else 2
    os.chdir(ROOT)
    try:
        years = sorted({int(y) for y in args.years.split(",") if y.strip()})
        states = sorted({s.strip().upper() for s in args.states.split(",") if s.strip()}) or STATE_CODES
        bad = [s for s in states if s not in STATE_CODES]
        if bad:
            raise UsageError(f"--states: unknown state code(s) {', '.join(bad)}")
        known_path = Path(args.known)
        known, errors = load_known(known_path.read_text(encoding="utf-8") if known_path.exists() else "[]", str(known_path))
        if errors:
            raise UsageError("\n".join(errors))
        cases = grid(years, states)
        print(f"Simulation grid: {len(cases)} cases ({len(years)} years × {len(states)} jurisdictions × statuses × "
              f"{len(INCOMES)} wage levels × dependents)", file=sys.stderr)
        t0 = time.monotonic()
        print("crosscheck_sim: 1/2 our calculator on every case (taxdata calc --batch)…", file=sys.stderr, flush=True)
        ours = run_ours(args.taxdata_bin, args.tree, cases)
        t1 = time.monotonic()
        print("crosscheck_sim: 2/2 PolicyEngine-US's simulations, one per year (minutes the first time; then cached)…",
              file=sys.stderr, flush=True)
        pe = run_pe(cases, Path(args.cache))
        t2 = time.monotonic()
    except UsageError as e:
        print(f"crosscheck_sim: {e}", file=sys.stderr)
        return 2
    outcomes = compare(cases, ours, pe, known)
    table, summary = report(cases, outcomes, known, states)
    print(table)
    unexplained = [o for o in outcomes if not o.known]
    checked = {(c.state, c.year) for c in cases}
    stale = [k for k in known if k.used == 0 and any((k.state, y) in checked for y in (k.years or years))]
    by_right: dict[str, int] = {}
    for o in outcomes:
        if o.known:
            by_right[o.known.right] = by_right.get(o.known.right, 0) + 1
    print(f"\nstate tax within $1 of PolicyEngine: {summary['state_agree']} of {summary['cases']} cases "
          f"({summary['state_pct']:.1f}%); federal {summary['fed_agree']}, FICA {summary['fica_agree']}.")
    print("explained: " + (", ".join(f"{n} {r}" for r, n in sorted(by_right.items())) or "none")
          + f"; unexplained: {len(unexplained)}; stale entries: {len(stale)}.")
    for o in sorted(unexplained, key=lambda o: -o.gap)[:args.show]:
        print(f"  unexplained {o.case.id} {o.quantity}: ours {o.ours}, PolicyEngine {o.pe} (gap {o.gap})")
    for k in stale:
        print(f"  stale: {k.state} {k.quantity} ({k.reason[:60]}) explains no current disagreement")
    print(f"(ours {t1 - t0:.1f} s, PolicyEngine {t2 - t1:.1f} s)", file=sys.stderr)
    if args.summary_json:
        Path(args.summary_json).write_text(json.dumps(summary, indent=1, sort_keys=True, default=str))
    return 1 if unexplained or stale else 0


if __name__ == "__main__":
    sys.exit(main())
