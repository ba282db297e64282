#!/usr/bin/env bash
# measure-all.sh: every figure of docs/benchmarks.md marked "the full run", one
# at a time, each with the baseline its section compares against, and the
# load average before each step. Run by hand on a quiet machine (not in
# CI; needs tmux, python3, curl and about 20 minutes):
#
#   scripts/measure-all.sh OUTDIR
#
# Baselines, built from their commits with git archive into OUTDIR:
#   2626e99  before the protocol-in-one-place change and the stream's
#            batching (Ingest/Apply/Ride CPU, streaming, the driver's batch)
#   934d3eb  before the pipelined ride and the lazy long sessions
#   c3a4b8c  before the split of vehicle and vehicle-tui (start)
#   49ea79f  before a long session's answer was kept compressed (long
#            sessions' RSS, with scripted and varied text)
#   upstream this tree built with GOWORK=off: upstream Bubble Tea (idle)
# Each step's output goes to OUTDIR/NN-name.txt; OUTDIR/summary.txt lists
# the steps, their load averages and how long each took.
set -euo pipefail
out=${1:?usage: scripts/measure-all.sh OUTDIR}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$root"
n=0
step() {
	local name=$1
	shift
	n=$((n + 1))
	local file
	file=$(printf '%s/%02d-%s.txt' "$out" "$n" "$name")
	local load0 t0
	load0=$(cut -d' ' -f1-3 /proc/loadavg)
	t0=$SECONDS
	{
		echo "# $*"
		echo "# load average before: $load0, $(date -u +%FT%TZ)"
		"$@" 2>&1 || echo "# it failed: exit $?"
		echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
	} >"$file"
	printf '%02d %-22s %4ds  load %s -> %s\n' "$n" "$name" $((SECONDS - t0)) "$load0" \
		"$(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/summary.txt"
}

echo "# $(go version), $(nproc) cores, $(date -u +%FT%TZ)" | tee "$out/summary.txt"

# Builds first, so none runs beside a measurement.
for rev in 2626e99 934d3eb c3a4b8c; do
	if [[ ! -x $out/$rev/bin/vehicle ]]; then
		rm -rf "${out:?}/$rev" && mkdir -p "$out/$rev"
		git archive "$rev" | tar -x -C "$out/$rev"
		(cd "$out/$rev" && GOWORK=off go build -o bin/ ./cmd/...)
	fi
done
for rev in 2626e99; do
	(cd "$out/$rev" && GOWORK=off go test -c -o bin/client.test ./client/ &&
		GOWORK=off go test -c -o bin/vehicle.test ./cmd/vehicle/)
done
cp -r scripts/tuifirstframe "$out/934d3eb/scripts/"
(cd "$out/934d3eb" && GOWORK=off go build -o bin/tuifirstframe ./scripts/tuifirstframe)
if [[ ! -x $out/49ea79f/bin/tuifirstframe ]]; then
	rm -rf "${out:?}/49ea79f" && mkdir -p "$out/49ea79f"
	git archive 49ea79f | tar -x -C "$out/49ea79f"
	(cd "$out/49ea79f" && go build -o bin/tuifirstframe ./scripts/tuifirstframe && go build -o bin/longsession ./scripts/longsession)
fi
mkdir -p "$out/upstream" "$out/new"
GOWORK=off go build -o "$out/upstream/" ./cmd/...
go build -o "$out/new/" ./cmd/...
go build -o "$out/new/tuifirstframe" ./scripts/tuifirstframe
go test -c -o "$out/new/client.test" ./client/
go test -c -o "$out/new/wire.test" ./client/wire/ # the state's benchmarks since the reducer moved there
go test -c -o "$out/new/vehicle.test" ./cmd/vehicle/
go build -o "$out/new/longsession" ./scripts/longsession
# Warm the test cache's builds of every benchmarked package.
go test -run '^$' -bench '^$' ./client/ ./client/wire/ ./cmd/vehicle/ ./cmd/sepia-driver-vehicle/ ./tui/ ./internal/search >/dev/null

b=$out/2626e99/bin new=$out/new
cpu() { /usr/bin/time -f 'cpu %U+%S s' "$@"; }

# The go test benchmarks, each section's command.
step ingest go test -run '^$' -bench Ingest -benchtime 50x ./client/
step apply go test -run '^$' -bench 'BenchmarkApply$' -benchtime 200000x ./client/wire/
step state-memory go test -run '^$' -bench 'BenchmarkStateMemory10k$' -benchtime 5x ./client/wire/
step ride-bench go test -run '^$' -bench Ride -benchtime 20x -count 3 ./cmd/vehicle/
step driver-history go test -run '^$' -bench HistoryPaging -count 3 ./cmd/sepia-driver-vehicle/
step tui-bench go test -run '^$' -bench . -benchtime 3s -benchmem ./tui/
step search-bench go test -run '^$' -bench . -benchmem -count 5 ./internal/search
step tui-search go test -run '^$' -bench 'Frame10k$|Search.*10k' -benchmem -count 5 ./tui/
step lazy-lib go test -run '^$' -bench 'OpenSnapshot|OpenMemory|OpenUnmarshal|FoldToTop' -benchtime 3x ./client/
step tui-long go test -run '^$' -bench 'PageToTop|SearchFirst' -benchtime 3x ./tui/
step fold-step go test -run '^$' -bench 'BenchmarkFoldStep|BenchmarkSearchFirst$' -benchtime 10x -count 3 ./tui/

# The protocol-in-one-place comparison: CPU of the same fixed work, test
# binaries alternating.
for r in 1 2 3; do
	step "cpu-ingest-base-$r" cpu "$b/client.test" -test.run '^$' -test.bench 'BenchmarkIngestPipeline$' -test.benchtime 50x
	step "cpu-ingest-new-$r" cpu "$new/client.test" -test.run '^$' -test.bench 'BenchmarkIngestPipeline$' -test.benchtime 50x
	step "cpu-apply-base-$r" cpu "$b/client.test" -test.run '^$' -test.bench 'BenchmarkApply$' -test.benchtime 200000x
	step "cpu-apply-new-$r" cpu "$new/wire.test" -test.run '^$' -test.bench 'BenchmarkApply$' -test.benchtime 200000x
done

# Whole processes.
step ride-throughput scripts/ride-throughput.sh -b 934d3eb -r 7
step start-to-ready python3 scripts/start-to-ready.py --runs 20 "$out/c3a4b8c/bin/vehicle" "$new/vehicle"
step long-session scripts/long-session.sh 50000 3
step long-session-tui-10k scripts/long-session-tui.sh 10000 3 "$out/934d3eb/bin/tuifirstframe" "$new/tuifirstframe"
step long-session-tui-50k scripts/long-session-tui.sh 50000 3 "$out/934d3eb/bin/tuifirstframe" "$out/49ea79f/bin/tuifirstframe" "$new/tuifirstframe"
step long-session-varied env TEXT=varied scripts/long-session.sh 50000 3
step long-session-tui-50k-varied env TEXT=varied scripts/long-session-tui.sh 50000 3 "$out/49ea79f/bin/tuifirstframe" "$new/tuifirstframe"
step idle scripts/idle-wakeups.sh -s 60 "$out/upstream/vehicle" "$new/vehicle"
step key-latency python3 scripts/key-latency.py --keys 30 "$out/upstream/vehicle" "$new/vehicle" "$out/upstream/vehicle" "$new/vehicle"
step stream-5ms scripts/stream-cpu.sh -n 400 -d 5ms "$b/vehicle" "$out/upstream/vehicle" "$new/vehicle" "$b/vehicle" "$out/upstream/vehicle" "$new/vehicle"
step stream-1ms scripts/stream-cpu.sh -n 1000 -d 1ms "$b/vehicle" "$out/upstream/vehicle" "$new/vehicle" "$b/vehicle" "$out/upstream/vehicle" "$new/vehicle"
step stream-10ms scripts/stream-cpu.sh -n 1000 -d 10ms "$b/vehicle" "$new/vehicle" "$b/vehicle" "$new/vehicle" "$b/vehicle" "$new/vehicle"
step driver-batch scripts/driver-batch.sh -n 500000 "$b/sepia-driver-vehicle" "$new/sepia-driver-vehicle"
step driver-batch-big scripts/driver-batch.sh -n 7300000 "$new/sepia-driver-vehicle"
echo "# done $(date -u +%FT%TZ), load average $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/summary.txt"
