#!/usr/bin/env python3
"""acp-bench.py: `vehicle acp` beside `vehicle ride`, as whole processes on
a loopback reference host. Run by hand, not in CI.

    scripts/acp-bench.py [--runs N] [--exchanges N] BINARY

BINARY is a built `vehicle` (with `vehicle-tui` beside it, for the demo
host). Three measures, each in rounds that alternate which goes first:

  start   the time from a process's start to: `vehicle ride --new`'s ready
          (it creates a session), `vehicle acp`'s answer to initialize, and
          its answer to session/new after it (which creates one).
  reply   the time from the prompt's line written to the first piece of the
          reply: `vehicle ride --new --follow`'s first message.delta frame,
          `vehicle acp`'s first agent_message_chunk (the same host, the same
          text; its session was created before).
  load    a session of --exchanges exchanges (scripts/longsession serve:
          a question and a reply each, every tenth with a tool call, so some
          2.2 messages an exchange) opened by a fresh process: `vehicle acp`
          answering session/load after replaying it whole (every update
          read by this script), and `vehicle ride --session ID --follow
          --no-claim` to its closed frame at the end of an input that ends
          at once. The CPU time (user + system) and the peak RSS of each
          process, from wait4.

Medians over the rounds.
"""
import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_demo(binary):
    port = free_port()
    host = subprocess.Popen([binary, "demo", "--listen", f"127.0.0.1:{port}", "--no-tui"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in host.stdout:
        if "rides as Ada" in line or "Ada's session" in line or "People" in line:
            return host, f"http://127.0.0.1:{port}"
    host.kill()
    sys.exit("the demo host did not start")


def start_long(exchanges):
    d = tempfile.mkdtemp()
    binp = os.path.join(d, "longsession")
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    subprocess.run(["go", "build", "-o", binp, "./scripts/longsession"], cwd=root, check=True)
    host = subprocess.Popen([binp, "serve", "-n", str(exchanges), "-listen", f"127.0.0.1:{free_port()}"],
                            stdout=subprocess.PIPE, text=True)
    word, url, sid, size = host.stdout.readline().split()
    if word != "ready":
        sys.exit("the long-session host did not start")
    return host, url, sid, int(size)


class ACP:
    """A vehicle acp process and its lines."""

    def __init__(self, binary, env, args=()):
        self.t0 = time.perf_counter()
        self.p = subprocess.Popen([binary, "acp", *args], env=env, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def send(self, obj):
        self.p.stdin.write((json.dumps(obj) + "\n").encode())
        self.p.stdin.flush()

    def until(self, pred):
        """Reads lines until pred holds of one; returns it and how many came."""
        n = 0
        for line in self.p.stdout:
            n += 1
            m = json.loads(line)
            if pred(m):
                return m, n
        sys.exit("vehicle acp ended early")

    def answer(self, i):
        return self.until(lambda m: m.get("id") == i and "method" not in m)

    def end(self):
        self.p.stdin.close()
        self.p.stdout.read()
        _, status, ru = os.wait4(self.p.pid, 0)
        self.p.returncode = status
        return ru


def measure_start(binary, env):
    t0 = time.perf_counter()
    p = subprocess.Popen([binary, "ride", "--new"], env=env, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = p.stdout.readline()
    ride = time.perf_counter() - t0
    p.stdin.close()
    p.stdout.read()
    p.wait()
    if b'"type":"ready"' not in line:
        sys.exit(f"no ready: {line[:200]!r}")
    a = ACP(binary, env)
    a.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": 1}})
    a.answer(1)
    init = time.perf_counter() - a.t0
    a.send({"jsonrpc": "2.0", "id": 2, "method": "session/new", "params": {"cwd": "/", "mcpServers": []}})
    a.answer(2)
    new = time.perf_counter() - a.t0
    a.end()
    return ride, init, new


PROMPT = "hello there"


def measure_reply(binary, env):
    p = subprocess.Popen([binary, "ride", "--new", "--follow"], env=env, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    p.stdout.readline()  # ready
    t0 = time.perf_counter()
    p.stdin.write((json.dumps({"op": "prompt", "requestId": "p1", "text": PROMPT}) + "\n").encode())
    p.stdin.flush()
    for line in p.stdout:
        if b'"type":"message.delta"' in line:
            break
    ride = time.perf_counter() - t0
    p.stdin.close()
    p.stdout.read()
    p.wait()
    a = ACP(binary, env)
    a.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": 1}})
    a.answer(1)
    a.send({"jsonrpc": "2.0", "id": 2, "method": "session/new", "params": {"cwd": "/", "mcpServers": []}})
    sid = a.answer(2)[0]["result"]["sessionId"]
    t0 = time.perf_counter()
    a.send({"jsonrpc": "2.0", "id": 3, "method": "session/prompt",
            "params": {"sessionId": sid, "prompt": [{"type": "text", "text": PROMPT}]}})
    a.until(lambda m: m.get("method") == "session/update"
            and m["params"]["update"]["sessionUpdate"] == "agent_message_chunk")
    acp = time.perf_counter() - t0
    a.answer(3)
    a.end()
    return ride, acp


def usage(ru):
    return (ru.ru_utime + ru.ru_stime) * 1000, ru.ru_maxrss / 1024


def measure_load(binary, env, sid):
    a = ACP(binary, env)
    a.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": 1}})
    a.answer(1)
    a.send({"jsonrpc": "2.0", "id": 2, "method": "session/load",
            "params": {"sessionId": sid, "cwd": "/", "mcpServers": []}})
    ans, lines = a.answer(2)
    if "error" in ans:
        sys.exit(f"session/load: {ans}")
    acp_wall = time.perf_counter() - a.t0
    acp = usage(a.end())
    t0 = time.perf_counter()
    p = subprocess.Popen([binary, "ride", "--session", sid, "--follow", "--no-claim"], env=env,
                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    p.stdout.read()
    _, _, ru = os.wait4(p.pid, 0)
    ride_wall = time.perf_counter() - t0
    return acp, acp_wall, lines - 1, usage(ru), ride_wall


def med(xs):
    return statistics.median(xs)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--exchanges", type=int, default=4546)
    ap.add_argument("binary")
    a = ap.parse_args()
    host, url = start_demo(a.binary)
    env = dict(os.environ, VEHICLE_TOKEN="ada-token", VEHICLE_GARDEND=url, VEHICLE_GRAPH="demo",
               HOME=tempfile.mkdtemp(), XDG_CONFIG_HOME=tempfile.mkdtemp())
    starts, replies = [], []
    try:
        for _ in range(a.runs):
            starts.append(measure_start(a.binary, env))
            replies.append(measure_reply(a.binary, env))
    finally:
        host.kill()
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print(f"{a.runs} rounds, load average {load}; medians")
    ride, init, new = (med([s[i] for s in starts]) for i in range(3))
    print(f"start: ride --new to ready {ride*1000:.2f} ms; acp to initialize's answer {init*1000:.2f} ms "
          f"({init/ride:.2f}x), to session/new's answer {new*1000:.2f} ms ({new/ride:.2f}x)")
    r, c = (med([s[i] for s in replies]) for i in range(2))
    print(f"reply: ride first message.delta {r*1000:.2f} ms; acp first agent_message_chunk {c*1000:.2f} ms ({c/r:.2f}x)")
    host, url, sid, size = start_long(a.exchanges)
    env = dict(env, VEHICLE_GARDEND=url)
    loads = []
    try:
        for _ in range(max(3, a.runs // 5)):
            loads.append(measure_load(a.binary, env, sid))
    finally:
        host.kill()
    acp_cpu, acp_rss = med([x[0][0] for x in loads]), med([x[0][1] for x in loads])
    ride_cpu, ride_rss = med([x[3][0] for x in loads]), med([x[3][1] for x in loads])
    print(f"load: {a.exchanges} exchanges, snapshot {size/1048576:.1f} MiB, {loads[0][2]} updates replayed; "
          f"{len(loads)} rounds")
    print(f"  acp session/load: CPU {acp_cpu:.0f} ms, peak RSS {acp_rss:.1f} MiB, wall {med([x[1] for x in loads])*1000:.0f} ms")
    print(f"  ride --follow:    CPU {ride_cpu:.0f} ms, peak RSS {ride_rss:.1f} MiB, wall {med([x[4] for x in loads])*1000:.0f} ms")


if __name__ == "__main__":
    main()
