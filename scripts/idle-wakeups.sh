#!/usr/bin/env bash
# idle-wakeups.sh: how often an idle vehicle TUI wakes, and the CPU it uses,
# with a session open on a live stream and nothing happening. Run by hand,
# not in CI; needs tmux and python3.
#
#   scripts/idle-wakeups.sh [-s SECONDS] BINARY...
#
# For each binary: a demo host in its own process (BINARY demo --listen
# --no-tui), the TUI in a 120x40 tmux pane on the demo's session, then the
# context switches of every thread of the TUI's process (voluntary +
# nonvoluntary, /proc/PID/task/*/status) and its CPU time (utime + stime)
# over SECONDS (default 60), after the first frame and 3 s to settle.
# Give a baseline binary first to get a ratio measured in the same run:
#   git archive BASE | tar -x -C /tmp/base && (cd /tmp/base && go build -o bin/ ./cmd/...)
#   go build -o /tmp/new/ ./cmd/... && scripts/idle-wakeups.sh /tmp/base/bin/vehicle /tmp/new/vehicle
set -euo pipefail
secs=60
if [[ ${1:-} == -s ]]; then secs=$2; shift 2; fi
[[ $# -ge 1 ]] || { echo "usage: $0 [-s SECONDS] BINARY..." >&2; exit 2; }
. "$(dirname "$0")/lib/proc.sh"
printf 'idle for %d s, load average %s\n' "$secs" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-40s %10s %12s %12s %14s\n' binary threads switches wakeups/s cpu_s/min
for bin in "$@"; do
	port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
	"$bin" demo --listen "127.0.0.1:$port" --no-tui >"$tmp/host.out" 2>&1 &
	hostpid=$!
	waitfor 20 grep -Eq "rides as Ada, on session|Ada's session [^ ]+ has" "$tmp/host.out" || { cat "$tmp/host.out" >&2; exit 1; }
	id=$(demo_session "$tmp/host.out")
	tmux -S "$sock" new-session -d -x 120 -y 40 \
		"exec env VEHICLE_TOKEN=ada-token TERM=xterm-256color $bin --gardend http://127.0.0.1:$port --graph demo --session $id"
	pid=$(tmux -S "$sock" list-panes -F '#{pane_pid}')
	waitfor 20 sh -c "tmux -S '$sock' capture-pane -p | grep -q 'Welcome to vehicle'" ||
		{ tmux -S "$sock" capture-pane -p >&2; exit 1; }
	sleep 3
	s0=$(switches "$pid"); c0=$(cputicks "$pid")
	sleep "$secs"
	s1=$(switches "$pid"); c1=$(cputicks "$pid")
	threads=$(ls /proc/"$pid"/task | wc -l)
	printf '%-40s %10d %12d %12.1f %14.3f\n' "$bin" "$threads" $((s1 - s0)) \
		"$(echo "($s1 - $s0) / $secs" | bc -l)" "$(echo "($c1 - $c0) / $hz * 60 / $secs" | bc -l)"
	tmux -S "$sock" kill-server
	kill "$hostpid"; wait "$hostpid" 2>/dev/null || true; hostpid=""
done
