#!/usr/bin/env python3
"""Reads the in-process benchmarks' markdown (package-benchmark) on stdin and prints each goal's
figure against its baseline from the same run, p50 wall clock, as a markdown table."""
import re
import sys

UNITS = {"ns": 1e-6, "μs": 1e-3, "us": 1e-3, "ms": 1.0, "s": 1000.0}

def p50s(text):
    """Benchmark name -> (p50 in ms, peak resident MB)."""
    result, name, memory = {}, None, None
    for line in text.splitlines():
        if line.startswith("### "):
            name, memory = line[4:].strip(), None
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if name and cells and cells[0].startswith("Memory (resident peak)"):
            memory = cells[3]
        if name and cells and cells[0].startswith("Time (wall clock)"):
            unit = re.search(r"\((\w+)\)", cells[0]).group(1)
            result[name] = (float(cells[3]) * UNITS[unit], memory)
    return result

def show(ms):
    return f"{ms * 1e6:.0f} ns" if ms < 1e-3 else f"{ms * 1e3:.1f} µs" if ms < 1 else f"{ms:.1f} ms"

def main():
    found = p50s(sys.stdin.read())
    def find(prefix):
        return next(((n, v) for n, v in found.items() if n.startswith(prefix)), (None, None))
    first = "baseline: decode the first form with JSONDecoder"
    app = "baseline: decode the app form with JSONDecoder"
    rows = [
        ("client cold start as the package ships", "client cold start: load 3 embedded years + verify the requested one, the build's shipped tokens", first, "≤ 1×, and < 10 ms (issue 34)"),
        ("client cold start as the package ships, against the app form's bare decode", "client cold start: load 3 embedded years + verify the requested one, the build's shipped tokens", app, "(the floor)"),
        ("client cold start, every check on the device", "client cold start: load 3 embedded years + verify the requested one, every check", first, "≤ 30 ms (issue 34)"),
        ("every embedded year verified, as shipped", "client: verify all 3 embedded years", first, "≤ 1×"),
        ("client launch after the first", "client launch after the first", first, "≤ 1×"),
        ("FixedPointCalculator, federal + NY + NYC + FICA", "full calculation, FixedPointCalculator: federal", "full calculation: federal + NY + NYC + FICA", "≤ 100 ns"),
    ]
    print("| figure | p50 | peak MB | baseline p50 | ratio | goal |")
    print("|---|---:|---:|---:|---:|---|")
    for label, figure, baseline, goal in rows:
        (_, f), (_, b) = find(figure), find(baseline)
        if f is None or b is None:
            print(f"| {label} | missing | | | | {goal} |")
            continue
        ratio = f[0] / b[0]
        text = f"{ratio:.2f}×" if ratio >= 0.1 else f"{1 / ratio:.0f}× faster"
        print(f"| {label} | {show(f[0])} | {f[1] or ''} | {show(b[0])} | {text} | {goal} |")

if __name__ == "__main__":
    main()
