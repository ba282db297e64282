#!/usr/bin/env bash
# wall-cost.sh: what a wall of four live tiles costs the vehicle TUI against
# one session, this tree against a baseline revision, builds alternating in
# one run (scripts/quietbench wall, both trees built by
# scripts/lib/builds.sh). Run by hand (not in CI; about 3 minutes a round)
# from the repository's root:
#
#   scripts/wall-cost.sh BASELINE_REV [ROUNDS] [IDLE_SECONDS] [SIZE]
#
# Per round and build: the TUI watching one session, then four as a wall
# (the first focused), in a pty of SIZE (120x40 unless given) feeding a
# terminal emulator; every session is sent the same 20 KB markdown reply in
# 2,000 deltas 10 ms apart, all at once. From the prompts until every tile
# shows its reply's end and the output is still: the TUI's CPU, context
# switches and bytes, and each tile's lag, from its session's last piece (as
# the bench's own unthrottled stream reads the reply's message.completed) to
# the end on the tile's part of the screen (read every 10 ms). Then
# IDLE_SECONDS (20 unless given) with nothing streaming: wake-ups a second.
# Last, per build, the medians and ranges over ROUNDS (3 unless given) of
# four tiles' CPU against one session's, the slowest tile's lag and four
# idle tiles' wake-ups, and this tree's medians against the baseline's.
# With DRIVE=1 the TUI drives the sessions and each prompt is typed in its
# tile (alt+→ to the next).
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 BASELINE_REV [ROUNDS] [IDLE_SECONDS] [SIZE]" >&2; exit 2; }
. "$(dirname "$0")/lib/builds.sh" "$1"
drive=()
[[ -n ${DRIVE:-} ]] && drive=(-drive)
"$qb" wall "${drive[@]}" -rounds "${2:-3}" -idle "${3:-20}" -size "${4:-120x40}" "$b" "$n"
