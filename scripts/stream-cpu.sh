#!/usr/bin/env bash
# stream-cpu.sh: what a vehicle TUI costs while a long reply streams in:
# its CPU time and context switches per message.delta. Run by hand, not in
# CI; needs tmux and python3.
#
#   scripts/stream-cpu.sh [-n PARAGRAPHS] [-d DELTA_DELAY] BINARY...
#
# A demo host in its own process (the last BINARY's demo --listen --no-tui
# --delta-delay D: deltas D apart, 10ms unless -d says otherwise); for each
# binary, the TUI in a 120x40 tmux pane on the demo's session, then the
# prompt "#long N" (2N deltas, default N 400). From the prompt to the last
# paragraph on screen: the TUI process's CPU (utime + stime) and context
# switches (all threads), per delta. Give a baseline binary first for a
# ratio measured in the same run.
set -euo pipefail
n=400 delay=10ms
if [[ ${1:-} == -n ]]; then n=$2; shift 2; fi
if [[ ${1:-} == -d ]]; then delay=$2; shift 2; fi
[[ $# -ge 1 ]] || { echo "usage: $0 [-n PARAGRAPHS] BINARY..." >&2; exit 2; }
. "$(dirname "$0")/lib/proc.sh"
poll=0.05
# the host: the last binary given (it must know demo --delta-delay)
host=${!#}
deltas=$((2 * n))
printf '%d deltas %s apart, load average %s\n' "$deltas" "$delay" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-40s %8s %10s %12s %14s %12s\n' binary seconds cpu_s cpu_us/delta switches/delta
for bin in "$@"; do
	port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
	"$host" demo --listen "127.0.0.1:$port" --no-tui --delta-delay "$delay" >"$tmp/host.out" 2>&1 &
	hostpid=$!
	waitfor 20 grep -Eq "rides as Ada, on session|Ada's session [^ ]+ has" "$tmp/host.out" || { cat "$tmp/host.out" >&2; exit 1; }
	id=$(demo_session "$tmp/host.out")
	tmux -S "$sock" new-session -d -x 120 -y 40 \
		"exec env VEHICLE_TOKEN=ada-token TERM=xterm-256color $bin --gardend http://127.0.0.1:$port --graph demo --session $id"
	pid=$(tmux -S "$sock" list-panes -F '#{pane_pid}')
	waitfor 20 sh -c "tmux -S '$sock' capture-pane -p | grep -q 'Welcome to vehicle'" ||
		{ tmux -S "$sock" capture-pane -p >&2; exit 1; }
	# a demo host of an earlier build drives the session itself: take it over
	waitfor 20 sh -c "tmux -S '$sock' capture-pane -p | grep -q 'Take over or watch?\\|you drive from this terminal'"
	if tmux -S "$sock" capture-pane -p | grep -q 'Take over or watch?'; then
		tmux -S "$sock" send-keys t
	fi
	waitfor 20 sh -c "! tmux -S '$sock' capture-pane -p | grep -q 'Take over or watch?\\|you are watching'" ||
		{ tmux -S "$sock" capture-pane -p >&2; exit 1; }
	sleep 2
	s0=$(switches "$pid"); c0=$(cputicks "$pid"); t0=$(date +%s.%N)
	tmux -S "$sock" send-keys -l "#long $n"
	tmux -S "$sock" send-keys Enter
	waitfor 300 sh -c "tmux -S '$sock' capture-pane -p | grep -q 'Paragraph $n\\.'" ||
		{ tmux -S "$sock" capture-pane -p >&2; exit 1; }
	s1=$(switches "$pid"); c1=$(cputicks "$pid"); t1=$(date +%s.%N)
	cpu=$(echo "($c1 - $c0) / $hz" | bc -l)
	printf '%-40s %8.2f %10.2f %12.0f %14.1f\n' "$bin" "$(echo "$t1 - $t0" | bc -l)" "$cpu" \
		"$(echo "$cpu * 1000000 / $deltas" | bc -l)" "$(echo "($s1 - $s0) / $deltas" | bc -l)"
	tmux -S "$sock" kill-server
	kill "$hostpid"; wait "$hostpid" 2>/dev/null || true; hostpid=""
done
