package client

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	sse "github.com/r3labs/sse/v2"
	cbackoff "gopkg.in/cenkalti/backoff.v1"
)

// ingestEvents is how many events one benchmark iteration ingests.
const ingestEvents = 10_000

// ingestRun is one run's events in a realistic mix: a user turn, a tool call,
// eight text deltas, the reply, command and run events, a lease renewal. In
// the values, {n} is the run's number.
func ingestRun() [][2]string {
	evs := [][2]string{
		{EvCommandAccepted, `{"commandId":"c-{n}","op":"prompt","status":"accepted","disposition":"started"}`},
		{EvRunStarted, `{"runId":"r-{n}","tools":["search_documents","read_document"]}`},
		{EvMessageCompleted, `{"entryId":"e-u{n}","role":"user","text":"what changed in the cow census?","timestamp":"2026-10-13T10:00:00Z"}`},
		{EvToolStarted, `{"toolCallId":"t-{n}","toolName":"search_documents"}`},
		{EvToolResult, `{"toolCallId":"t-{n}","toolName":"search_documents","isError":false}`},
	}
	for range 8 {
		evs = append(evs, [2]string{EvMessageDelta, `{"runId":"r-{n}","messageId":"m-{n}","delta":"some words of the reply "}`})
	}
	return append(evs,
		[2]string{EvMessageCompleted, `{"entryId":"e-a{n}","messageId":"m-{n}","role":"assistant","text":"The census grew by four cows since last spring.","usage":{"turns":1,"costUsd":0.001},"timestamp":"2026-10-13T10:00:01Z"}`},
		[2]string{EvCommandCompleted, `{"commandId":"c-{n}"}`},
		[2]string{EvRunEnded, `{"runId":"r-{n}"}`},
		[2]string{EvRunSettled, `{"runId":"r-{n}","aborted":false,"usage":{"turns":2,"costUsd":0.002}}`},
		[2]string{EvLeaseRenewed, `{"principal":"user:ada","clientId":"cli-1","expiresAt":"2026-10-13T10:05:01Z"}`},
	)
}

// ingestStream is a prepared SSE body of n events, runs of ingestRun ending
// with session.deleted so that a Stream ends on it, and its mean bytes per
// event.
func ingestStream(n int) ([]byte, float64) {
	var b bytes.Buffer
	var seq int64
	frame := func(typ, value string) {
		ev := Event{Protocol: Protocol, Type: typ, SessionID: "s-4f2a9c1e", At: "2026-10-13T10:00:00.123Z", Value: json.RawMessage(value)}
		if typ != EvMessageDelta {
			seq++
			ev.Seq = seq
			fmt.Fprintf(&b, "id: %d\n", seq)
		}
		data, err := json.Marshal(ev)
		if err != nil {
			panic(err) // a value above is not JSON
		}
		fmt.Fprintf(&b, "event: %s\ndata: %s\n\n", typ, data)
	}
	run := ingestRun()
	for i := 0; i < n-1; i++ {
		e := run[i%len(run)]
		frame(e[0], strings.ReplaceAll(e[1], "{n}", strconv.Itoa(i/len(run))))
	}
	frame(TypeSessionDeleted, `{"trashedAs":"trash/s-4f2a9c1e"}`)
	return b.Bytes(), float64(b.Len()) / float64(n)
}

// ingestServer serves body to every request as an SSE response.
func ingestServer(b *testing.B, body []byte) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write(body)
	}))
	b.Cleanup(srv.Close)
	return srv
}

func reportEvents(b *testing.B, perOp int, frameBytes float64) {
	b.ReportMetric(float64(perOp)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
	b.ReportMetric(frameBytes, "B/event")
}

// BenchmarkIngestPipeline measures SSE bytes -> Stream -> State.Apply.
func BenchmarkIngestPipeline(b *testing.B) {
	body, size := ingestStream(ingestEvents)
	srv := ingestServer(b, body)
	c, err := New(srv.URL, WithMount(""), WithGraph("demo"), WithToken("tok"))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		ingestPipelineOnce(b, c)
	}
	reportEvents(b, ingestEvents, size)
}

func ingestPipelineOnce(b *testing.B, c *Client) {
	s, err := c.Stream(context.Background(), "s1", StreamOptions{Transport: TransportSSE})
	if err != nil {
		b.Fatal(err)
	}
	st := NewState(Me{Principal: "user:ada", ClientID: "cli-1"}, nil)
	n := 0
	for s.Next() {
		st.Apply(s.Current())
		n++
	}
	if n != ingestEvents || s.Err() != nil {
		b.Fatalf("ingested %d events (err %v), want %d", n, s.Err(), ingestEvents)
	}
}

// BenchmarkIngestCeiling measures the same bytes through bufio.Scanner and
// json.Unmarshal into Event: no SSE framing beyond lines, no reducer.
func BenchmarkIngestCeiling(b *testing.B) {
	body, size := ingestStream(ingestEvents)
	srv := ingestServer(b, body)
	b.ReportAllocs()
	for b.Loop() {
		ingestCeilingOnce(b, srv.URL)
	}
	reportEvents(b, ingestEvents, size)
}

func ingestCeilingOnce(b *testing.B, url string) {
	resp, err := http.Get(url)
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), maxEventBytes)
	n := 0
	for sc.Scan() {
		line := sc.Bytes()
		if !bytes.HasPrefix(line, []byte(dataField)) {
			continue
		}
		var ev Event
		if err := json.Unmarshal(bytes.TrimSpace(line[len(dataField):]), &ev); err != nil {
			b.Fatal(err)
		}
		n++
	}
	if n != ingestEvents {
		b.Fatalf("ingested %d events, want %d", n, ingestEvents)
	}
}

// BenchmarkIngestR3labsClient measures the alternative the Stream does not
// take: r3labs' own Client (a read goroutine handing each event over an
// unbuffered channel to the handler), with the same decoding and reducer.
func BenchmarkIngestR3labsClient(b *testing.B) {
	body, size := ingestStream(ingestEvents)
	srv := ingestServer(b, body)
	b.ReportAllocs()
	for b.Loop() {
		ingestR3labsOnce(b, srv.URL)
	}
	reportEvents(b, ingestEvents, size)
}

func ingestR3labsOnce(b *testing.B, url string) {
	sc := sse.NewClient(url, sse.ClientMaxBufferSize(maxEventBytes))
	sc.ReconnectStrategy = &cbackoff.StopBackOff{}
	st := NewState(Me{Principal: "user:ada", ClientID: "cli-1"}, nil)
	n := 0
	err := sc.SubscribeWithContext(context.Background(), "", func(msg *sse.Event) {
		var ev Event
		if json.Unmarshal(msg.Data, &ev) == nil {
			st.Apply(ev)
			n++
		}
	})
	if err != nil || n != ingestEvents {
		b.Fatalf("ingested %d events (err %v), want %d", n, err, ingestEvents)
	}
}
