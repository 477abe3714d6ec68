#!/usr/bin/env python3
"""Writes Fixtures/pub15t/*.csv, the Wage Bracket Method tables of IRS Publication 15-T (2025, 2026)
as printed, from their transcription in docs/research/37-withholding-federal-2/ (read in the IRS's
PDFs; every row parsed mechanically). The tests compute each cell from TaxData's percentage method
tables and compare: the printed tables are the publication's own proof of the figures.

Usage: python3 scripts/pub15t-fixtures.py
"""
import glob, os, yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "docs/research/37-withholding-federal-2")
OUT = os.path.join(ROOT, "Fixtures/pub15t")

def write(name, header, rows):
    with open(os.path.join(OUT, name), "w") as f:
        f.write(",".join(header) + "\n")
        for row in rows:
            f.write(",".join(row[h] for h in header) + "\n")

os.makedirs(OUT, exist_ok=True)
for path in sorted(glob.glob(os.path.join(SOURCE, "wage-bracket-*.yaml"))):
    doc = yaml.safe_load(open(path))
    base = os.path.basename(path)[len("wage-bracket-"):-len(".yaml")]
    for item in doc["items"]:
        for year, entry in item["years"].items():
            figures = entry["figures"]
            rows = figures["rows"]
            if "maritalStatus" in figures:  # Forms W-4 from 2019 or earlier: 0-10 allowances
                header = ["atLeast", "lessThan"] + ["a%d" % i for i in range(11)]
                write("%s-%s.csv" % (base, figures["maritalStatus"]), header, rows)
            else:
                header = ["atLeast", "lessThan", "mfjStandard", "mfjCheckbox", "hohStandard", "hohCheckbox", "singleStandard", "singleCheckbox"]
                write("%s.csv" % base, header, rows)
