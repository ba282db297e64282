#!/usr/bin/env bash
# wall-cost.sh: what a wall of four live tiles costs the vehicle TUI against
# one tile, as a whole process: CPU and bytes written while every tile streams
# the same reply, and wake-ups while all are idle. Run by hand, not in CI;
# needs tmux, python3 and bc.
#
#   scripts/wall-cost.sh [-n WORDS] [-s IDLE_SECONDS] [-r ROUNDS] BINARY
#
# BINARY is a vehicle (with vehicle-tui beside it). A demo host in its own
# process (BINARY demo --listen --no-tui --delta-delay 10ms: 100 deltas a
# second); four sessions made by four `vehicle ride --new --follow`, each fed
# through a fifo. Then, per round, one tile and four tiles alternating:
#
#   - stream: BINARY watch --session A (one tile) or --session A..D (four),
#     at 200x60 in a tmux pane whose output tmux copies to a file
#     (pipe-pane); after the first frame and 2 s to settle, "#words N" is
#     sent to the first session, or to each of the four (N deltas each, a
#     word of varied prose a delta, N 800 unless -n), and the measurement
#     ends once each ride saw its run settle and the pane shows the reply's
#     last words in every tile that streamed. The TUI's CPU (utime + stime),
#     its context switches (every thread) and the bytes it wrote.
#   - idle: the same TUIs with nothing streaming, for IDLE_SECONDS (20 unless
#     -s): context switches a second (wake-ups).
#
# With KEEP=DIR, each run's terminal output is kept in DIR (pane-ROUND-...).
# The lines give each figure and the ratio of four tiles to one in the same
# round; the load average is printed at the start and the end.
set -euo pipefail
n=800 idle=20 rounds=2
while [[ ${1:-} == -* ]]; do
	case $1 in
	-n) n=$2 ;;
	-s) idle=$2 ;;
	-r) rounds=$2 ;;
	*) echo "usage: $0 [-n WORDS] [-s IDLE_SECONDS] [-r ROUNDS] BINARY" >&2; exit 2 ;;
	esac
	shift 2
done
[[ $# -eq 1 ]] || { echo "usage: $0 [-n WORDS] [-s IDLE_SECONDS] [-r ROUNDS] BINARY" >&2; exit 2; }
bin=$1
. "$(dirname "$0")/lib/proc.sh"
poll=0.05
rides=()
stop_rides() {
	for p in "${rides[@]}"; do kill "$p" 2>/dev/null || true; done
}
trap 'stop_rides; cleanup' EXIT

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$bin" demo --listen "127.0.0.1:$port" --no-tui --delta-delay 10ms >"$tmp/host.out" 2>&1 &
hostpid=$!
waitfor 20 grep -Eq "rides as Ada, on session|Ada's session [^ ]+ has" "$tmp/host.out" || { cat "$tmp/host.out" >&2; exit 1; }
export VEHICLE_TOKEN=ada-token VEHICLE_GARDEND=http://127.0.0.1:$port VEHICLE_GRAPH=demo
export HOME=$tmp/home XDG_STATE_HOME=$tmp/home/state XDG_CONFIG_HOME=$tmp/home/config
mkdir -p "$HOME"

# four sessions, each driven by a ride fed through a fifo (held open by fd)
ids=()
for i in 1 2 3 4; do
	mkfifo "$tmp/in$i"
	"$bin" ride --new --title "Tile $i" --follow <"$tmp/in$i" >"$tmp/out$i" 2>"$tmp/err$i" &
	rides+=($!)
	eval "exec $((i + 10))>\"$tmp/in$i\""
	waitfor 20 grep -q '"type":"ready"' "$tmp/out$i" || { cat "$tmp/err$i" >&2; exit 1; }
	ids+=("$(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["value"]["session"]["sessionId"])' "$tmp/out$i")")
done

# settled I: how many runs the ride of session I saw settle.
settled() { grep -c '"type":"run.settled"' "$tmp/out$1" || true; }

# start K: the TUI watching the first K sessions in a 200x60 pane, its
# output copied to $tmp/pane; sets pid.
start() {
	local args=()
	for id in "${ids[@]:0:$1}"; do args+=(--session "$id"); done
	: >"$tmp/pane"
	tmux -S "$sock" new-session -d -x 200 -y 60 "exec env TERM=xterm-256color $bin watch ${args[*]}"
	tmux -S "$sock" pipe-pane -o "cat >> $tmp/pane"
	pid=$(tmux -S "$sock" list-panes -F '#{pane_pid}')
	waitfor 20 sh -c "tmux -S '$sock' capture-pane -p | grep -q 'Tile $1'" ||
		{ tmux -S "$sock" capture-pane -p >&2; exit 1; }
	sleep 2
}

# stop ends the TUI and its tmux server, and waits for the TUI to be gone.
stop() {
	tmux -S "$sock" kill-server 2>/dev/null || true
	waitfor 10 sh -c "! kill -0 $pid 2>/dev/null"
	rm -f "$sock"
}

# stream K: the K tiles' sessions each reply #long n; prints cpu_s switches bytes.
stream() {
	local k=$1 before=() i
	for ((i = 1; i <= k; i++)); do before[i]=$(settled "$i"); done
	local s0 c0 b0
	s0=$(switches "$pid"); c0=$(cputicks "$pid"); b0=$(stat -c %s "$tmp/pane")
	for ((i = 1; i <= k; i++)); do
		printf '{"op":"prompt","requestId":"p%s-%s","text":"#words %d"}\n' "$i" "$RANDOM" "$n" >&$((i + 10))
	done
	for ((i = 1; i <= k; i++)); do
		waitfor 300 sh -c "[ \$(grep -c '\"type\":\"run.settled\"' '$tmp/out$i') -gt ${before[i]} ]" ||
			{ echo "session $i: no run settled" >&2; exit 1; }
	done
	local last
	last=$(lastwords "$tmp/out1")
	waitfor 60 sh -c "[ \$(tmux -S '$sock' capture-pane -p | grep -oF '$last' | wc -l) -ge $k ]" ||
		{ tmux -S "$sock" capture-pane -p >&2; exit 1; }
	echo "$(echo "($(cputicks "$pid") - $c0) / $hz" | bc -l) $(($(switches "$pid") - s0)) $(($(stat -c %s "$tmp/pane") - b0))"
}

# lastwords FILE: the last word of the last reply a ride printed (its last
# paragraph's number, which no wrap can split).
lastwords() {
	python3 -c '
import json, sys
text = ""
for line in open(sys.argv[1]):
    f = json.loads(line)
    v = f.get("value", {})
    if f.get("type") == "message.completed" and v.get("role") == "assistant":
        text = v.get("text", text)
print(text.split()[-1])' "$1"
}

# quiet: context switches a second over idle seconds.
quiet() {
	local s0
	s0=$(switches "$pid")
	sleep "$idle"
	echo "($(switches "$pid") - $s0) / $idle" | bc -l
}

printf '%d words a session, a delta each, 10 ms apart; 200x60; load average %s\n' "$n" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%5s %6s %9s %9s %10s %12s %11s\n' round tiles streaming cpu_s switches bytes wakeups/s
for ((r = 1; r <= rounds; r++)); do
	declare -A cpu bytes
	for run in 1/1 4/1 4/4; do
		k=${run%/*} streaming=${run#*/}
		start "$k"
		read -r c s b < <(stream "$streaming")
		w=$(quiet)
		stop
		cpu[$run]=$c bytes[$run]=$b
		[[ -n ${KEEP:-} ]] && cp "$tmp/pane" "$KEEP/pane-$r-${k}tiles-${streaming}streaming"
		printf '%5d %6d %9d %9.3f %10d %12d %11.2f\n' "$r" "$k" "$streaming" "$c" "$s" "$b" "$w"
	done
	printf '%5d  four streaming against one in the wall of four: cpu %.2f, bytes %.2f\n' "$r" \
		"$(echo "${cpu[4/4]} / ${cpu[4/1]}" | bc -l)" "$(echo "${bytes[4/4]} / ${bytes[4/1]}" | bc -l)"
	printf '%5d  four streaming against one session alone: cpu %.2f, bytes %.2f\n' "$r" \
		"$(echo "${cpu[4/4]} / ${cpu[1/1]}" | bc -l)" "$(echo "${bytes[4/4]} / ${bytes[1/1]}" | bc -l)"
done
printf 'load average after: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
