package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/config"
)

// rideBenchRequests is how many requests one pipelined ride carries.
const rideBenchRequests = 1000

// rideBenchLines are the requests of one pipelined ride: a cycle of a lease
// renewal, a mutation, and three reads.
func rideBenchLines() []byte {
	ops := []string{`"op":"claim"`, `"op":"set_room_policy","policy":"suggest"`, `"op":"inspect"`, `"op":"capsule"`, `"op":"account"`}
	var b bytes.Buffer
	for i := 0; i < rideBenchRequests; i++ {
		fmt.Fprintf(&b, `{%s,"requestId":"b%d"}`+"\n", ops[i%len(ops)], i)
	}
	return b.Bytes()
}

// rideLineCounter counts the lines written to it.
type rideLineCounter struct{ lines int }

func (w *rideLineCounter) Write(p []byte) (int, error) {
	w.lines += bytes.Count(p, []byte{'\n'})
	return len(p), nil
}

// rideOnce runs one ride of the prepared requests and returns its duration.
func rideOnce(b *testing.B, url string, input []byte) time.Duration {
	out := &rideLineCounter{}
	rio := rideIO{in: bytes.NewReader(input), out: out, errw: io.Discard,
		env: config.MapEnv(map[string]string{"VEHICLE_TOKEN": "ada-token"})}
	start := time.Now()
	if code := rideCommand(context.Background(), []string{"--gardend", url, "--graph", "demo", "--new"}, rio); code != 0 {
		b.Fatalf("the ride exited %d", code)
	}
	d := time.Since(start)
	if out.lines != rideBenchRequests+2 {
		b.Fatalf("%d lines out, want %d", out.lines, rideBenchRequests+2)
	}
	return d
}

// libraryOnce makes the same requests through the library and returns the
// duration.
func libraryOnce(b *testing.B, url string) time.Duration {
	ctx := context.Background()
	start := time.Now()
	c, err := client.New(url, client.WithGraph("demo"), client.WithToken("ada-token"))
	if err != nil {
		b.Fatal(err)
	}
	created, err := c.Create(ctx, client.CreateRequest{})
	if err != nil {
		b.Fatal(err)
	}
	id := created.Session.SessionID
	for i := 0; i < rideBenchRequests; i++ {
		switch i % 5 {
		case 0:
			_, err = c.Claim(ctx, id)
		case 1:
			_, err = c.SetRoomPolicy(ctx, id, client.PolicySuggest)
		case 2:
			_, err = c.Inspect(ctx, id)
		case 3:
			_, err = c.Capsule(ctx, id)
		case 4:
			_, err = c.Account(ctx)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	if err := c.Release(ctx, id); err != nil {
		b.Fatal(err)
	}
	return time.Since(start)
}

// BenchmarkRideOverhead runs, in each iteration, a 1,000-request pipelined
// ride and the same requests made directly through the library, against
// one reference host, and reports both rates and the ride's overhead.
func BenchmarkRideOverhead(b *testing.B) {
	srv := vehicletest.NewServer(b)
	input := rideBenchLines()
	var rideTime, libTime time.Duration
	i := 0
	for b.Loop() {
		// Alternate which goes first, so neither always pays for the
		// other's garbage.
		if i%2 == 0 {
			rideTime += rideOnce(b, srv.URL, input)
			libTime += libraryOnce(b, srv.URL)
		} else {
			libTime += libraryOnce(b, srv.URL)
			rideTime += rideOnce(b, srv.URL, input)
		}
		i++
	}
	n := float64(b.N * rideBenchRequests)
	rideRate, libRate := n/rideTime.Seconds(), n/libTime.Seconds()
	b.ReportMetric(rideRate, "ride-req/s")
	b.ReportMetric(libRate, "library-req/s")
	b.ReportMetric((libRate/rideRate-1)*100, "overhead-%")
}

// BenchmarkRideStartToReady measures the built binary from its start to its
// ready frame (a new session on a loopback host).
func BenchmarkRideStartToReady(b *testing.B) {
	bin := buildRideBinary(b)
	srv := vehicletest.NewServer(b)
	env := append(os.Environ(), "VEHICLE_TOKEN=ada-token", "VEHICLE_GARDEND="+srv.URL, "VEHICLE_GRAPH=demo")
	var toReady time.Duration
	for b.Loop() {
		toReady += rideStartToReady(b, bin, env)
	}
	b.ReportMetric(float64(toReady.Microseconds())/1000/float64(b.N), "ms-to-ready")
}

// rideStartToReady starts the binary, waits for ready, ends its input and waits
// for it to exit; it returns the time to ready.
func rideStartToReady(b *testing.B, bin string, env []string) time.Duration {
	cmd := exec.Command(bin, "ride", "--new")
	cmd.Env = env
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	start := time.Now()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	d := time.Since(start)
	if err != nil || !strings.Contains(line, `"type":"ready"`) {
		b.Fatalf("no ready: %v %s", err, line)
	}
	_ = stdin.Close()
	_, _ = io.Copy(io.Discard, stdout)
	if err := cmd.Wait(); err != nil {
		b.Fatal(err)
	}
	return d
}
