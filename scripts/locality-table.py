#!/usr/bin/env python3
"""Prints the table of covered localities (docs/data-notes/localities.md, between its markers):
one row per locality with its id, kind, the grade of each year it is in, and its taxes in the
newest year. Reads `taxdata localities --format json` for each year of TaxData/; run it after
changing a localities file and commit the result:

    python3 scripts/locality-table.py --write docs/data-notes/localities.md
"""
import json, os, subprocess, sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
BIN = os.path.join(ROOT, ".build", "debug", "taxdata")
BEGIN, END = "<!-- locality-table: begin -->", "<!-- locality-table: end -->"


def listing(year):
    out = subprocess.run([BIN, "localities", "--year", str(year), "--format", "json", "--sources", os.path.join(ROOT, "TaxData")],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["localities"]


def table():
    years = sorted(int(name) for name in os.listdir(os.path.join(ROOT, "TaxData")) if name.isdigit() and len(name) == 4)
    by_id, order = {}, []
    for year in years:
        for entry in listing(year):
            key = (entry["state"], entry["id"])
            if key not in by_id:
                by_id[key] = {"name": entry["name"], "kind": entry["kind"], "grades": {}}
                order.append(key)
            by_id[key]["grades"][year] = entry["provenance"]
            by_id[key]["name"] = entry["name"]
    lines = []
    states = sorted({state for state, _ in order})
    counts = {year: sum(1 for key in order if year in by_id[key]["grades"]) for year in years}
    lines.append(f"{len(order)} localities in {len(states)} states; by year: " + ", ".join(f"{y} {counts[y]}" for y in years) + ".")
    lines.append("")
    for state in states:
        keys = [key for key in order if key[0] == state]
        lines.append(f"### {state} ({len(keys)})")
        lines.append("")
        lines.append("| id | locality | kind | " + " | ".join(str(y) for y in years) + " |")
        lines.append("|---|---|---|" + "---|" * len(years))
        for key in sorted(keys, key=lambda k: k[1]):
            row = by_id[key]
            grades = [row["grades"].get(y, "—") for y in years]
            lines.append(f"| {key[1]} | {row['name']} | {row['kind']} | " + " | ".join(grades) + " |")
        lines.append("")
    return "\n".join(lines).rstrip("\n")


def main():
    text = table()
    if len(sys.argv) == 3 and sys.argv[1] == "--write":
        path = sys.argv[2]
        doc = open(path).read()
        start, end = doc.index(BEGIN) + len(BEGIN), doc.index(END)
        open(path, "w").write(doc[:start] + "\n" + text + "\n" + doc[end:])
    else:
        print(text)


if __name__ == "__main__":
    main()
