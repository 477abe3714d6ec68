"""Our side of the parameter check: build the source tree (or a copy holding only some states)
with the taxdata compiler into a temporary directory, read the expanded JSON bundles with every
number as a Decimal, and reach a figure in them."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

from .common import STATUSES, UsageError


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
