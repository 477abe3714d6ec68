#!/usr/bin/env python3
"""Regenerates Fixtures/verify/<case>/: tampered copies of one year's bundle.

Builds Fixtures/check/_base with the taxdata binary given as argv[1], then writes one tampered
copy of its 2024/ directory per case, with expected.txt naming the rule `verify` must report
(`rule-id file`). Hashes are recomputed here with hashlib where a case needs a manifest that
"agrees" with the tampered bytes, so the fixtures test taxdata against an independent hasher.
"""
import hashlib, re, json, os, shutil, subprocess, sys, tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUT = os.path.join(ROOT, "Fixtures", "verify")


def sha(data):
    return "sha256:" + hashlib.sha256(data).hexdigest()


def rehash(d, name):
    m = json.load(open(os.path.join(d, "manifest.json")))
    data = open(os.path.join(d, name), "rb").read()
    m["checksums"][name] = sha(data)
    m["sizes"][name] = len(data)
    write_manifest(d, m)


def canonical(doc):
    """The bytes taxdata writes (CanonicalJSON: sorted keys, two-space indent, " : ", empty lists
    as "[\n\n<indent>]", a final newline), so an edited fixture fails only for its planted fault."""
    text = json.dumps(doc, indent=2, sort_keys=True, separators=(",", " : "), ensure_ascii=False)
    text = re.sub(r'(\n( *)"[^"\n]*" : )\[\]', lambda m: m.group(1) + "[\n\n" + m.group(2) + "]", text)
    return (text + "\n").encode("utf-8")


def write_doc(d, name, doc):
    with open(os.path.join(d, name), "wb") as f:
        f.write(canonical(doc))


def write_manifest(d, m):
    write_doc(d, "manifest.json", m)


def flip_byte(d):
    p = os.path.join(d, "federal_2024.json"); b = bytearray(open(p, "rb").read()); b[len(b) // 2] ^= 1
    open(p, "wb").write(bytes(b))
    return [("bundle.checksum", "federal_2024.json")]


def stray_file(d):
    open(os.path.join(d, "extra.json"), "w").write("{}\n")
    return [("bundle.unlisted-file", "extra.json")]


def missing_file(d):
    os.remove(os.path.join(d, "fica_2024.json"))
    return [("bundle.missing-file", "fica_2024.json")]


def size_lies(d):
    m = json.load(open(os.path.join(d, "manifest.json"))); m["sizes"]["states_2024.json"] += 1; write_manifest(d, m)
    return [("bundle.size", "states_2024.json")]


def dotdot_name(d):
    m = json.load(open(os.path.join(d, "manifest.json")))
    m["checksums"]["../fica_2024.json"] = m["checksums"].pop("fica_2024.json")
    m["sizes"]["../fica_2024.json"] = m["sizes"].pop("fica_2024.json")
    m["files"]["fica"] = "../fica_2024.json"
    write_manifest(d, m)
    return [("bundle.file-name", "manifest.json")]


def rehashed_invalid_bracket(d):
    p = os.path.join(d, "federal_2024.json"); doc = json.load(open(p))
    doc["brackets"]["single"][0]["ceiling"] = 11000
    write_doc(d, "federal_2024.json", doc)
    rehash(d, "federal_2024.json")
    return [("brackets.contiguous", "federal_2024.json"), ("bundle.inconsistent", "combined_2024.json")]


def rehashed_combined_mismatch(d):
    p = os.path.join(d, "combined_2024.json"); doc = json.load(open(p))
    doc["fica"]["socialSecurity"]["wageBase"] = 999999
    write_doc(d, "combined_2024.json", doc)
    rehash(d, "combined_2024.json")
    return [("bundle.inconsistent", "combined_2024.json")]


def edit_federal_single(d, replacement):
    """Rewrites the federal standard deduction's last line as text (the edit JSON tools would undo)
    and re-hashes: the bytes then fail only the canonical-form check."""
    p = os.path.join(d, "federal_2024.json"); text = open(p).read()
    open(p, "w").write(text.replace('"single" : 14600\n', replacement, 1))
    rehash(d, "federal_2024.json")
    return [("bundle.not-canonical", "federal_2024.json")]


def duplicate_key(d):
    # Swift keeps one value, Python and JavaScript the other: refused, whichever a reader would use.
    return edit_federal_single(d, '"single" : 14600,\n    "single" : -5\n')


def unknown_field(d):
    p = os.path.join(d, "federal_2024.json"); doc = json.load(open(p))
    doc["bonusDeduction"] = 1000
    write_doc(d, "federal_2024.json", doc)
    rehash(d, "federal_2024.json")
    return [("bundle.not-canonical", "federal_2024.json")]


def excess_precision(d):
    return edit_federal_single(d, '"single" : 14600.00000000000000000000000000000000000000000000000000000001\n')


def extra_listed_file(d):
    open(os.path.join(d, "extra.json"), "w").write("{}\n")
    rehash(d, "extra.json")
    return [("bundle.extra-file", "manifest.json")]


def garbage_manifest(d):
    open(os.path.join(d, "manifest.json"), "w").write("not json\n")
    return [("bundle.manifest", "manifest.json")]


CASES = {f.__name__.replace("_", "-"): f for f in
         [flip_byte, stray_file, missing_file, size_lies, dotdot_name, rehashed_invalid_bracket,
          rehashed_combined_mismatch, garbage_manifest, duplicate_key, unknown_field, excess_precision, extra_listed_file]}


def main():
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        dist = os.path.join(tmp, "dist")
        subprocess.run([binary, "build", os.path.join(ROOT, "Fixtures", "check", "_base"), "--out", dist], check=True)
        if os.path.isdir(OUT):
            shutil.rmtree(OUT)
        os.makedirs(OUT)
        shutil.copytree(os.path.join(dist, "2024"), os.path.join(OUT, "_valid"))
        for name, tamper in sorted(CASES.items()):
            target = os.path.join(OUT, name)
            shutil.copytree(os.path.join(dist, "2024"), os.path.join(target, "2024"))
            expected = tamper(os.path.join(target, "2024"))
            with open(os.path.join(target, "expected.txt"), "w") as f:
                f.write("".join(f"{rule} 2024/{file}\n" for rule, file in sorted(expected)))
    print(f"wrote {len(CASES)} tampered bundles under {os.path.relpath(OUT)}")


if __name__ == "__main__":
    main()
