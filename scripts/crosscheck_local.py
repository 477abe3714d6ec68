#!/usr/bin/env python3
"""Compare our local income taxes with PolicyEngine-US's (`make crosscheck`, local part).

Run from the repository root:

    TAXDATA_BIN=.build/debug/taxdata .crosscheck-venv/bin/python scripts/crosscheck_local.py

The grid: 2024, 2025 and 2026; a single filer (and married filing jointly where the tax has
brackets by filing status: Anne Arundel, Frederick, Multnomah); wages of 40,000, 80,000 and
300,000 (one earner, standard deduction); every locality of ours that PolicyEngine-US models:

  Maryland's counties and Baltimore City   md_local_income_tax_before_credits (by county_fips)
  Indiana's counties                       in_county_tax (by county_fips)
  New York City                            nyc_income_tax_before_refundable_credits (a borough county)
  Yonkers, resident                        ny_yonkers_income_tax (in_yonkers)
  Yonkers, nonresident                     ny_yonkers_income_tax (ny_yonkers_nonresident_earnings);
                                           ours lives in NYC (3651000) and works in Yonkers: only
                                           the Yonkers nonresident line is compared
  Philadelphia, resident and nonresident   pa_philadelphia_wage_tax (its wage and resident inputs);
                                           our nonresident lives in Pittsburgh (4261000) and works in
                                           Philadelphia: only the Philadelphia line is compared
  Kansas City, St. Louis                   mo_kansas_city_earnings_tax, mo_st_louis_earnings_tax
  Wilmington (a Delaware resident)         de_wilmington_earned_income_tax (in_wilmington)
  Louisville (Jefferson County, KY)        ky_jefferson_occupational_tax: PolicyEngine's one 2.2%
                                           rate against the sum of our two Jefferson County lines
  Lexington (Fayette County, KY)           ky_fayette_occupational_tax; the schools' tax has no
                                           PolicyEngine variable (compared with 0)
  Denver occupational privilege tax        co_denver_employee_occupational_privilege_tax (12 months)
  Multnomah County Preschool for All       or_multnomah_pfa_tax

A locality enters a year's grid only when our data has it that year (`taxdata localities`). Each
of our tax lines (`localTaxes` of `taxdata calc --batch`) is compared with its PolicyEngine
variable, exactly, as decimals to the cent: a difference of at most 0.01 agrees. Every other
difference must be explained by an entry of docs/data-notes/local-crosscheck-known.yaml (format in
its header); an entry that explains nothing although the run covered it is stale.
Exit status: 0 everything agrees or is explained and no entry is stale, 1 otherwise, 2 usage or
run error.

Our side is one `taxdata calc --batch` run; PolicyEngine's is one Simulation per year with every
case of the year as its own household, cached in the venv (keyed by the grid and the PolicyEngine
version), so a rerun after a data change only recomputes our side. Everything but run_pe is pure
and unit-tested without PolicyEngine (scripts/test_crosscheck_local.py). How to read the report:
docs/data-notes/local-crosscheck.md.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from crosscheck_lib.common import PE_VERSION, ROOT, UsageError  # noqa: E402
from crosscheck_lib.known import (KnownEntry, KnownFileError, KnownFormat, explain,  # noqa: E402
                                  load_files, read_entries)

YEARS = [2024, 2025, 2026]
WAGES = [40000, 80000, 300000]
STATUSES = ["single", "married_filing_jointly"]
# Localities whose tax has brackets by filing status: married filing jointly is checked too.
BRACKETED = {"24003", "24021", "41051"}
TOLERANCE = Decimal("0.01")
CENT = Decimal("0.01")
PE_STATUS = {"single": "SINGLE", "married_filing_jointly": "JOINT"}
ROLES = ("resident", "nonresident")
GRID_VERSION = "1"  # bump when the PolicyEngine side's cached format or variables change

# A PolicyEngine input whose value is the case's wages.
AT_WAGES = "=wages"
# The PolicyEngine "variable" of a tax it does not model: compared with 0.
NOT_MODELLED = ""


@dataclass(frozen=True)
class Target:
    """One locality as a resident or a nonresident, and how each side places the person.

    locality     our locality whose tax lines are compared
    role         resident | nonresident: which part of our taxes applies (`resident` / `nonresident`)
    state        the state of residence (both sides)
    county_fips  PolicyEngine's household county (a Census county GEOID; always set, because
                 PolicyEngine otherwise puts the household in the state's first county)
    lives        our --locality
    works        our --work-locality (None: works where they live)
    household    PolicyEngine household inputs ((name, value), ...)
    person       PolicyEngine inputs of the earner; AT_WAGES stands for the case's wages
    """
    locality: str
    role: str
    state: str
    county_fips: str
    lives: str
    works: str | None = None
    household: tuple = ()
    person: tuple = ()


# The localities other than Maryland's and Indiana's counties (those come from our listing).
SPECIAL_TARGETS = [
    Target("3651000", "resident", "NY", "36061", "3651000"),                     # New York County
    Target("3684000", "resident", "NY", "36119", "3684000",                      # Westchester
           household=(("in_yonkers", True),)),
    Target("3684000", "nonresident", "NY", "36061", "3651000", "3684000",
           person=(("ny_yonkers_nonresident_earnings", AT_WAGES),)),
    Target("4260000", "resident", "PA", "42101", "4260000",
           person=(("pa_philadelphia_wage_tax_taxable_wages", AT_WAGES), ("pa_philadelphia_wage_tax_resident", True))),
    Target("4260000", "nonresident", "PA", "42003", "4261000", "4260000",        # lives in Pittsburgh
           person=(("pa_philadelphia_wage_tax_taxable_wages", AT_WAGES), ("pa_philadelphia_wage_tax_resident", False))),
    Target("2938000", "resident", "MO", "29095", "2938000",                      # Jackson County
           person=(("mo_kansas_city_earnings_tax_taxable_earnings", AT_WAGES),)),
    Target("2965000", "resident", "MO", "29510", "2965000",
           person=(("mo_st_louis_earnings_tax_taxable_earnings", AT_WAGES),)),
    Target("1077580", "resident", "DE", "10003", "1077580",                      # New Castle County
           household=(("in_wilmington", True),)),
    Target("21111", "resident", "KY", "21111", "21111"),
    Target("21067", "resident", "KY", "21067", "21067"),
    Target("0820000", "resident", "CO", "08031", "0820000",
           person=(("co_denver_employee_occupational_privilege_tax_months", 12),)),
    Target("41051", "resident", "OR", "41051", "41051"),
]
# States whose every county locality PolicyEngine models by county_fips.
COUNTY_STATES = {"MD": "24", "IN": "18"}

# Our tax id -> PolicyEngine variable (NOT_MODELLED: PolicyEngine has none). Maryland's and
# Indiana's county taxes by pattern, below.
PE_VARIABLE = {
    "ny-nyc": "nyc_income_tax_before_refundable_credits",
    "ny-yonkers-surcharge": "ny_yonkers_income_tax",
    "ny-yonkers-nonresident": "ny_yonkers_income_tax",
    "pa-4260000": "pa_philadelphia_wage_tax",
    "mo-kansas-city-earnings-tax": "mo_kansas_city_earnings_tax",
    "mo-st-louis-earnings-tax": "mo_st_louis_earnings_tax",
    "de-wilmington-earned-income-tax": "de_wilmington_earned_income_tax",
    # PolicyEngine's one 2.2% rate = Metro 1.25% + TARC 0.20% + the school boards' 0.75%
    "ky-louisville-metro-olt": "ky_jefferson_occupational_tax",
    "ky-jefferson-school-board-olt": "ky_jefferson_occupational_tax",
    "ky-lfucg-occupational-license-fee": "ky_fayette_occupational_tax",
    "ky-fcps-occupational-tax": NOT_MODELLED,
    "co-denver-opt": "co_denver_employee_occupational_privilege_tax",
    "or-multnomah-pfa": "or_multnomah_pfa_tax",
}
PE_VARIABLE_PATTERNS = [
    (re.compile(r"md-24\d{3}"), "md_local_income_tax_before_credits"),
    (re.compile(r"in-18\d{3}"), "in_county_tax"),
]
# The base each side taxes, shown beside a disagreement (ours: a field of the result; PolicyEngine:
# a variable). Taxes not listed are on wages, the same input on both sides.
BASE = {
    "md_local_income_tax_before_credits": ("stateTaxableIncome", "md_taxable_income"),
    "in_county_tax": ("stateTaxableIncome", "in_agi"),
    "nyc_income_tax_before_refundable_credits": ("stateTaxableIncome", "nyc_taxable_income"),
    "or_multnomah_pfa_tax": ("stateTaxableIncome", "or_taxable_income"),
}
TAX_BASE = {"ny-yonkers-surcharge": ("stateIncomeTax", "ny_income_tax")}


def pe_variable(tax_id: str) -> str | None:
    """PolicyEngine's variable for one of our tax ids; NOT_MODELLED when it has none, None when
    this script does not know the tax (an unmapped line, reported as unexplained)."""
    if tax_id in PE_VARIABLE:
        return PE_VARIABLE[tax_id]
    for pattern, variable in PE_VARIABLE_PATTERNS:
        if pattern.fullmatch(tax_id):
            return variable
    return None


def base_of(variable: str | None, taxes: tuple[str, ...]) -> tuple[str, str] | None:
    for t in taxes:
        if t in TAX_BASE:
            return TAX_BASE[t]
    return BASE.get(variable or "")


# ---------------------------------------------------------------------------------------------
# The grid (pure)

@dataclass(frozen=True)
class Case:
    year: int
    target: Target
    status: str
    wages: int
    taxes: tuple[str, ...]   # our tax ids compared (those of the target locality with the role's part)
    name: str = ""           # the locality's name, for the report

    @property
    def id(self) -> str:
        return f"{self.year}-{self.target.locality}-{self.target.role}-{self.status}-{self.wages}"

    @property
    def locality(self) -> str:
        return self.target.locality

    @property
    def role(self) -> str:
        return self.target.role


def targets_of(listing: list[dict]) -> list[Target]:
    """Every target of one year: each Maryland and Indiana county locality of our listing (by its
    five-digit GEOID), then the special ones."""
    out = []
    for loc in listing:
        prefix = COUNTY_STATES.get(loc.get("state", ""))
        lid = str(loc.get("id", ""))
        if prefix and re.fullmatch(prefix + r"\d{3}", lid):
            out.append(Target(lid, "resident", loc["state"], lid, lid))
    return out + SPECIAL_TARGETS


def grid(listings: dict[int, list[dict]], localities: set[str] | None = None) -> tuple[list[Case], list[str]]:
    """The cases of every year of `listings` (our `taxdata localities --format json` list of each
    year), optionally only for some locality ids; and a note for each target left out."""
    cases, notes = [], []
    for year in sorted(listings):
        by_id = {str(loc["id"]): loc for loc in listings[year]}
        for t in targets_of(listings[year]):
            if localities and t.locality not in localities:
                continue
            missing = [x for x in (t.locality, t.lives, t.works) if x and x not in by_id]
            if missing:
                notes.append(f"{year} {t.locality} {t.role}: not compared, our {year} data has no locality "
                             f"{', '.join(dict.fromkeys(missing))}")
                continue
            loc = by_id[t.locality]
            if loc.get("state") != t.state:
                notes.append(f"{year} {t.locality}: our locality is in {loc.get('state')}, expected {t.state}")
                continue
            taxes = tuple(dict.fromkeys(str(x["id"]) for x in loc.get("taxes", []) if t.role in x))
            if not taxes:
                notes.append(f"{year} {t.locality} {t.role}: not compared, no tax of ours has a {t.role} part")
                continue
            statuses = STATUSES if t.locality in BRACKETED else STATUSES[:1]
            for status in statuses:
                for wages in WAGES:
                    cases.append(Case(year, t, status, wages, taxes, str(loc.get("name", ""))))
    return cases, notes


def batch_lines(cases: list[Case]) -> list[str]:
    """Our calculator's input, one JSON line per case."""
    out = []
    for c in cases:
        d = {"id": c.id, "year": c.year, "status": c.status, "state": c.target.state, "gross": str(c.wages),
             "locality": c.target.lives}
        if c.target.works:
            d["workLocality"] = c.target.works
        out.append(json.dumps(d))
    return out


def parse_ours(stdout: str, cases: list[Case]) -> dict[str, dict]:
    """Our calculator's output: per case id, {"lines": {tax id: amount}, "bases": {field: value}}
    (amounts as exact decimals; a tax id that is several lines is summed). UsageError on an error
    line or a missing case."""
    out = {}
    for line in stdout.splitlines():
        if not line.strip():
            continue
        doc = json.loads(line, parse_float=Decimal, parse_int=Decimal)
        if "error" in doc:
            raise UsageError(f"taxdata calc --batch: {doc.get('id')}: {doc['error']}")
        r = doc["result"]
        lines: dict[str, Decimal] = {}
        for x in r.get("localTaxes") or []:
            lines[str(x["id"])] = lines.get(str(x["id"]), Decimal(0)) + Decimal(x["amount"])
        bases = {k: Decimal(r[k]) for k in ("stateTaxableIncome", "stateIncomeTax") if k in r}
        out[str(doc["id"])] = {"lines": lines, "bases": bases}
    missing = [c.id for c in cases if c.id not in out]
    if missing:
        raise UsageError(f"taxdata calc --batch returned no result for {missing[0]} and {len(missing) - 1} more")
    return out


def pe_variables(cases: list[Case]) -> list[str]:
    """Every PolicyEngine variable the cases need: the compared ones and their bases."""
    out = []
    for c in cases:
        for t in c.taxes:
            v = pe_variable(t)
            if v:
                out.append(v)
            base = base_of(v, (t,))
            if base:
                out.append(base[1])
    return sorted(set(out))


def _input(value, wages: int):
    return wages if value == AT_WAGES else value


def pe_situation(cases: list[Case], year: int) -> dict:
    """One PolicyEngine situation with each case as its own household: one earner aged 40 (and a
    spouse without income when married), standard deduction, the target's county and inputs."""
    people, tax_units, families, spm_units, marital_units, households = {}, {}, {}, {}, {}, {}
    for i, c in enumerate(cases):
        h = f"h{i}"
        head = {"age": {year: 40}, "employment_income": {year: c.wages}}
        for name, value in c.target.person:
            head[name] = {year: _input(value, c.wages)}
        people[f"{h}a"] = head
        members = [f"{h}a"]
        if c.status == "married_filing_jointly":
            people[f"{h}b"] = {"age": {year: 40}, "employment_income": {year: 0}}
            members.append(f"{h}b")
        tax_units[h] = {"members": members, "filing_status": {year: PE_STATUS[c.status]},
                        "tax_unit_itemizes": {year: False}}
        families[h] = {"members": members}
        spm_units[h] = {"members": members}
        marital_units[h] = {"members": members}
        household = {"members": members, "state_code": {year: c.target.state},
                     "county_fips": {year: c.target.county_fips}}
        for name, value in c.target.household:
            household[name] = {year: _input(value, c.wages)}
        households[h] = household
    return {"people": people, "tax_units": tax_units, "families": families, "spm_units": spm_units,
            "marital_units": marital_units, "households": households}


def cache_key(cases: list[Case]) -> str:
    spec = [GRID_VERSION, PE_VERSION, pe_variables(cases),
            [[c.id, c.taxes, c.target.state, c.target.county_fips, list(c.target.household), list(c.target.person)]
             for c in cases]]
    return hashlib.sha256(json.dumps(spec, default=str).encode()).hexdigest()[:20]


def run_ours(binary: str, tree: str, cases: list[Case]) -> dict[str, dict]:
    proc = subprocess.run([binary, "calc", "--batch", "-", "--sources", tree], input="\n".join(batch_lines(cases)) + "\n",
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise UsageError(f"taxdata calc --batch failed ({proc.returncode}): {proc.stderr.strip()[:500]}")
    return parse_ours(proc.stdout, cases)


def read_listing(binary: str, tree: str, year: int) -> list[dict]:
    proc = subprocess.run([binary, "localities", "--year", str(year), "--format", "json", "--sources", tree],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise UsageError(f"taxdata localities --year {year} failed ({proc.returncode}): {proc.stderr.strip()[:500]}")
    return json.loads(proc.stdout).get("localities", [])


def run_pe(cases: list[Case], cache_dir: Path | None) -> dict[str, dict[str, str]]:
    """PolicyEngine's values (repr of its floats) per case id and variable; one Simulation per year."""
    cache = cache_dir / f"local-{cache_key(cases)}.json" if cache_dir else None
    if cache and cache.exists():
        return json.loads(cache.read_text())
    import warnings
    warnings.filterwarnings("ignore")
    from policyengine_us import Simulation
    raw: dict[str, dict[str, str]] = {}
    for year in sorted({c.year for c in cases}):
        these = [c for c in cases if c.year == year]
        t0 = time.monotonic()
        sim = Simulation(situation=pe_situation(these, year))
        for var in pe_variables(these):
            values = sim.calculate(var, year, map_to="household")
            for i, c in enumerate(these):
                raw.setdefault(c.id, {})[var] = repr(float(values[i]))
        print(f"  PolicyEngine {year}: {len(these)} households in {time.monotonic() - t0:.0f} s", file=sys.stderr)
    if cache:
        cache.parent.mkdir(parents=True, exist_ok=True)
        tmp = cache.with_suffix(".tmp")
        tmp.write_text(json.dumps(raw, sort_keys=True))
        tmp.replace(cache)
    return raw


# ---------------------------------------------------------------------------------------------
# Known disagreements, docs/data-notes/local-crosscheck-known.yaml (pure)

KINDS = {
    "policyengine-data": "PolicyEngine's figure for the year is out of date or wrong; the evidence shows ours",
    "policyengine-model": "PolicyEngine's model cannot express the rule, or does not model the tax",
}
LOCALITY_ID = re.compile(r"\d{5}|\d{7}|[A-Z]{2}-[A-Z0-9-]+")


@dataclass
class Known(KnownEntry):
    locality: str
    years: list[int]
    kind: str
    reason: str
    evidence: str
    taxes: list[str] | None = None
    roles: list[str] | None = None
    statuses: list[str] | None = None
    wages: list[int] | None = None
    cases: list[str] | None = None
    ref: str = ""

    def covers(self, case: Case) -> bool:
        """Whether the entry is about this case (its scope, whatever the outcome)."""
        return (self.locality == case.locality and case.year in self.years
                and (self.taxes is None or any(t in self.taxes for t in case.taxes))
                and (self.roles is None or case.role in self.roles)
                and (self.statuses is None or case.status in self.statuses)
                and (self.wages is None or case.wages in self.wages)
                and (self.cases is None or case.id in self.cases))

    def matches(self, row: Row) -> bool:
        return self.covers(row.case) and (self.taxes is None or any(t in self.taxes for t in row.taxes))


def _int_list(value, what: str, where: str, errors: list[str]) -> list[int] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not value or not all(isinstance(x, str) and x.isdigit() for x in value):
        errors.append(f"{where}: {what} must be a non-empty list of whole numbers")
        return None
    return [int(x) for x in value]


def _str_list(value, what: str, where: str, errors: list[str], allowed=None) -> list[str] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not value or not all(isinstance(x, str) and x for x in value):
        errors.append(f"{where}: {what} must be a non-empty list")
        return None
    if allowed is not None and any(x not in allowed for x in value):
        errors.append(f"{where}: {what} must be among {', '.join(allowed)}")
    return value


def _build(e: dict, where: str, ref: str, errors: list[str]) -> Known | None:
    before = len(errors)
    locality = e["locality"]
    if not isinstance(locality, str) or not LOCALITY_ID.fullmatch(locality):
        errors.append(f"{where}: locality {locality!r} is not one of our locality ids (quote it: \"0820000\")")
    years = _int_list(e["years"], "years", where, errors)
    if e["kind"] not in KINDS:
        errors.append(f"{where}: kind must be one of {', '.join(KINDS)}")
    for key in ("reason", "evidence"):
        if not isinstance(e[key], str):
            errors.append(f"{where}: {key} must be text")
    taxes = _str_list(e.get("taxes"), "taxes", where, errors)
    roles = _str_list(e.get("roles"), "roles", where, errors, ROLES)
    statuses = _str_list(e.get("statuses"), "statuses", where, errors, STATUSES)
    wages = _int_list(e.get("wages"), "wages", where, errors)
    cases = _str_list(e.get("cases"), "cases", where, errors)
    if len(errors) > before:
        return None
    return Known(locality=locality, years=years, kind=e["kind"], reason=e["reason"], evidence=e["evidence"],
                 taxes=taxes, roles=roles, statuses=statuses, wages=wages, cases=cases, ref=ref)


FORMAT = KnownFormat(required=("locality", "years", "kind", "reason", "evidence"),
                     optional=("taxes", "roles", "statuses", "wages", "cases"), build=_build, text_scalars=True)


def load_known(text: str, source: str) -> tuple[list[Known], list[str]]:
    """Parse one known file; a file that is not a YAML list is one error, not an exception."""
    try:
        return read_entries(text, source, FORMAT)
    except KnownFileError as e:
        return [], [str(e)]


# ---------------------------------------------------------------------------------------------
# Comparison (pure)

def money(x) -> Decimal:
    """A PolicyEngine float (or its repr) or our decimal, rounded to the cent."""
    if isinstance(x, float):
        x = repr(x)
    return Decimal(str(x)).quantize(CENT, rounding=ROUND_HALF_UP)


@dataclass
class Row:
    """One comparison: our lines of one PolicyEngine variable in one case."""
    case: Case
    variable: str | None            # PolicyEngine's variable; NOT_MODELLED; None: unmapped tax
    taxes: tuple[str, ...]
    ours: Decimal
    pe: Decimal | None
    ours_base: Decimal | None = None
    pe_base: Decimal | None = None
    base: tuple[str, str] | None = None
    known: Known | None = None
    missing: tuple[str, ...] = ()   # compared tax ids our result has no line for (taken as 0)

    @property
    def gap(self) -> Decimal | None:
        return None if self.pe is None else self.ours - self.pe

    @property
    def agrees(self) -> bool:
        return self.pe is not None and abs(self.ours - self.pe) <= TOLERANCE

    @property
    def status(self) -> str:
        return "agree" if self.agrees else ("known" if self.known else "unexplained")


def rows_of(case: Case, ours: dict, pe: dict[str, str]) -> list[Row]:
    """The comparisons of one case: its tax ids grouped by PolicyEngine variable, our amounts summed."""
    groups: dict[str | None, list[str]] = {}
    for t in case.taxes:
        groups.setdefault(pe_variable(t), []).append(t)
    rows = []
    for variable, taxes in groups.items():
        lines = ours["lines"]
        missing = tuple(t for t in taxes if t not in lines)
        amount = sum((money(lines.get(t, 0)) for t in taxes), Decimal(0))
        if variable is None:
            rows.extend(Row(case, None, (t,), money(lines.get(t, 0)), None) for t in taxes)
            continue
        pe_value = Decimal(0) if variable == NOT_MODELLED else money(pe[variable])
        base = base_of(variable, tuple(taxes))
        row = Row(case, variable, tuple(taxes), amount, pe_value, missing=missing, base=base)
        if base:
            if base[0] in ours["bases"]:
                row.ours_base = money(ours["bases"][base[0]])
            if base[1] in pe:
                row.pe_base = money(pe[base[1]])
        rows.append(row)
    return rows


def compare(cases: list[Case], ours: dict[str, dict], pe: dict[str, dict], known: list[Known]) -> list[Row]:
    """Every comparison; each disagreement carries the first known entry that explains it (every
    matching entry is counted as used)."""
    rows = []
    for case in cases:
        for row in rows_of(case, ours[case.id], pe.get(case.id, {})):
            if not row.agrees and row.variable is not None:
                row.known = explain(known, row, every=True)
            rows.append(row)
    return rows


def stale(known: list[Known], cases: list[Case], full_run: bool) -> list[Known]:
    """Entries that explained nothing although the run covered a case of theirs (in a full run,
    also those that cover no case at all)."""
    return [k for k in known if not k.used and (full_run or any(k.covers(c) for c in cases))]


def case_status(rows: list[Row]) -> str:
    """A case agrees when all its comparisons do; it is unexplained when any is."""
    if any(r.status == "unexplained" for r in rows):
        return "unexplained"
    return "known" if any(r.status == "known" for r in rows) else "agree"


# ---------------------------------------------------------------------------------------------
# Report (pure)

def tally(cases: list[Case], rows: list[Row]) -> dict[tuple, dict]:
    """Per (state, locality, role, year): the name and the counts of cases by outcome."""
    by_case: dict[str, list[Row]] = {}
    for r in rows:
        by_case.setdefault(r.case.id, []).append(r)
    out: dict[tuple, dict] = {}
    for c in cases:
        key = (c.target.state, c.locality, c.role, c.year)
        t = out.setdefault(key, {"name": c.name, "cases": 0, "agree": 0, "known": 0, "unexplained": 0})
        t["cases"] += 1
        t[case_status(by_case.get(c.id, []))] += 1
    return out


def table(counts: dict[tuple, dict], full: bool = False) -> str:
    """The summary table. Unless full, the Maryland and Indiana counties that agree in every case
    of a year are one row per state and year."""
    head = f"{'locality':<52}{'year':>6}{'cases':>7}{'agree':>7}{'known':>7}{'unexplained':>13}"
    lines = [head, "-" * len(head)]
    grouped: dict[tuple, dict] = {}
    for key in sorted(counts):
        state, locality, role, year = key
        t = counts[key]
        if not full and state in COUNTY_STATES and t["agree"] == t["cases"]:
            g = grouped.setdefault((state, year), {"n": 0, "cases": 0, "agree": 0})
            g["n"] += 1
            g["cases"] += t["cases"]
            g["agree"] += t["agree"]
            continue
        label = f"{state} {locality} {t['name']}" + (f" ({role})" if role != "resident" or locality in ("3684000", "4260000") else "")
        lines.append(f"{label[:51]:<52}{year:>6}{t['cases']:>7}{t['agree']:>7}{t['known']:>7}{t['unexplained']:>13}")
    for (state, year), g in sorted(grouped.items()):
        label = f"{state}: {g['n']} more localities, every case agrees"
        lines.append(f"{label:<52}{year:>6}{g['cases']:>7}{g['agree']:>7}{0:>7}{0:>13}")
    total = {k: sum(t[k] for t in counts.values()) for k in ("cases", "agree", "known", "unexplained")}
    lines.append("-" * len(head))
    lines.append(f"{'all':<52}{'':>6}{total['cases']:>7}{total['agree']:>7}{total['known']:>7}{total['unexplained']:>13}")
    return "\n".join(lines)


def describe(row: Row) -> str:
    """One disagreement as a line of the report."""
    variable = row.variable if row.variable else ("(PolicyEngine does not model it: 0)" if row.variable == NOT_MODELLED
                                                   else "(no PolicyEngine variable known for this tax)")
    text = f"{row.case.id} {'+'.join(row.taxes)} vs {variable}: ours {row.ours}"
    if row.pe is not None:
        text += f", PolicyEngine {row.pe} (ours - PE {row.gap:+})"
    if row.base and (row.ours_base is not None or row.pe_base is not None):
        text += f" [base: ours {row.base[0]} {row.ours_base}, PE {row.base[1]} {row.pe_base}"
        if row.pe_base and row.ours_base and row.pe is not None and row.variable != "ny_yonkers_income_tax":
            text += f"; rates ours {row.ours / row.ours_base:.6f}, PE {row.pe / row.pe_base:.6f}"
        text += "]"
    if row.missing:
        text += f" (our result has no line {', '.join(row.missing)}: taken as 0)"
    return text


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--years", default=",".join(map(str, YEARS)))
    p.add_argument("--localities", default="", help="comma-separated locality ids (default: every one PolicyEngine models)")
    p.add_argument("--tree", default="TaxData")
    p.add_argument("--known", default="docs/data-notes/local-crosscheck-known.yaml")
    p.add_argument("--taxdata-bin", default=os.environ.get("TAXDATA_BIN", ".build/debug/taxdata"))
    p.add_argument("--cache", default=".crosscheck-venv/cache", help="PolicyEngine results cache ('' for none)")
    p.add_argument("--full-table", action="store_true", help="one row per county even where all agree")
    p.add_argument("--show", type=int, default=40, help="how many unexplained disagreements to list (default 40)")
    p.add_argument("--verbose", action="store_true", help="also list every disagreement a known entry explains")
    p.add_argument("--summary-json", help="write the counts here")
    return p.parse_args(argv)


def main(argv=None) -> int:
    try:
        args = parse_args(argv)
    except SystemExit as e:
        return 0 if e.code == 0 else 2
    os.chdir(ROOT)
    try:
        years = sorted({int(y) for y in args.years.split(",") if y.strip()})
        only = {x.strip() for x in args.localities.split(",") if x.strip()} or None
        known_path = Path(args.known)
        known, errors = load_files([known_path] if known_path.exists() else [], FORMAT, ROOT)
        if errors:
            raise UsageError("\n".join(errors))
        t0 = time.monotonic()
        listings = {y: read_listing(args.taxdata_bin, args.tree, y) for y in years}
        cases, notes = grid(listings, only)
        if not cases:
            raise UsageError("no case to compare (check --years and --localities)")
        print(f"crosscheck_local: {len(cases)} cases ({len({(c.locality, c.role) for c in cases})} localities and roles, "
              f"{len(years)} years); 1/2 our calculator (taxdata calc --batch)…", file=sys.stderr, flush=True)
        ours = run_ours(args.taxdata_bin, args.tree, cases)
        t1 = time.monotonic()
        print("crosscheck_local: 2/2 PolicyEngine-US, one simulation per year (cached after the first run)…",
              file=sys.stderr, flush=True)
        pe = run_pe(cases, Path(args.cache) if args.cache else None)
        t2 = time.monotonic()
    except UsageError as e:
        print(f"crosscheck_local: {e}", file=sys.stderr)
        return 2
    rows = compare(cases, ours, pe, known)
    counts = tally(cases, rows)
    full_run = only is None and years == YEARS
    stale_list = stale(known, cases, full_run)
    print(f"Local income taxes: ours against PolicyEngine-US {PE_VERSION} (to the cent; known disagreements: {args.known})\n")
    print(table(counts, args.full_table))
    disagreements = [r for r in rows if not r.agrees]
    unexplained = [r for r in disagreements if not r.known]
    n_status = {s: sum(c[s] for c in counts.values()) for s in ("agree", "known", "unexplained")}
    print(f"\n{len(cases)} cases, {len(rows)} tax lines compared: {len(rows) - len(disagreements)} agree, "
          f"{len(disagreements) - len(unexplained)} known, {len(unexplained)} unexplained; "
          f"cases: {n_status['agree']} agree, {n_status['known']} known, {n_status['unexplained']} unexplained; "
          f"stale entries: {len(stale_list)}.")
    in_scope = [k for k in known if k.used or any(k.covers(c) for c in cases)]
    if in_scope:
        print("\nknown entries of this run (lines explained):")
        for k in in_scope:
            scope = f"{k.locality} {','.join(map(str, k.years))}" + (f" {','.join(k.taxes)}" if k.taxes else "") \
                + (f" {','.join(k.roles)}" if k.roles else "") + (f" {','.join(k.statuses)}" if k.statuses else "") \
                + (f" wages {','.join(map(str, k.wages))}" if k.wages else "") + (f" {len(k.cases)} case(s)" if k.cases else "")
            print(f"  {k.used:>4}  {scope} ({k.kind}): {k.reason[:90]}{'…' if len(k.reason) > 90 else ''}")
    if args.verbose:
        for r in disagreements:
            if r.known:
                print(f"  known {describe(r)} [{r.known.ref}]")
    if unexplained:
        print(f"\nunexplained ({len(unexplained)}; largest first):")
        for r in sorted(unexplained, key=lambda r: -(abs(r.gap) if r.gap is not None else Decimal("Infinity")))[:args.show]:
            print(f"  {describe(r)}")
    for k in stale_list:
        print(f"  stale: {k.ref} {k.locality} {k.years} ({k.reason[:60]}…) explains no current disagreement")
    for n in notes:
        print(f"  note: {n}")
    print(f"(ours {t1 - t0:.1f} s, PolicyEngine {t2 - t1:.1f} s)", file=sys.stderr)
    if args.summary_json:
        Path(args.summary_json).write_text(json.dumps(
            {"cases": len(cases), "lines": len(rows), "agree": len(rows) - len(disagreements),
             "known": len(disagreements) - len(unexplained), "unexplained": len(unexplained), "stale": len(stale_list),
             "by_locality": {f"{k[1]}-{k[2]}-{k[3]}": v for k, v in counts.items()}}, indent=1, sort_keys=True))
    return 1 if unexplained or stale_list else 0


if __name__ == "__main__":
    sys.exit(main())
