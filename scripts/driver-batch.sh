#!/usr/bin/env bash
# driver-batch.sh: feed sepia-driver-vehicle one batch line of N tiny invalid
# members ("[1,1,...]") and report the answer's size, the peak RSS and the
# CPU, for each binary given. Run by hand, not in CI.
#
#   scripts/driver-batch.sh [-n MEMBERS] BINARY...
#
# Example, a baseline beside the current tree:
#   git archive BASE | tar -x -C /tmp/base && (cd /tmp/base && go build -o bin/ ./cmd/...)
#   go build -o /tmp/new/ ./cmd/... && scripts/driver-batch.sh /tmp/base/bin/sepia-driver-vehicle /tmp/new/sepia-driver-vehicle
set -euo pipefail
n=500000
if [[ ${1:-} == -n ]]; then n=$2; shift 2; fi
[[ $# -ge 1 ]] || { echo "usage: $0 [-n MEMBERS] BINARY..." >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -c "import sys; n=int(sys.argv[1]); sys.stdout.write('[' + ','.join(['1']*n) + ']\n')" "$n" >"$tmp/in"
printf 'input line: %d bytes, %d members\n' "$(stat -c %s "$tmp/in")" "$n"
printf '%-50s %14s %10s %8s\n' binary answer_bytes rss_kib cpu_s
for bin in "$@"; do
	/usr/bin/time -f '%M %U %S' -o "$tmp/time" env -i VEHICLE_GARDEND=http://127.0.0.1:9 VEHICLE_GRAPH=g \
		"$bin" <"$tmp/in" >"$tmp/out" 2>/dev/null || true
	read -r rss user sys <"$tmp/time"
	printf '%-50s %14d %10d %8.2f\n' "$bin" "$(stat -c %s "$tmp/out")" "$rss" "$(echo "$user + $sys" | bc)"
done
