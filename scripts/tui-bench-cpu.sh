#!/usr/bin/env bash
# tui-bench-cpu.sh measures the TUI's frame and delta benchmarks at 10,000
# messages as CPU time per operation, this tree against a baseline revision,
# alternating, in the same run. Run by hand (not in CI) from the
# repository's root:
#
#   scripts/tui-bench-cpu.sh BASELINE_REV [ROUNDS]
#
# Each measurement runs a benchmark's test binary twice with a fixed count
# (-test.benchtime Nx), N1 then N2, under GOMAXPROCS=1, and takes the whole
# process's user and system CPU: (CPU(N2) - CPU(N1)) / (N2 - N1) is the CPU
# of one operation, setup and the first run cancelled out. CPU time is
# steadier than the benchmarks' own wall time on a machine others load: the
# wall time of a run waits for the cores; its CPU time does not.
set -euo pipefail

base=${1:?usage: $0 BASELINE_REV [ROUNDS]}
rounds=${2:-3}
tmp=$(mktemp -d)
cleanup() {
	git worktree remove --force "$tmp/base" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT

git worktree add --detach --quiet "$tmp/base" "$base"
(cd "$tmp/base/tui" && go test -c -o "$tmp/before.test" .)
(cd tui && go test -c -o "$tmp/after.test" .)

# cpu BINARY BENCH N: seconds of CPU of the whole process.
cpu() {
	(cd tui && /usr/bin/time -f "%U %S" -o "$tmp/cpu" env GOMAXPROCS=1 "$1" -test.run '^$' \
		-test.bench "^$2\$" -test.benchtime "${3}x" >/dev/null 2>&1)
	awk '{printf "%.3f", $1+$2}' "$tmp/cpu"
}

printf "%-30s %-6s %-7s %s\n" benchmark round tree "CPU per op (µs)"
for spec in "BenchmarkFrame10k 2000 20000" "BenchmarkDelta 500 5000" \
	"BenchmarkDeltaBetweenFlushes 200000 2000000" "BenchmarkFirstFrame10k 10 100"; do
	read -r bench n1 n2 <<<"$spec"
	for r in $(seq "$rounds"); do
		for tree in before after; do
			a=$(cpu "$tmp/$tree.test" "$bench" "$n1")
			b=$(cpu "$tmp/$tree.test" "$bench" "$n2")
			printf "%-30s %-6s %-7s %s (load %s)\n" "$bench" "$r" "$tree" \
				"$(awk -v a="$a" -v b="$b" -v n1="$n1" -v n2="$n2" 'BEGIN{printf "%.1f", (b-a)/(n2-n1)*1e6}')" \
				"$(cut -d' ' -f1 /proc/loadavg)"
		done
	done
done
