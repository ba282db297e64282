#!/usr/bin/env bash
# ride-throughput.sh measures how many pipelined inspect requests a second
# `vehicle ride` answers, against a single keep-alive curl connection and
# Python's http.client, all against the same reference host on loopback, in
# the same run. Run by hand (not in CI) from the repository's root:
#
#   scripts/ride-throughput.sh [-n REQUESTS] [-r RUNS] [-b BASELINE_REV] [-e VAR=VALUE]
#
# -b also measures the ride built from another revision (e.g. the one before
# the pipeline), in the same run. -e sets a variable in the environment of
# both rides (e.g. -e GOMAXPROCS=1); it may be given more than once. Each run is the whole process, from start to
# exit, including the ride's start (one inspect) and curl's and Python's own.
set -euo pipefail

n=1000 runs=3 baseline="" ride_env=()
while getopts "n:r:b:e:" o; do
	case $o in
	n) n=$OPTARG ;;
	r) runs=$OPTARG ;;
	b) baseline=$OPTARG ;;
	e) ride_env+=("$OPTARG") ;;
	*) echo "usage: $0 [-n REQUESTS] [-r RUNS] [-b BASELINE_REV] [-e VAR=VALUE]" >&2; exit 2 ;;
	esac
done

tmp=$(mktemp -d)
demo_pid=""
cleanup() {
	if [[ -n $demo_pid ]]; then kill "$demo_pid" 2>/dev/null || true; wait "$demo_pid" 2>/dev/null || true; fi
	rm -rf "$tmp"
}
trap cleanup EXIT

go build -o "$tmp/" ./cmd/vehicle ./cmd/vehicle-tui # the demo below: vehicle becomes vehicle-tui
if [[ -n $baseline ]]; then
	mkdir "$tmp/base"
	git archive "$baseline" | tar -x -C "$tmp/base"
	(cd "$tmp/base" && go build -o "$tmp/vehicle-base" ./cmd/vehicle)
fi

# The reference host, as `vehicle demo` serves it; its first lines name the
# URL and the session.
mkfifo "$tmp/demo.out"
"$tmp/vehicle" demo --listen 127.0.0.1:0 --no-tui >"$tmp/demo.out" 2>"$tmp/demo.err" &
demo_pid=$!
exec 3<"$tmp/demo.out"
url="" session=""
while [[ -z $session ]] && IFS= read -r -t 30 -u 3 line; do
	[[ $line =~ ^vehicle\ demo\ host:\ (http://[^ ]+) ]] && url=${BASH_REMATCH[1]}
	[[ $line =~ on\ session\ ([^.]+)\. ]] && session=${BASH_REMATCH[1]}
done
if [[ -z $url || -z $session ]]; then
	echo "the demo host did not start within 30 s:" >&2
	cat "$tmp/demo.err" >&2
	exit 1
fi
cat <&3 >/dev/null & # keep draining the host's output

inspect_url="$url/services/vehicle/g/demo/sessions/$session"
for ((i = 0; i < n; i++)); do
	printf '{"op":"inspect","requestId":"r%d"}\n' "$i"
done >"$tmp/lines.jsonl"
curl_args=()
for ((i = 0; i < n; i++)); do curl_args+=("$inspect_url"); done

cat >"$tmp/client.py" <<'PY'
import http.client, sys, urllib.parse
u = urllib.parse.urlsplit(sys.argv[1])
c = http.client.HTTPConnection(u.hostname, u.port)
for _ in range(int(sys.argv[2])):
    c.request("GET", u.path, headers={"Authorization": "Bearer ada-token"})
    r = c.getresponse()
    r.read()
    if r.status != 200:
        sys.exit(f"HTTP {r.status}")
PY

now() { date +%s%N; }
rate() { awk -v n="$n" -v ns="$1" 'BEGIN { printf "%.0f", n / (ns / 1e9) }'; }
# timed NAME CMD...: runs CMD under /usr/bin/time, keeping its CPU (user +
# system seconds) in $tmp/NAME.cpu.
timed() {
	local name=$1
	shift
	/usr/bin/time -f '%U %S' -o "$tmp/$name.cpu" "$@"
}
# cpu NAME: the CPU of the last timed NAME, in microseconds per request.
cpu() { awk -v n="$n" '{ printf "%.0f", ($1 + $2) * 1e6 / n }' "$tmp/$1.cpu"; }

# ride BIN: the ride's rate; checks every answer came, in order.
ride() {
	local t0 t1
	t0=$(now)
	timed ride env VEHICLE_TOKEN=ada-token "${ride_env[@]}" "$1" ride --gardend "$url" --graph demo --session "$session" --no-claim \
		<"$tmp/lines.jsonl" >"$tmp/ride.out"
	t1=$(now)
	local want got
	want=$(seq 0 $((n - 1)) | sed 's/^/r/')
	got=$(grep -o '"requestId":"r[0-9]*"' "$tmp/ride.out" | cut -d'"' -f4)
	if [[ $got != "$want" ]] || [[ $(grep -c '"type":"session.snapshot"' "$tmp/ride.out") != "$n" ]]; then
		echo "the ride's answers are missing or out of order" >&2
		exit 1
	fi
	rate $((t1 - t0))
}

# curl1: one curl process, every URL on one command line: one connection.
curl1() {
	local t0 t1 conns
	t0=$(now)
	conns=$(timed curl curl -sf -H "Authorization: Bearer ada-token" -o /dev/null -w '%{num_connects}\n' "${curl_args[@]}" |
		awk '{ s += $1 } END { print s }')
	t1=$(now)
	[[ $conns == 1 ]] || { echo "curl opened $conns connections, not 1" >&2; exit 1; }
	rate $((t1 - t0))
}

python1() {
	local t0 t1
	t0=$(now)
	timed python python3 "$tmp/client.py" "$inspect_url" "$n"
	t1=$(now)
	rate $((t1 - t0))
}

echo "$n inspect requests, $runs runs${ride_env[*]:+, rides with ${ride_env[*]}}; load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
echo "rates in requests/s; cpu: the client process's user+system time per request, in microseconds"
printf '%-4s %7s %7s %7s %7s %9s %11s %8s %8s %8s\n' run ride curl python base ride/curl ride/python \
	ride-cpu curl-cpu base-cpu
for ((r = 1; r <= runs; r++)); do
	a=$(ride "$tmp/vehicle")
	ac=$(cpu ride)
	c=$(curl1)
	p=$(python1)
	b=- bc=-
	if [[ -n $baseline ]]; then
		b=$(ride "$tmp/vehicle-base")
		bc=$(cpu ride)
	fi
	printf '%-4s %7s %7s %7s %7s %9s %11s %8s %8s %8s\n' "$r" "$a" "$c" "$p" "$b" \
		"$(awk -v a="$a" -v c="$c" 'BEGIN { printf "%.2f", a / c }')" \
		"$(awk -v a="$a" -v p="$p" 'BEGIN { printf "%.2f", a / p }')" "$ac" "$(cpu curl)" "$bc"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
