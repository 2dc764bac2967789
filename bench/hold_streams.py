#!/usr/bin/python3
"""Holds N event streams (GET /api/v1/stream) open on a gpq server, as N followers would,
reading and dropping what comes (keep-alives, events) until killed.

usage: bench/hold_streams.py HOST PORT KEY N
Prints "open N" once every answer's head has come (200), then "events E bytes B" on SIGTERM.
"""
import resource
import selectors
import signal
import socket
import sys


def main():
    host, port, key, count = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, count + 64)), hard))
    request = (f"GET /api/v1/stream HTTP/1.1\r\nHost: {host}:{port}\r\n"
               f"X-Api-Key: {key}\r\n\r\n").encode()
    streams = []
    for _ in range(count):
        s = socket.create_connection((host, port))
        s.sendall(request)
        streams.append(s)
    selector = selectors.DefaultSelector()
    heads = {}
    for s in streams:
        selector.register(s, selectors.EVENT_READ)
        heads[s] = b""
    opened = 0
    totals = {"bytes": 0, "events": 0}

    def report(*_):
        print(f"events {totals['events']} bytes {totals['bytes']}", flush=True)
        sys.exit(0)

    signal.signal(signal.SIGTERM, report)
    while True:
        for item, _ in selector.select():
            s = item.fileobj
            data = s.recv(65536)
            if not data:
                sys.exit(f"a stream was closed by the server after {opened} opened")
            if s in heads:
                heads[s] += data
                if b"\r\n\r\n" in heads[s]:
                    status = heads[s].split(b" ", 2)[1]
                    if status != b"200":
                        sys.exit(f"a stream was refused: {heads[s][:200]!r}")
                    del heads[s]
                    opened += 1
                    if opened == count:
                        print(f"open {count}", flush=True)
                continue
            totals["bytes"] += len(data)
            totals["events"] += data.count(b"\nid: ") + data.startswith(b"id: ")


if __name__ == "__main__":
    main()
