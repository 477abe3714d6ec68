"""Decimal handling of the parameter check (pure; unit-tested in scripts/test_crosscheck.py):
exact decimals of both sides' numbers, the rounding figures are compared at (rates to 6 decimal
places, amounts to the cent), their canonical text, and the normalisation of bracket schedules."""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation


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


# Figures that are not money although their names do not end in "rate": shares, and Oregon's
# Workers' Benefit Fund cents per hour (0.009 must not round to 0.01).
SIX_PLACE_FIGURES = ("maxPercentage", "employeeShare", "perHour", "employeePerHour")


def is_rate_figure(figure: str) -> bool:
    """Rates (and shares, amounts per hour) are compared to 6 decimal places, amounts to 2."""
    last = figure.rsplit(".", 1)[-1]
    return last.lower().endswith("rate") or last in SIX_PLACE_FIGURES


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
