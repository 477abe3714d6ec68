#!/usr/bin/env python3
"""Writes Fixtures/tuf/: TUF repositories made by python-tuf's Metadata API (the reference
implementation), for the Swift client's TUF tests (Tests/TaxDataCoreTests/TUFTests.swift).

Run with a python that has `tuf` (7.x) and `cryptography`:
    python3 -m venv /tmp/tufvenv && /tmp/tufvenv/bin/pip install tuf==7.0.1 cryptography
    /tmp/tufvenv/bin/python scripts/make-tuf-fixtures.py

Keys are new on every run and never written: only metadata and targets are. What each file is for
is in Fixtures/tuf/README.md (kept by hand).
"""
import copy
import hashlib
import json
import os
import shutil
import sys
from datetime import datetime, timezone

from securesystemslib.signer import CryptoSigner
from tuf.api.metadata import (Metadata, MetaFile, Root, Snapshot, TargetFile, Targets, Timestamp)
from tuf.api.serialization.json import JSONSerializer

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "tuf")
FUTURE = datetime(2099, 1, 1, tzinfo=timezone.utc)
PAST = datetime(2020, 1, 1, tzinfo=timezone.utc)
TARGET = b'{"taxYear":2026}\n'
TARGET_PATH = "2026/manifest.json"


def write(md, name, sign_with):
    md.signatures.clear()
    for signer in sign_with:
        md.sign(signer, append=True)
    path = os.path.join(OUT, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    md.to_file(path, JSONSerializer(compact=False))
    return md


def main():
    # Everything but the README (kept by hand) is written anew.
    os.makedirs(OUT, exist_ok=True)
    for entry in os.listdir(OUT):
        path = os.path.join(OUT, entry)
        if entry != "README.md":
            shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
    root_a, root_b, root_c = (CryptoSigner.generate_ed25519() for _ in range(3))
    targets_old, targets_new = CryptoSigner.generate_ed25519(), CryptoSigner.generate_ed25519()
    snapshot_key, timestamp_key = CryptoSigner.generate_ed25519(), CryptoSigner.generate_ed25519()

    # Version 1: root 2 of {a, b}; one key per other role; consistent snapshots.
    root = Root(expires=FUTURE, consistent_snapshot=True)
    for signer in (root_a, root_b):
        root.add_key(signer.public_key, "root")
    root.roles["root"].threshold = 2
    root.add_key(targets_old.public_key, "targets")
    root.add_key(snapshot_key.public_key, "snapshot")
    root.add_key(timestamp_key.public_key, "timestamp")
    root_md = write(Metadata(root), "1.root.json", [root_a, root_b])

    # Version 2: root key a replaced by c (2 of {b, c}), the targets key rotated (old revoked).
    root2 = copy.deepcopy(root_md.signed)
    root2.version = 2
    root2.revoke_key(root_a.public_key.keyid, "root")
    root2.add_key(root_c.public_key, "root")
    root2.revoke_key(targets_old.public_key.keyid, "targets")
    root2.add_key(targets_new.public_key, "targets")
    write(Metadata(root2), "2.root.json", [root_a, root_b, root_c])
    # The same version 2 signed by the old root's threshold but not by the new one's (c missing).
    write(Metadata(copy.deepcopy(root2)), "bad/2.root.unsigned-by-new.json", [root_a, root_b])
    # Signed by one old root key only: below the old threshold of 2.
    write(Metadata(copy.deepcopy(root2)), "bad/2.root.one-signature.json", [root_b, root_c])
    # A version 3 presented right after version 1 (a skip).
    root3 = copy.deepcopy(root2)
    root3.version = 3
    write(Metadata(root3), "bad/3.root.skips.json", [root_a, root_b, root_c])
    # An expired root (a version 2 that expired in 2020).
    expired = copy.deepcopy(root2)
    expired.expires = PAST
    write(Metadata(expired), "bad/2.root.expired.json", [root_a, root_b, root_c])

    # Targets (version 1) with one target, signed by the new targets key; and by the revoked one.
    targets = Targets(expires=FUTURE)
    targets.targets[TARGET_PATH] = TargetFile.from_data(TARGET_PATH, TARGET, ["sha256"])
    targets_md = write(Metadata(targets), "1.targets.json", [targets_new])
    write(Metadata(copy.deepcopy(targets)), "bad/1.targets.revoked-key.json", [targets_old])
    digest = hashlib.sha256(TARGET).hexdigest()
    target_file = os.path.join(OUT, "targets", "2026", f"{digest}.manifest.json")
    os.makedirs(os.path.dirname(target_file), exist_ok=True)
    with open(target_file, "wb") as f:
        f.write(TARGET)

    targets_bytes = open(os.path.join(OUT, "1.targets.json"), "rb").read()
    snapshot = Snapshot(expires=FUTURE)
    snapshot.meta["targets.json"] = MetaFile(version=1, length=len(targets_bytes), hashes={"sha256": hashlib.sha256(targets_bytes).hexdigest()})
    write(Metadata(snapshot), "1.snapshot.json", [snapshot_key])
    snapshot_bytes = open(os.path.join(OUT, "1.snapshot.json"), "rb").read()

    for version in (1, 2):
        timestamp = Timestamp(expires=FUTURE)
        timestamp.version = version
        timestamp.snapshot_meta = MetaFile(version=1, length=len(snapshot_bytes), hashes={"sha256": hashlib.sha256(snapshot_bytes).hexdigest()})
        write(Metadata(timestamp), f"timestamp-v{version}.json", [timestamp_key])
    # The timestamp signed twice by the same key (one signature listed twice).
    ts = json.load(open(os.path.join(OUT, "timestamp-v2.json")))
    ts["signatures"] = ts["signatures"] * 2
    json.dump(ts, open(os.path.join(OUT, "bad", "timestamp.duplicate-signature.json"), "w"), indent=1)
    print(f"wrote {sum(len(files) for _, _, files in os.walk(OUT)) - 1} files under {os.path.relpath(OUT)}")


if __name__ == "__main__":
    sys.exit(main())
