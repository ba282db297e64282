#!/usr/bin/env python3
"""start-to-ready.py: how soon `vehicle ride --new` is ready, beside a bare
curl of the same create request, and how long a process that does nothing
(`vehicle help`, `vehicle --version`) takes. Run by hand, not in CI.

    scripts/start-to-ready.py [--runs N] BINARY...

A demo host runs in its own process (the first BINARY's `demo --listen
--no-tui`). Each round runs, in turn: curl POSTing the create request the
ride makes (time to curl's exit, the whole answer read), then for each
BINARY `ride --new` (time from the start of the process to its first stdout
line, ready), `help` and `--version` (time to exit). Medians over the rounds;
every ride figure is also given as a ratio to curl's, measured in the same
rounds.
"""
import argparse
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import time
import uuid


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_host(binary):
    port = free_port()
    host = subprocess.Popen([binary, "demo", "--listen", f"127.0.0.1:{port}", "--no-tui"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 30
    for line in host.stdout:
        if "rides as Ada" in line or "Ada's session" in line:
            return host, f"http://127.0.0.1:{port}"
        if time.monotonic() > deadline:
            break
    host.kill()
    sys.exit("the demo host did not start")


def time_curl(url):
    body = json.dumps({"requestId": str(uuid.uuid4()), "clientId": "bench-curl"})
    cmd = ["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST",
           "-H", "Authorization: Bearer ada-token", "-H", "Content-Type: application/json",
           "--data", body, url + "/services/vehicle/g/demo/sessions"]
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True)
    d = time.perf_counter() - t0
    if out.stdout != "201":
        sys.exit(f"curl's create answered {out.stdout} {out.stderr}")
    return d


def time_ride(binary, env):
    t0 = time.perf_counter()
    p = subprocess.Popen([binary, "ride", "--new"], env=env, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = p.stdout.readline()
    d = time.perf_counter() - t0
    p.stdin.close()
    p.stdout.read()
    p.wait()
    if b'"type":"ready"' not in line:
        sys.exit(f"{binary} ride: no ready, got {line[:200]!r}")
    return d


def time_exit(binary, *args):
    t0 = time.perf_counter()
    subprocess.run([binary, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("binaries", nargs="+")
    a = ap.parse_args()
    host, url = start_host(a.binaries[0])
    env = dict(os.environ, VEHICLE_TOKEN="ada-token", VEHICLE_GARDEND=url, VEHICLE_GRAPH="demo")
    times = {"curl": []}
    try:
        for i in range(a.runs):
            times["curl"].append(time_curl(url))
            # the order turns each round: a binary run right after another
            # (or right after curl) starts on a warmer machine
            k = i % len(a.binaries)
            for b in a.binaries[k:] + a.binaries[:k]:
                times.setdefault((b, "ride"), []).append(time_ride(b, env))
                times.setdefault((b, "help"), []).append(time_exit(b, "help"))
                times.setdefault((b, "--version"), []).append(time_exit(b, "--version"))
    finally:
        host.kill()
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    curl = statistics.median(times["curl"])
    print(f"{a.runs} rounds, load average {load}; medians")
    print(f"{'what':<60} {'ms':>8} {'x curl':>7}")
    print(f"{'curl POST .../g/demo/sessions':<60} {curl * 1000:8.2f} {1:7.2f}")
    for b in a.binaries:
        for what in ("ride", "help", "--version"):
            m = statistics.median(times[(b, what)])
            label = f"{b} {what}" + (" (to ready)" if what == "ride" else " (to exit)")
            print(f"{label:<60} {m * 1000:8.2f} {m / curl:7.2f}")


if __name__ == "__main__":
    main()
