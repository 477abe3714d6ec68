"""Resolving the mapping's specs (scripts/crosscheck-map.yaml) against PolicyEngine's extracted
parameters for one year: conditions (if, unless, years, statuses), per-status choices, sums,
products, scaling and rounding of values, and bracket schedules built from scales, flat rates, steps,
added schedules or upper bounds. The spec language is described at the top of the mapping."""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from .common import STATUSES, UsageError
from .decimals import to_decimal
from .mapping import expand
from .policyengine import PE, Val


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
    """Specs resolved for one year: parameters in force on January 1, or, with `on`
    (YYYY-MM-DD, a contribution that starts mid-year), plain parameters in force on that date
    (conditions are still read on January 1)."""
    def __init__(self, pe: PE, year: int, on: str | None = None):
        self.pe, self.year, self.on = pe, year, on

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
            return self.pe.leaf(expand(spec, status), self.year, self.on)
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
            if "round" in spec:  # to the nearest multiple, halves up (PE's floor(x / n + 0.5) * n)
                n = to_decimal(str(spec["round"]))
                x = (x / n).quantize(Decimal(1), rounding=ROUND_HALF_UP) * n
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
