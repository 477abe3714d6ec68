#!/usr/bin/env python3
"""Compare every figure we hold with PolicyEngine-US's parameters (`make crosscheck`).

Builds our data with the taxdata compiler into a temporary directory, reads the expanded JSON
bundles, loads PolicyEngine-US's parameter tree (the values in force on January 1 of each year)
and compares the figures both sides hold, through the mapping in scripts/crosscheck-map.yaml.
Disagreements must be explained in docs/data-notes/crosscheck-known.yaml; see the header of that
file for the format.

Exit status: 0 every disagreement explained and no stale explanation; 1 otherwise; 2 usage or
build error. Python 3.11, stdlib + PyYAML + policyengine-us (only for the PolicyEngine side).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PE_VERSION = "2.68.0"
EXTRACT_VERSION = "2"  # bump when the cached extraction format changes

STATUSES = ["single", "married_filing_jointly", "married_filing_separately",
            "head_of_household", "qualifying_widower"]
PE_STATUS = {"single": "SINGLE", "married_filing_jointly": "JOINT",
             "married_filing_separately": "SEPARATE", "head_of_household": "HEAD_OF_HOUSEHOLD",
             "qualifying_widower": "SURVIVING_SPOUSE"}
PE_SCALE_STATUS = {"single": "single", "married_filing_jointly": "joint",
                   "married_filing_separately": "separate", "head_of_household": "head_of_household",
                   "qualifying_widower": "surviving_spouse"}
STATE_CODES = ("AK AL AR AZ CA CO CT DC DE FL GA HI IA ID IL IN KS KY LA MA MD ME MI MN MO MS MT "
               "NC ND NE NH NJ NM NV NY OH OK OR PA RI SC SD TN TX UT VA VT WA WI WV WY").split()
COND_KEYS = {"if", "unless", "years", "statuses"}
STATE_FIELDS = {"income", "standardDeduction", "personalExemption", "dependentExemption",
                "personalCredit", "dependentCredit", "sdi.rate", "sdi.wageBase", "sdi.maxWeekly",
                "mentalHealthTax.threshold", "mentalHealthTax.rate", "nycTax.brackets"}
# Our state figures that can be compared (everything else in a state object is metadata or
# has no counterpart anywhere: local taxes, notes, sources).
STATE_VALUE_FIELDS = ["rate", "standardDeduction", "personalExemption", "dependentExemption",
                      "personalCredit", "dependentCredit", "sdi.rate", "sdi.wageBase",
                      "sdi.maxWeekly", "mentalHealthTax.threshold", "mentalHealthTax.rate"]
KNOWN_RIGHT = {"ours", "policyengine-modelling"}


class UsageError(Exception):
    """Exit status 2."""


# ---------------------------------------------------------------------------------------------
# Decimal handling (pure; unit-tested in scripts/test_crosscheck.py)

def to_decimal(x) -> Decimal | None:
    """Exact decimal of a number: ints and Decimals as they are, floats through repr (the
    shortest text that round-trips, i.e. what PolicyEngine's YAML said), text parsed as text."""
    if x is None or isinstance(x, bool):
        return None
    if isinstance(x, Decimal):
        return x
    if isinstance(x, int):
        return Decimal(x)
    if isinstance(x, float):
        return Decimal(repr(x))
    if isinstance(x, str):
        try:
            return Decimal(x.strip())
        except InvalidOperation:
            return None
    return None


def is_rate_figure(figure: str) -> bool:
    """Rates are compared to 6 decimal places, amounts to 2."""
    last = figure.rsplit(".", 1)[-1]
    return last.lower().endswith("rate") or last in ("maxPercentage",)


def quantize(d: Decimal, rate: bool) -> Decimal:
    if not d.is_finite():
        return d
    return d.quantize(Decimal("0.000001") if rate else Decimal("0.01"), rounding=ROUND_HALF_UP)


def fmt(d: Decimal | None, rate: bool = False) -> str:
    """Canonical text of a value as compared: rounded, trailing zeros dropped, no exponent."""
    if d is None:
        return "none"
    if not d.is_finite():
        return "inf" if d > 0 else "-inf"
    q = quantize(d, rate).normalize()
    s = format(q, "f")
    return "0" if s in ("-0", "") else s


def values_equal(a, b, rate: bool) -> bool:
    """Compare two values (Decimal, number or text) the way figures are compared."""
    da, db = (a if isinstance(a, Decimal) else to_decimal(a)), (b if isinstance(b, Decimal) else to_decimal(b))
    if da is not None and db is not None:
        return quantize(da, rate) == quantize(db, rate)
    if da is None and db is None:
        return str(a).strip() == str(b).strip()
    return False


def merge_brackets(brackets: list[tuple[Decimal, Decimal]]) -> list[tuple[Decimal, Decimal]]:
    """Sort by floor, drop brackets at an infinite floor (PolicyEngine's padding), start the first
    at 0 (PolicyEngine sometimes writes -inf), merge adjacent brackets with one rate."""
    kept = []
    for f, r in brackets:
        if f is None or r is None or (not f.is_finite() and f > 0):
            continue
        kept.append((f if f.is_finite() else Decimal(0), r))
    kept.sort(key=lambda b: b[0])
    out: list[tuple[Decimal, Decimal]] = []
    for f, r in kept:
        if out and f == out[-1][0]:
            out[-1] = (f, r)  # two brackets at one floor: the later one is in force
        elif not (out and quantize(r, True) == quantize(out[-1][1], True)):
            out.append((f, r))
    if out:
        out[0] = (Decimal(0), out[0][1])
    return out


def brackets_text(brackets: list[tuple[Decimal, Decimal]]) -> str:
    return ", ".join(f"{fmt(f)}@{fmt(r, True)}" for f, r in brackets)


# ---------------------------------------------------------------------------------------------
# Known disagreements (pure parts unit-tested)

@dataclass
class Known:
    figure: str
    ours: str
    policyengine: str
    right: str
    evidence: str
    source: str  # file:index
    used: bool = False


def load_known_text(text: str, source: str) -> tuple[list[Known], list[str]]:
    """Parse one known file; every scalar is kept as text (numbers are compared as decimals)."""
    import yaml
    try:
        data = yaml.load(text, Loader=yaml.BaseLoader)
    except yaml.YAMLError as e:
        raise UsageError(f"{source}: not valid YAML: {e}")
    if data is None or data == "":
        data = []
    if isinstance(data, dict) and "known" in data:
        data = data["known"]
    if not isinstance(data, list):
        raise UsageError(f"{source}: expected a list of entries")
    entries, errors = [], []
    for i, e in enumerate(data):
        where = f"{source}: entry {i + 1}"
        if not isinstance(e, dict):
            errors.append(f"{where}: not a mapping")
            continue
        missing = [k for k in ("figure", "ours", "policyengine", "right", "evidence") if not str(e.get(k, "")).strip()]
        if missing:
            errors.append(f"{where}: missing {', '.join(missing)}")
            continue
        unknown = set(e) - {"figure", "ours", "policyengine", "right", "evidence", "note"}
        if unknown:
            errors.append(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
        if e["right"] not in KNOWN_RIGHT:
            errors.append(f"{where}: right must be one of {', '.join(sorted(KNOWN_RIGHT))} (if PolicyEngine is right, fix our data), not {e['right']!r}")
            continue
        entries.append(Known(" ".join(e["figure"].split()), str(e["ours"]).strip(), str(e["policyengine"]).strip(),
                             e["right"], e["evidence"], f"{source}#{i + 1}"))
    return entries, errors


def known_matches(k: Known, figure: str, ours: str, pe: str) -> bool:
    """An entry explains a disagreement when figure, ours and policyengine all equal the current
    values (numbers as decimals rounded like the figure, text exactly)."""
    if k.figure != figure:
        return False
    rate = is_rate_figure(figure.split(" ", 2)[-1])
    return values_equal(k.ours, ours, rate) and values_equal(k.policyengine, pe, rate)


def load_known(paths: list[Path]) -> tuple[list[Known], list[str]]:
    entries, errors = [], []
    for p in paths:
        e, err = load_known_text(p.read_text(encoding="utf-8"), str(p.relative_to(ROOT) if p.is_relative_to(ROOT) else p))
        entries += e
        errors += err
    return entries, errors


# ---------------------------------------------------------------------------------------------
# Our side: build with the taxdata compiler, read the expanded JSON

def prepare_tree(tree: Path, states: list[str] | None, tmp: Path) -> Path:
    """The real tree, or a copy with only the selected states (every year made a draft so that
    it may lack jurisdictions). Every year is copied, so that the compiler's checks across
    consecutive years see the same neighbours as in the real tree."""
    if not states:
        return tree
    copy = tmp / "TaxData"
    for src in sorted(p for p in tree.iterdir() if p.is_dir() and p.name.isdigit()):
        dst = copy / src.name
        (dst / "states").mkdir(parents=True)
        for f in ("year.yaml", "federal.yaml", "fica.yaml", "retirement.yaml"):
            if (src / f).exists():
                shutil.copy2(src / f, dst / f)
        yy = dst / "year.yaml"
        if yy.exists():
            text = yy.read_text(encoding="utf-8")
            text, n = re.subn(r"(?m)^status:.*$", "status: draft", text)
            if n == 0:
                text += "\nstatus: draft\n"
            yy.write_text(text, encoding="utf-8")
        for st in states:
            if (src / "states" / f"{st}.yaml").exists():
                shutil.copy2(src / "states" / f"{st}.yaml", dst / "states" / f"{st}.yaml")
    return copy


def build_ours(binary: str, tree: Path, out: Path) -> None:
    try:
        r = subprocess.run([binary, "build", str(tree), "--out", str(out)], capture_output=True, text=True)
    except OSError as e:
        raise UsageError(f"cannot run the taxdata compiler {binary!r}: {e} (set TAXDATA_BIN or run `make tool`)")
    if r.returncode != 0:
        sys.stderr.write(r.stdout)
        sys.stderr.write(r.stderr)
        raise UsageError(f"`{binary} build {tree}` failed (exit {r.returncode}); diagnostics above")


def read_ours(dist: Path, years: list[int]) -> dict[int, dict]:
    out = {}
    for y in years:
        d = dist / str(y)
        if not d.is_dir():
            continue
        docs = {}
        for name in ("federal", "fica", "retirement", "states"):
            p = d / f"{name}_{y}.json"
            if p.exists():
                docs[name] = json.loads(p.read_text(encoding="utf-8"), parse_float=Decimal, parse_int=Decimal)
        out[y] = docs
    return out


def unwrap(v):
    """A number, or a number under `value` (tolerates value-level annotations)."""
    if isinstance(v, dict) and "value" in v:
        return v["value"]
    return v


def dig(doc, dotted: str):
    cur = doc
    for part in dotted.split("."):
        if not isinstance(cur, dict) or part not in cur:
            return None
        cur = cur[part]
    return unwrap(cur)


def is_status_map(v) -> bool:
    return isinstance(v, dict) and any(s in v for s in STATUSES)


# ---------------------------------------------------------------------------------------------
# The mapping: placeholders and the set of PolicyEngine paths it names

def expand(path: str, status: str | None = None, n: int | None = None) -> str:
    if "{STATUS}" in path or "{status}" in path:
        if status is None:
            raise UsageError(f"map: {path} has a status placeholder where no status applies")
        path = path.replace("{STATUS}", PE_STATUS[status]).replace("{status}", PE_SCALE_STATUS[status])
    if "{n}" in path and n is not None:
        path = path.replace("{n}", str(n))
    return path


def map_paths(spec) -> set[str]:
    """Every PolicyEngine path a spec can name, placeholders expanded."""
    found: set[str] = set()

    def walk(s):
        if isinstance(s, str):
            if s.startswith(("gov.", "calibration.", "household.")):
                variants = [s]
                if "{STATUS}" in s or "{status}" in s:
                    variants = [expand(s, st) for st in STATUSES]
                if any("{n}" in v for v in variants):
                    variants = [v.replace("{n}", str(i)) for v in variants for i in range(1, 16)]
                found.update(variants)
        elif isinstance(s, list):
            for x in s:
                walk(x)
        elif isinstance(s, dict):
            for k, v in s.items():
                if k in ("years", "statuses", "times", "divide", "plus", "count"):
                    continue
                walk(v)
    walk(spec)
    return found


# ---------------------------------------------------------------------------------------------
# PolicyEngine side: extraction (slow, cached) and access

def installed_pe_version() -> str:
    try:
        from importlib.metadata import version
        return version("policyengine-us")
    except Exception:
        return "not installed"


def pe_cache_key(paths: set[str], scan_states: list[str], years: list[int]) -> str:
    """The cache depends on what is extracted, not on the mapping's comments or layout."""
    h = hashlib.sha256()
    h.update(f"{installed_pe_version()}|{EXTRACT_VERSION}|{sorted(years)}|{sorted(scan_states)}|".encode())
    h.update("\n".join(sorted(paths)).encode())
    return h.hexdigest()[:20]


def extract_pe(paths: set[str], years: list[int], scan_states: list[str]) -> dict:
    """Load PolicyEngine-US and extract, for each path, the value in force on January 1 of each
    year, whether that value is written in PolicyEngine's YAML for that date (explicit) or
    projected (uprated, interpolated or backdated), and the parameter's references."""
    try:
        import policyengine_us
        import policyengine_us.system as pe_system
        from policyengine_core.parameters import Parameter, ParameterNode, ParameterScale
    except ImportError as e:
        raise UsageError(f"policyengine-us is not installed in this Python ({sys.executable}): {e}; run `make crosscheck`")
    version = getattr(policyengine_us, "__version__", None)
    try:
        from importlib.metadata import version as dist_version
        version = dist_version("policyengine-us")
    except Exception:
        pass
    # Snapshot every parameter's own YAML values before PolicyEngine homogenises, interpolates,
    # uprates and backdates them: a value in force whose instant is not in the snapshot is a projection.
    raw: dict[str, set[str]] = {}
    if not hasattr(pe_system, "homogenize_parameter_structures"):
        raise UsageError("this policyengine-us has no homogenize_parameter_structures step to hook; cannot tell explicit values from projections")
    original = pe_system.homogenize_parameter_structures

    def snapshot(params, *args, **kwargs):
        for p in params.get_descendants():
            if isinstance(p, Parameter):
                raw[p.name] = {v.instant_str for v in p.values_list}
        return original(params, *args, **kwargs)

    pe_system.homogenize_parameter_structures = snapshot
    try:
        root = pe_system.CountryTaxBenefitSystem().parameters
    finally:
        pe_system.homogenize_parameter_structures = original

    def refs_of(node) -> list[dict]:
        meta = getattr(node, "metadata", None) or {}
        ref = meta.get("reference") or getattr(node, "reference", None)
        out = []
        if isinstance(ref, dict):
            ref = [ref]
        for r in ref or []:
            if isinstance(r, dict):
                out.append({"title": str(r.get("title", "")), "href": str(r.get("href", ""))})
            elif isinstance(r, str):
                out.append({"title": r, "href": ""})
        return out

    def text(v):
        if hasattr(v, "item") and not isinstance(v, (list, dict, str)):
            try:
                v = v.item()  # numpy scalar
            except (TypeError, ValueError):
                pass
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return repr(float(v)) if isinstance(v, float) else str(v)
        return None

    def leaf_record(p: Parameter) -> dict:
        rec = {}
        for y in years:
            date = f"{y}-01-01"
            best = None
            for v in p.values_list:
                if v.instant_str <= date and (best is None or v.instant_str > best.instant_str):
                    best = v
            if best is None:
                rec[str(y)] = None
                continue
            val = p(date)
            rec[str(y)] = {"v": text(val), "x": best.instant_str in raw.get(p.name, ()), "at": best.instant_str}
        return rec

    tokens = re.compile(r"\[(\d+)\]|([^.\[\]]+)")

    def resolve(path: str):
        node, chain = root, [root]
        for m in tokens.finditer(path):
            idx, name = m.groups()
            if idx is not None:
                brackets = getattr(node, "brackets", None)
                if brackets is None or int(idx) >= len(brackets):
                    return None, chain
                node = brackets[int(idx)]
            else:
                children = getattr(node, "children", None)
                if children is not None and name in children:
                    node = children[name]
                elif name in getattr(node, "__dict__", {}) and isinstance(node.__dict__[name], (Parameter, ParameterNode, ParameterScale)):
                    node = node.__dict__[name]
                else:
                    return None, chain
            chain.append(node)
        return node, chain

    def nearest_refs(chain) -> list[dict]:
        for n in reversed(chain[-4:]):
            r = refs_of(n)
            if r:
                return r
        return []

    nodes: dict[str, dict] = {}
    for path in sorted(paths):
        node, chain = resolve(path)
        if node is None:
            nodes[path] = {"kind": "absent"}
        elif isinstance(node, Parameter):
            nodes[path] = {"kind": "leaf", "refs": nearest_refs(chain), "years": leaf_record(node)}
        elif isinstance(node, ParameterScale):
            brs = []
            for b in node.brackets:
                ch = b.children
                f = "rate" if "rate" in ch else ("amount" if "amount" in ch else None)
                brs.append({"threshold": leaf_record(ch["threshold"]) if "threshold" in ch else None,
                            "value": leaf_record(ch[f]) if f else None})
            nodes[path] = {"kind": "scale", "refs": nearest_refs(chain), "brackets": brs}
        else:
            nodes[path] = {"kind": "node"}
    # No-tax states: every rate-like parameter in force under gov.states.<st>.tax.income
    scan: dict[str, dict] = {}
    rate_like = re.compile(r"(^|\.)(rates?|main|flat_rate|agi_rate)(\.|\[|$)")
    for st in scan_states:
        node, _ = resolve(f"gov.states.{st.lower()}.tax.income")
        found = {str(y): [] for y in years}
        if node is not None and hasattr(node, "get_descendants"):
            for p in node.get_descendants():
                if not isinstance(p, Parameter):
                    continue
                rel = p.name.split(".tax.income.", 1)[-1]
                if not rate_like.search(rel) or "credit" in rel or "deduction" in rel or "exemption" in rel:
                    continue
                for y in years:
                    try:
                        v = p(f"{y}-01-01")
                    except Exception:
                        continue
                    if isinstance(v, (int, float)) and not isinstance(v, bool) and v not in (0, float("inf")):
                        found[str(y)].append([p.name, text(v)])
        scan[st] = found
    return {"version": version, "nodes": nodes, "scan": scan}


@dataclass
class Val:
    """A resolved PolicyEngine value: its decimal, the parameters it came from, whether every one
    of them is explicit for the date, and their references."""
    value: Decimal | None
    paths: list[str]
    explicit: bool
    refs: list[dict] = field(default_factory=list)


class PE:
    def __init__(self, data: dict):
        self.nodes = data["nodes"]
        self.scan = data.get("scan", {})
        self.version = data.get("version")

    def _node(self, path: str) -> dict:
        n = self.nodes.get(path)
        if n is None:
            raise UsageError(f"internal: {path} was not extracted (stale cache? run with --no-cache)")
        return n

    def leaf(self, path: str, year: int) -> Val | None:
        m = re.fullmatch(r"(.*)\[(\d+)\]\.(threshold|rate|amount)", path)
        if m:  # a bracket of a scale
            base, i, f = m.group(1), int(m.group(2)), m.group(3)
            n = self.nodes.get(path) or self._node(base)
            if n.get("kind") == "leaf":
                rec = n["years"].get(str(year))
                return None if rec is None else Val(to_decimal(rec["v"]), [path], rec["x"], n.get("refs", []))
            if n.get("kind") != "scale" or i >= len(n["brackets"]):
                return None
            b = n["brackets"][i]
            rec = (b["threshold"] if f == "threshold" else b["value"] or {}).get(str(year))
            return None if rec is None else Val(to_decimal(rec["v"]), [path], rec["x"], n.get("refs", []))
        n = self._node(path)
        if n["kind"] != "leaf":
            return None
        rec = n["years"].get(str(year))
        if rec is None or rec["v"] is None:
            return None
        return Val(to_decimal(rec["v"]), [path], rec["x"], n.get("refs", []))

    def flag(self, path: str, year: int) -> bool | None:
        n = self._node(path)
        if n["kind"] != "leaf":
            return None
        rec = n["years"].get(str(year))
        return None if rec is None else rec["v"] == "true"

    def scale(self, path: str, year: int) -> tuple[list[tuple[Decimal, Decimal]], Val] | None:
        n = self._node(path)
        if n["kind"] != "scale":
            return None
        out, explicit = [], True
        for i, b in enumerate(n["brackets"]):
            t = (b["threshold"] or {}).get(str(year))
            v = (b["value"] or {}).get(str(year))
            if t is None or v is None or t["v"] is None or v["v"] is None:
                continue
            td, vd = to_decimal(t["v"]), to_decimal(v["v"])
            if td is None or vd is None or (not td.is_finite() and td > 0):
                continue  # PolicyEngine pads scales with brackets at an infinite threshold
            # the first bracket's floor is 0 by definition; its own flag does not matter
            explicit = explicit and v["x"] and (i == 0 or t["x"])
            out.append((td, vd))
        return out, Val(None, [path], explicit, n.get("refs", []))


# ---------------------------------------------------------------------------------------------
# Resolving map specs against PolicyEngine

def combine(vals: list[Val], value: Decimal | None) -> Val:
    refs, seen = [], set()
    for v in vals:
        for r in v.refs:
            k = (r.get("title"), r.get("href"))
            if k not in seen:
                seen.add(k)
                refs.append(r)
    return Val(value, [p for v in vals for p in v.paths], all(v.explicit for v in vals), refs)


class Resolver:
    def __init__(self, pe: PE, year: int):
        self.pe, self.year = pe, year

    def applies(self, spec: dict, status: str | None) -> bool:
        if "years" in spec and self.year not in [int(y) for y in spec["years"]]:
            return False
        if "statuses" in spec and status not in spec["statuses"]:
            return False
        if "if" in spec and not self.pe.flag(expand(spec["if"], status), self.year):
            return False
        if "unless" in spec and self.pe.flag(expand(spec["unless"], status), self.year):
            return False
        return True

    def value(self, spec, status: str | None) -> Val | None:
        """A value spec for one status (None for a scalar figure)."""
        if spec is None:
            return None
        if isinstance(spec, str):
            return self.pe.leaf(expand(spec, status), self.year)
        if isinstance(spec, list):
            for alt in spec:
                if isinstance(alt, dict) and not self.applies(alt, status):
                    continue
                return self.value(strip_conditions(alt), status)
            return None
        if not isinstance(spec, dict):
            raise UsageError(f"map: cannot read value spec {spec!r}")
        if not self.applies(spec, status):
            return None
        if any(s in spec for s in STATUSES) or "default" in spec:
            sub = spec.get(status, spec.get("default")) if status else spec.get("default")
            return self.value(sub, status)
        if "per_person" in spec:
            v = self.value(spec["per_person"], status)
            if v is None or v.value is None:
                return v
            return Val(v.value * (2 if status == "married_filing_jointly" else 1), v.paths, v.explicit, v.refs)
        if "sum" in spec or "product" in spec:
            parts = [self.value(s, status) for s in spec.get("sum", spec.get("product"))]
            if any(p is None or p.value is None for p in parts):
                return None
            acc = Decimal(0) if "sum" in spec else Decimal(1)
            for p in parts:
                acc = acc + p.value if "sum" in spec else acc * p.value
            return combine(parts, acc)
        if "path" in spec:
            v = self.value(spec["path"], status)
            if v is None or v.value is None:
                return v
            x = v.value
            if "times" in spec:
                t = spec["times"]
                if isinstance(t, dict):
                    if status not in t:
                        return None
                    t = t[status]
                x = x * to_decimal(str(t))
            if "divide" in spec:
                x = x / to_decimal(str(spec["divide"]))
            if "plus" in spec:
                x = x + to_decimal(str(spec["plus"]))
            return Val(x, v.paths, v.explicit, v.refs)
        rest = strip_conditions(spec)
        if rest is not spec and rest != spec:
            return self.value(rest, status)
        raise UsageError(f"map: cannot read value spec {spec!r}")

    def brackets(self, spec, status: str) -> tuple[list[tuple[Decimal, Decimal]], Val] | None:
        if spec is None:
            return None
        if isinstance(spec, str):
            return self.pe.scale(expand(spec, status), self.year)
        if isinstance(spec, list):
            for alt in spec:
                if isinstance(alt, dict) and not self.applies(alt, status):
                    continue
                return self.brackets(strip_conditions(alt), status)
            return None
        if not isinstance(spec, dict):
            raise UsageError(f"map: cannot read bracket spec {spec!r}")
        if not self.applies(spec, status):
            return None
        if any(s in spec for s in STATUSES) or "default" in spec:
            return self.brackets(spec.get(status, spec.get("default")), status)
        if "scale" in spec:
            return self.brackets(spec["scale"], status)
        if "flat" in spec:
            v = self.value(spec["flat"], status)
            return None if v is None or v.value is None else ([(Decimal(0), v.value)], v)
        if "step" in spec:
            t = self.value(spec["step"]["threshold"], status)
            r = self.value(spec["step"]["rate"], status)
            if t is None or r is None or t.value is None or r.value is None:
                return None
            steps = [(Decimal(0), Decimal(0))]
            if t.value.is_finite() and r.value != 0:
                steps.append((t.value, r.value))
            return steps, combine([t, r], None)
        if "add" in spec:
            parts = [self.brackets(s, status) for s in spec["add"]]
            if any(p is None for p in parts):
                return None
            floors = sorted({f for p in parts for f, _ in p[0]} | {Decimal(0)})
            out = []
            for f in floors:
                total = Decimal(0)
                for sched, _ in parts:
                    in_force = [r for fl, r in sorted(sched) if fl <= f]
                    total += in_force[-1] if in_force else Decimal(0)
                out.append((f, total))
            return out, combine([p[1] for p in parts], None)
        if "upper_bounds" in spec:
            u = spec["upper_bounds"]
            out, vals, floor = [], [], Decimal(0)
            for i in range(1, int(u["count"]) + 1):
                r = self.value(expand(u["rates"], status, i), status)
                t = self.value(expand(u["thresholds"], status, i), status)
                if r is None or r.value is None:
                    return None
                out.append((floor, r.value))
                vals.append(r)
                if t is None or t.value is None or not t.value.is_finite():
                    break
                vals.append(t)
                floor = t.value
            return out, combine(vals, None)
        rest = strip_conditions(spec)
        if rest != spec:
            return self.brackets(rest, status)
        raise UsageError(f"map: cannot read bracket spec {spec!r}")

    def income(self, spec, state: str) -> tuple[str, object, Val | None] | None:
        """('none', [rate params], Val) | ('rate', Val) | ('brackets', {status: (list, Val)})."""
        if isinstance(spec, list):
            for alt in spec:
                if not self.applies(alt, None):
                    continue
                return self.income(strip_conditions(alt), state)
            return None
        if not isinstance(spec, dict):
            raise UsageError(f"map: states.{state}.income: cannot read {spec!r}")
        if not self.applies(spec, None):
            return None
        if spec.get("none"):
            excepts = tuple(spec.get("except", []))
            hits = [n for n, v in self.pe.scan.get(state, {}).get(str(self.year), []) if not n.startswith(excepts)]
            return ("none", hits, None)
        if "rate" in spec:
            v = self.value(spec["rate"], None)
            return None if v is None or v.value is None else ("rate", v, v)
        if "brackets" in spec:
            out = {}
            for st in STATUSES:
                b = self.brackets(spec["brackets"], st)
                if b is not None:
                    out[st] = b
            return ("brackets", out, None) if out else None
        raise UsageError(f"map: states.{state}.income: needs none, rate or brackets")


def strip_conditions(spec):
    """An alternative without its conditions (already checked); {path: X} alone becomes X."""
    if isinstance(spec, dict):
        rest = {k: v for k, v in spec.items() if k not in ("if", "unless", "years")}
        return rest["path"] if set(rest) == {"path"} else rest
    return spec


# ---------------------------------------------------------------------------------------------
# Comparison

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
        unknown = set(spec) - STATE_FIELDS
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


# ---------------------------------------------------------------------------------------------
# Output

def cite(row: Row, year: int) -> str:
    refs = row.refs
    pick = [r for r in refs if str(year) in (r.get("title", "") + r.get("href", ""))] or refs[:1]
    if not pick:
        return "PE cites: nothing"
    return "PE cites: " + "; ".join(f"{r.get('title', '').strip()} {r.get('href', '').strip()}".strip() for r in pick[:2])


def line(row: Row) -> str:
    proj = " [PE projection]" if not row.explicit else ""
    return (f"{row.key}: ours {row.ours}, PolicyEngine {row.pe}{proj} "
            f"({', '.join(dict.fromkeys(row.paths))}; {cite(row, row.year)})")


def doc_order(doc: str) -> tuple:
    return ({"federal": 0, "fica": 1, "retirement": 2}.get(doc, 3), doc)


def render_text(cmp: Comparer, years: list[int], stale: list[Known], known_errors: list[str], pe_version, verbose: bool,
                elapsed: dict) -> str:
    out = []
    docs = sorted({d for d, _ in cmp.tally}, key=doc_order)
    out.append(f"crosscheck: our bundles vs PolicyEngine-US {pe_version} parameters in force on January 1 "
               f"({', '.join(map(str, years))})")
    out.append("")
    head = f"{'document':<15}" + "".join(f" | {y}: cmp  agr  dis  exp" for y in years) + " |  proj  ours-only  pe-only"
    out.append(head)
    out.append("-" * len(head))
    tot = {y: Tally() for y in years}
    for d in docs:
        cells = []
        proj = oo = po = 0
        for y in years:
            t = cmp.tally.get((d, y))
            if t is None or t.absent:
                cells.append(f" | {y}: {'(no data)':>18}" if t is not None else f" | {y}: {'-':>18}")
                continue
            cells.append(f" | {y}: {t.compared:>3} {t.agree:>4} {t.disagree:>4} {t.explained:>4}")
            proj += t.projection
            oo += t.ours_only
            po += t.pe_only
            for a in ("compared", "agree", "disagree", "explained", "projection", "ours_only", "pe_only"):
                setattr(tot[y], a, getattr(tot[y], a) + getattr(t, a))
        out.append(f"{d:<15}" + "".join(cells) + f" | {proj:>5}  {oo:>9}  {po:>7}")
    out.append("-" * len(head))
    out.append(f"{'total':<15}" + "".join(f" | {y}: {tot[y].compared:>3} {tot[y].agree:>4} {tot[y].disagree:>4} {tot[y].explained:>4}" for y in years)
               + f" | {sum(t.projection for t in tot.values()):>5}  {sum(t.ours_only for t in tot.values()):>9}  {sum(t.pe_only for t in tot.values()):>7}")
    out.append("cmp: figures both sides hold (PolicyEngine value explicit for the date); proj: PE projection, not compared "
               "(uprated, interpolated or backdated); ours-only / pe-only: figures only one side holds (not compared).")
    unexplained = [r for r in cmp.rows if r.outcome == "disagree" and r.explained_by is None]
    explained = [r for r in cmp.rows if r.outcome == "disagree" and r.explained_by is not None]
    out.append("")
    out.append(f"== {len(unexplained)} disagreement(s) not explained in the known file ==")
    for r in sorted(unexplained, key=lambda r: (doc_order(r.doc), r.year, r.figure)):
        out.append(line(r))
    if stale or known_errors:
        out.append("")
        out.append(f"== {len(stale) + len(known_errors)} known-file error(s) ==")
        for e in known_errors:
            out.append(f"invalid entry: {e}")
        for k in stale:
            out.append(f"stale explanation ({k.source}): {k.figure}: ours {k.ours}, PolicyEngine {k.policyengine} "
                       "no longer matches a current disagreement")
    projections = [r for r in cmp.rows if r.outcome == "projection"]
    out.append("")
    out.append(f"PE projection, not compared: {len(projections)} figure(s)"
               + ("" if verbose else " (--verbose lists them; --include-projections compares them)"))
    if verbose:
        for r in sorted(projections, key=lambda r: (doc_order(r.doc), r.year, r.figure)):
            mark = "=" if values_equal(r.ours, r.pe, is_rate_figure(r.figure)) else "≠"
            out.append(f"  {mark} {r.key}: ours {r.ours}, PolicyEngine {r.pe} ({', '.join(dict.fromkeys(r.paths))})")
        out.append("")
        out.append(f"explained disagreements: {len(explained)}")
        for r in sorted(explained, key=lambda r: (doc_order(r.doc), r.year, r.figure)):
            out.append(f"  {r.key}: ours {r.ours}, PolicyEngine {r.pe} — {r.explained_by.right}: {r.explained_by.evidence}")
        out.append("")
        out.append(f"not compared (one side only): {len(cmp.one_side)}")
        for y, d, f, side in sorted(cmp.one_side, key=lambda x: (doc_order(x[1]), x[0], x[2])):
            out.append(f"  {y} {d} {f}: only {side}")
    out.append("")
    out.append("timings: " + ", ".join(f"{k} {v:.1f}s" for k, v in elapsed.items()))
    return "\n".join(out) + "\n"


def render_json(cmp: Comparer, years, stale, known_errors, pe_version, elapsed) -> str:
    def row(r: Row):
        return {"figure": r.key, "year": r.year, "document": r.doc, "field": r.figure, "ours": r.ours,
                "policyengine": r.pe, "outcome": r.outcome, "explicit": r.explicit,
                "explained": None if r.explained_by is None else {"right": r.explained_by.right, "evidence": r.explained_by.evidence, "source": r.explained_by.source},
                "parameters": list(dict.fromkeys(r.paths)), "references": r.refs}
    summary = {}
    for (d, y), t in sorted(cmp.tally.items(), key=lambda x: (doc_order(x[0][0]), x[0][1])):
        summary.setdefault(d, {})[str(y)] = {"present": not t.absent, "compared": t.compared, "agree": t.agree,
                                            "disagree": t.disagree, "explained": t.explained, "projection": t.projection,
                                            "oursOnly": t.ours_only, "policyengineOnly": t.pe_only}
    doc = {"policyengineVersion": pe_version, "years": years, "summary": summary,
           "unexplained": [row(r) for r in cmp.rows if r.outcome == "disagree" and r.explained_by is None],
           "explained": [row(r) for r in cmp.rows if r.outcome == "disagree" and r.explained_by is not None],
           "projections": [row(r) for r in cmp.rows if r.outcome == "projection"],
           "agreements": [r.key for r in cmp.rows if r.outcome == "agree"],
           "notCompared": [{"figure": f"{y} {d} {f}", "only": s} for y, d, f, s in cmp.one_side],
           "knownErrors": known_errors + [f"stale explanation ({k.source}): {k.figure}" for k in stale],
           "timings": elapsed}
    return json.dumps(doc, indent=2, default=str) + "\n"


# ---------------------------------------------------------------------------------------------

def parse_args(argv):
    ap = argparse.ArgumentParser(
        prog="crosscheck.py",
        description="Compare every figure of our tax data (built with the taxdata compiler) with "
                    "PolicyEngine-US's parameters in force on January 1 of each year. Exit 0 when every "
                    "disagreement is explained in the known file(s), 1 otherwise (or when an explanation is "
                    "stale), 2 on a usage or build error.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Environment: TAXDATA_BIN, the compiler (default .build/debug/taxdata).\n"
               "Known file: docs/data-notes/crosscheck-known.yaml\n"
               "(format at the top of crosscheck-known.yaml). Mapping: scripts/crosscheck-map.yaml.")
    ap.add_argument("--states", metavar="CA,NY",
                    help="check only these states (federal, FICA and retirement are always checked); builds a "
                         "temporary copy of the tree with only their files, every year made a draft, so states "
                         "being edited elsewhere cannot break the build")
    ap.add_argument("--years", metavar="2024,2025,2026", default="2024,2025,2026",
                    help="tax years to compare (default: 2024,2025,2026)")
    ap.add_argument("--format", choices=("text", "json"), default="text", help="report format (default: text)")
    ap.add_argument("--include-projections", action="store_true",
                    help="also compare PolicyEngine values that are not written in its YAML for that date "
                         "(uprated, interpolated or backdated); by default they are only counted")
    ap.add_argument("--verbose", "-v", action="store_true",
                    help="text format: also list the projections, the explained disagreements and the figures "
                         "only one side holds")
    ap.add_argument("--tree", default="TaxData", help="source tree to build (default: TaxData)")
    ap.add_argument("--known", metavar="FILE", default="docs/data-notes/crosscheck-known.yaml",
                    help="the known-disagreements file (default: docs/data-notes/crosscheck-known.yaml)")
    ap.add_argument("--map", metavar="FILE", default="scripts/crosscheck-map.yaml",
                    help="our fields → PolicyEngine parameter paths (default: scripts/crosscheck-map.yaml)")
    ap.add_argument("--taxdata-bin", metavar="PATH", default=os.environ.get("TAXDATA_BIN", ".build/debug/taxdata"),
                    help="the taxdata compiler (default: $TAXDATA_BIN or .build/debug/taxdata)")
    ap.add_argument("--cache-dir", metavar="DIR", default=".crosscheck-venv/cache",
                    help="where PolicyEngine's extracted values are cached between runs, keyed by the installed "
                         "policyengine-us version, the parameters the mapping names and the years "
                         "(default: .crosscheck-venv/cache)")
    ap.add_argument("--no-cache", action="store_true", help="load PolicyEngine even when a cached extraction exists")
    ap.add_argument("--output", "-o", metavar="FILE", help="also write the report to FILE")
    return ap.parse_args(argv)


def progress(message: str) -> None:
    """A progress line on standard error, so a long run is never silent."""
    print(f"crosscheck: {message}…", file=sys.stderr, flush=True)


def main(argv=None) -> int:
    try:
        args = parse_args(argv)
    except SystemExit as e:
        return 0 if e.code == 0 else 2
    elapsed: dict[str, float] = {}
    os.chdir(ROOT)
    try:
        try:
            years = sorted({int(y) for y in args.years.split(",") if y.strip()})
        except ValueError:
            raise UsageError(f"--years: expected comma-separated years, got {args.years!r}")
        states = None
        if args.states:
            states = sorted({s.strip().upper() for s in args.states.split(",") if s.strip()})
            bad = [s for s in states if s not in STATE_CODES]
            if bad:
                raise UsageError(f"--states: unknown state code(s) {', '.join(bad)}")
        try:
            import yaml
        except ImportError:
            raise UsageError("PyYAML is not installed in this Python; run `make crosscheck`")
        map_path = Path(args.map)
        if not map_path.exists():
            raise UsageError(f"{map_path}: no such mapping file")
        map_text = map_path.read_text(encoding="utf-8")
        try:
            mapping = yaml.safe_load(map_text) or {}
        except yaml.YAMLError as e:
            raise UsageError(f"{map_path}: not valid YAML: {e}")
        for k in ("federal", "fica", "retirement", "states"):
            mapping.setdefault(k, {})
        # 1. our side
        progress("1/3 building our bundles from the source tree")
        t0 = time.monotonic()
        tree = Path(args.tree)
        if not tree.is_dir():
            raise UsageError(f"{tree}: no such source tree")
        with tempfile.TemporaryDirectory(prefix="crosscheck-") as tmp:
            tmp = Path(tmp)
            built_tree = prepare_tree(tree, states, tmp)
            build_ours(args.taxdata_bin, built_tree, tmp / "dist")
            ours = read_ours(tmp / "dist", years)
        elapsed["build"] = time.monotonic() - t0
        # 2. PolicyEngine's side (cached)
        progress("2/3 reading PolicyEngine-US's parameters (the first run takes minutes; then cached)")
        t0 = time.monotonic()
        paths: set[str] = set()
        for k in ("federal", "fica", "retirement"):
            paths |= map_paths(mapping[k])
        scan_states = []
        for code, spec in mapping["states"].items():
            paths |= map_paths(spec)
            if "none" in json.dumps(spec.get("income")):
                scan_states.append(code)
        pe_years = sorted(set(years) | {2024, 2025, 2026})
        key = pe_cache_key(paths, scan_states, pe_years)
        cache = Path(args.cache_dir) / f"pe-{key}.json"
        data = None
        if not args.no_cache and cache.exists():
            try:
                data = json.loads(cache.read_text(encoding="utf-8"))
            except ValueError:
                data = None
        if data is None:
            data = extract_pe(paths, pe_years, scan_states)
            try:
                cache.parent.mkdir(parents=True, exist_ok=True)
                cache.write_text(json.dumps(data), encoding="utf-8")
                for old in cache.parent.glob("pe-*.json"):
                    if old != cache:
                        old.unlink()
            except OSError:
                pass
            elapsed["policyengine"] = time.monotonic() - t0
        else:
            elapsed["policyengine (cached)"] = time.monotonic() - t0
        pe = PE(data)
        # 3. compare
        progress("3/3 comparing every mapped figure")
        t0 = time.monotonic()
        cmp = Comparer(pe, args.include_projections)
        scope_docs = {"federal", "fica", "retirement"}
        for y in years:
            if y not in ours:
                for d in ("federal", "fica", "retirement"):
                    cmp.t(d, y).absent = True
                continue
            res = Resolver(pe, y)
            cmp.compare_doc(y, "federal", ours[y].get("federal"), mapping["federal"], res)
            cmp.compare_doc(y, "fica", ours[y].get("fica"), mapping["fica"], res)
            cmp.compare_doc(y, "retirement", ours[y].get("retirement"), mapping["retirement"], res)
            st_json = (ours[y].get("states") or {}).get("states", {})
            codes = states or sorted(set(STATE_CODES))
            for code in codes:
                scope_docs.add(f"states/{code}")
                spec = mapping["states"].get(code)
                if spec is None:
                    raise UsageError(f"map: no entry for states.{code}")
                cmp.compare_state(y, code, st_json.get(code), spec, res)
        # 4. known explanations
        known_path = Path(args.known)
        files = [known_path] if known_path.exists() else []
        known, known_errors = load_known(files)
        for r in cmp.rows:
            if r.outcome != "disagree":
                continue
            for k in known:
                if known_matches(k, r.key, r.ours, r.pe):
                    r.explained_by = k
                    k.used = True
                    cmp.t(r.doc, r.year).explained += 1
                    break
        projected_keys = {r.key for r in cmp.rows if r.outcome == "projection"}
        stale = []
        for k in known:
            parts = k.figure.split(" ", 2)
            if k.used or len(parts) < 3 or not parts[0].isdigit():
                if not k.used and (len(parts) < 3 or not parts[0].isdigit()):
                    known_errors.append(f"{k.source}: figure {k.figure!r} is not '<year> <document> <field>'")
                continue
            if int(parts[0]) not in years or parts[1] not in scope_docs or k.figure in projected_keys:
                continue  # outside this run, or a PE projection not compared
            stale.append(k)
        elapsed["compare"] = time.monotonic() - t0
        report = (render_json(cmp, years, stale, known_errors, pe.version, elapsed) if args.format == "json"
                  else render_text(cmp, years, stale, known_errors, pe.version, args.verbose, elapsed))
        sys.stdout.write(report)
        if args.output:
            Path(args.output).write_text(report, encoding="utf-8")
        unexplained = any(r.outcome == "disagree" and r.explained_by is None for r in cmp.rows)
        return 1 if unexplained or stale or known_errors else 0
    except UsageError as e:
        print(f"crosscheck: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
