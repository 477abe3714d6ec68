#!/usr/bin/env python3
"""Prints the provenance table (docs/data-notes/provenance.md): one row per jurisdiction and year,
with its grade and, for a corroborated or estimated one, the secondary sources the file lists.
Reads TaxData/ directly; run it after grading changes and commit the result."""
import glob, os, re, sys, yaml

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "TaxData")


def short(title):
    title = re.sub(r"\s*\(.*?\)", "", title)
    return title.split(",")[0].split(":")[0].strip()[:48]


def figure_grades(node, out):
    if isinstance(node, dict):
        if "provenance" in node and ("value" in node or "floor" in node):
            out.add(node["provenance"])
        for v in node.values():
            figure_grades(v, out)
    elif isinstance(node, list):
        for v in node:
            figure_grades(v, out)


def main():
    rows = []
    for path in sorted(glob.glob(os.path.join(ROOT, "*", "*.yaml")) + glob.glob(os.path.join(ROOT, "*", "states", "*.yaml"))):
        year = path.split(os.sep)[-3] if "states" in path else path.split(os.sep)[-2]
        name = os.path.basename(path)[:-5]
        if name == "year":
            continue
        doc = yaml.safe_load(open(path))
        grades = set()
        figure_grades(doc, grades)
        declared = doc.get("provenance", "?")
        order = ["official", "corroborated", "estimated"]
        effective = max([declared] + [g for g in grades], key=lambda g: order.index(g) if g in order else 9)
        secondary = [short(s["title"]) for s in doc.get("sources", []) if s.get("kind") == "secondary"]
        official = sum(1 for s in doc.get("sources", []) if s.get("kind") == "official")
        grade = effective + (" (pending)" if doc.get("pending") else "") + (f" (file: {declared})" if effective != declared else "")
        agree = "; ".join(secondary) if effective != "official" else f"{official} official source(s)"
        rows.append((name if len(name) > 2 else name, year, grade, agree))
    print("| jurisdiction | year | grade | sources that agree |")
    print("|---|---|---|---|")
    for name, year, grade, agree in sorted(rows, key=lambda r: (r[0] not in ("federal", "fica", "retirement"), r[0], r[1])):
        print(f"| {name} | {year} | {grade} | {agree} |")
    # Schema 1.12: each payroll contribution and pre-tax treatment carries its own grade and sources.
    print()
    print("Payroll contributions and pre-tax treatments (schema 1.12), each graded on its own:")
    print()
    print("| jurisdiction | year | construct | employee rate | wage base | wages | grade | sources that agree |")
    print("|---|---|---|---|---|---|---|---|")
    for path in sorted(glob.glob(os.path.join(ROOT, "*", "states", "*.yaml"))):
        year, name = path.split(os.sep)[-3], os.path.basename(path)[:-5]
        doc = yaml.safe_load(open(path))
        items = [(c["id"], c) for c in doc.get("payrollContributions") or []]
        if doc.get("preTaxTreatment"):
            items.append(("preTaxTreatment", doc["preTaxTreatment"]))
        for ident, c in items:
            sources = c.get("sources", [])
            grade = c.get("provenance", "?")
            agree = "; ".join(short(x["title"]) for x in sources if x.get("kind") == "secondary") if grade != "official" \
                else f"{sum(1 for x in sources if x.get('kind') == 'official')} official source(s)"
            if ident == "preTaxTreatment":
                rate, base, wages = "taxes " + ", ".join(c.get("taxed", [])), "", ""
            else:
                rate = f"{c['perHour']} $/hour" if "perHour" in c else str(c.get("rate")) + (f" × {c['employeeShare']}" if "employeeShare" in c else "")
                base = "none" if c.get("wageBase") is None else str(c["wageBase"])
                if "maxWeekly" in c:
                    base += f", {c['maxWeekly']}/week"
                if "effective" in c:
                    base += f" (from {c['effective']['from']})"
                wages = c.get("wages", "")
            print(f"| {name} | {year} | {ident} | {rate} | {base} | {wages} | {grade} | {agree} |")


if __name__ == "__main__":
    main()
