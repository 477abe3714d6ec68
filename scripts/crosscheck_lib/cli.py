"""Command line of the parameter check, scripts/crosscheck.py (`make crosscheck`, first part).

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
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from .common import ROOT, STATE_CODES, UsageError
from .compare import Comparer
from .known_figures import explain_rows, load_known
from .mapping import map_paths
from .ours import build_ours, prepare_tree, read_ours
from .policyengine import PE, load_pe
from .render import render_json, render_text
from .resolve import Resolver


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
        data, cached = load_pe(paths, pe_years, scan_states, Path(args.cache_dir), args.no_cache)
        elapsed["policyengine (cached)" if cached else "policyengine"] = time.monotonic() - t0
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
        stale, malformed = explain_rows(cmp, known, years, scope_docs)
        known_errors += malformed
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
