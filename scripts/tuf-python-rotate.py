#!/usr/bin/env python3
"""Rotates root in a repository `taxdata tuf` wrote, with python-tuf's own Metadata API (the
reference implementation), so that the toolchain and the Swift client are tested on root metadata
python-tuf wrote.

    tuf-python-rotate.py REPO --add-root P.pem [--sign K.pem ...]

Reads REPO/metadata/N.root.json (the newest), adds the public key P.pem (SPKI PEM, as `taxdata keygen`
writes it) to the root role, and writes N+1.root.json signed by every --sign private key (PKCS#8 PEM).
Prints the new version. Exits 2 on a usage error.
"""
import argparse
import os
import sys
from datetime import datetime, timedelta, timezone

from cryptography.hazmat.primitives.serialization import load_pem_private_key, load_pem_public_key
from securesystemslib.signer import CryptoSigner, SSlibKey
from tuf.api.metadata import Metadata, Root
from tuf.api.serialization.json import JSONSerializer


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("repo")
    parser.add_argument("--add-root", required=True)
    parser.add_argument("--sign", action="append", default=[])
    args = parser.parse_args()
    metadata = os.path.join(args.repo, "metadata")
    version = 1
    while os.path.exists(os.path.join(metadata, f"{version + 1}.root.json")):
        version += 1
    root = Metadata[Root].from_file(os.path.join(metadata, f"{version}.root.json"))
    root.signed.version += 1
    root.signed.expires = (datetime.now(timezone.utc) + timedelta(days=365)).replace(microsecond=0)
    with open(args.add_root, "rb") as f:
        root.signed.add_key(SSlibKey.from_crypto(load_pem_public_key(f.read())), "root")
    root.signatures.clear()
    for path in args.sign:
        with open(path, "rb") as f:
            root.sign(CryptoSigner(load_pem_private_key(f.read(), password=None)), append=True)
    root.to_file(os.path.join(metadata, f"{root.signed.version}.root.json"), JSONSerializer(compact=False))
    print(root.signed.version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
