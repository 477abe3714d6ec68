"""The comparison of our documents with PolicyEngine's resolved values: one Row per figure both
sides hold (agree, disagree, or a PolicyEngine projection only counted), a Tally per document and
year, and the figures only one side holds. Federal, FICA and retirement are compared field by
field through the mapping; a state by its type, rate or brackets, its other value fields and its
payroll contributions (one figure set per contribution id, compare_payroll)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal

from .common import STATUSES, UsageError
from .decimals import brackets_text, fmt, is_rate_figure, merge_brackets, quantize, to_decimal, values_equal
from .known_figures import Known
from .mapping import is_state_field, parse_payroll_key
from .ours import dig, is_status_map, payroll_contributions, unwrap
from .policyengine import PE, Val
from .resolve import Resolver, combine

# Our state figures that can be compared (everything else in a state object is metadata or
# has no counterpart anywhere: local taxes, notes, sources).
STATE_VALUE_FIELDS = ["rate", "standardDeduction", "personalExemption", "dependentExemption",
                      "personalCredit", "dependentCredit", "sdi.rate", "sdi.wageBase",
                      "sdi.maxWeekly", "mentalHealthTax.threshold", "mentalHealthTax.rate",
                      "youngChildDeduction.amount"]
# The figures of a payroll contribution compared whenever we hold them (a contribution the map
# does not name, or names as null, counts them as ours-only); rate, employeeShare, perHour and
# maxTax are compared only where the map names them. A wageBase we leave null (no cap) is
# compared, as "inf", only with a mapped PolicyEngine wage base.
PAYROLL_DEFAULT_FIGURES = ("employeeRate", "employeePerHour", "wageBase", "maxWeekly")


@dataclass
class Row:
    year: int
    doc: str            # federal | fica | retirement | states/XX
    figure: str         # standardDeduction.single
    ours: str
    pe: str
    outcome: str        # agree | disagree | projection
    paths: list[str]
    refs: list[dict]
    explicit: bool
    explained_by: Known | None = None

    @property
    def key(self) -> str:
        return f"{self.year} {self.doc} {self.figure}"


@dataclass
class Tally:
    compared: int = 0
    agree: int = 0
    disagree: int = 0
    explained: int = 0
    projection: int = 0
    ours_only: int = 0
    pe_only: int = 0
    absent: bool = False


class Comparer:
    def __init__(self, pe: PE, include_projections: bool):
        self.pe = pe
        self.include_projections = include_projections
        self.rows: list[Row] = []
        self.tally: dict[tuple[str, int], Tally] = {}
        self.one_side: list[tuple[int, str, str, str]] = []  # year, doc, figure, "ours"|"policyengine"

    def t(self, doc: str, year: int) -> Tally:
        return self.tally.setdefault((doc, year), Tally())

    def record(self, year, doc, figure, ours: Decimal | str | None, val: Val | None, text_pe: str | None = None):
        """One figure: compare when both sides hold it."""
        rate = is_rate_figure(figure)
        pe_has = val is not None and (text_pe is not None or val.value is not None)
        if ours is None and not pe_has:
            return
        tl = self.t(doc, year)
        if ours is None:
            if val.explicit:
                tl.pe_only += 1
                self.one_side.append((year, doc, figure, "policyengine"))
            return
        if not pe_has:
            tl.ours_only += 1
            self.one_side.append((year, doc, figure, "ours"))
            return
        ours_text = ours if isinstance(ours, str) else fmt(ours, rate)
        pe_text = text_pe if text_pe is not None else fmt(val.value, rate)
        same = values_equal(ours_text, pe_text, rate) if text_pe is None and not isinstance(ours, str) else ours_text == pe_text
        if not val.explicit and not self.include_projections:
            outcome = "projection"
            tl.projection += 1
        else:
            outcome = "agree" if same else "disagree"
            tl.compared += 1
            if same:
                tl.agree += 1
            else:
                tl.disagree += 1
        self.rows.append(Row(year, doc, figure, ours_text, pe_text, outcome, val.paths, val.refs, val.explicit))

    # -- generic documents (federal, fica, retirement) -------------------------------------
    def compare_doc(self, year: int, doc: str, ours: dict | None, spec: dict, res: Resolver):
        if ours is None:
            self.t(doc, year).absent = True
            return
        covered = set()
        for key, s in spec.items():
            covered.add(key)
            if key.endswith("brackets"):
                self.compare_brackets(year, doc, key, dig(ours, key), s, res)
                continue
            o = dig(ours, key)
            if is_status_map(o) or (o is None and _status_spec(s)):
                for st in STATUSES:
                    ov = to_decimal(unwrap(o.get(st))) if isinstance(o, dict) else None
                    self.record(year, doc, f"{key}.{st}", ov, res.value(s, st))
            else:
                self.record(year, doc, key, to_decimal(o), res.value(s, None))
        # our figures the map does not name
        for key, v in flatten(ours):
            if key == "year" or any(key == c or key.startswith(c + ".") for c in covered):
                continue
            if key.endswith(("maxTax",)) or "brackets" in key:
                continue
            self.t(doc, year).ours_only += 1
            self.one_side.append((year, doc, key, "ours"))

    def compare_brackets(self, year, doc, key, ours_b, spec, res: Resolver, pe_b: dict | None = None):
        for st in STATUSES:
            o = ours_b.get(st) if isinstance(ours_b, dict) else None
            ob = merge_brackets([(to_decimal(unwrap(b["floor"])), to_decimal(unwrap(b["rate"]))) for b in o]) if o else None
            p = pe_b.get(st) if pe_b is not None else res.brackets(spec, st)
            self.compare_schedule(year, doc, f"{key}.{st}", ob, p)

    def compare_schedule(self, year, doc, figure, ob, p):
        if ob is None and p is None:
            return
        if ob is None or p is None:
            tl = self.t(doc, year)
            if ob is None and p[1].explicit:
                tl.pe_only += 1
                self.one_side.append((year, doc, figure, "policyengine"))
            elif p is None:
                tl.ours_only += 1
                self.one_side.append((year, doc, figure, "ours"))
            return
        pb, meta = merge_brackets(p[0]), p[1]
        if len(pb) != len(ob):
            self.record(year, doc, figure, brackets_text(ob), meta, text_pe=brackets_text(pb))
            return
        for i, ((of, orate), (pf, prate)) in enumerate(zip(ob, pb)):
            if i > 0:
                self.record(year, doc, f"{figure}[{i}].floor", of, Val(pf, meta.paths, meta.explicit, meta.refs))
            self.record(year, doc, f"{figure}[{i}].rate", orate, Val(prate, meta.paths, meta.explicit, meta.refs))

    # -- states --------------------------------------------------------------------------------
    def compare_state(self, year: int, code: str, ours: dict | None, spec: dict, res: Resolver):
        doc = f"states/{code}"
        unknown = {k for k in spec if not is_state_field(k)}
        if unknown:
            raise UsageError(f"map: states.{code}: unknown field(s) {', '.join(sorted(unknown))}")
        if ours is None:
            self.t(doc, year).absent = True
            return
        missing = set(ours.get("missing") or [])
        inc = res.income(spec["income"], code) if "income" in spec else None
        otype = ours.get("type")
        if inc is not None:
            kind = inc[0]
            if kind == "none":
                pe_type = "no_tax" if not inc[1] else "taxed"
                meta = Val(None, inc[1] or [f"gov.states.{code.lower()}.tax.income"], True, [])
                self.record(year, doc, "type", otype, meta, text_pe=pe_type if not inc[1] else f"taxed ({', '.join(inc[1][:2])})")
            elif kind == "rate":
                self.record(year, doc, "type", otype, inc[1], text_pe="flat")
                if otype == "flat":
                    self.record(year, doc, "rate", to_decimal(unwrap(ours.get("rate"))), inc[1])
            else:
                sched = {st: (merge_brackets(b[0]), b[1]) for st, b in inc[1].items()}
                rates = {quantize(r, True) for b, _ in sched.values() for _, r in b}
                pe_type = "flat" if len(rates) == 1 and all(len(b) == 1 for b, _ in sched.values()) else "progressive"
                meta = combine([m for _, m in sched.values()], None)
                self.record(year, doc, "type", otype, meta, text_pe=pe_type)
                if otype == "flat" and pe_type == "flat":
                    only = next(iter(sched.values()))
                    self.record(year, doc, "rate", to_decimal(unwrap(ours.get("rate"))), Val(only[0][0][1], only[1].paths, only[1].explicit, only[1].refs))
                elif otype == "progressive" and "brackets" not in missing:
                    self.compare_brackets(year, doc, "brackets", ours.get("brackets"), None, res, pe_b=sched)
        elif otype is not None:
            self.t(doc, year).ours_only += 1
            self.one_side.append((year, doc, "type", "ours"))
        for key in STATE_VALUE_FIELDS:
            if key == "rate":
                continue  # compared with the type
            top = key.split(".")[0]
            o = None if top in missing else dig(ours, key)
            s = spec.get(key)
            if is_status_map(o) or (o is None and s is not None and _status_spec(s) and key in ("standardDeduction", "personalExemption", "personalCredit")):
                for st in STATUSES:
                    ov = to_decimal(unwrap(o.get(st))) if isinstance(o, dict) else None
                    self.record(year, doc, f"{key}.{st}", ov, res.value(s, st) if s is not None else None)
            else:
                self.record(year, doc, key, to_decimal(o) if not isinstance(o, dict) else None,
                            res.value(s, None) if s is not None else None)
        nyc = (ours.get("nycTax") or {}).get("brackets") if isinstance(ours.get("nycTax"), dict) else None
        if spec.get("nycTax.brackets") is not None:
            self.compare_brackets(year, doc, "nycTax.brackets", nyc, spec["nycTax.brackets"], res)
        elif nyc:
            self._ours_only(year, doc, "nycTax.brackets")
        if "payrollContributions" not in missing:
            self.compare_payroll(year, doc, ours.get("payrollContributions"), spec, res)

    def compare_payroll(self, year: int, doc: str, items, spec: dict, res: Resolver):
        """Each payroll contribution, figure by figure, as `payrollContributions.<key>.<figure>`.
        A contribution's map keys are `payrollContributions.<id>.<figure>` (or `<id>@<date>` for
        one of two entries of an id in a year). A contribution starting after January 1 is
        compared with PolicyEngine's values on its start date. A mapped contribution we do not
        hold counts as PolicyEngine-only only while PolicyEngine's employee rate (or amount per
        hour) is in force and not zero (DE, ME and MN before their programmes start)."""
        ours_items = payroll_contributions(items, year)
        mapped: dict[str, dict] = {}
        for k, s in spec.items():
            parsed = parse_payroll_key(k)
            if parsed is not None:
                mapped.setdefault(parsed[0], {})[parsed[1]] = s
        held_ids = {it["id"] for it in ours_items.values()}
        for key, item in sorted(ours_items.items()):
            specs = mapped.get(key, mapped.get(item["id"], {}))
            r = res if item["on"] is None else Resolver(res.pe, year, on=item["on"])
            figures = [f for f in PAYROLL_DEFAULT_FIGURES if item[f] is not None or (f == "wageBase" and specs.get(f) is not None)]
            figures += [f for f, sp in specs.items() if sp is not None and f not in figures]
            for f in figures:
                o = item[f]
                if f == "wageBase" and o is None:
                    o = Decimal("Infinity")  # no cap
                s = specs.get(f)
                self.record(year, doc, f"payrollContributions.{key}.{f}", o, r.value(s, None) if s is not None else None)
        for key, specs in sorted(mapped.items()):
            if key in ours_items or key.split("@")[0] in held_ids:
                continue
            gate = specs.get("employeeRate", specs.get("employeePerHour"))
            g = res.value(gate, None) if gate is not None else None
            if g is None or g.value is None or g.value == 0:
                continue
            for f, s in specs.items():
                if s is not None:
                    self.record(year, doc, f"payrollContributions.{key}.{f}", None, res.value(s, None))

    def _ours_only(self, year, doc, figure):
        self.t(doc, year).ours_only += 1
        self.one_side.append((year, doc, figure, "ours"))


def _status_spec(spec) -> bool:
    text = json.dumps(spec)
    return "{STATUS}" in text or "{status}" in text or "per_person" in text or any(f'"{s}"' in text for s in STATUSES)


def flatten(d, prefix=""):
    if isinstance(d, dict):
        if "value" in d and not isinstance(d["value"], dict):
            yield prefix, d["value"]
            return
        for k, v in d.items():
            yield from flatten(v, f"{prefix}.{k}" if prefix else k)
    elif isinstance(d, (Decimal, int, float)) and not isinstance(d, bool):
        yield prefix, d
