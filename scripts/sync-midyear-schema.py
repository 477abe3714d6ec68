#!/usr/bin/env python3
"""Rewrite the items of a state withholding method's `midYear` in docs/contract/schemas/state.schema.json
from the method's own properties (less `midYear`), with `from` and `appliesBy`: a later method is a
whole method, so a key added to the method belongs there too. `validate-contract.py --check-schemas`
refuses the two when they differ.

    python3 scripts/sync-midyear-schema.py
"""
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PATH = os.path.join(ROOT, "docs", "contract", "schemas", "state.schema.json")
PREFIX = '        "midYear": '


def method(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "withholding" and isinstance(value, dict) and "certificate" in value.get("properties", {}):
                return value
            found = method(value)
            if found is not None:
                return found
    return None


def main():
    with open(PATH, encoding="utf-8") as f:
        text = f.read()
    withholding = method(json.loads(text))
    later = withholding["properties"]["midYear"]
    properties = {k: v for k, v in withholding["properties"].items() if k != "midYear"}
    item = dict(later["items"])
    item["properties"] = {"from": item["properties"]["from"], "appliesBy": item["properties"]["appliesBy"], **properties}
    later = dict(later, items=item)
    lines = text.split("\n")
    index = [i for i, line in enumerate(lines) if line.startswith(PREFIX)]
    if len(index) != 1:
        raise SystemExit(f"{PATH}: expected one line starting with {PREFIX.strip()}")
    lines[index[0]] = PREFIX + json.dumps(later, ensure_ascii=False) + ","
    text = "\n".join(lines)
    json.loads(text)
    with open(PATH, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {os.path.relpath(PATH, ROOT)}: midYear items with {len(item['properties'])} keys")


if __name__ == "__main__":
    main()
