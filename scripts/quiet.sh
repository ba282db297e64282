#!/usr/bin/env bash
# quiet.sh: issue 28's figures in one run, this tree against a baseline
# revision, builds alternating (scripts/quietbench): idle on a live stream
# with the host's keepalive every 15 s and every 5 s (this tree also with
# GODEBUG=updatemaxprocs=1, the GOMAXPROCS refresh that vehicle-tui turns
# off put back), then the 20 KB reply streamed in 2,000 deltas 10 ms apart,
# in a terminal that answers the query for synchronized output and in one
# that does not. Idle windows of 120 s hold one of the runtime's forced
# collections (every 2 minutes) each. Run by hand (not in CI; about 20
# minutes with the defaults) from the repository's root:
#
#   scripts/quiet.sh BASELINE_REV [IDLE_SECONDS] [ROUNDS]    # default 120 s, 3 rounds
set -euo pipefail
base=${1:?usage: $0 BASELINE_REV [IDLE_SECONDS] [ROUNDS]}
secs=${2:-120}
rounds=${3:-3}
tmp=$(mktemp -d)
cleanup() {
	git worktree remove --force "$tmp/src" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT
git worktree add --detach --quiet "$tmp/src" "$base"
(cd "$tmp/src" && go build -o "$tmp/base/" ./cmd/...)
go build -o "$tmp/new/" ./cmd/...
go build -o "$tmp/quietbench" ./scripts/quietbench
b=$tmp/base/vehicle n=$tmp/new/vehicle
echo "# baseline $(git rev-parse --short "$base"), this tree $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (modified)'); $(go version)"
for ka in 15s 5s; do
	"$tmp/quietbench" idle -secs "$secs" -keepalive "$ka" "$b" "$n" "GODEBUG=updatemaxprocs=1@$n"
done
"$tmp/quietbench" stream -sync -rounds "$rounds" "$b" "$n"
"$tmp/quietbench" stream -rounds "$rounds" "$b" "$n"
