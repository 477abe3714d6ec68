"""The parameter check's reports: the text report (a table per document and year, then every
unexplained disagreement, known-file errors, and with --verbose the projections, explained
disagreements and one-sided figures) and the JSON report (--format json)."""
from __future__ import annotations

import json

from .compare import Comparer, Row, Tally
from .decimals import is_rate_figure, values_equal
from .known_figures import Known


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
