package ride

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

// throughputRequests is how many inspect lines one ride of
// BenchmarkRideInspect carries, as scripts/ride-throughput.sh sends.
const throughputRequests = 1000

// inspectLines are n inspect lines, numbered.
func inspectLines(n int) []byte {
	var b bytes.Buffer
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `{"op":"inspect","requestId":"r%d"}`+"\n", i)
	}
	return b.Bytes()
}

// seededSession makes a session with a short conversation, as the demo's:
// two prompts, each played to the end.
func seededSession(b *testing.B, c *client.Client) string {
	ctx := context.Background()
	cr, err := c.Create(ctx, client.CreateRequest{Title: "Welcome to vehicle"})
	if err != nil {
		b.Fatal(err)
	}
	id := cr.Session.SessionID
	st, err := c.Stream(ctx, id, client.StreamOptions{Since: cr.Cursor})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	for _, p := range []string{"What is vehicle, and what can I do here?", "Find the notes about leases #tool"} {
		if _, err := c.Prompt(ctx, id, p); err != nil {
			b.Fatal(err)
		}
		for st.Next() && st.Current().Type != client.EvRunSettled {
		}
	}
	if err := c.Release(ctx, id); err != nil {
		b.Fatal(err)
	}
	return id
}

// BenchmarkRideInspect runs rides of 1,000 pipelined inspect lines on a
// session of the reference host on loopback (--session ID --no-claim), as
// scripts/ride-throughput.sh does with the binary. Each op is one ride. Under
// -cpuprofile, the host's CPU is the samples under net/http.(*conn).serve;
// the rest is the ride's and its client's.
func BenchmarkRideInspect(b *testing.B) {
	h := newHost(b)
	seed := newClient(b, h.URL, "ada-token", "seed")
	id := seededSession(b, seed)
	input := inspectLines(throughputRequests)
	c := newClient(b, h.URL, "ada-token", "bench", client.WithHTTPClient(NewHTTPClient(DefaultWindow)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var out countingWriter
		err := Run(context.Background(), Config{Client: c, Session: id, NoClaim: true}, bytes.NewReader(input), &out)
		if err != nil || out.lines != throughputRequests+2 {
			b.Fatalf("ride: %v, %d lines out, want %d", err, out.lines, throughputRequests+2)
		}
	}
	b.ReportMetric(float64(b.N*throughputRequests)/b.Elapsed().Seconds(), "requests/s")
}

// countingWriter counts the lines written to it.
type countingWriter struct{ lines int }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.lines += bytes.Count(p, []byte{'\n'})
	return len(p), nil
}
