#!/usr/bin/env python3
"""What an app would carry and download per tax year, for the forms issue 34 weighs.

Usage: python3 scripts/payload-sizes.py DIST [--format json]

For each year directory of DIST (as `taxdata build` writes it) it prints the bytes of today's
files, and of the forms the design in docs/design/34-payload.md proposes, each plain and
gzip-compressed (level 9, no name, no time stamp):

  dist files     every file of the year directory, its first form (what a client of schema 1.10
                 downloads, signatures and the manifest included, the index not)
  combined       today's combined document (pretty-printed, with the audit trail)
  app            the combined document with every `sources` empty and no `notes`, compact
                 (sorted keys, no white space): what an app computes with
  provenance     those fields alone, compact, keyed by their JSON pointer: what auditors read
  app download   when the dist has the year's app form (`<year>/app/`, schema 1.11): its manifest,
                 signature and data document, what a client of the app form downloads for the year;
                 `app` and `provenance` are then the dist's own files

Nothing is written. Exit status: 0, or 2 when DIST has no year directory.
"""
import argparse
import gzip
import json
import os
import sys

AUDIT = {"sources", "notes"}  # a state's `pending` stays: apps show it


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 9, mtime=0))


def compact(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def app(value):
    # As CombinedDocument.splittingAuditTrail() writes it: every sources empty, every notes left out.
    if isinstance(value, dict):
        return {k: ([] if k == "sources" else app(v)) for k, v in value.items() if k != "notes"}
    if isinstance(value, list):
        return [app(v) for v in value]
    return value


def provenance(value, pointer=""):
    found = {}
    if isinstance(value, dict):
        for key, child in value.items():
            if key in AUDIT:
                found[f"{pointer}/{key}"] = child
            else:
                found.update(provenance(child, f"{pointer}/{key}"))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found.update(provenance(child, f"{pointer}/{index}"))
    return found


def measure(year_dir: str, year: str) -> dict:
    files = {name: open(os.path.join(year_dir, name), "rb").read() for name in sorted(os.listdir(year_dir))
             if os.path.isfile(os.path.join(year_dir, name))}
    combined_bytes = files[f"combined_{year}.json"]
    combined = json.loads(combined_bytes)
    app_bytes, provenance_bytes = compact(app(combined)), compact(provenance(combined))
    row = {
        "year": int(year),
        "dist files": [sum(len(v) for v in files.values()), sum(gz(v) for v in files.values())],
        "combined": [len(combined_bytes), gz(combined_bytes)],
        "app": [len(app_bytes), gz(app_bytes)],
        "provenance": [len(provenance_bytes), gz(provenance_bytes)],
        "files": len(files),
    }
    app_dir = os.path.join(year_dir, "app")
    if os.path.isdir(app_dir):
        built = {name: open(os.path.join(app_dir, name), "rb").read() for name in sorted(os.listdir(app_dir))}
        app_bytes, provenance_bytes = built[f"app_{year}.json"], built[f"provenance_{year}.json"]
        download = [v for name, v in built.items() if name != f"provenance_{year}.json"]
        row["app"] = [len(app_bytes), gz(app_bytes)]
        row["provenance"] = [len(provenance_bytes), gz(provenance_bytes)]
        row["app download"] = [sum(len(v) for v in download), sum(gz(v) for v in download)]
    return row


def main(argv) -> int:
    parser = argparse.ArgumentParser(prog="payload-sizes.py", description="Bytes per tax year, today's dist and the proposed forms.")
    parser.add_argument("dist")
    parser.add_argument("--format", choices=["text", "json"], default="text")
    args = parser.parse_args(argv)
    years = (sorted(d for d in os.listdir(args.dist) if d.isdigit() and os.path.isdir(os.path.join(args.dist, d)))
             if os.path.isdir(args.dist) else [])
    if not years:
        print(f"payload-sizes: {args.dist}: no year directory", file=sys.stderr)
        return 2
    rows = [measure(os.path.join(args.dist, y), y) for y in years]
    if args.format == "json":
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{'year':<6}{'form':<14}{'bytes':>10}{'gzip -9':>10}")
    for row in rows:
        for form in ("dist files", "combined", "app", "provenance", "app download"):
            if form not in row:
                continue
            plain, packed = row[form]
            print(f"{row['year']:<6}{form:<14}{plain:>10,}{packed:>10,}")
    print(f"{len(rows)} years of the app form, plain: {sum(r['app'][0] for r in rows):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
