"""Unit tests of the pure parts of scripts/crosscheck_lib/ (scripts/crosscheck.py and
scripts/crosscheck_sim.py): decimal comparison, bracket normalisation, the known-file machinery
both tools share and the matching of known disagreements. Run: python3 -m pytest scripts/test_crosscheck.py
(PolicyEngine is not imported.)"""
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace

import pytest

SCRIPTS = Path(__file__).resolve().parent
sys.path.insert(0, str(SCRIPTS))
from crosscheck_lib import decimals as cc  # noqa: E402
from crosscheck_lib import known as kn  # noqa: E402
from crosscheck_lib import known_figures as kf  # noqa: E402
from crosscheck_lib import mapping  # noqa: E402
from crosscheck_lib.common import UsageError  # noqa: E402
from crosscheck_lib.compare import Comparer, Row  # noqa: E402


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
    entries, errors = kf.load_known_text(KNOWN, "known.yaml")
    assert errors == []
    me, oh = entries
    assert me.ours == "15300" and me.policyengine == "15350.00"     # kept as text, not floats
    assert kf.known_matches(me, "2026 states/ME standardDeduction.single", "15300", "15350")
    assert not kf.known_matches(me, "2026 states/ME standardDeduction.single", "15300", "15400")   # PE moved
    assert not kf.known_matches(me, "2026 states/ME standardDeduction.single", "15350", "15350")   # ours moved
    assert not kf.known_matches(me, "2025 states/ME standardDeduction.single", "15300", "15350")   # other year
    assert kf.known_matches(oh, "2025 states/OH brackets.single[0].rate", "0", "0.013129")        # 6 places
    assert not kf.known_matches(oh, "2025 states/OH brackets.single[0].rate", "0", "0.01313")


def test_known_file_rejects_bad_entries():
    text = """
- {figure: "2026 federal standardDeduction.single", ours: 1, policyengine: 2, right: policyengine, evidence: x}
- {figure: "2026 federal standardDeduction.single", ours: 1, right: ours, evidence: x}
- {figure: "2026 federal standardDeduction.single", ours: 1, policyengine: 2, right: ours, evidence: x, extra: y}
"""
    entries, errors = kf.load_known_text(text, "k.yaml")
    assert len(errors) == 3
    assert "right must be one of" in errors[0]
    assert "missing policyengine" in errors[1]
    assert "unknown key" in errors[2]
    assert len(entries) == 1  # the third is still usable; its extra key is reported


def test_empty_known_file_with_header_is_an_empty_list():
    entries, errors = kf.load_known_text("# header only\n[]\n", "k.yaml")
    assert entries == [] and errors == []
    with pytest.raises(UsageError):
        kf.load_known_text("figure: not a list\n", "k.yaml")


def test_placeholders_expand_to_policyengine_status_names():
    assert mapping.expand("gov.x.{STATUS}", "qualifying_widower") == "gov.x.SURVIVING_SPOUSE"
    assert mapping.expand("gov.x.rates.{status}", "married_filing_jointly") == "gov.x.rates.joint"
    assert mapping.expand("gov.irs.income.bracket.thresholds.{n}.{STATUS}", "single", 3) == "gov.irs.income.bracket.thresholds.3.SINGLE"
    paths = mapping.map_paths({"brackets": "gov.a.{status}", "x": {"per_person": "gov.b"}, "years": [2024]})
    assert paths == {"gov.a.single", "gov.a.joint", "gov.a.separate", "gov.a.head_of_household", "gov.a.surviving_spouse", "gov.b"}


# --- the simulation grid (scripts/crosscheck_sim.py) -------------------------------------------

from crosscheck_lib import sim  # noqa: E402


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
    d = Decimal
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


# --- the known-file machinery both tools share (scripts/crosscheck_lib/known.py) ------------------

FIGURE_OK = '{figure: "2026 federal standardDeduction.single", ours: 1, policyengine: 2, right: ours, evidence: x'
CASE_OK = "{state: NM, quantity: state, right: ours, reason: r, evidence: e"


def test_both_known_files_word_unknown_and_missing_keys_alike():
    _, fig_unknown = kf.load_known_text(f"- {FIGURE_OK}, when: y}}", "f.yaml")
    _, sim_unknown = sim.load_known(f"- {CASE_OK}, when: y}}", "f.yaml")
    assert fig_unknown == sim_unknown == ["f.yaml: entry 1: unknown key(s) when"]
    _, fig_missing = kf.load_known_text(f"- {FIGURE_OK.replace(', evidence: x', '')}}}", "f.yaml")
    _, sim_missing = sim.load_known(f"- {CASE_OK.replace(', evidence: e', '')}}}", "f.yaml")
    assert fig_missing == sim_missing == ["f.yaml: entry 1: missing evidence"]
    _, fig_scalar = kf.load_known_text("- just text\n", "f.yaml")
    _, sim_scalar = sim.load_known("- just text\n", "f.yaml")
    assert fig_scalar == sim_scalar == ["f.yaml: entry 1: not a mapping"]


def test_both_known_files_word_file_errors_alike_but_only_the_figures_file_raises():
    for text, message in (("figure: not a list\n", "f.yaml: expected a list of entries"),
                          ("- [unclosed\n", "f.yaml: not valid YAML: ")):
        with pytest.raises(UsageError) as raised:
            kf.load_known_text(text, "f.yaml")
        entries, errors = sim.load_known(text, "f.yaml")
        assert entries == [] and len(errors) == 1
        assert str(raised.value).startswith(message) and errors[0] == str(raised.value)


def test_known_files_keep_their_own_rules_for_entries_with_both_problems_and_for_empty_mappings():
    # The figures file reports only the missing key; the simulation file the unknown key first.
    _, fig = kf.load_known_text("- {figure: x, ours: 1, when: y}", "f")
    _, cases = sim.load_known("- {state: NM, when: y}", "f")
    assert fig == ["f: entry 1: missing policyengine, right, evidence"]
    assert cases == ["f: entry 1: unknown key(s) when", "f: entry 1: missing quantity, right, reason, evidence"]
    assert sim.load_known("{}", "f") == ([], [])            # safe_load: any empty value is an empty list
    with pytest.raises(UsageError):
        kf.load_known_text("{}", "f")                         # text scalars: only an empty document is
    entries, errors = kf.load_known_text(f"known:\n  - {FIGURE_OK}}}\n", "f")   # the list may sit under known:
    assert errors == [] and [k.source for k in entries] == ["f#1"]


def test_explain_counts_the_first_match_or_every_match():
    a, b = SimpleNamespace(used=0, matches=lambda x: x > 0), SimpleNamespace(used=0, matches=lambda x: x > 1)
    assert kn.explain([a, b], 2) is a and (a.used, b.used) == (1, 0)
    assert kn.explain([a, b], 2, every=True) is a and (a.used, b.used) == (2, 1)
    assert kn.explain([a, b], 0, every=True) is None and (a.used, b.used) == (2, 1)
    assert kn.stale_entries([a, b, SimpleNamespace(used=0, n=3), SimpleNamespace(used=0, n=4)],
                            lambda k: k.n == 3)[0].n == 3


def test_known_files_are_read_in_order_and_named_relative_to_the_root(tmp_path):
    (tmp_path / "a.yaml").write_text(f"- {FIGURE_OK}}}\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text(f"- {FIGURE_OK}, x: 1}}\n- {FIGURE_OK}}}\n", encoding="utf-8")
    entries, errors = kn.load_files([tmp_path / "a.yaml", tmp_path / "b.yaml"], kf.FORMAT, tmp_path)
    assert [k.source for k in entries] == ["a.yaml#1", "b.yaml#1", "b.yaml#2"]
    assert errors == ["b.yaml: entry 1: unknown key(s) x"]
    _, errors = kn.load_files([tmp_path / "b.yaml"], kf.FORMAT)
    assert errors == [f"{tmp_path / 'b.yaml'}: entry 1: unknown key(s) x"]


def _row(key: str, ours: str, pe: str, outcome: str = "disagree") -> Row:
    year, doc, figure = key.split(" ", 2)
    return Row(int(year), doc, figure, ours, pe, outcome, [], [], outcome != "projection")


def test_figures_explain_disagreements_and_report_stale_and_malformed_entries():
    text = """
- {figure: "2026 states/ME standardDeduction.single", ours: 15300, policyengine: 15350, right: ours, evidence: a}
- {figure: "2026 states/ME standardDeduction.single", ours: 15300, policyengine: 15350, right: ours, evidence: duplicate}
- {figure: "2025 states/ME personalExemption", ours: 5000, policyengine: 5100, right: ours, evidence: no longer differs}
- {figure: "2023 states/ME personalExemption", ours: 1, policyengine: 2, right: ours, evidence: year not checked}
- {figure: "2025 states/CA sdi.rate", ours: 1, policyengine: 2, right: ours, evidence: state not checked}
- {figure: "2026 states/ME dependentExemption", ours: 1, policyengine: 2, right: ours, evidence: a projection}
- {figure: "states/ME rate", ours: 1, policyengine: 2, right: ours, evidence: malformed}
"""
    known, errors = kf.load_known_text(text, "k.yaml")
    assert errors == []
    cmp = Comparer(None, include_projections=False)
    cmp.rows = [_row("2026 states/ME standardDeduction.single", "15300", "15350.00"),
                _row("2026 states/ME standardDeduction.married_filing_jointly", "30600", "30700"),
                _row("2026 states/ME dependentExemption", "1", "2", "projection")]
    stale, malformed = kf.explain_rows(cmp, known, [2025, 2026], {"federal", "states/ME"})
    assert cmp.rows[0].explained_by is known[0] and cmp.rows[1].explained_by is None
    assert cmp.tally[("states/ME", 2026)].explained == 1
    assert [k.used for k in known] == [1, 0, 0, 0, 0, 0, 0]
    assert [k.evidence for k in stale] == ["duplicate", "no longer differs"]
    assert malformed == ["k.yaml#7: figure 'states/ME rate' is not '<year> <document> <field>'"]


def test_sim_stale_entries_are_those_unused_in_a_checked_state_and_year():
    known, errors = sim.load_known("""
- {state: NM, quantity: state, right: ours, reason: r, evidence: e, years: [2025]}
- {state: NM, quantity: state, right: ours, reason: r, evidence: e, years: [2023]}
- {state: ME, quantity: state, right: ours, reason: r, evidence: e}
- {state: NM, quantity: federal, right: ours, reason: r, evidence: e}
- {state: NM, quantity: state, right: not-modelled, reason: a second cause, evidence: e}
""", "t")
    assert errors == []
    case = sim.Case(2025, "NM", "single", 15000, 0)
    d = Decimal
    sim.compare([case], {case.id: {"federal": d(0), "fica": d(0), "state": d(10)}},
                {case.id: {"federal": d(0), "fica": d(0), "state": d(0)}}, known)
    checked = {("NM", 2025)}
    stale = kn.stale_entries(known, lambda k: any((k.state, y) in checked for y in (k.years or [2025])))
    assert [k.used for k in known] == [1, 0, 0, 0, 1] and stale == [known[3]]   # both causes of the case used


def test_package_does_not_import_policyengine_and_entry_points_reach_it():
    import importlib
    for name in ("cli", "sim", "policyengine", "resolve", "render"):
        importlib.import_module(f"crosscheck_lib.{name}")
    assert not any(m.startswith(("policyengine_us", "policyengine_core")) for m in sys.modules)
    for script, words in (("crosscheck.py", "usage: crosscheck.py"), ("crosscheck_sim.py", "usage: crosscheck_sim.py")):
        r = subprocess.run([sys.executable, str(SCRIPTS / script), "--help"], capture_output=True, text=True)
        assert r.returncode == 0 and r.stdout.startswith(words), r.stderr


def test_the_mapping_names_only_fields_the_comparison_knows():
    # A field the map names but the comparison does not know stops `make crosscheck` with exit 2
    # (it did once, for South Carolina's youngChildDeduction.amount); this catches it in make test.
    import yaml
    from crosscheck_lib.compare import STATE_VALUE_FIELDS
    spec = yaml.safe_load((SCRIPTS / "crosscheck-map.yaml").read_text())
    states = spec.get("states") or {}
    assert len(states) >= 51
    for code, fields in states.items():
        unknown = set(fields or {}) - mapping.STATE_FIELDS
        assert not unknown, f"states.{code}: {sorted(unknown)} not in STATE_FIELDS"
    # Every comparable value field can be named by the map (else it is compared with nothing).
    assert set(STATE_VALUE_FIELDS) - {"rate"} <= mapping.STATE_FIELDS  # the rate comes with `income`
