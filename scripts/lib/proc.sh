# proc.sh: what the whole-process scripts share (sourced, not run): a
# temporary folder with a private tmux socket, cleaned up on exit with the
# demo host they start, and the counters they read from /proc.
#
#   . "$(dirname "$0")/lib/proc.sh"
#
# It sets tmp, sock, hostpid (for the caller to fill) and hz, and defines
# switches, cputicks, waitfor and demo_session.
tmp=$(mktemp -d)
sock="$tmp/tmux.sock"
hostpid=""
cleanup() {
	tmux -S "$sock" kill-server 2>/dev/null || true
	[[ -n $hostpid ]] && kill "$hostpid" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT
hz=$(getconf CLK_TCK)

# switches PID: the sum of the context switches (voluntary and
# nonvoluntary) of the process's threads.
switches() {
	cat /proc/"$1"/task/*/status 2>/dev/null |
		awk '/^(voluntary|nonvoluntary)_ctxt_switches/ {n += $2} END {print n}'
}

# cputicks PID: utime + stime in clock ticks (hz a second).
cputicks() { awk '{print $14 + $15}' /proc/"$1"/stat; }

# waitfor SECONDS CMD...: run CMD every ${poll:-0.1} s until it succeeds,
# or fail after SECONDS.
waitfor() {
	local deadline=$((SECONDS + $1)); shift
	until "$@"; do
		((SECONDS < deadline)) || return 1
		sleep "${poll:-0.1}"
	done
}

# demo_session FILE: the session of a demo host's printout (`demo --listen
# --no-tui`), as builds before and after it stopped riding the session print
# it.
demo_session() {
	sed -n -e 's/.*rides as Ada, on session \([^.]*\)\..*/\1/p' -e "s/.*Ada's session \([^ ]*\) has.*/\1/p" "$1"
}
