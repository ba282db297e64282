#!/usr/bin/env bash
# quiet.sh: what an idle vehicle TUI wakes for, this tree against a
# baseline revision, builds alternating in one run (scripts/quietbench, both
# trees built by scripts/lib/builds.sh). Run by hand (not in CI) from the
# repository's root:
#
#   scripts/quiet.sh [-lease] BASELINE_REV [IDLE_SECONDS] [ROUNDS]
#
# Without -lease (issue 28's figures; about 20 minutes with the defaults,
# 120 s and 3 rounds): idle on a live stream with the host's keepalive
# every 15 s and every 5 s (this tree also with GODEBUG=updatemaxprocs=1,
# the GOMAXPROCS refresh that vehicle-tui turns off, put back), then the
# 20 KB reply streamed in 2,000 deltas 10 ms apart, in a terminal that
# answers the query for synchronized output and in one that does not. Idle
# windows of 120 s hold one of the runtime's forced collections (every 2
# minutes) each.
#
# With -lease (issue 38's first figure; about an hour with the defaults,
# 300 s and 3 rounds): the driver's ordinary state, the lease held and
# renewed, at a 15 s and a 5 s keepalive: the TUI opens a new session,
# sends a prompt and its 20 KB reply streams in whole, a key is pressed
# (the person is here, so the lease is renewed at its timer), and then
# IDLE_SECONDS are counted; at the host's 5-minute lease, 300 s hold its
# renewal. Medians and ranges over the rounds, and this tree's against the
# baseline's.
set -euo pipefail
lease=
if [[ ${1:-} == -lease ]]; then lease=1; shift; fi
[[ $# -ge 1 ]] || { echo "usage: $0 [-lease] BASELINE_REV [IDLE_SECONDS] [ROUNDS]" >&2; exit 2; }
. "$(dirname "$0")/lib/builds.sh" "$1"
rounds=${3:-3}
if [[ -n $lease ]]; then
	secs=${2:-300}
	for ka in 15s 5s; do
		"$qb" idle -prompt -here -secs "$secs" -keepalive "$ka" -rounds "$rounds" "$b" "$n"
	done
	exit
fi
secs=${2:-120}
for ka in 15s 5s; do
	"$qb" idle -secs "$secs" -keepalive "$ka" "$b" "$n" "GODEBUG=updatemaxprocs=1@$n"
done
"$qb" stream -sync -rounds "$rounds" "$b" "$n"
"$qb" stream -rounds "$rounds" "$b" "$n"
