#!/usr/bin/env python3
"""Probe PolicyEngine-US local income/occupational taxes for one single filer.

Read-only experiment for issue 36 (research folder 36b-md-in-pe). Run with the
project's cross-check venv:

    /work/main/.crosscheck-venv/bin/python docs/research/36b-md-in-pe/pe_local_probe.py

Household: one adult (age 40), filing single, $80,000 of wages, tax year 2025
(plus 2026 rows for the counties whose rate changed in 2026, and a $300,000 row
for Multnomah PFA, which is zero at $80,000). Every case sets only the inputs
that place the household in the locality; the printed "inputs" column lists them.
"""
import sys
import warnings

warnings.filterwarnings("ignore")

from importlib.metadata import version
from policyengine_us import Simulation

WAGES = 80_000
YEAR = 2025


def situation(year, state, county=None, household_extra=None, person_extra=None, wages=WAGES):
    person = {"age": {year: 40}, "employment_income": {year: wages}}
    for k, v in (person_extra or {}).items():
        person[k] = {year: v}
    household = {"members": ["you"], "state_code": {year: state}}
    if county:
        household["county"] = {year: county}
    for k, v in (household_extra or {}).items():
        household[k] = {year: v}
    return {
        "people": {"you": person},
        "tax_units": {"tu": {"members": ["you"]}},
        "families": {"fam": {"members": ["you"]}},
        "spm_units": {"spm": {"members": ["you"]}},
        "marital_units": {"mu": {"members": ["you"]}},
        "households": {"hh": {"members": ["you"]} | household},
    }


def calc(sim, var, year):
    return float(sim.calculate(var, year)[0])


# (label, year, state, county, household_extra, person_extra, [variables], wages)
CASES = [
    # Maryland counties: county tax on md_taxable_income
    ("MD Baltimore City (flat .032)", 2025, "MD", "BALTIMORE_CITY_MD", None, None,
     ["md_taxable_income", "md_flat_rate_county_tax", "md_local_income_tax_before_credits", "md_local_income_tax_before_refundable_credits"]),
    ("MD Allegany (flat)", 2025, "MD", "ALLEGANY_COUNTY_MD", None, None,
     ["md_taxable_income", "md_local_income_tax_before_credits"]),
    ("MD Allegany (flat) 2026", 2026, "MD", "ALLEGANY_COUNTY_MD", None, None,
     ["md_taxable_income", "md_local_income_tax_before_credits"]),
    ("MD Kent (flat) 2026", 2026, "MD", "KENT_COUNTY_MD", None, None,
     ["md_taxable_income", "md_local_income_tax_before_credits"]),
    ("MD Anne Arundel (marginal)", 2025, "MD", "ANNE_ARUNDEL_COUNTY_MD", None, None,
     ["md_taxable_income", "md_anne_arundel_county_tax", "md_local_income_tax_before_credits"]),
    ("MD Frederick (bracket rate on whole income)", 2025, "MD", "FREDERICK_COUNTY_MD", None, None,
     ["md_taxable_income", "md_frederick_county_tax_rate", "md_frederick_county_tax", "md_local_income_tax_before_credits"]),
    ("MD Frederick via county_fips='24021' (Census GEOID)", 2025, "MD", None, {"county_fips": "24021"}, None,
     ["md_frederick_county_tax", "md_local_income_tax_before_credits"]),
    ("MD no county given (PE picks first_county_in_state)", 2025, "MD", None, None, None,
     ["md_taxable_income", "md_local_income_tax_before_credits"]),
    # Indiana counties: rate x in_agi (IT-40 line 7, AGI after exemptions)
    ("IN Marion County", 2025, "IN", "MARION_COUNTY_IN", None, None, ["in_agi", "in_county_tax"]),
    ("IN Boone County", 2025, "IN", "BOONE_COUNTY_IN", None, None, ["in_agi", "in_county_tax"]),
    ("IN Boone County 2026", 2026, "IN", "BOONE_COUNTY_IN", None, None, ["in_agi", "in_county_tax"]),
    ("IN Howard County 2026", 2026, "IN", "HOWARD_COUNTY_IN", None, None, ["in_agi", "in_county_tax"]),
    ("IN Boone via county_fips='18011'", 2025, "IN", None, {"county_fips": "18011"}, None, ["in_county_tax"]),
    ("IN no county given (PE picks first_county_in_state)", 2025, "IN", None, None, None, ["in_agi", "in_county_tax"]),
    # New York City (residence by county: the five boroughs)
    ("NYC resident (New York County)", 2025, "NY", "NEW_YORK_COUNTY_NY", None, None,
     ["in_nyc", "nyc_taxable_income", "nyc_income_tax_before_credits", "nyc_income_tax_before_refundable_credits", "nyc_refundable_credits", "nyc_school_tax_credit", "nyc_income_tax"]),
    ("NYC via in_nyc=True only", 2025, "NY", None, {"in_nyc": True}, None,
     ["in_nyc", "nyc_income_tax"]),
    # Yonkers
    ("Yonkers resident (in_yonkers=True)", 2025, "NY", "WESTCHESTER_COUNTY_NY", {"in_yonkers": True}, None,
     ["ny_income_tax", "ny_yonkers_income_tax"]),
    ("Yonkers nonresident, NY resident, $80k Yonkers wages", 2025, "NY", "WESTCHESTER_COUNTY_NY", None,
     {"ny_yonkers_nonresident_earnings": WAGES}, ["ny_yonkers_income_tax"]),
    ("Yonkers nonresident living in NJ (defined_for NY)", 2025, "NJ", None, None,
     {"ny_yonkers_nonresident_earnings": WAGES}, ["ny_yonkers_income_tax"]),
    # Philadelphia wage tax (explicit inputs)
    ("Philadelphia resident wage tax", 2025, "PA", "PHILADELPHIA_COUNTY_PA", None,
     {"pa_philadelphia_wage_tax_taxable_wages": WAGES, "pa_philadelphia_wage_tax_resident": True}, ["pa_philadelphia_wage_tax"]),
    ("Philadelphia nonresident wage tax", 2025, "PA", None, None,
     {"pa_philadelphia_wage_tax_taxable_wages": WAGES, "pa_philadelphia_wage_tax_resident": False}, ["pa_philadelphia_wage_tax"]),
    ("Philadelphia county only, no wage-tax inputs", 2025, "PA", "PHILADELPHIA_COUNTY_PA", None, None, ["pa_philadelphia_wage_tax"]),
    # Missouri earnings taxes (explicit inputs)
    ("Kansas City MO earnings tax", 2025, "MO", "JACKSON_COUNTY_MO", None,
     {"mo_kansas_city_earnings_tax_taxable_earnings": WAGES}, ["mo_kansas_city_earnings_tax"]),
    ("St. Louis city earnings tax", 2025, "MO", "ST_LOUIS_CITY_MO", None,
     {"mo_st_louis_earnings_tax_taxable_earnings": WAGES}, ["mo_st_louis_earnings_tax_before_credit", "mo_st_louis_earnings_tax"]),
    ("St. Louis city, county only, no inputs", 2025, "MO", "ST_LOUIS_CITY_MO", None, None, ["mo_st_louis_earnings_tax"]),
    # Wilmington DE
    ("Wilmington resident (in_wilmington=True)", 2025, "DE", "NEW_CASTLE_COUNTY_DE", {"in_wilmington": True}, None,
     ["de_wilmington_earned_income_tax"]),
    ("Wilmington nonresident, DE resident", 2025, "DE", "NEW_CASTLE_COUNTY_DE", None,
     {"de_wilmington_nonresident_earnings": WAGES}, ["de_wilmington_earned_income_tax"]),
    ("Wilmington nonresident living in PA (defined_for DE)", 2025, "PA", None, None,
     {"de_wilmington_nonresident_earnings": WAGES}, ["de_wilmington_earned_income_tax"]),
    # Kentucky occupational license fees (by county of residence)
    ("Louisville / Jefferson County KY", 2025, "KY", "JEFFERSON_COUNTY_KY", None, None, ["ky_jefferson_occupational_tax"]),
    ("Lexington / Fayette County KY", 2025, "KY", "FAYETTE_COUNTY_KY", None, None, ["ky_fayette_occupational_tax"]),
    # Colorado occupational privilege taxes (months input)
    ("Denver OPT, 12 months", 2025, "CO", "DENVER_COUNTY_CO", None,
     {"co_denver_employee_occupational_privilege_tax_months": 12}, ["co_denver_employee_occupational_privilege_tax"]),
    ("Denver county only, no months input", 2025, "CO", "DENVER_COUNTY_CO", None, None, ["co_denver_employee_occupational_privilege_tax"]),
    # Multnomah County Preschool for All
    ("Multnomah PFA, $80k", 2025, "OR", "MULTNOMAH_COUNTY_OR", None, None,
     ["in_multnomah_county_or", "or_taxable_income", "or_multnomah_pfa_tax"]),
    ("Multnomah PFA, $300k (extra row)", 2025, "OR", "MULTNOMAH_COUNTY_OR", None, None,
     ["or_taxable_income", "or_multnomah_pfa_tax"], 300_000),
]

AGGREGATES = ["local_income_tax_before_refundable_credits", "local_income_tax", "local_occupational_tax", "local_tax"]


def main():
    print(f"policyengine-us {version('policyengine-us')} / policyengine-core {version('policyengine-core')}")
    print(f"single filer, age 40, employment_income ${WAGES:,} unless noted; values in USD\n")
    for case in CASES:
        sys.stdout.flush()
        label, year, state, county, hh_extra, p_extra, variables = case[:7]
        wages = case[7] if len(case) > 7 else WAGES
        inputs = [f"state_code={state}"]
        if county:
            inputs.append(f"county={county}")
        inputs += [f"{k}={v}" for k, v in (hh_extra or {}).items()]
        inputs += [f"{k}={v}" for k, v in (p_extra or {}).items()]
        if wages != WAGES:
            inputs.append(f"employment_income={wages}")
        print(f"## {label} [{year}]")
        print("   inputs: " + ", ".join(inputs))
        try:
            sim = Simulation(situation=situation(year, state, county, hh_extra, p_extra, wages))
            for var in variables + AGGREGATES:
                try:
                    value = calc(sim, var, year)
                    shown = f"{value:12.6f}" if 0 < abs(value) < 1 else f"{value:12,.2f}"
                    print(f"   {var:50s} {shown}")
                except Exception as e:  # noqa: BLE001
                    print(f"   {var:50s} ERROR {type(e).__name__}: {e}")
        except Exception as e:  # noqa: BLE001
            print(f"   SIMULATION ERROR {type(e).__name__}: {e}")
        print()
    # Not modeled: Aurora CO OPT (no variable/parameter exists)
    from policyengine_us import CountryTaxBenefitSystem
    names = set(CountryTaxBenefitSystem().variables)
    aurora = sorted(n for n in names if "aurora" in n)
    print("Variables containing 'aurora':", aurora or "none (Aurora OPT not modeled)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
