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
        unknown = {k for k in fields or {} if not mapping.is_state_field(k)}
        assert not unknown, f"states.{code}: {sorted(unknown)} not in STATE_FIELDS nor payrollContributions.<id>.<figure>"
    # Every comparable value field can be named by the map (else it is compared with nothing).
    assert set(STATE_VALUE_FIELDS) - {"rate"} <= mapping.STATE_FIELDS  # the rate comes with `income`


# --- payroll contributions (issue 35): map keys, our figures, the comparison, the grid -----------

from crosscheck_lib import ours as ours_mod  # noqa: E402
from crosscheck_lib import sim_run  # noqa: E402
from crosscheck_lib.policyengine import PE  # noqa: E402
from crosscheck_lib.resolve import Resolver  # noqa: E402

# The contribution ids of the issue 35 contract, by state.
def contribution_ids():
    """The contribution ids of every state in TaxData/, any year: what the map must cover."""
    import yaml
    ids = {}
    for path in sorted((SCRIPTS.parent / "TaxData").glob("*/states/*.yaml")):
        if "payrollContributions:" not in path.read_text():
            continue
        for item in (yaml.safe_load(path.read_text()) or {}).get("payrollContributions") or []:
            ids.setdefault(path.stem, set()).add(item["id"])
    return ids


def test_payroll_map_keys_name_an_id_and_a_figure():
    assert mapping.parse_payroll_key("payrollContributions.wa-pfml.employeeRate") == ("wa-pfml", "employeeRate")
    assert mapping.parse_payroll_key("payrollContributions.vt-child-care@2024-07-01.employeeRate") == ("vt-child-care@2024-07-01", "employeeRate")
    assert mapping.parse_payroll_key("payrollContributions.or-wbf.employeePerHour") == ("or-wbf", "employeePerHour")
    for bad in ("payrollContributions.wa-pfml", "payrollContributions.wa-pfml.amount", "payrollContributions.WA.rate",
                "payrollContributions.wa-pfml.rate.x", "sdi.rate", "payrollContributions.x@2024.rate"):
        assert mapping.parse_payroll_key(bad) is None, bad
    assert mapping.is_state_field("sdi.rate") and mapping.is_state_field("payrollContributions.ca-sdi.wageBase")
    assert not mapping.is_state_field("payrollContributions.ca-sdi.cap")
    assert mapping.map_paths({"payrollContributions.mn-paid-leave.wageBase": {"path": "gov.irs.cap", "round": 1000},
                              "payrollContributions.hi-tdi.employeeRate": None}) == {"gov.irs.cap"}


def test_the_mapping_covers_every_contribution_of_the_contract_and_no_other():
    import yaml
    states = yaml.safe_load((SCRIPTS / "crosscheck-map.yaml").read_text())["states"]
    expected = contribution_ids()
    assert expected, "no payrollContributions in TaxData/"
    for code, fields in states.items():
        ids = {mapping.parse_payroll_key(k)[0].split("@")[0] for k in fields or {} if mapping.parse_payroll_key(k)}
        assert ids == expected.get(code, set()), code
        for k in fields or {}:
            parsed = mapping.parse_payroll_key(k)
            if parsed and parsed[1] in ("employeeRate", "employeePerHour"):
                assert parsed[0].startswith(code.lower() + "-")


def test_share_and_per_hour_figures_compare_to_six_places():
    assert cc.is_rate_figure("payrollContributions.wa-pfml.employeeRate")
    assert cc.is_rate_figure("payrollContributions.wa-pfml.employeeShare")
    assert cc.is_rate_figure("payrollContributions.or-wbf.employeePerHour")
    assert not cc.is_rate_figure("payrollContributions.wa-pfml.wageBase")
    assert not cc.values_equal("0.009", "0.01", rate=cc.is_rate_figure("payrollContributions.or-wbf.perHour"))


def test_our_contributions_by_id_with_derived_employee_figures():
    d = Decimal
    items = [{"id": "wa-pfml", "rate": d("0.0092"), "employeeShare": d("0.7152"), "wageBase": d(176100), "wages": "fica"},
             {"id": "ca-sdi", "rate": {"value": d("0.012"), "note": "annotated"}, "wageBase": None, "inSDI": True},
             {"id": "or-wbf", "perHour": d("0.02"), "employeeShare": d("0.5"), "wages": "hours"},
             {"id": "hi-tdi", "rate": d("0.005"), "maxWeekly": d("7.21"), "wageBase": None},
             "not an object", {"name": "no id"}]
    got = ours_mod.payroll_contributions(items, 2025)
    assert set(got) == {"wa-pfml", "ca-sdi", "or-wbf", "hi-tdi"}
    assert got["wa-pfml"]["employeeRate"] == d("0.00657984") and got["wa-pfml"]["on"] is None
    assert got["ca-sdi"]["employeeRate"] == d("0.012") and got["ca-sdi"]["employeeShare"] is None
    assert got["ca-sdi"]["wageBase"] is None
    assert got["or-wbf"]["employeePerHour"] == d("0.010") and got["or-wbf"]["employeeRate"] is None
    assert got["hi-tdi"]["maxWeekly"] == d("7.21")
    assert ours_mod.payroll_contributions(None, 2025) == {}


def test_a_contribution_starting_mid_year_is_read_on_its_start_date_and_repeated_ids_get_dates():
    d = Decimal
    one = ours_mod.payroll_contributions(
        [{"id": "vt-child-care", "rate": d("0.0044"), "employeeShare": d("0.25"), "effective": {"from": "2024-07-01", "to": "2024-12-31"}}], 2024)
    assert one["vt-child-care"]["on"] == "2024-07-01" and one["vt-child-care"]["employeeRate"] == d("0.0011")
    two = ours_mod.payroll_contributions(
        [{"id": "vt-child-care", "rate": d(0), "effective": {"from": "2024-01-01", "to": "2024-06-30"}},
         {"id": "vt-child-care", "rate": d("0.0011"), "effective": {"from": "2024-07-01"}}], 2024)
    assert set(two) == {"vt-child-care@2024-01-01", "vt-child-care@2024-07-01"}
    assert two["vt-child-care@2024-01-01"]["on"] is None and two["vt-child-care@2024-07-01"]["on"] == "2024-07-01"
    jan = ours_mod.payroll_contributions([{"id": "me-pfml", "rate": d("0.005"), "effective": {"from": "2025-01-01"}}], 2025)
    assert jan["me-pfml"]["on"] is None


def _leaf(changes: list, refs=None) -> dict:
    """A fake extracted leaf: the value in force on January 1 of 2024-2026 and its changes."""
    years = {}
    for y in (2024, 2025, 2026):
        c = [x for x in changes if x[0] <= f"{y}-01-01"]
        years[str(y)] = None if not c else {"v": c[-1][1], "x": c[-1][2], "at": c[-1][0]}
    return {"kind": "leaf", "refs": refs or [], "years": years, "changes": changes}


FAKE_PE = PE({"version": "test", "scan": {}, "nodes": {
    "gov.ca.sdi": _leaf([["0000-01-01", "0.013", True]]),
    "gov.ss.cap": _leaf([["2024-01-01", "168600", True], ["2025-01-01", "176100", True], ["2026-01-01", "184500", True]]),
    "gov.vt.cc": _leaf([["0000-01-01", "0", True], ["2024-07-01", "0.0011", True]]),
    "gov.wa.total": _leaf([["2024-01-01", "0.0074", True], ["2025-01-01", "0.0092", True]]),
    "gov.wa.employer_share": _leaf([["2024-01-01", "0.2857", True], ["2025-01-01", "0.2848", True]]),
    "gov.me.rate": _leaf([["0000-01-01", "0", True], ["2025-01-01", "0.005", True]]),
    "gov.de.rate": _leaf([["0000-01-01", "0.004", True]]),
}})


def test_resolver_rounds_and_reads_a_date():
    r = Resolver(FAKE_PE, 2026)
    assert r.value({"path": "gov.ss.cap", "round": 1000}, None).value == Decimal(185000)
    assert Resolver(FAKE_PE, 2025).value({"path": "gov.ss.cap", "round": 1000}, None).value == Decimal(176000)
    assert r.value({"path": "gov.wa.employer_share", "times": -1, "plus": 1}, None).value == Decimal("0.7152")
    assert Resolver(FAKE_PE, 2024).value("gov.vt.cc", None).value == 0
    on = Resolver(FAKE_PE, 2024, on="2024-07-01").value("gov.vt.cc", None)
    assert on.value == Decimal("0.0011") and on.paths == ["gov.vt.cc@2024-07-01"] and on.explicit


def _payroll_rows(year, items, spec):
    cmp = Comparer(FAKE_PE, include_projections=False)
    cmp.compare_payroll(year, "states/XX", items, spec, Resolver(FAKE_PE, year))
    return cmp, {r.figure: (r.ours, r.pe, r.outcome) for r in cmp.rows}


def test_compare_payroll_figures_nulls_and_missing_contributions():
    d = Decimal
    spec = {"payrollContributions.ca-sdi.employeeRate": "gov.ca.sdi",
            "payrollContributions.hi-tdi.employeeRate": None,
            "payrollContributions.hi-tdi.maxWeekly": None,
            "payrollContributions.pa-uc.employeeRate": "gov.ca.sdi",            # mapped, wage base not
            "payrollContributions.pa-uc.wageBase": "gov.ss.cap",
            "payrollContributions.wa-pfml.employeeRate": {"product": ["gov.wa.total", {"path": "gov.wa.employer_share", "times": -1, "plus": 1}]},
            "payrollContributions.wa-pfml.employeeShare": {"path": "gov.wa.employer_share", "times": -1, "plus": 1},
            "payrollContributions.wa-pfml.wageBase": "gov.ss.cap",
            "payrollContributions.me-pfml.employeeRate": "gov.me.rate",        # PE 0 in 2024, we have none
            "payrollContributions.de-paid-leave.employeeRate": "gov.de.rate",  # PE in force, we have none
            "payrollContributions.de-paid-leave.wageBase": "gov.ss.cap"}
    items = [{"id": "ca-sdi", "rate": d("0.011"), "wageBase": None},
             {"id": "hi-tdi", "rate": d("0.005"), "maxWeekly": d("6.87"), "wageBase": None},
             {"id": "pa-uc", "rate": d("0.013"), "wageBase": None},
             {"id": "wa-pfml", "rate": d("0.0074"), "employeeShare": d("0.7143"), "wageBase": d(168600), "maxTax": d("891.19")},
             {"id": "xx-new", "rate": d("0.001")}]
    cmp, rows = _payroll_rows(2024, items, spec)
    assert rows["payrollContributions.ca-sdi.employeeRate"] == ("0.011", "0.013", "disagree")
    assert rows["payrollContributions.wa-pfml.employeeRate"] == ("0.005286", "0.005286", "agree")
    assert rows["payrollContributions.wa-pfml.employeeShare"] == ("0.7143", "0.7143", "agree")
    assert rows["payrollContributions.wa-pfml.wageBase"] == ("168600", "168600", "agree")
    assert rows["payrollContributions.pa-uc.wageBase"] == ("inf", "168600", "disagree")     # no cap vs a cap
    assert "payrollContributions.ca-sdi.wageBase" not in rows                               # no cap, none mapped
    assert "payrollContributions.wa-pfml.maxTax" not in rows                                # derived, not mapped
    one_side = {(f, side) for _, _, f, side in cmp.one_side}
    assert one_side == {("payrollContributions.hi-tdi.employeeRate", "ours"), ("payrollContributions.hi-tdi.maxWeekly", "ours"),
                        ("payrollContributions.xx-new.employeeRate", "ours"),
                        ("payrollContributions.de-paid-leave.employeeRate", "policyengine"),
                        ("payrollContributions.de-paid-leave.wageBase", "policyengine")}   # me-pfml: PE 0, skipped
    tally = cmp.tally[("states/XX", 2024)]
    assert (tally.compared, tally.agree, tally.disagree, tally.ours_only, tally.pe_only) == (6, 4, 2, 3, 2)


def test_compare_payroll_reads_a_mid_year_start_on_its_date_and_maps_repeated_ids_by_their_bare_id():
    d = Decimal
    spec = {"payrollContributions.vt-child-care.employeeRate": "gov.vt.cc"}
    _, rows = _payroll_rows(2024, [{"id": "vt-child-care", "rate": d("0.0011"), "effective": {"from": "2024-07-01"}}], spec)
    assert rows == {"payrollContributions.vt-child-care.employeeRate": ("0.0011", "0.0011", "agree")}
    _, rows = _payroll_rows(2024, [{"id": "vt-child-care", "rate": d(0), "effective": {"from": "2024-01-01", "to": "2024-06-30"}},
                                   {"id": "vt-child-care", "rate": d("0.0011"), "effective": {"from": "2024-07-01"}}], spec)
    assert rows == {"payrollContributions.vt-child-care@2024-01-01.employeeRate": ("0", "0", "agree"),
                    "payrollContributions.vt-child-care@2024-07-01.employeeRate": ("0.0011", "0.0011", "agree")}
    # A known entry names the figure as the report prints it.
    known, errors = kf.load_known_text('- {figure: "2024 states/CA payrollContributions.ca-sdi.employeeRate", '
                                       'ours: 0.011, policyengine: 0.013, right: ours, evidence: EDD 2024}', "k")
    assert errors == [] and kf.known_matches(known[0], "2024 states/CA payrollContributions.ca-sdi.employeeRate", "0.011", "0.013")


def test_compare_state_accepts_payroll_keys_and_skips_them_when_missing():
    d = Decimal
    spec = {"payrollContributions.ca-sdi.employeeRate": "gov.ca.sdi"}
    cmp = Comparer(FAKE_PE, include_projections=False)
    cmp.compare_state(2024, "CA", {"payrollContributions": [{"id": "ca-sdi", "rate": d("0.013")}]}, spec, Resolver(FAKE_PE, 2024))
    assert [(r.figure, r.outcome) for r in cmp.rows] == [("payrollContributions.ca-sdi.employeeRate", "agree")]
    cmp = Comparer(FAKE_PE, include_projections=False)
    cmp.compare_state(2024, "CA", {"missing": ["payrollContributions"]}, spec, Resolver(FAKE_PE, 2024))
    assert cmp.rows == []
    with pytest.raises(UsageError):
        cmp.compare_state(2024, "CA", {}, {"payrollContributions.ca-sdi.cap": "gov.ca.sdi"}, Resolver(FAKE_PE, 2024))


def test_sim_compares_contributions_and_its_known_file_accepts_them():
    assert sim.QUANTITIES == ["federal", "fica", "state", "contributions"]
    known, errors = sim.load_known("""
- state: OR
  quantity: contributions
  right: ours
  reason: "Workers' Benefit Fund not in PolicyEngine"
  evidence: "DCBS cost summary; 0.01 x 2,080 = 20.80"
""", "t")
    assert errors == []
    case = sim.Case(2025, "OR", "single", 60000, 0)
    d = Decimal
    ours = {case.id: {"federal": d(1), "fica": d(2), "state": d(3), "contributions": d("440.80")}}
    pe = {case.id: {"federal": d(1), "fica": d(2), "state": d(3), "contributions": d("420.00")}}
    outcomes = sim.compare([case], ours, pe, known)
    assert [(o.quantity, o.gap, o.known is known[0]) for o in outcomes] == [("contributions", d("20.80"), True)]
    assert not known[0].matches(case, "state")


def test_pe_contributions_are_the_heads_state_payroll_sum():
    raw = {"income_tax_before_refundable_credits": "100.0", "additional_medicare_tax": "0.0",
           "employee_social_security_tax": "3720.0", "employee_medicare_tax": "870.0",
           "state_income_tax_before_refundable_credits": "2000.0", "employee_state_payroll_tax_head": "264.00000000000006",
           "contribution_lines": {"ny_employee_paid_family_leave_contribution": "232.8",
                                  "ny_employee_disability_benefits_contribution": "31.2"}}
    q = sim_run.pe_quantities(raw)
    assert q["contributions"] == Decimal("264.00") and q["fica"] == Decimal("4590.00")
    assert q["contribution_lines"] == ("ny_employee_disability_benefits_contribution 31.20, "
                                       "ny_employee_paid_family_leave_contribution 232.80")


def test_our_batch_results_carry_contributions_and_a_calculator_without_them_is_refused(tmp_path):
    case = sim.Case(2025, "NY", "single", 60000, 0)
    result = {"federalIncomeTax": 5000, "socialSecurity": 3720, "medicare": 870, "stateIncomeTax": 3000,
              "mentalHealthTax": 0, "statePayrollContributions": 264.0,
              "payrollContributions": [{"id": "ny-pfl", "name": "PFL", "jurisdiction": "NY", "amount": 232.8},
                                       {"id": "ny-dbl", "name": "DBL", "jurisdiction": "NY", "amount": 31.2}]}

    def fake(res) -> str:
        tool = tmp_path / "taxdata"
        tool.write_text("#!/usr/bin/env python3\nimport json, sys\n"
                        "for line in sys.stdin:\n"
                        "    case = json.loads(line)\n"
                        f"    print(json.dumps({{'id': case['id'], 'result': {res!r}}}))\n")
        tool.chmod(0o755)
        return str(tool)
    got = sim_run.run_ours(fake(result), "TaxData", [case])[case.id]
    assert got["contributions"] == Decimal("264.00") and got["contribution_lines"] == "ny-pfl 232.80, ny-dbl 31.20"
    old = {k: v for k, v in result.items() if k not in ("statePayrollContributions", "payrollContributions")}
    with pytest.raises(UsageError, match="statePayrollContributions"):
        sim_run.run_ours(fake(old), "TaxData", [case])
