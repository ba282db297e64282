#!/usr/bin/env python3
"""key-latency.py: how soon a vehicle TUI draws a typed key. Run by hand, not
in CI.

    scripts/key-latency.py [--keys N] BINARY...

A demo host runs in its own process (the last BINARY's `demo --listen
--no-tui`). Each BINARY runs in a 120x40 pty on the demo's session; it takes
the session over, then N times: types "Q" and times until the pty's output
holds a "Q", then a backspace and times until any output comes, 150 ms
apart. Median and maximum over the keys, per binary.
"""
import re
import argparse
import fcntl
import os
import select
import socket
import statistics
import struct
import subprocess
import sys
import termios
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_host(binary):
    port = free_port()
    host = subprocess.Popen([binary, "demo", "--listen", f"127.0.0.1:{port}", "--no-tui"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in host.stdout:
        m = re.search(r"rides as Ada, on session ([^.\s]+)|Ada's session (\S+) has", line)
        if m:  # as builds before and after the demo stopped riding the session print it
            return host, f"http://127.0.0.1:{port}", m.group(1) or m.group(2)
    sys.exit("the demo host did not start")


def read_until(fd, pred, limit):
    """Reads the pty until pred(bytes read) holds; returns the seconds taken."""
    buf = b""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < limit:
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                buf += os.read(fd, 65536)
            except OSError:
                break
            if pred(buf):
                return time.perf_counter() - t0, buf
    raise TimeoutError(f"nothing matched in {limit} s; last output {buf[-300:]!r}")


def drain(fd, quiet):
    """Reads the pty until it stays silent for quiet seconds."""
    while select.select([fd], [], [], quiet)[0]:
        try:
            os.read(fd, 65536)
        except OSError:
            return


def measure(binary, url, sid, keys):
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = dict(os.environ, VEHICLE_TOKEN="ada-token", TERM="xterm-256color")
    p = subprocess.Popen([binary, "--gardend", url, "--graph", "demo", "--session", sid],
                         stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    try:
        seen = []  # a demo host of an earlier build drives the session itself: take it over

        def ready(b):
            seen.append(b)
            return b"Take over or watch?" in b or b"you drive" in b

        read_until(master, ready, 20)
        if b"Take over or watch?" in seen[-1]:
            os.write(master, b"t")
            read_until(master, lambda b: b"you drive" in b, 20)
        drain(master, 0.5)
        typed, erased = [], []
        for _ in range(keys):
            t0 = time.perf_counter()
            os.write(master, b"Q")
            read_until(master, lambda b: b"Q" in b, 5)
            typed.append(time.perf_counter() - t0)
            drain(master, 0.15)
            t0 = time.perf_counter()
            os.write(master, b"\x7f")
            read_until(master, lambda b: len(b) > 0, 5)
            erased.append(time.perf_counter() - t0)
            drain(master, 0.15)
        return typed, erased
    finally:
        p.kill()
        p.wait()
        os.close(master)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--keys", type=int, default=30)
    ap.add_argument("binaries", nargs="+")
    a = ap.parse_args()
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print(f"{a.keys} keys each, load average {load}; ms from the key to its frame")
    print(f"{'binary':<44} {'type med':>9} {'type max':>9} {'erase med':>10} {'erase max':>10}")
    for b in a.binaries:
        host, url, sid = start_host(a.binaries[-1])
        try:
            typed, erased = measure(b, url, sid, a.keys)
        finally:
            host.kill()
            host.wait()
        ms = lambda xs, f: f(xs) * 1000
        print(f"{b:<44} {ms(typed, statistics.median):9.1f} {ms(typed, max):9.1f} "
              f"{ms(erased, statistics.median):10.1f} {ms(erased, max):10.1f}")


if __name__ == "__main__":
    main()
