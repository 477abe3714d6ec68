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
  contributions  state employee payroll contributions (ours: `statePayrollContributions`, the
            sum of the `payrollContributions` lines; PolicyEngine: the household head's sum of
            the per-state variables `employee_state_payroll_tax` adds up, <st>_employee_state_payroll_tax)

A case agrees when the two differ by at most $1. Every other case must be explained by an entry
of docs/data-notes/simulation-known.yaml (see its header); an entry that explains nothing is
stale. Exit status: 0 all explained and none stale, 1 otherwise, 2 usage or run error.

Our side runs `taxdata calc --batch` once; PolicyEngine's runs one simulation per year with every
case of the year as its own household. Results are cached in the venv (keyed by the grid and the
PolicyEngine version), so a rerun after a data change only recomputes our side.

This module holds the grid, the known file's format, the comparison, the report and the command
line of scripts/crosscheck_sim.py; the two sides are in sim_run.py, the known-file reading in known.py.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from .common import ROOT, STATE_CODES, UsageError
from .known import KnownEntry, KnownFileError, KnownFormat, explain, load_files, read_entries, stale_entries
from .sim_run import run_ours, run_pe

STATUSES = ["single", "married_filing_jointly", "head_of_household"]
INCOMES = [15000, 25000, 40000, 60000, 85000, 125000, 200000, 300000, 500000, 1000000]
DEPENDENTS = [0, 1, 3]
QUANTITIES = ["federal", "fica", "state", "contributions"]
TOLERANCE = Decimal("1")
KNOWN_RIGHT = {"ours", "policyengine-modelling", "not-modelled"}


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
# Known differences, docs/data-notes/simulation-known.yaml (pure; unit-tested in
# scripts/test_crosscheck.py). The reading is known.py's, shared with crosscheck-known.yaml.

@dataclass
class Known(KnownEntry):
    state: str
    quantity: str
    right: str
    reason: str
    evidence: str
    years: list[int] | None = None
    statuses: list[str] | None = None
    dependents: list[int] | None = None
    incomes: tuple[int, int] | None = None

    def matches(self, case: Case, quantity: str) -> bool:
        return (self.state == case.state and self.quantity == quantity
                and (self.years is None or case.year in self.years)
                and (self.statuses is None or case.status in self.statuses)
                and (self.dependents is None or case.dependents in self.dependents)
                and (self.incomes is None or self.incomes[0] <= case.income <= self.incomes[1]))


def _build(e: dict, where: str, ref: str, errors: list[str]) -> Known:
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
    return Known(state=e["state"], quantity=e["quantity"], right=e["right"], reason=str(e["reason"]),
                 evidence=str(e["evidence"]), years=e.get("years"), statuses=statuses,
                 dependents=e.get("dependents"), incomes=tuple(incomes) if incomes else None)


FORMAT = KnownFormat(required=("state", "quantity", "right", "reason", "evidence"),
                     optional=("years", "statuses", "dependents", "incomes"), build=_build)


def load_known(text: str, source: str) -> tuple[list[Known], list[str]]:
    """Parse one known file; a file that is not a YAML list is one error, not an exception."""
    try:
        return read_entries(text, source, FORMAT)
    except KnownFileError as e:
        return [], [str(e)]


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
            if q not in ours[case.id] and q not in pe[case.id]:
                continue  # a quantity neither side computed (a caller comparing fewer quantities)
            o, p = ours[case.id][q], pe[case.id][q]
            if abs(o - p) <= TOLERANCE:
                continue
            # a case with two causes uses both entries
            out.append(Outcome(case, q, o, p, explain(known, case, q, every=True)))
    return out


# ---------------------------------------------------------------------------------------------
# Report

def report(cases: list[Case], outcomes: list[Outcome], known: list[Known], states: list[str]) -> tuple[str, dict]:
    by_state: dict[str, dict] = {s: {"cases": 0, "state_agree": 0, "fed_agree": 0, "fica_agree": 0,
                                     "contrib_agree": 0, "explained": 0, "unexplained": 0,
                                     "max_gap": Decimal(0)} for s in states}
    bad = {(o.case.id, o.quantity) for o in outcomes}
    for c in cases:
        row = by_state[c.state]
        row["cases"] += 1
        row["state_agree"] += (c.id, "state") not in bad
        row["fed_agree"] += (c.id, "federal") not in bad
        row["fica_agree"] += (c.id, "fica") not in bad
        row["contrib_agree"] += (c.id, "contributions") not in bad
    for o in outcomes:
        row = by_state[o.case.state]
        row["explained" if o.known else "unexplained"] += 1
        if o.quantity == "state":
            row["max_gap"] = max(row["max_gap"], o.gap)
    lines = [f"{'state':<6}{'cases':>6}{'state ≤$1':>11}{'%':>7}{'federal':>9}{'fica':>6}{'contrib':>9}"
             f"{'explained':>11}{'unexplained':>13}{'max gap':>11}"]
    totals = {"cases": 0, "state_agree": 0, "fed_agree": 0, "fica_agree": 0, "contrib_agree": 0,
              "explained": 0, "unexplained": 0}
    for s in states:
        r = by_state[s]
        for k in totals:
            totals[k] += r[k]
        pct = 100 * r["state_agree"] / r["cases"] if r["cases"] else 100
        lines.append(f"{s:<6}{r['cases']:>6}{r['state_agree']:>11}{pct:>7.1f}{r['fed_agree']:>9}{r['fica_agree']:>6}"
                     f"{r['contrib_agree']:>9}{r['explained']:>11}{r['unexplained']:>13}{r['max_gap']:>11}")
    pct = 100 * totals["state_agree"] / totals["cases"] if totals["cases"] else 100
    lines.append(f"{'all':<6}{totals['cases']:>6}{totals['state_agree']:>11}{pct:>7.1f}{totals['fed_agree']:>9}"
                 f"{totals['fica_agree']:>6}{totals['contrib_agree']:>9}{totals['explained']:>11}{totals['unexplained']:>13}")
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
        known, errors = load_files([known_path] if known_path.exists() else [], FORMAT)
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
    stale = stale_entries(known, lambda k: any((k.state, y) in checked for y in (k.years or years)))
    by_right: dict[str, int] = {}
    for o in outcomes:
        if o.known:
            by_right[o.known.right] = by_right.get(o.known.right, 0) + 1
    print(f"\nstate tax within $1 of PolicyEngine: {summary['state_agree']} of {summary['cases']} cases "
          f"({summary['state_pct']:.1f}%); federal {summary['fed_agree']}, FICA {summary['fica_agree']}, "
          f"state payroll contributions {summary['contrib_agree']}.")
    print("explained: " + (", ".join(f"{n} {r}" for r, n in sorted(by_right.items())) or "none")
          + f"; unexplained: {len(unexplained)}; stale entries: {len(stale)}.")
    for o in sorted(unexplained, key=lambda o: -o.gap)[:args.show]:
        print(f"  unexplained {o.case.id} {o.quantity}: ours {o.ours}, PolicyEngine {o.pe} (gap {o.gap})"
              + (f" [ours: {ours[o.case.id].get('contribution_lines', '?')}; PolicyEngine: "
                 f"{pe[o.case.id].get('contribution_lines', '?')}]" if o.quantity == "contributions" else ""))
    for k in stale:
        print(f"  stale: {k.state} {k.quantity} ({k.reason[:60]}) explains no current disagreement")
    print(f"(ours {t1 - t0:.1f} s, PolicyEngine {t2 - t1:.1f} s)", file=sys.stderr)
    if args.summary_json:
        Path(args.summary_json).write_text(json.dumps(summary, indent=1, sort_keys=True, default=str))
    return 1 if unexplained or stale else 0
