"""Unit tests of crosscheck.py's pure parts: decimal comparison, bracket normalisation and the
matching of known disagreements. Run: python3 -m pytest scripts/test_crosscheck.py
(PolicyEngine is not imported.)"""
import sys
from decimal import Decimal
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import crosscheck as cc  # noqa: E402


def test_to_decimal_reads_floats_through_repr_and_text_as_text():
    assert cc.to_decimal(0.1) == Decimal("0.1")           # not 0.1000000000000000055...
    assert cc.to_decimal(0.0138462) == Decimal("0.0138462")
    assert cc.to_decimal(15300) == Decimal(15300)
    assert cc.to_decimal("1192.50") == Decimal("1192.50")
    assert cc.to_decimal(float("inf")) == Decimal("Infinity")
    assert cc.to_decimal(True) is None
    assert cc.to_decimal("12abc") is None


def test_rates_compare_to_six_places_amounts_to_the_cent():
    assert cc.is_rate_figure("brackets.single[2].rate")
    assert cc.is_rate_figure("medicare.additionalRate")
    assert cc.is_rate_figure("sdi.rate")
    assert not cc.is_rate_figure("standardDeduction.single")
    assert not cc.is_rate_figure("brackets.single[2].floor")
    assert cc.values_equal(Decimal("0.0275"), 0.0275, rate=True)
    assert cc.values_equal("0.0138462", "0.013846", rate=True)        # rounded to 6 places
    assert not cc.values_equal("0.0138462", "0.01385", rate=True)
    assert cc.values_equal("11670.629160228476", "11670.63", rate=False)
    assert not cc.values_equal("15300", "15350", rate=False)
    assert cc.values_equal("progressive", "progressive", rate=False)
    assert not cc.values_equal("flat", "progressive", rate=False)
    assert not cc.values_equal("flat", "0", rate=False)


def test_fmt_is_canonical_text():
    assert cc.fmt(Decimal("15300.00")) == "15300"
    assert cc.fmt(Decimal("1159.60")) == "1159.6"
    assert cc.fmt(Decimal("0.0138462"), rate=True) == "0.013846"
    assert cc.fmt(Decimal("1E+3")) == "1000"
    assert cc.fmt(Decimal("Infinity")) == "inf"
    assert cc.fmt(None) == "none"


def test_merge_brackets_drops_padding_and_merges_equal_rates():
    d = Decimal
    pe = [(d("-Infinity"), d("0.025")), (d(28653), d("0.025")), (d("Infinity"), d("0.025")), (d("Infinity"), d("0.05"))]
    assert cc.merge_brackets(pe) == [(d(0), d("0.025"))]
    ours = [(d(0), d("0.017")), (d(8000), d("0.032")), (d(24000), d("0.049")), (d(100000), d("0.049")), (d(315000), d("0.059"))]
    assert cc.merge_brackets(ours) == [(d(0), d("0.017")), (d(8000), d("0.032")), (d(24000), d("0.049")), (d(315000), d("0.059"))]
    assert cc.brackets_text(cc.merge_brackets(ours[:2])) == "0@0.017, 8000@0.032"


KNOWN = """
- figure: "2026 states/ME standardDeduction.single"
  ours: 15300
  policyengine: 15350.00
  right: ours
  evidence: "Maine Revenue Services, 2026 rate schedule, p. 1"
- figure: "2025 states/OH brackets.single[0].rate"
  ours: 0
  policyengine: 0.0131287
  right: policyengine-modelling
  evidence: "ORC 5747.02(A): $0 tax up to $26,050; PE spreads the $342.00 base over the first bracket"
"""


def test_known_entries_match_exact_values_only():
    entries, errors = cc.load_known_text(KNOWN, "known.yaml")
    assert errors == []
    me, oh = entries
    assert me.ours == "15300" and me.policyengine == "15350.00"     # kept as text, not floats
    assert cc.known_matches(me, "2026 states/ME standardDeduction.single", "15300", "15350")
    assert not cc.known_matches(me, "2026 states/ME standardDeduction.single", "15300", "15400")   # PE moved
    assert not cc.known_matches(me, "2026 states/ME standardDeduction.single", "15350", "15350")   # ours moved
    assert not cc.known_matches(me, "2025 states/ME standardDeduction.single", "15300", "15350")   # other year
    assert cc.known_matches(oh, "2025 states/OH brackets.single[0].rate", "0", "0.013129")        # 6 places
    assert not cc.known_matches(oh, "2025 states/OH brackets.single[0].rate", "0", "0.01313")


def test_known_file_rejects_bad_entries():
    text = """
- {figure: "2026 federal standardDeduction.single", ours: 1, policyengine: 2, right: policyengine, evidence: x}
- {figure: "2026 federal standardDeduction.single", ours: 1, right: ours, evidence: x}
- {figure: "2026 federal standardDeduction.single", ours: 1, policyengine: 2, right: ours, evidence: x, extra: y}
"""
    entries, errors = cc.load_known_text(text, "k.yaml")
    assert len(errors) == 3
    assert "right must be one of" in errors[0]
    assert "missing policyengine" in errors[1]
    assert "unknown key" in errors[2]
    assert len(entries) == 1  # the third is still usable; its extra key is reported


def test_empty_known_file_with_header_is_an_empty_list():
    entries, errors = cc.load_known_text("# header only\n[]\n", "k.yaml")
    assert entries == [] and errors == []
    with pytest.raises(cc.UsageError):
        cc.load_known_text("figure: not a list\n", "k.yaml")


def test_placeholders_expand_to_policyengine_status_names():
    assert cc.expand("gov.x.{STATUS}", "qualifying_widower") == "gov.x.SURVIVING_SPOUSE"
    assert cc.expand("gov.x.rates.{status}", "married_filing_jointly") == "gov.x.rates.joint"
    assert cc.expand("gov.irs.income.bracket.thresholds.{n}.{STATUS}", "single", 3) == "gov.irs.income.bracket.thresholds.3.SINGLE"
    paths = cc.map_paths({"brackets": "gov.a.{status}", "x": {"per_person": "gov.b"}, "years": [2024]})
    assert paths == {"gov.a.single", "gov.a.joint", "gov.a.separate", "gov.a.head_of_household", "gov.a.surviving_spouse", "gov.b"}


# --- the simulation grid (scripts/crosscheck_sim.py) -------------------------------------------

import crosscheck_sim as sim  # noqa: E402


def test_sim_grid_skips_head_of_household_without_dependents():
    cases = sim.grid([2025], ["NM"])
    assert len(cases) == len(sim.INCOMES) * (3 + 3 + 2)
    assert not any(c.status == "head_of_household" and c.dependents == 0 for c in cases)


def test_sim_known_entries_match_only_their_scope_and_count_use():
    text = """
- state: NM
  quantity: state
  years: [2025]
  statuses: [head_of_household]
  dependents: [3]
  incomes: [40000, 125000]
  right: not-modelled
  reason: "deduction for certain dependents"
  evidence: "NMSA 7-2-39"
"""
    known, errors = sim.load_known(text, "t")
    assert errors == []
    inside = sim.Case(2025, "NM", "head_of_household", 60000, 3)
    outside = [sim.Case(2024, "NM", "head_of_household", 60000, 3), sim.Case(2025, "NM", "head_of_household", 60000, 1),
               sim.Case(2025, "NM", "head_of_household", 200000, 3), sim.Case(2025, "NM", "single", 60000, 3)]
    assert known[0].matches(inside, "state") and not known[0].matches(inside, "federal")
    assert not any(known[0].matches(c, "state") for c in outside)
    d = sim.Decimal
    ours = {inside.id: {"federal": d("1"), "fica": d("2"), "state": d("100")}}
    pe = {inside.id: {"federal": d("1.50"), "fica": d("2"), "state": d("50")}}
    outcomes = sim.compare([inside], ours, pe, known)
    assert [(o.quantity, o.known is not None) for o in outcomes] == [("state", True)]  # 0.50 is within $1
    assert known[0].used == 1


def test_sim_known_refuses_unknown_keys_and_bad_values():
    _, errors = sim.load_known("- {state: ZZ, quantity: tax, right: policyengine, reason: r, evidence: e, when: x}", "t")
    assert any("unknown key" in e for e in errors)
    assert any("USPS" in e for e in errors)
    assert any("quantity" in e for e in errors)
    assert any("right" in e for e in errors)
