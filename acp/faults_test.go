package acp

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/faultproxy"
)

// publicPeople are the default people and dee, a Sophia account with
// credit, who may ride the public graph "pub".
func publicPeople() []vehicletest.Person {
	return append(vehicletest.DefaultPeople(), vehicletest.Person{Token: "dee-token", Principal: "cognito:dee", Name: "Dee",
		Kind: client.AccountAccount, Email: "dee@example.com", EmailVerified: true})
}

func TestCreditRefusalNamesTheDoors(t *testing.T) {
	r := newRig(t, func(rc *rigConfig) {
		rc.host = append(rc.host, vehicletest.WithPeople(publicPeople()...), vehicletest.WithPublicGraphs("pub"))
		rc.token, rc.graph = "dee-token", "pub"
	})
	id := r.start(t)
	r.srv.SpendCredit("cognito:dee", 5)
	_, err := r.prompt(t, id, "one more")
	var re *sdk.RequestError
	if !errors.As(err, &re) {
		t.Fatalf("a prompt out of credit: %v", err)
	}
	data, _ := json.Marshal(re.Data)
	for _, want := range []string{"VEHICLE_MODEL_KEY", "X-Model-Key"} {
		if !strings.Contains(re.Message, want) {
			t.Errorf("the refusal does not name %s: %q", want, re.Message)
		}
	}
	if re.Code != codeRefused || !strings.Contains(string(data), `"code":"`) {
		t.Errorf("refusal %d %s", re.Code, data)
	}
	if n := countEvents(r.srv, id, client.EvRunStarted); n != 0 {
		t.Errorf("%d runs after a refusal", n)
	}
}

// TestStreamCutMidReply cuts the agent's event stream while a reply
// streams and holds its reconnect until the host has sent more deltas, which
// the agent never gets: the editor's chunks are the reply all the same, every
// byte once, in order.
func TestStreamCutMidReply(t *testing.T) {
	t.Parallel() // its own host and agent; it waits on the stream

	var gate atomic.Pointer[chan struct{}] // set: the agent's next events connection waits for it
	dialed := make(chan struct{}, 1)
	r := newRig(t, func(rc *rigConfig) {
		rc.host = append(rc.host, vehicletest.WithLimits(vehicletest.Limits{DeltaDelay: time.Millisecond}))
		rc.opts = []client.Option{client.WithHTTPClient(&http.Client{Transport: roundTrip(func(q *http.Request) (*http.Response, error) {
			if g := gate.Load(); g != nil && strings.HasSuffix(q.URL.Path, "/events") {
				dialed <- struct{}{}
				<-*g
			}
			return http.DefaultTransport.RoundTrip(q)
		})})}
	})
	held := r.holding()
	id := r.start(t)
	answer := make(chan error, 1)
	go func() {
		_, err := r.prompt(t, id, "tell me #words 400 #hold")
		answer <- err
	}()
	recv(t, held, "the run to hold")
	deltas := observeDeltas(t, r.srv, id)
	r.srv.Proceed(id)
	r.ed.waitFor(t, "a few chunks", func(ups []sdk.SessionNotification) bool { return len(ups) > 8 })
	g := make(chan struct{})
	gate.Store(&g)
	r.srv.CutStreams()
	recv(t, dialed, "the agent to dial again")
	gate.Store(nil)
	for range 20 { // deltas the agent's stream misses
		recv(t, deltas, "a delta")
	}
	close(g)
	if err := recv(t, answer, "the prompt's answer"); err != nil {
		t.Fatal(err)
	}
	ups, _ := r.ed.snapshot()
	if got, want := agentText(ups), assistantTexts(r.srv, id); got != want {
		t.Fatalf("across the cut the chunks say\n%q\nthe reply is\n%q", got, want)
	}
}

// observeDeltas streams the session's deltas as another reader would, one
// value on the channel for each.
func observeDeltas(t *testing.T, srv *vehicletest.Server, id string) <-chan struct{} {
	t.Helper()
	c, _ := client.New(srv.URL, client.WithGraph("demo"), client.WithToken("ada-token"))
	st, err := c.Stream(t.Context(), id, client.StreamOptions{Since: int64(len(srv.Events(id)))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	out := make(chan struct{}, 10000)
	go func() {
		for st.Next() {
			if st.Current().Type == client.EvMessageDelta {
				out <- struct{}{}
			}
		}
	}()
	return out
}

func TestLostPromptAnswerRunsOnce(t *testing.T) {
	var proxyHost atomic.Value // the prompts go through the proxy that loses the first answer
	r := newRig(t, func(rc *rigConfig) {
		rc.opts = []client.Option{client.WithHTTPClient(&http.Client{Transport: roundTrip(func(q *http.Request) (*http.Response, error) {
			if q.Method == http.MethodPost && strings.HasSuffix(q.URL.Path, "/prompt") {
				q = q.Clone(q.Context())
				q.URL.Host, q.Host = proxyHost.Load().(string), ""
			}
			return http.DefaultTransport.RoundTrip(q)
		})})}
	})
	drop := &faultproxy.DropAnswers{Target: r.srv.URL, N: 1, Match: func(*http.Request) bool { return true }}
	proxy := httptest.NewServer(drop)
	t.Cleanup(func() { proxy.Close(); drop.Close() })
	u, _ := url.Parse(proxy.URL)
	proxyHost.Store(u.Host)
	id := r.start(t)
	res, err := r.prompt(t, id, "only once")
	if err != nil || res.StopReason != sdk.StopReasonEndTurn {
		t.Fatalf("prompt: %+v %v", res, err)
	}
	if drop.Dropped.Load() != 1 {
		t.Fatalf("%d answers lost, want 1", drop.Dropped.Load())
	}
	if n := countEvents(r.srv, id, client.EvRunStarted); n != 1 {
		t.Errorf("the prompt ran %d times, want once", n)
	}
	if n := countEvents(r.srv, id, client.EvCommandAccepted); n != 1 {
		t.Errorf("%d commands accepted, want 1", n)
	}
}

func TestEndOfInputReleasesTheLease(t *testing.T) {
	r := newRig(t)
	id := r.start(t)
	_ = r.in.Close()
	select {
	case err := <-r.served:
		r.served <- err // for the cleanup
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(waitLimit):
		t.Fatal("the agent did not end at the end of its input")
	}
	evs := r.srv.Events(id)
	if last := evs[len(evs)-1]; last.Type != client.EvLeaseReleased {
		t.Fatalf("the last event is %s, want lease.released", last.Type)
	}
}

// TestBadInput: lines that are not JSON-RPC get JSON-RPC's answers, and the
// agent keeps serving.
func TestBadInput(t *testing.T) {
	agentIn, toAgent := io.Pipe()
	fromAgent, agentOut := io.Pipe()
	srv := vehicletest.NewServer(t)
	c, _ := client.New(srv.URL, client.WithGraph("demo"), client.WithToken("ada-token"))
	served := make(chan error, 1)
	go func() { served <- Serve(t.Context(), Config{Client: c}, agentIn, agentOut); _ = agentOut.Close() }()
	lines := bufio.NewScanner(fromAgent)
	cases := []struct {
		line string
		id   string
		code int
	}{
		{`this is not json`, "null", -32700},
		{`{"jsonrpc":"2.0","id":1,"method":"initialize"`, "null", -32700},
		{`[{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}]`, "null", -32600},
		{`42`, "null", -32600},
		{`{"jsonrpc":"1.0","id":2,"method":"initialize","params":{"protocolVersion":1}}`, "2", -32600},
		{`{"jsonrpc":"2.0","id":{"x":1},"method":"initialize"}`, "null", -32600},
		{`{"jsonrpc":"2.0","id":3,"method":7}`, "3", -32600},
		{`{"jsonrpc":"2.0","id":4}`, "4", -32600},
		{`{"jsonrpc":"2.0","id":5,"method":"session/nothing","params":{}}`, "5", -32601},
		{`{"jsonrpc":"2.0","id":"six","method":"session/prompt","params":"hello"}`, `"six"`, -32602},
		{`{"jsonrpc":"2.0","id":7,"method":"session/new","params":{"cwd":3}}`, "7", -32602},
		{`{"jsonrpc":"2.0","id":8,"method":"initialize","params":{"protocolVersion":1}}`, "8", 0},
	}
	for _, tc := range cases {
		if _, err := io.WriteString(toAgent, tc.line+"\n"); err != nil {
			t.Fatal(err)
		}
		if !lines.Scan() {
			t.Fatalf("no answer to %s", tc.line)
		}
		var ans struct {
			ID    json.RawMessage `json:"id"`
			Error *struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(lines.Bytes(), &ans); err != nil {
			t.Fatalf("%s: the answer is not JSON: %s", tc.line, lines.Bytes())
		}
		code := 0
		if ans.Error != nil {
			code = ans.Error.Code
		}
		if code != tc.code || string(ans.ID) != tc.id {
			t.Errorf("%s: answered %s, want code %d id %s", tc.line, lines.Bytes(), tc.code, tc.id)
		}
	}
	_ = toAgent.Close()
	if err := recv(t, served, "the agent's end"); err != nil {
		t.Fatal(err)
	}
}

// roundTrip is a function as an http.RoundTripper.
type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(q *http.Request) (*http.Response, error) { return f(q) }

// cutRig is a rig whose agent's transport can hold its next events
// connection (hold) and tells when the agent has asked the host, with a
// watch, what it missed (peeked).
type cutRig struct {
	*rig
	gate   atomic.Pointer[chan struct{}]
	dialed chan struct{}
	peeked chan struct{}
}

func newCutRig(t *testing.T, host ...vehicletest.Option) *cutRig {
	cr := &cutRig{dialed: make(chan struct{}, 4), peeked: make(chan struct{}, 4)}
	cr.rig = newRig(t, func(rc *rigConfig) {
		rc.host = append(rc.host, host...)
		rc.opts = []client.Option{client.WithHTTPClient(&http.Client{Transport: roundTrip(func(q *http.Request) (*http.Response, error) {
			stream := q.Header.Get("Accept") == "text/event-stream"
			if g := cr.gate.Load(); g != nil && stream {
				cr.dialed <- struct{}{}
				<-*g
			}
			res, err := http.DefaultTransport.RoundTrip(q)
			if !stream && q.Method == http.MethodGet && strings.HasSuffix(q.URL.Path, "/events") {
				cr.peeked <- struct{}{}
			}
			return res, err
		})})}
	})
	return cr
}

// chunksOf counts the agent_message_chunks of the updates.
func chunksOf(ups []sdk.SessionNotification) int {
	n := 0
	for _, u := range ups {
		if u.Update.AgentMessageChunk != nil {
			n++
		}
	}
	return n
}

// TestIdleCutKeepsStreaming: a cut while no run is under way, and no run
// started meanwhile, leaves the next reply streaming a delta at a time.
func TestIdleCutKeepsStreaming(t *testing.T) {
	r := newCutRig(t)
	id := r.start(t)
	recv(t, r.peeked, "the agent to ask what came before its first connection")
	r.srv.CutStreams()
	recv(t, r.peeked, "the agent to ask what it missed")
	before, _ := r.ed.snapshot()
	if _, err := r.prompt(t, id, "hello after the cut"); err != nil {
		t.Fatal(err)
	}
	ups, _ := r.ed.snapshot()
	ups = ups[len(before):]
	if got, want := agentText(ups), assistantTexts(r.srv, id); got != want {
		t.Fatalf("the chunks say %q, the reply is %q", got, want)
	}
	if n := chunksOf(ups); n < 3 {
		t.Errorf("%d chunks: after an idle cut the reply came whole, not streamed", n)
	}
}

// TestIdleCutThenARunInTheGap: the stream is cut while nothing runs, and a
// run starts and streams while the agent cannot reconnect; its deltas are
// lost to the agent, yet the editor gets the reply whole, once, in order.
func TestIdleCutThenARunInTheGap(t *testing.T) {
	t.Parallel() // its own host and agent; it waits on the stream
	r := newCutRig(t, vehicletest.WithLimits(vehicletest.Limits{DeltaDelay: time.Millisecond}))
	held := r.holding()
	id := r.start(t)
	g := make(chan struct{})
	r.gate.Store(&g)
	r.srv.CutStreams()
	recv(t, r.dialed, "the agent to dial again")
	r.gate.Store(nil)
	other, _ := client.New(r.srv.URL, client.WithGraph("demo"), client.WithToken("ada-token"), client.WithClientID("acp-editor"))
	if _, err := other.Prompt(r.ctx(t), id, "sent while the agent was away #words 200 #hold"); err != nil {
		t.Fatal(err)
	}
	recv(t, held, "the run to hold")
	deltas := observeDeltas(t, r.srv, id)
	r.srv.Proceed(id)
	for range 20 {
		recv(t, deltas, "a delta")
	}
	close(g)
	settledRuns(t, r.rig, id, 1)
	want := assistantTexts(r.srv, id)
	r.ed.waitFor(t, "the whole reply", func(ups []sdk.SessionNotification) bool { return len(agentText(ups)) >= len(want) })
	ups, _ := r.ed.snapshot()
	if got := agentText(ups); got != want {
		t.Fatalf("the chunks say\n%q\nthe reply is\n%q", got, want)
	}
}

func TestRefusalsSayWhatToDo(t *testing.T) {
	t.Run("session turn limit", func(t *testing.T) {
		r := newRig(t, func(rc *rigConfig) {
			rc.host = append(rc.host, vehicletest.WithPeople(publicPeople()...), vehicletest.WithPublicGraphs("pub"),
				vehicletest.WithLimits(vehicletest.Limits{SessionMaxTurns: 1}))
			rc.token, rc.graph = "dee-token", "pub"
		})
		id := r.start(t)
		if _, err := r.prompt(t, id, "the one turn"); err != nil {
			t.Fatal(err)
		}
		_, err := r.prompt(t, id, "one too many")
		var re *sdk.RequestError
		if !errors.As(err, &re) || !strings.Contains(re.Message, "start a new session") || !strings.Contains(re.Message, "1 turns") {
			t.Fatalf("a prompt past the conversation's limit: %v", err)
		}
	})
	t.Run("deleted session", func(t *testing.T) {
		r := newRig(t)
		id := r.start(t)
		other, _ := client.New(r.srv.URL, client.WithGraph("demo"), client.WithToken("ada-token"))
		if _, err := other.Delete(r.ctx(t), id); err != nil {
			t.Fatal(err)
		}
		_, err := r.prompt(t, id, "anyone there?")
		var re *sdk.RequestError
		if !errors.As(err, &re) || !strings.Contains(re.Message, "start a new session") {
			t.Fatalf("a prompt into a deleted session: %v", err)
		}
	})
}

// TestUnansweredPromptSentAgainRunsOnce: every answer to a prompt is lost
// (the client's retries run out: the host ran it); the editor is told it
// may have run, and the same prompt sent again goes with the same request
// id: the host answers it again and runs it once.
func TestUnansweredPromptSentAgainRunsOnce(t *testing.T) {
	var proxyHost atomic.Value
	r := newRig(t, func(rc *rigConfig) {
		rc.opts = []client.Option{client.WithRetry(client.RetryPolicy{Attempts: 2, Base: time.Millisecond, Max: time.Millisecond}),
			client.WithHTTPClient(&http.Client{Transport: roundTrip(func(q *http.Request) (*http.Response, error) {
				if q.Method == http.MethodPost && strings.HasSuffix(q.URL.Path, "/prompt") {
					q = q.Clone(q.Context())
					q.URL.Host, q.Host = proxyHost.Load().(string), ""
				}
				return http.DefaultTransport.RoundTrip(q)
			})})}
	})
	drop := &faultproxy.DropAnswers{Target: r.srv.URL, N: 2, Match: func(*http.Request) bool { return true }}
	proxy := httptest.NewServer(drop)
	t.Cleanup(func() { proxy.Close(); drop.Close() })
	u, _ := url.Parse(proxy.URL)
	proxyHost.Store(u.Host)
	id := r.start(t)
	_, err := r.prompt(t, id, "are you there?")
	var re *sdk.RequestError
	if !errors.As(err, &re) || !strings.Contains(re.Message, "send the same prompt again") {
		t.Fatalf("a prompt whose answers were all lost: %v", err)
	}
	res, err := r.prompt(t, id, "are you there?")
	if err != nil || res.StopReason != sdk.StopReasonEndTurn {
		t.Fatalf("the same prompt again: %+v %v", res, err)
	}
	if n := countEvents(r.srv, id, client.EvCommandAccepted); n != 1 {
		t.Errorf("%d commands accepted, want 1", n)
	}
	if n := countEvents(r.srv, id, client.EvRunStarted); n != 1 {
		t.Errorf("the prompt ran %d times, want once", n)
	}
}
