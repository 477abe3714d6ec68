"""Unit tests of the pure parts of scripts/crosscheck_local.py (the local-income-tax cross-check):
the grid and its cases, our calculator's input and output, PolicyEngine's situation, the
comparison to the cent, and the known file (reading, matching, stale entries).
Run: python3 -m pytest scripts/test_crosscheck_local.py (PolicyEngine is not imported)."""
import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parent
sys.path.insert(0, str(SCRIPTS))
import crosscheck_local as cl  # noqa: E402
from crosscheck_lib.common import UsageError  # noqa: E402
from crosscheck_lib.known import explain  # noqa: E402

D = Decimal


def tax(tid, resident=True, nonresident=False, **extra):
    t = {"id": tid, "name": tid}
    if resident:
        t["resident"] = {"base": "wages", "rate": 0.01, "wages": "fica"}
    if nonresident:
        t["nonresident"] = {"base": "wages", "rate": 0.01, "wages": "fica"}
    t.update(extra)
    return t


def loc(lid, state, *taxes, name=None):
    return {"id": lid, "state": state, "name": name or f"L{lid}", "taxes": list(taxes)}


LISTING = [
    loc("24003", "MD", tax("md-24003"), name="Anne Arundel County"),
    loc("24031", "MD", tax("md-24031"), name="Montgomery County"),
    loc("MD-NONRESIDENT", "MD", tax("md-nonresident", resident=False, nonresident=True)),
    loc("18011", "IN", tax("in-18011"), tax("in-18011"), name="Boone County"),   # two periods, one id
    loc("3651000", "NY", tax("ny-nyc"), name="New York City"),
    loc("3684000", "NY", tax("ny-yonkers-surcharge"), tax("ny-yonkers-nonresident", resident=False, nonresident=True),
        name="Yonkers"),
    loc("4260000", "PA", tax("pa-4260000", nonresident=True), name="Philadelphia"),
    loc("4261000", "PA", tax("pa-4261000", nonresident=True), tax("pa-4261000-lst", nonresident=True), name="Pittsburgh"),
    loc("21111", "KY", tax("ky-louisville-metro-olt", nonresident=True, workplace=True), tax("ky-jefferson-school-board-olt"),
        name="Louisville"),
    loc("21067", "KY", tax("ky-lfucg-occupational-license-fee", nonresident=True, workplace=True),
        tax("ky-fcps-occupational-tax"), name="Lexington"),
    loc("41051", "OR", tax("or-multnomah-pfa"), name="Multnomah County"),
    loc("0107000", "AL", tax("al-birmingham-occupational-tax", nonresident=True)),   # not modelled by PolicyEngine
]


def cases_by_id(listings):
    cases, notes = cl.grid(listings)
    return {c.id: c for c in cases}, notes


# ---------------------------------------------------------------------------------------------
# The grid

def test_grid_takes_md_and_in_counties_from_our_listing_and_skips_other_ids():
    targets = cl.targets_of(LISTING)
    county = [t for t in targets if t.state in ("MD", "IN")]
    assert [(t.locality, t.county_fips, t.lives, t.works) for t in county] == [
        ("24003", "24003", "24003", None), ("24031", "24031", "24031", None), ("18011", "18011", "18011", None)]
    assert "MD-NONRESIDENT" not in {t.locality for t in targets}
    assert "0107000" not in {t.locality for t in targets}


def test_grid_statuses_wages_and_case_ids():
    by_id, _ = cases_by_id({2025: LISTING})
    aa = [c for c in by_id.values() if c.locality == "24003"]
    assert len(aa) == 6 and {c.status for c in aa} == {"single", "married_filing_jointly"}
    mont = [c for c in by_id.values() if c.locality == "24031"]
    assert [(c.status, c.wages) for c in mont] == [("single", 40000), ("single", 80000), ("single", 300000)]
    assert "2025-24031-resident-single-80000" in by_id
    assert len([c for c in by_id.values() if c.locality == "41051"]) == 6      # Multnomah: single and joint


def test_grid_compares_only_the_roles_taxes_and_dedups_ids():
    by_id, _ = cases_by_id({2026: LISTING})
    assert by_id["2026-18011-resident-single-80000"].taxes == ("in-18011",)
    assert by_id["2026-3684000-resident-single-80000"].taxes == ("ny-yonkers-surcharge",)
    yonkers_nr = by_id["2026-3684000-nonresident-single-80000"]
    assert yonkers_nr.taxes == ("ny-yonkers-nonresident",)
    assert (yonkers_nr.target.lives, yonkers_nr.target.works) == ("3651000", "3684000")
    phl_nr = by_id["2026-4260000-nonresident-single-80000"]
    assert phl_nr.taxes == ("pa-4260000",) and (phl_nr.target.lives, phl_nr.target.works) == ("4261000", "4260000")
    assert by_id["2026-21111-resident-single-80000"].taxes == ("ky-louisville-metro-olt", "ky-jefferson-school-board-olt")
    assert by_id["2026-21067-resident-single-80000"].taxes == ("ky-lfucg-occupational-license-fee", "ky-fcps-occupational-tax")


def test_grid_leaves_out_what_our_year_lacks_with_a_note():
    listing = [x for x in LISTING if x["id"] != "4261000"]        # no Pittsburgh: no Philadelphia nonresident
    cases, notes = cl.grid({2026: listing})
    ids = {c.id for c in cases}
    assert "2026-4260000-resident-single-80000" in ids
    assert not any(c.locality == "4260000" and c.role == "nonresident" for c in cases)
    assert not any(c.locality == "1077580" for c in cases)       # Wilmington absent from the listing
    assert any("4261000" in n and "nonresident" in n for n in notes)
    assert any(n.startswith("2026 1077580 resident: not compared") for n in notes)


def test_grid_can_be_limited_to_some_localities():
    cases, _ = cl.grid({2025: LISTING, 2026: LISTING}, {"21111"})
    assert {c.locality for c in cases} == {"21111"} and len(cases) == 6


# ---------------------------------------------------------------------------------------------
# Our calculator's side

def test_batch_lines_name_the_work_locality_only_when_it_differs():
    by_id, _ = cases_by_id({2025: LISTING})
    lines = [json.loads(x) for x in cl.batch_lines([by_id["2025-4260000-nonresident-single-40000"],
                                                     by_id["2025-24003-resident-married_filing_jointly-300000"]])]
    assert lines[0] == {"id": "2025-4260000-nonresident-single-40000", "year": 2025, "status": "single", "state": "PA",
                        "gross": "40000", "locality": "4261000", "workLocality": "4260000"}
    assert "workLocality" not in lines[1] and lines[1]["status"] == "married_filing_jointly" and lines[1]["gross"] == "300000"


def test_parse_ours_reads_exact_decimals_sums_repeated_ids_and_refuses_errors():
    by_id, _ = cases_by_id({2025: LISTING})
    case = by_id["2025-21111-resident-single-80000"]
    out = json.dumps({"id": case.id, "result": {"stateTaxableIncome": 76730, "stateIncomeTax": 3069.2, "localTaxes": [
        {"id": "ky-louisville-metro-olt", "name": "x", "amount": 1160.1},
        {"id": "ky-louisville-metro-olt", "name": "x", "amount": 0.2},
        {"id": "ky-jefferson-school-board-olt", "name": "y", "amount": 600}]}})
    got = cl.parse_ours(out + "\n", [case])[case.id]
    assert got["lines"] == {"ky-louisville-metro-olt": D("1160.3"), "ky-jefferson-school-board-olt": D(600)}
    assert got["bases"] == {"stateTaxableIncome": D(76730), "stateIncomeTax": D("3069.2")}
    with pytest.raises(UsageError, match="locality.unknown"):
        cl.parse_ours(json.dumps({"id": case.id, "error": "locality.unknown"}), [case])
    with pytest.raises(UsageError, match="no result"):
        cl.parse_ours("", [case])


# ---------------------------------------------------------------------------------------------
# PolicyEngine's side (the situation only)

def test_pe_situation_places_each_case_in_its_own_household():
    by_id, _ = cases_by_id({2025: LISTING})
    cases = [by_id["2025-4260000-nonresident-single-80000"], by_id["2025-41051-resident-married_filing_jointly-300000"],
             by_id["2025-3684000-resident-single-40000"]]
    sit = cl.pe_situation(cases, 2025)
    assert sit["people"]["h0a"]["pa_philadelphia_wage_tax_taxable_wages"] == {2025: 80000}
    assert sit["people"]["h0a"]["pa_philadelphia_wage_tax_resident"] == {2025: False}
    assert sit["households"]["h0"]["county_fips"] == {2025: "42003"} and sit["households"]["h0"]["state_code"] == {2025: "PA"}
    assert sit["tax_units"]["h1"]["members"] == ["h1a", "h1b"] and sit["tax_units"]["h1"]["filing_status"] == {2025: "JOINT"}
    assert sit["people"]["h1b"]["employment_income"] == {2025: 0} and sit["people"]["h1a"]["employment_income"] == {2025: 300000}
    assert sit["households"]["h2"]["in_yonkers"] == {2025: True}
    assert list(sit["households"]) == ["h0", "h1", "h2"]                  # the order of the cases
    assert all(h["tax_unit_itemizes"] == {2025: False} for h in sit["tax_units"].values())


def test_every_special_target_sets_a_county_and_the_pe_variables_include_the_bases():
    assert all(len(t.county_fips) == 5 and t.county_fips.isdigit() for t in cl.SPECIAL_TARGETS)
    by_id, _ = cases_by_id({2025: LISTING})
    names = cl.pe_variables(list(by_id.values()))
    for v in ("md_local_income_tax_before_credits", "md_taxable_income", "in_county_tax", "in_agi", "ny_yonkers_income_tax",
              "ny_income_tax", "ky_jefferson_occupational_tax", "or_taxable_income"):
        assert v in names
    assert cl.NOT_MODELLED not in names


def test_pe_variable_of_each_tax():
    assert cl.pe_variable("md-24510") == "md_local_income_tax_before_credits"
    assert cl.pe_variable("in-18097") == "in_county_tax"
    assert cl.pe_variable("ky-jefferson-school-board-olt") == cl.pe_variable("ky-louisville-metro-olt") == "ky_jefferson_occupational_tax"
    assert cl.pe_variable("ky-fcps-occupational-tax") == cl.NOT_MODELLED
    assert cl.pe_variable("md-nonresident") is None and cl.pe_variable("al-birmingham-occupational-tax") is None


def test_the_cache_key_follows_the_grid():
    by_id, _ = cases_by_id({2025: LISTING})
    cases = list(by_id.values())
    assert cl.cache_key(cases) == cl.cache_key(list(cases))
    assert cl.cache_key(cases) != cl.cache_key(cases[1:])


# ---------------------------------------------------------------------------------------------
# Comparison

def ours_of(**lines):
    return {"lines": {k.replace("_", "-"): D(v) for k, v in lines.items()}, "bases": {"stateTaxableIncome": D("73400")}}


def test_louisville_lines_are_summed_against_one_variable_and_fcps_against_zero():
    by_id, _ = cases_by_id({2025: LISTING})
    lou = by_id["2025-21111-resident-single-80000"]
    rows = cl.rows_of(lou, ours_of(ky_louisville_metro_olt="1160", ky_jefferson_school_board_olt="600"),
                      {"ky_jefferson_occupational_tax": "1760.0000000000002"})
    assert len(rows) == 1 and rows[0].ours == D("1760.00") and rows[0].pe == D("1760.00") and rows[0].agrees
    lex = by_id["2025-21067-resident-single-80000"]
    rows = cl.rows_of(lex, ours_of(ky_lfucg_occupational_license_fee="1800", ky_fcps_occupational_tax="400"),
                      {"ky_fayette_occupational_tax": "1800.0"})
    assert [(r.variable, r.agrees) for r in rows] == [("ky_fayette_occupational_tax", True), (cl.NOT_MODELLED, False)]
    assert rows[1].pe == 0 and rows[1].gap == D("400.00")


def test_amounts_agree_within_one_cent_exactly():
    by_id, _ = cases_by_id({2026: LISTING})
    case = by_id["2026-24031-resident-single-80000"]

    def row(ours, pe):
        return cl.rows_of(case, ours_of(md_24031=ours), {"md_local_income_tax_before_credits": pe,
                                                         "md_taxable_income": "73400.0"})[0]
    assert row("2348.80", "2348.8").agrees
    assert row("2348.80", "2348.8049999").agrees         # PolicyEngine's float, rounded to the cent
    assert row("2348.80", "2348.81").agrees               # a cent apart
    assert not row("2348.80", "2348.82").agrees
    r = row("2348.80", "2224.02")
    assert r.gap == D("124.78") and r.ours_base == D("73400.00") and r.pe_base == D("73400.00")
    assert cl.money(0.1 + 0.2) == D("0.30") and cl.money("2.675") == D("2.68")


def test_a_tax_without_a_known_variable_is_never_explained_and_a_missing_line_is_zero():
    target = cl.Target("0107000", "resident", "AL", "01073", "0107000")
    case = cl.Case(2026, target, "single", 40000, ("al-birmingham-occupational-tax",), "Birmingham")
    rows = cl.compare([case], {case.id: ours_of(al_birmingham_occupational_tax="400")}, {case.id: {}},
                      [cl.Known(locality="0107000", years=[2026], kind="policyengine-model", reason="r", evidence="e")])
    assert len(rows) == 1 and rows[0].variable is None and rows[0].status == "unexplained" and rows[0].known is None
    by_id, _ = cases_by_id({2026: LISTING})
    c = by_id["2026-24031-resident-single-40000"]
    r = cl.rows_of(c, {"lines": {}, "bases": {}}, {"md_local_income_tax_before_credits": "0.0"})[0]
    assert r.agrees and r.missing == ("md-24031",)


# ---------------------------------------------------------------------------------------------
# The known file

KNOWN = '''
# header comment
- locality: "24001"
  years: [2026]
  taxes: [md-24001]
  kind: policyengine-data
  reason: "PolicyEngine carries 2025 into 2026"
  evidence: "CPB memo 2026"
- locality: "4260000"
  years: [2025, 2026]
  roles: [nonresident]
  wages: [80000]
  kind: policyengine-model
  reason: "Jan. 1 rate all year"
  evidence: "Bill 250195"
- locality: "0820000"
  years: [2024]
  cases: ["2024-0820000-resident-single-40000"]
  kind: policyengine-model
  reason: "r"
  evidence: "e"
'''


def test_known_entries_read_every_scalar_as_text_and_keep_leading_zeros():
    known, errors = cl.load_known(KNOWN, "k.yaml")
    assert errors == []
    assert [k.locality for k in known] == ["24001", "4260000", "0820000"]
    assert known[0].years == [2026] and known[1].wages == [80000] and known[1].roles == ["nonresident"]
    assert known[2].cases == ["2024-0820000-resident-single-40000"] and known[0].ref == "k.yaml#1"


def test_known_file_rejects_bad_entries():
    bad = '''
- locality: 820000
  years: [2026]
  kind: policyengine-data
  reason: r
  evidence: e
- locality: "24001"
  years: [twenty]
  kind: ours
  reason: r
  evidence: e
  statuses: [head_of_household]
  roles: [commuter]
- locality: "24001"
  years: [2026]
  reason: r
  evidence: e
  tax: md-24001
- "not a mapping"
'''
    known, errors = cl.load_known(bad, "k.yaml")
    assert known == []
    text = "\n".join(errors)
    assert "entry 1: locality '820000' is not one of our locality ids" in text
    assert "entry 2: years must be a non-empty list of whole numbers" in text
    assert "entry 2: kind must be one of policyengine-data, policyengine-model" in text
    assert "entry 2: statuses must be among single, married_filing_jointly" in text
    assert "entry 2: roles must be among resident, nonresident" in text
    assert "entry 3: unknown key(s) tax" in text and "entry 3: missing kind" in text
    assert "entry 4: not a mapping" in text
    assert cl.load_known("just: a mapping", "k.yaml") == ([], ["k.yaml: expected a list of entries"])
    assert cl.load_known("# only comments\n", "k.yaml") == ([], [])


def test_known_entries_match_only_their_scope_and_count_every_use():
    known, _ = cl.load_known(KNOWN, "k.yaml")
    by_id, _ = cases_by_id({2025: LISTING, 2026: LISTING})
    allegany = cl.Case(2026, cl.Target("24001", "resident", "MD", "24001", "24001"), "single", 80000, ("md-24001",))
    row = cl.Row(allegany, "md_local_income_tax_before_credits", ("md-24001",), D("2348.80"), D("2224.02"))
    assert explain(known, row, every=True) is known[0] and known[0].used == 1
    other_year = cl.Row(cl.Case(2025, allegany.target, "single", 80000, ("md-24001",)), row.variable, row.taxes, D(1), D(2))
    assert explain(known, other_year) is None
    phl = by_id["2026-4260000-nonresident-single-80000"]
    assert known[1].matches(cl.Row(phl, "pa_philadelphia_wage_tax", ("pa-4260000",), D(2742), D(2744)))
    phl_res = by_id["2026-4260000-resident-single-80000"]
    assert not known[1].matches(cl.Row(phl_res, "pa_philadelphia_wage_tax", ("pa-4260000",), D(2990), D(2992)))
    phl_40 = by_id["2026-4260000-nonresident-single-40000"]
    assert not known[1].matches(cl.Row(phl_40, "pa_philadelphia_wage_tax", ("pa-4260000",), D(1371), D(1372)))
    denver = cl.Target("0820000", "resident", "CO", "08031", "0820000")
    c40, c80 = (cl.Case(2024, denver, "single", w, ("co-denver-opt",)) for w in (40000, 80000))
    assert known[2].covers(c40) and not known[2].covers(c80)


def test_a_known_entry_scoped_to_a_tax_explains_only_that_line():
    known, _ = cl.load_known('''
- locality: "21067"
  years: [2026]
  taxes: [ky-fcps-occupational-tax]
  kind: policyengine-model
  reason: r
  evidence: e
''', "k.yaml")
    by_id, _ = cases_by_id({2026: LISTING})
    lex = by_id["2026-21067-resident-single-80000"]
    rows = cl.compare([lex], {lex.id: ours_of(ky_lfucg_occupational_license_fee="1900", ky_fcps_occupational_tax="400")},
                      {lex.id: {"ky_fayette_occupational_tax": "1800.0"}}, known)
    assert [r.status for r in rows] == ["unexplained", "known"]
    assert cl.case_status(rows) == "unexplained" and known[0].used == 1


def test_stale_entries_are_unused_ones_the_run_covered_or_any_unused_one_in_a_full_run():
    known, _ = cl.load_known(KNOWN, "k.yaml")
    by_id, _ = cases_by_id({2026: LISTING})
    cases = list(by_id.values())
    # 24001 is not in this listing, so only the Philadelphia entry covers a case of the run
    assert [k.locality for k in cl.stale(known, cases, full_run=False)] == ["4260000"]
    assert [k.locality for k in cl.stale(known, cases, full_run=True)] == ["24001", "4260000", "0820000"]
    known[1].used = 2
    assert cl.stale(known, cases, full_run=False) == []


# ---------------------------------------------------------------------------------------------
# Report

def test_tally_and_table_group_the_counties_that_agree():
    by_id, _ = cases_by_id({2026: LISTING})
    cases = list(by_id.values())
    rows = []
    for c in cases:
        bad = c.locality == "18011" and c.wages == 80000
        rows.append(cl.Row(c, "v", c.taxes, D(1), D(2) if bad else D(1)))
    counts = cl.tally(cases, rows)
    assert counts[("IN", "18011", "resident", 2026)] == {"name": "Boone County", "cases": 3, "agree": 2, "known": 0,
                                                         "unexplained": 1}
    text = cl.table(counts)
    assert "IN 18011 Boone County" in text
    assert "MD: 2 more localities, every case agrees" in text and "MD 24031" not in text
    assert "MD 24031 Montgomery County" in cl.table(counts, full=True)
    assert "Yonkers (nonresident)" in text and "Yonkers (resident)" in text
    assert text.splitlines()[-1].split()[1:] == [str(len(cases)), str(len(cases) - 1), "0", "1"]


def test_describe_shows_both_bases_and_rates():
    case = cl.Case(2026, cl.Target("24001", "resident", "MD", "24001", "24001"), "single", 80000, ("md-24001",))
    row = cl.Row(case, "md_local_income_tax_before_credits", ("md-24001",), D("2348.80"), D("2224.02"),
                 D("73400.00"), D("73400.00"), ("stateTaxableIncome", "md_taxable_income"))
    text = cl.describe(row)
    assert "2026-24001-resident-single-80000 md-24001" in text and "(ours - PE +124.78)" in text
    assert "rates ours 0.032000, PE 0.030300" in text


def test_the_real_known_file_is_valid_and_scoped_to_known_localities():
    path = SCRIPTS.parent / "docs" / "data-notes" / "local-crosscheck-known.yaml"
    known, errors = cl.load_known(path.read_text(encoding="utf-8"), str(path))
    assert errors == []
    assert known and all(set(k.years) <= set(cl.YEARS) for k in known)
    for k in known:
        for t in k.taxes or []:
            assert cl.pe_variable(t) is not None, t


def test_the_script_does_not_import_policyengine():
    code = ("import sys; sys.path.insert(0, %r); import crosscheck_local; "
            "assert 'policyengine_us' not in sys.modules; print('ok')") % str(SCRIPTS)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr
