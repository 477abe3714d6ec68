#!/usr/bin/env python3
"""Counts the bytes a client and a server exchange: a TCP relay on 127.0.0.1 in front of a server.

    wire-bytes.py --target PORT --stats FILE [--lifetime SECONDS]

It prints the port it listens on as its first line, relays every connection to 127.0.0.1:PORT, and
after each connection opens and closes writes FILE: {"toClient": n, "toServer": n, "connections": n,
"open": n}, the bytes on the wire (HTTP headers and bodies, as sent) in each direction, the
connections relayed and those still open. It stops by itself after
--lifetime seconds (default 120). Used by Tests/TaxDataIntegrationTests/WireBudgetTests.swift to
measure one year's update against `taxdata serve` and nginx.
"""
import argparse, json, os, socket, threading, time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--target", type=int, required=True)
    parser.add_argument("--stats", required=True)
    parser.add_argument("--lifetime", type=float, default=120)
    args = parser.parse_args()
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    print(listener.getsockname()[1], flush=True)
    lock = threading.Lock()
    stats = {"toClient": 0, "toServer": 0, "connections": 0, "open": 0}

    def write():
        tmp = args.stats + ".tmp"
        with open(tmp, "w") as f:
            json.dump(stats, f)
        os.replace(tmp, args.stats)

    def pump(source, sink, key, done):
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                sink.sendall(data)
                with lock:
                    stats[key] += len(data)
        except OSError:
            pass
        finally:
            try:
                sink.shutdown(socket.SHUT_WR)
            except OSError:
                pass
            done.set()

    def relay(client):
        with lock:
            stats["open"] += 1
            write()
        try:
            server = socket.create_connection(("127.0.0.1", args.target), timeout=10)
        except OSError:
            client.close()
            with lock:
                stats["open"] -= 1
                write()
            return
        server.settimeout(None)
        up, down = threading.Event(), threading.Event()
        threading.Thread(target=pump, args=(client, server, "toServer", up), daemon=True).start()
        threading.Thread(target=pump, args=(server, client, "toClient", down), daemon=True).start()
        up.wait(args.lifetime)
        down.wait(args.lifetime)
        client.close()
        server.close()
        with lock:
            stats["connections"] += 1
            stats["open"] -= 1
            write()

    with lock:
        write()
    deadline = time.time() + args.lifetime
    listener.settimeout(1)
    while time.time() < deadline:
        try:
            client, _ = listener.accept()
        except socket.timeout:
            continue
        threading.Thread(target=relay, args=(client,), daemon=True).start()


if __name__ == "__main__":
    main()
