#!/usr/bin/env bash
# long-session-tui.sh: what the TUI costs to draw the first frame of a long
# session, as a whole process, against the reference host on loopback. Run by
# hand (not in CI):
#
#   [TEXT=scripted|varied] scripts/long-session-tui.sh EXCHANGES RUNS BIN...
#
# Each BIN is scripts/tuifirstframe built from a tree (the same file builds
# against an older tree, for a baseline). It starts a host with one session
# of that many exchanges (scripts/longsession serve: about a second per 1,000
# to fill), then runs each BIN in turn, RUNS times: the real tui.Model at
# 120x40 opens the session (watching) and stops at the first frame that shows
# the last exchange. One JSON line per run: CPU ms and peak RSS of the whole
# process. TEXT (default scripted) is what the exchanges say, given to serve
# as -text: scripted replies the same paragraphs every time (a text that
# compresses absurdly well), varied cuts them from the Go installation's
# sources (as varied as a real session's); the header line names it.
set -euo pipefail
text=${TEXT:-scripted}
n=${1:?exchanges}
runs=${2:?runs}
shift 2
[ $# -gt 0 ] || { echo "usage: $0 EXCHANGES RUNS BIN..." >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
(cd "$(dirname "$0")/.." && go build -o "$dir/longsession" ./scripts/longsession)

exec 3< <(exec "$dir/longsession" serve -n "$n" -text "$text")
host=$!
trap 'kill "$host" 2>/dev/null; rm -rf "$dir"' EXIT
read -r word url id size <&3
[ "$word" = ready ] || { echo "the host did not start: $word" >&2; exit 1; }
echo "# $n exchanges, $text text, snapshot $size bytes ($(awk "BEGIN{printf \"%.1f\", $size/1048576}") MiB); $(uptime)"
for r in $(seq 1 "$runs"); do
	for bin in "$@"; do
		"$bin" -url "$url" -session "$id" -want "question $((n - 1)):" -label "$bin"
	done
done
echo "# after: $(uptime)"
