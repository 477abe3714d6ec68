#!/usr/bin/env python3
"""A lying HTTP server for the client's hardening tests, on 127.0.0.1 only.

    lying-server.py serve --dist DIR --mode MODE [--port 0] [--stats FILE]
    lying-server.py measure -- COMMAND...      # runs COMMAND, prints {"exit": N, "maxrssKiB": N}

`serve` prints the port it listens on as its first line, then serves DIR (a built dist) with one
lie, and after every response writes FILE: {"bytesSent": {path: n}, "requests": [path, ...]}.
Modes:
  honest           the dist as it is
  gzip             every file gzip-encoded, with the compressed Content-Length (a CDN that compresses)
  gzip-bomb        every bundle file is a gzip body inflating to --bomb-mib MiB of zeros
  endless          every bundle file streams zeros until the client hangs up (no Content-Length)
  lying-length     every bundle file declares Content-Length 64 but streams --bomb-mib MiB
  huge-length      every bundle file declares Content-Length 1 TiB
  junk-manifest    an unsigned manifest that lists 30 extra files of 8 MiB each (served too)
  junk-signature   manifest.json.sig is an HTML page
  version-lie      the version endpoint says hasUpdate false; manifest.json answers 304 to every GET
The server stops by itself after --lifetime seconds (default 120): its loops are bounded.
"""
import argparse, gzip, hashlib, http.server, json, os, resource, socket, socketserver, subprocess, sys, threading, time

CHUNK = 64 << 10


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "lying-server"

    def log_message(self, *args):
        pass

    def record(self, n):
        with self.server.lock:
            self.server.stats["bytesSent"][self.path] = self.server.stats["bytesSent"].get(self.path, 0) + n

    def write(self, data):
        self.wfile.write(data)
        self.record(len(data))

    def finish_stats(self):
        with self.server.lock:
            if self.server.stats_file:
                tmp = self.server.stats_file + ".tmp"
                with open(tmp, "w") as f:
                    json.dump(self.server.stats, f)
                os.replace(tmp, self.server.stats_file)

    def send(self, status, body=b"", headers=None):
        self.send_response(status)
        headers = dict(headers or {})
        headers.setdefault("Content-Length", str(len(body)))
        headers.setdefault("Content-Type", "application/json")
        for k, v in headers.items():
            self.send_header(k, v)
        self.end_headers()
        if body:
            self.write(body)

    def do_GET(self):
        with self.server.lock:
            self.server.stats["requests"].append(self.path)
        try:
            self.answer()
        except (BrokenPipeError, ConnectionResetError):
            pass
        finally:
            self.finish_stats()

    def file(self, relative):
        path = os.path.realpath(os.path.join(self.server.dist, relative))
        if not path.startswith(os.path.realpath(self.server.dist) + os.sep) or not os.path.isfile(path):
            return None
        with open(path, "rb") as f:
            return f.read()

    def answer(self):
        mode, path = self.server.mode, self.path.split("?")[0].lstrip("/")
        parts = path.split("/")
        # A year's app form (`<year>/app/<name>`, schema 1.11) lies like the year directory.
        if len(parts) == 3 and parts[1] == "app":
            parts = [parts[0] + "/app", parts[2]]
        is_bundle_file = len(parts) == 2 and parts[1].endswith(".json") and parts[1] not in ("manifest.json",)
        if mode == "version-lie":
            if path.startswith("v1/tax-data/") and path.endswith("/version"):
                return self.send(200, json.dumps({"hasUpdate": False, "latestVersion": "0.0.0", "isRequired": False, "changeLog": None}).encode())
            if path.endswith("manifest.json"):
                return self.send(304, headers={"ETag": '"lie"'})
        if mode == "junk-signature" and path.endswith("manifest.json.sig"):
            return self.send(200, b"<html><body>Welcome to the hotel network</body></html>", {"Content-Type": "text/html"})
        if mode == "junk-manifest":
            extra = [f"extra_{i:02d}.json" for i in range(30)]
            if len(parts) == 2 and parts[1] == "manifest.json":
                manifest = json.loads(self.file(path))
                zero = b"\0" * (8 << 20)
                digest = "sha256:" + hashlib.sha256(zero).hexdigest()
                for name in extra:
                    manifest["checksums"][name] = digest
                    manifest["sizes"][name] = len(zero)
                return self.send(200, json.dumps(manifest, indent=2, sort_keys=True).encode())
            if len(parts) == 2 and parts[1] in extra:
                return self.send(200, b"\0" * (8 << 20))
        if is_bundle_file and mode in ("gzip-bomb", "endless", "lying-length", "huge-length"):
            return self.lie(mode)
        body = self.file(path)
        if body is None:
            return self.send(404, b'{"error": "not found"}')
        if mode == "gzip" and "gzip" in (self.headers.get("Accept-Encoding") or ""):
            packed = gzip.compress(body, mtime=0)
            return self.send(200, packed, {"Content-Encoding": "gzip", "Content-Length": str(len(packed))})
        return self.send(200, body)

    def lie(self, mode):
        mib = self.server.bomb_mib
        if mode == "gzip-bomb":
            packed = self.server.bomb()
            return self.send(200, packed, {"Content-Encoding": "gzip"})
        if mode == "huge-length":
            self.send_response(200)
            self.send_header("Content-Length", str(1 << 40))
            self.end_headers()
            zero = b"\0" * CHUNK
            for _ in range((mib << 20) // CHUNK):
                self.write(zero)
            return
        # endless / lying-length: stream zeros until the client hangs up (bounded by --bomb-mib).
        self.send_response(200)
        if mode == "lying-length":
            self.send_header("Content-Length", "64")
        else:
            self.send_header("Connection", "close")
        self.end_headers()
        zero = b"\0" * CHUNK
        deadline = time.time() + 60
        for _ in range((mib << 20) // CHUNK):
            if time.time() > deadline:
                break
            self.write(zero)
        self.close_connection = True


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def bomb(self):
        # Gzip members concatenate: one member of 1 MiB of zeros (about 1 KB), repeated, inflates to
        # --bomb-mib MiB. Built once, instantly.
        with self.lock:
            if self._bomb is None:
                self._bomb = gzip.compress(b"\0" * (1 << 20), compresslevel=9, mtime=0) * self.bomb_mib
            return self._bomb

    def get_request(self):
        # A small send buffer, so that "bytes sent" is close to what the client really read.
        connection, address = super().get_request()
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 64 << 10)
        return connection, address


def serve(args):
    server = Server(("127.0.0.1", args.port), Handler)
    server.dist, server.mode, server.bomb_mib = args.dist, args.mode, args.bomb_mib
    server.lock, server._bomb, server.stats_file = threading.Lock(), None, args.stats
    server.stats = {"bytesSent": {}, "requests": []}
    print(server.server_address[1], flush=True)
    threading.Timer(args.lifetime, server.shutdown).start()
    server.serve_forever(poll_interval=0.1)


def measure(command):
    started = time.time()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(json.dumps({"exit": done.returncode, "maxrssKiB": usage.ru_maxrss, "seconds": round(time.time() - started, 3),
                      "stdout": done.stdout.decode(errors="replace"), "stderr": done.stderr.decode(errors="replace")}))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve")
    s.add_argument("--dist", required=True)
    s.add_argument("--mode", default="honest",
                   choices=["honest", "gzip", "gzip-bomb", "endless", "lying-length", "huge-length", "junk-manifest",
                            "junk-signature", "version-lie"])
    s.add_argument("--port", type=int, default=0)
    s.add_argument("--stats")
    s.add_argument("--bomb-mib", type=int, default=1024)
    s.add_argument("--lifetime", type=float, default=120)
    m = sub.add_parser("measure")
    m.add_argument("rest", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    if args.command == "serve":
        serve(args)
    else:
        measure([a for a in args.rest if a != "--"][0:1] + [a for a in args.rest if a != "--"][1:])


if __name__ == "__main__":
    main()
