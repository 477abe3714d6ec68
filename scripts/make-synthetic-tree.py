#!/usr/bin/env python3
"""Writes a synthetic source tree of N years for scaling benchmarks: each year is TaxData/2026's
federal, FICA and retirement files and five of its states, relabelled as years 3000, 3001, …
(draft status, so coverage is not required). Usage: make-synthetic-tree.py N OUT"""
import os, re, shutil, sys

def main():
    count, out = int(sys.argv[1]), sys.argv[2]
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "TaxData", "2026")
    if os.path.exists(out):
        shutil.rmtree(out)
    states = ["CA", "NY", "TX", "IL", "GA"]
    files = ["federal.yaml", "fica.yaml", "retirement.yaml"] + [f"states/{s}.yaml" for s in states if os.path.exists(os.path.join(src, "states", s + ".yaml"))]
    texts = {f: open(os.path.join(src, f)).read() for f in files}
    # The copied files use the source year's constructs, so the synthetic years declare its schema.
    schema = re.search(r'^schemaVersion: "([0-9.]+)"', open(os.path.join(src, "year.yaml")).read(), re.M).group(1)
    for i in range(count):
        year = 3000 + i
        os.makedirs(os.path.join(out, str(year), "states"))
        with open(os.path.join(out, str(year), "year.yaml"), "w") as f:
            f.write(f'taxYear: {year}\nversion: {year}.1.0\nschemaVersion: "{schema}"\neffectiveDate: {year}-01-01\nexpirationDate: {year}-12-31\nstatus: draft\n')
        for name, text in texts.items():
            with open(os.path.join(out, str(year), name), "w") as f:
                f.write(re.sub(r"^taxYear: 2026$", f"taxYear: {year}", text, count=1, flags=re.M))

if __name__ == "__main__":
    main()
