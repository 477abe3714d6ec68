"""PolicyEngine's side of the parameter check: load PolicyEngine-US once, extract for every path
the mapping names the value in force on January 1 of each year (and whether PolicyEngine's YAML
writes it for that date or projects it) and the changes of a leaf within the years (so that a
figure that starts mid-year, such as Vermont's child-care contribution from 2024-07-01, can be
read on its own start date), cache that extraction between runs, and answer the resolver's
questions about it (PE)."""
from __future__ import annotations

import hashlib
import json
import re
import sys
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from .common import UsageError
from .decimals import to_decimal

EXTRACT_VERSION = "3"  # bump when the cached extraction format changes (3: leaf value changes)


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

    def leaf_changes(p: Parameter) -> list:
        """[instant, value, explicit] of the value in force on January 1 of the first year and of
        every later change up to December 31 of the last year, in date order."""
        first, last = f"{min(years)}-01-01", f"{max(years)}-12-31"
        vals = sorted(p.values_list, key=lambda v: v.instant_str)
        before = [v for v in vals if v.instant_str <= first]
        keep = before[-1:] + [v for v in vals if first < v.instant_str <= last]
        return [[v.instant_str, text(v.value), v.instant_str in raw.get(p.name, ())] for v in keep]

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
            nodes[path] = {"kind": "leaf", "refs": nearest_refs(chain), "years": leaf_record(node),
                           "changes": leaf_changes(node)}
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

    def leaf(self, path: str, year: int, on: str | None = None) -> Val | None:
        """The value in force on January 1 of year, or on the date `on` (YYYY-MM-DD) when given
        (plain leaves only; its path is then reported as `path@on`)."""
        if on is not None:
            n = self.nodes.get(path) or {}
            if n.get("kind") == "leaf" and "changes" in n:
                return self._leaf_on(path, n, on)
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

    @staticmethod
    def _leaf_on(path: str, n: dict, on: str) -> Val | None:
        in_force = [c for c in n.get("changes", []) if c[0] <= on]
        if not in_force or in_force[-1][1] is None:
            return None
        instant, v, explicit = in_force[-1]
        return Val(to_decimal(v), [f"{path}@{on}"], explicit, n.get("refs", []))

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



def load_pe(paths: set[str], years: list[int], scan_states: list[str], cache_dir: Path, no_cache: bool) -> tuple[dict, bool]:
    """The extraction, from the cache when it holds one for these inputs (unless no_cache), else
    from PolicyEngine (then cached, older cache files removed). Returns it and whether it was cached."""
    key = pe_cache_key(paths, scan_states, years)
    cache = cache_dir / f"pe-{key}.json"
    data = None
    if not no_cache and cache.exists():
        try:
            data = json.loads(cache.read_text(encoding="utf-8"))
        except ValueError:
            data = None
    if data is not None:
        return data, True
    data = extract_pe(paths, years, scan_states)
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        cache.write_text(json.dumps(data), encoding="utf-8")
        for old in cache.parent.glob("pe-*.json"):
            if old != cache:
                old.unlink()
    except OSError:
        pass
    return data, False
