"""Our side of the parameter check: build the source tree (or a copy holding only some states)
with the taxdata compiler into a temporary directory, read the expanded JSON bundles with every
number as a Decimal, reach a figure in them, and list a state's payroll contributions by id with
their derived figures (payroll_contributions, pure)."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

from .common import STATUSES, UsageError
from .decimals import to_decimal


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


def payroll_contributions(items, year: int) -> dict[str, dict]:
    """A state's `payrollContributions` list as {key: figures}, for the comparison.

    The key is the contribution's id, or `<id>@<effective.from>` for every entry of an id that
    the year holds more than once (e.g. a contribution that starts mid-year written as two
    periods). Figures are Decimals or None: rate, employeeShare (None when not written),
    perHour, wageBase (None: no cap), maxWeekly, maxTax, and the derived employeeRate = rate x
    employeeShare and employeePerHour = perHour x employeeShare (employeeShare defaults to 1).
    `id` is the bare id; `on` is the date PolicyEngine's value is read at: effective.from when it
    falls after January 1 of the year (a contribution that starts mid-year), else None
    (January 1, like every other figure)."""
    out: dict[str, dict] = {}
    if not isinstance(items, list):
        return out
    entries = [e for e in items if isinstance(e, dict) and isinstance(e.get("id"), str)]
    counts: dict[str, int] = {}
    for e in entries:
        counts[e["id"]] = counts.get(e["id"], 0) + 1
    for e in entries:
        eff = e.get("effective") if isinstance(e.get("effective"), dict) else {}
        start = eff.get("from") if isinstance(eff.get("from"), str) else None
        key = e["id"] if counts[e["id"]] == 1 else f"{e['id']}@{start or f'{year}-01-01'}"
        rate = to_decimal(unwrap(e.get("rate")))
        share = to_decimal(unwrap(e.get("employeeShare")))
        per_hour = to_decimal(unwrap(e.get("perHour")))
        factor = share if share is not None else Decimal(1)
        on = start if start is not None and start.startswith(f"{year}-") and start > f"{year}-01-01" else None
        out[key] = {"id": e["id"], "on": on,
                    "rate": rate, "employeeShare": share, "perHour": per_hour,
                    "employeeRate": None if rate is None else rate * factor,
                    "employeePerHour": None if per_hour is None else per_hour * factor,
                    "wageBase": to_decimal(unwrap(e.get("wageBase"))),
                    "maxWeekly": to_decimal(unwrap(e.get("maxWeekly"))),
                    "maxTax": to_decimal(unwrap(e.get("maxTax")))}
    return out
