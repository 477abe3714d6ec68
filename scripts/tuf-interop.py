#!/usr/bin/env python3
"""python-tuf's client (ngclient.Updater, the reference implementation) refreshes from a TUF
repository over a real HTTP server on 127.0.0.1 and downloads every target it is asked for.

    tuf-interop.py REPO TRUSTED_ROOT (TARGET_PATH... | --all)
    tuf-interop.py --url BASE TRUSTED_ROOT (TARGET_PATH... | --all)

REPO holds metadata/ (N.root.json, timestamp.json, N.snapshot.json, N.targets.json) and targets/,
served by this script's own http.server; with --url, the repository is read from BASE/tuf/metadata/
and BASE/tuf/targets/ as `taxdata serve dist --tuf REPO` and the nginx configuration serve it.
TRUSTED_ROOT is the root the client starts from. --all downloads every target the trusted targets
metadata lists. Prints one JSON line: {"ok": true, "root": N, "targets": {path: sha256}} or
{"ok": false, "error": "<python-tuf's exception class>: <message>"}; exits 0 either way (the caller
compares), 2 on a usage error.
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


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def main(argv):
    args = argv[1:]
    url = None
    if args[:1] == ["--url"] and len(args) >= 2:
        url, args = args[1].rstrip("/"), args[2:]
    if len(args) < (2 if url else 3):
        print(__doc__, file=sys.stderr)
        return 2
    repo = None if url else args.pop(0)
    trusted_root, paths = args[0], args[1:]
    server = None
    if url is None:
        handler = functools.partial(QuietHandler, directory=repo)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        metadata_url = f"http://127.0.0.1:{server.server_address[1]}/metadata/"
        targets_url = f"http://127.0.0.1:{server.server_address[1]}/targets/"
    else:
        metadata_url, targets_url = f"{url}/tuf/metadata/", f"{url}/tuf/targets/"
    work = tempfile.mkdtemp()
    try:
        metadata_dir, target_dir = os.path.join(work, "metadata"), os.path.join(work, "targets")
        os.makedirs(metadata_dir)
        os.makedirs(target_dir)
        with open(trusted_root, "rb") as f:
            bootstrap = f.read()
        updater = Updater(metadata_dir=metadata_dir, metadata_base_url=metadata_url,
                          target_base_url=targets_url, target_dir=target_dir, bootstrap=bootstrap)
        try:
            updater.refresh()
            if paths == ["--all"]:
                # The targets python-tuf itself trusted, from the metadata it stored.
                with open(os.path.join(metadata_dir, "targets.json"), "rb") as f:
                    paths = sorted(json.load(f)["signed"]["targets"])
            got = {}
            for path in paths:
                info = updater.get_targetinfo(path)
                if info is None:
                    raise LookupError(f"{path} is not a target")
                local = updater.download_target(info, os.path.join(target_dir, path.replace("/", "_")))
                with open(local, "rb") as f:
                    got[path] = hashlib.sha256(f.read()).hexdigest()
            with open(os.path.join(metadata_dir, "root.json"), "rb") as f:
                root_version = json.load(f)["signed"]["version"]
            print(json.dumps({"ok": True, "root": root_version, "targets": got}))
        except Exception as error:  # the outcome is the answer: the caller compares it with its own client's
            print(json.dumps({"ok": False, "error": f"{type(error).__name__}: {error}"}))
    finally:
        if server:
            server.shutdown()
        shutil.rmtree(work)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
