#!/usr/bin/env bash
# long-session.sh: what opening a long session costs the client, as a whole
# process, against the reference host on loopback. Run by hand (not in CI):
#
#   [TEXT=scripted|varied] scripts/long-session.sh [exchanges] [runs]      # default 50000 3
#
# It builds scripts/longsession, starts a host with one session of that many
# exchanges (filling it takes about a second per 1,000), then opens it in a
# fresh process per run, rotating the modes: read (the answer's bytes alone,
# the floor), eager (Inspect + NewState) and lazy (InspectLazy +
# NewStateLazy); each stops at the first frame, the last 40 entries' texts
# read. One JSON line per run: CPU ms and peak RSS of the whole process.
# TEXT (default scripted) is what the exchanges say, given to serve as -text:
# scripted replies the same paragraphs every time (a text that compresses
# absurdly well), varied cuts them from the Go installation's sources (as
# varied as a real session's); the header line names it.
set -euo pipefail
text=${TEXT:-scripted}
n=${1:-50000}
runs=${2:-3}
bin=$(mktemp -d)/longsession
trap 'rm -rf "$(dirname "$bin")"' EXIT
(cd "$(dirname "$0")/.." && go build -o "$bin" ./scripts/longsession)

exec 3< <(exec "$bin" serve -n "$n" -text "$text")
host=$!
trap 'kill "$host" 2>/dev/null; rm -rf "$(dirname "$bin")"' EXIT
read -r word url id size <&3
[ "$word" = ready ] || { echo "the host did not start: $word" >&2; exit 1; }
echo "# $n exchanges, $text text, snapshot $size bytes ($(awk "BEGIN{printf \"%.1f\", $size/1048576}") MiB); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq 1 "$runs"); do
	for mode in read eager lazy; do
		"$bin" open -url "$url" -session "$id" -mode "$mode"
	done
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
