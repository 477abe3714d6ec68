"""The parameter check's known disagreements, docs/data-notes/crosscheck-known.yaml (pure parts
unit-tested): the entry format (see the header of that file), the matching of an entry against a
compared figure, and the explanation of a run's disagreements, with stale and malformed entries.
The reading itself is known.py's, shared with the simulation grid's file."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .common import ROOT
from .decimals import is_rate_figure, values_equal
from .known import KnownEntry, KnownFormat, explain, load_files, read_entries, stale_entries

KNOWN_RIGHT = {"ours", "policyengine-modelling"}


@dataclass
class Known(KnownEntry):
    figure: str
    ours: str
    policyengine: str
    right: str
    evidence: str
    source: str  # file:index

    def matches(self, figure: str, ours: str, pe: str) -> bool:
        return known_matches(self, figure, ours, pe)


def _build(e: dict, where: str, ref: str, errors: list[str]) -> Known | None:
    if e["right"] not in KNOWN_RIGHT:
        errors.append(f"{where}: right must be one of {', '.join(sorted(KNOWN_RIGHT))} (if PolicyEngine is right, fix our data), not {e['right']!r}")
        return None
    return Known(" ".join(e["figure"].split()), str(e["ours"]).strip(), str(e["policyengine"]).strip(),
                 e["right"], e["evidence"], ref)


# Every scalar is kept as text (numbers are compared as decimals); the list may sit under `known:`.
FORMAT = KnownFormat(required=("figure", "ours", "policyengine", "right", "evidence"), optional=("note",),
                     build=_build, text_scalars=True, wrapper="known",
                     present=lambda v: bool(str(v).strip()), unknown_when_missing=False)


def load_known_text(text: str, source: str) -> tuple[list[Known], list[str]]:
    """Parse one known file; UsageError (KnownFileError) when it is not a YAML list."""
    return read_entries(text, source, FORMAT)


def known_matches(k: Known, figure: str, ours: str, pe: str) -> bool:
    """An entry explains a disagreement when figure, ours and policyengine all equal the current
    values (numbers as decimals rounded like the figure, text exactly)."""
    if k.figure != figure:
        return False
    rate = is_rate_figure(figure.split(" ", 2)[-1])
    return values_equal(k.ours, ours, rate) and values_equal(k.policyengine, pe, rate)


def load_known(paths: list[Path]) -> tuple[list[Known], list[str]]:
    return load_files(paths, FORMAT, ROOT)


def _figure_parts(k: Known) -> list[str] | None:
    """[year, document, field], or None when the figure is not '<year> <document> <field>'."""
    parts = k.figure.split(" ", 2)
    return None if len(parts) < 3 or not parts[0].isdigit() else parts


def explain_rows(cmp, known: list[Known], years: list[int], scope_docs: set[str]) -> tuple[list[Known], list[str]]:
    """Mark each disagreement of the Comparer cmp with the first entry that explains it (counted in
    its tally). Returns the stale entries (unused, about a year and document this run compared,
    and not about a PolicyEngine projection) and a message per unused malformed figure."""
    for r in cmp.rows:
        if r.outcome != "disagree":
            continue
        k = explain(known, r.key, r.ours, r.pe)
        if k is not None:
            r.explained_by = k
            cmp.t(r.doc, r.year).explained += 1
    errors = [f"{k.source}: figure {k.figure!r} is not '<year> <document> <field>'"
              for k in known if not k.used and _figure_parts(k) is None]
    projected_keys = {r.key for r in cmp.rows if r.outcome == "projection"}

    def in_scope(k: Known) -> bool:
        parts = _figure_parts(k)
        # outside this run, or a PE projection not compared
        return (parts is not None and int(parts[0]) in years and parts[1] in scope_docs
                and k.figure not in projected_keys)
    return stale_entries(known, in_scope), errors
