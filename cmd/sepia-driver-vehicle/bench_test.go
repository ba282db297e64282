package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/cmd/sepia-driver-vehicle/driver"
	"github.com/sophia-labs/vehicle/cmd/sepia-driver-vehicle/drivertest"
)

// Sizes of the paging benchmark.
const (
	benchMessages = 10_000
	benchPage     = 100
	benchTools    = 100 // tool calls per model turn
)

// manyTools is a model whose one run makes exactly benchMessages transcript
// messages: the prompt, full turns of benchTools tool calls (each turn an
// assistant message and its tool results), a shorter last tool turn and a
// closing reply.
type manyTools struct{}

// Turn answers step s with as many tool calls as still fit.
func (manyTools) Turn(_ context.Context, req vehicletest.TurnRequest) vehicletest.Reply {
	left := benchMessages - 1 - (req.Step-1)*(benchTools+1) // messages still to make
	if left <= 1 {
		return vehicletest.Reply{Deltas: []string{"done"}, CostUSD: 1e-9}
	}
	calls := make([]vehicletest.ToolUse, min(benchTools, left-2))
	for i := range calls {
		calls[i] = vehicletest.ToolUse{Name: "search_documents", Result: fmt.Sprintf("result %d of step %d", i, req.Step)}
	}
	return vehicletest.Reply{Deltas: []string{"searching"}, ToolCalls: calls, CostUSD: 1e-9}
}

// benchWorld is a host holding one session of benchMessages messages.
func benchWorld(b *testing.B) (*world, string) {
	b.Helper()
	w := newWorld(b, vehicletest.WithModel(manyTools{}),
		vehicletest.WithLimits(vehicletest.Limits{MaxTurns: 1_000_000, MaxCostUSD: 1e6}))
	id := w.create(b, "ten thousand messages")
	w.talk(b, id, "go")
	snap, err := w.ada.Inspect(context.Background(), id)
	if err != nil || len(snap.Transcript) != benchMessages {
		b.Fatalf("the session has %d messages (%v), want %d", len(snap.Transcript), err, benchMessages)
	}
	return w, id
}

// BenchmarkHistoryPaging pages through a 10,000-message session, 100
// messages a page, from its end to its start: through the driver in this
// process (JSON-RPC lines over pipes), through the built binary, and
// straight through the library, which has no paging of its own: either one
// inspect per page (what a stateless caller does) or one inspect cut into
// every page (the floor).
func BenchmarkHistoryPaging(b *testing.B) {
	w, id := benchWorld(b)
	b.Run("library-inspect-per-page", func(b *testing.B) {
		for b.Loop() {
			pageWithLibrary(b, w.ada, id, false)
		}
		reportRate(b)
	})
	b.Run("library-inspect-once", func(b *testing.B) {
		for b.Loop() {
			pageWithLibrary(b, w.ada, id, true)
		}
		reportRate(b)
	})
	b.Run("driver", func(b *testing.B) {
		for b.Loop() {
			pageWithFreshDriver(b, w.env("ada-token"), id)
		}
		reportRate(b)
	})
	b.Run("driver-warm", func(b *testing.B) {
		in, out, stop := startInProcess(w.env("ada-token"))
		defer stop()
		for b.Loop() {
			pageWithDriver(b, in, out, id)
		}
		reportRate(b)
	})
	b.Run("binary", func(b *testing.B) {
		bin := drivertest.Build(b, ".")
		home := b.TempDir()
		env := []string{"HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "state"), "PATH=" + os.Getenv("PATH"),
			"VEHICLE_GARDEND=" + w.front.URL, "VEHICLE_GRAPH=demo", "VEHICLE_TOKEN=ada-token"}
		for b.Loop() {
			pageWithBinary(b, bin, env, id)
		}
		reportRate(b)
	})
}

// startInProcess serves a fresh driver over pipes in this process.
func startInProcess(env map[string]string) (io.Writer, *bufio.Reader, func()) {
	srv := driver.New(driver.Options{Resolver: resolver(env)})
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = srv.Serve(context.Background(), inR, outW)
		outW.Close()
	}()
	return inW, bufio.NewReaderSize(outR, 1<<20), func() { inW.Close(); <-done }
}

// pageWithFreshDriver pages through the session with a driver that has
// read nothing yet, as a newly spawned one.
func pageWithFreshDriver(b *testing.B, env map[string]string, id string) {
	in, out, stop := startInProcess(env)
	defer stop()
	pageWithDriver(b, in, out, id)
}

// pageWithBinary spawns the driver, pages through the session and lets the
// driver end at the end of its input.
func pageWithBinary(b *testing.B, bin string, env []string, id string) {
	cmd := exec.Command(bin)
	cmd.Env = env
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	pageWithDriver(b, in, bufio.NewReaderSize(out, 1<<20), id)
	in.Close()
	if err := cmd.Wait(); err != nil {
		b.Fatalf("the driver did not exit cleanly: %v", err)
	}
}

// reportRate reports messages per second over the whole benchmark.
func reportRate(b *testing.B) {
	b.ReportMetric(float64(benchMessages*b.N)/b.Elapsed().Seconds(), "messages/s")
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(float64(b.Elapsed())/float64(b.N)/float64(time.Millisecond), "ms/session")
}

// pageWithLibrary reads the pages through the library: inspect (for every
// page, or once), then cut the page before the last one's first message.
func pageWithLibrary(b *testing.B, c *client.Client, id string, once bool) {
	end, n := -1, 0
	var snap *client.Snapshot
	for end != 0 {
		if snap == nil || !once {
			var err error
			if snap, err = c.Inspect(context.Background(), id); err != nil {
				b.Fatal(err)
			}
		}
		if end < 0 {
			end = len(snap.Transcript)
		}
		start := max(end-benchPage, 0)
		n += len(snap.Transcript[start:end])
		end = start
	}
	if n != benchMessages {
		b.Fatalf("read %d messages, want %d", n, benchMessages)
	}
}

// pageWithDriver asks session.history page after page until the start.
func pageWithDriver(b *testing.B, in io.Writer, out *bufio.Reader, id string) {
	params := map[string]any{"id": id, "limit": benchPage}
	n := 0
	for seq := 1; ; seq++ {
		req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": seq, "method": "session.history", "params": params})
		if _, err := in.Write(append(req, '\n')); err != nil {
			b.Fatal(err)
		}
		line, err := out.ReadBytes('\n')
		if err != nil {
			b.Fatal(err)
		}
		var r struct {
			Result *driver.HistoryPage `json:"result"`
		}
		if err := json.Unmarshal(line, &r); err != nil || r.Result == nil {
			b.Fatalf("session.history: %v: %.300s", err, line)
		}
		n += len(r.Result.Messages)
		if !r.Result.HasMore {
			break
		}
		params["before"] = *r.Result.NextBefore
	}
	if n != benchMessages {
		b.Fatalf("read %d messages, want %d", n, benchMessages)
	}
}
