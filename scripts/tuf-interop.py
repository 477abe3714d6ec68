#!/usr/bin/env python3
"""python-tuf's client (ngclient.Updater, the reference implementation) refreshes from a TUF
repository over a real HTTP server on 127.0.0.1 and downloads every target it is asked for.

    tuf-interop.py REPO TRUSTED_ROOT TARGET_PATH...

REPO holds metadata/ (N.root.json, timestamp.json, N.snapshot.json, N.targets.json) and targets/.
TRUSTED_ROOT is the root the client starts from. Prints one JSON line: {"ok": true, "root": N,
"targets": {path: sha256}} or {"ok": false, "error": "<python-tuf's exception class>: <message>"};
exits 0 either way (the caller compares), 2 on a usage error.
"""
import functools
import hashlib
import http.server
import json
import os
import shutil
import sys
import tempfile
import threading

from tuf.ngclient import Updater


def main(argv):
    if len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    repo, trusted_root, paths = argv[1], argv[2], argv[3:]
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=repo)
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    work = tempfile.mkdtemp()
    try:
        metadata_dir, target_dir = os.path.join(work, "metadata"), os.path.join(work, "targets")
        os.makedirs(metadata_dir)
        os.makedirs(target_dir)
        with open(trusted_root, "rb") as f:
            bootstrap = f.read()
        updater = Updater(metadata_dir=metadata_dir, metadata_base_url=f"{base}/metadata/",
                          target_base_url=f"{base}/targets/", target_dir=target_dir, bootstrap=bootstrap)
        try:
            updater.refresh()
            got = {}
            for path in paths:
                info = updater.get_targetinfo(path)
                if info is None:
                    raise LookupError(f"{path} is not a target")
                local = updater.download_target(info, os.path.join(target_dir, path.replace("/", "_")))
                got[path] = hashlib.sha256(open(local, "rb").read()).hexdigest()
            root_version = json.load(open(os.path.join(metadata_dir, "root.json")))["signed"]["version"]
            print(json.dumps({"ok": True, "root": root_version, "targets": got}))
        except Exception as error:  # the outcome is the answer: the caller compares it with its own client's
            print(json.dumps({"ok": False, "error": f"{type(error).__name__}: {error}"}))
    finally:
        server.shutdown()
        shutil.rmtree(work)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
