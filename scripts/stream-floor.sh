#!/usr/bin/env bash
# stream-floor.sh: what a streamed reply costs the vehicle TUI against what
# reading its events costs (issue 38's third figure), this tree and a
# baseline revision, with curl -N on the same stream as the floor, all in
# one run, alternating (scripts/quietbench stream, both trees built by
# scripts/lib/builds.sh). Run by hand (not in CI; about a minute a round)
# from the repository's root:
#
#   scripts/stream-floor.sh BASELINE_REV [ROUNDS]
#
# Per round: curl -N, then each build in a 120x40 pty that answers the
# query for synchronized output, each on a new session of a reference host
# that streams the same 20 KB markdown reply as 2,000 deltas 10 ms apart;
# from the prompt until the reply's end is shown and the output is still,
# the process's CPU, switches, bytes and RSS. Last, each build's CPU against
# curl's of the same round (median, range and the ratio by round), and this
# tree's against the baseline's.
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 BASELINE_REV [ROUNDS]" >&2; exit 2; }
. "$(dirname "$0")/lib/builds.sh" "$1"
"$qb" stream -sync -rounds "${2:-3}" curl "$b" "$n"
