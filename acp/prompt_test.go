package acp

import (
	"errors"
	"strings"
	"testing"
	"time"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/sophia-labs/vehicle/client"
)

func TestInitialize(t *testing.T) {
	r := newRig(t)
	res, err := r.conn.Initialize(r.ctx(t), sdk.InitializeRequest{ProtocolVersion: sdk.ProtocolVersionNumber})
	if err != nil {
		t.Fatal(err)
	}
	pc := res.AgentCapabilities.PromptCapabilities
	if res.ProtocolVersion != 1 || !res.AgentCapabilities.LoadSession || pc.Image || pc.Audio || pc.EmbeddedContext {
		t.Fatalf("initialize: %+v", res)
	}
	if len(res.AuthMethods) != 0 {
		t.Errorf("a token is configured, yet authMethods are %+v", res.AuthMethods)
	}
	if res.AgentInfo == nil || res.AgentInfo.Name != "vehicle" || res.AgentInfo.Version != "v0.0.0-test" {
		t.Errorf("agentInfo %+v", res.AgentInfo)
	}
}

func TestInitializeWithoutCredentials(t *testing.T) {
	r := newRig(t, func(rc *rigConfig) {
		rc.config = func(c *Config) {
			c.Client, c.AuthErr = nil, errors.New("no token for http://127.0.0.1: set VEHICLE_TOKEN")
		}
	})
	res, err := r.conn.Initialize(r.ctx(t), sdk.InitializeRequest{ProtocolVersion: sdk.ProtocolVersionNumber})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.AuthMethods) == 0 {
		t.Fatal("no credentials, yet no authMethods")
	}
	_, err = r.conn.NewSession(r.ctx(t), sdk.NewSessionRequest{Cwd: "/", McpServers: []sdk.McpServer{}})
	var re *sdk.RequestError
	if !errors.As(err, &re) || re.Code != -32000 || !strings.Contains(re.Message, "VEHICLE_TOKEN") {
		t.Fatalf("session/new without credentials: %v", err)
	}
}

func TestNewSession(t *testing.T) {
	r := newRig(t, func(rc *rigConfig) {
		rc.config = func(c *Config) { c.MaxTurns, c.MaxCostUSD, c.Title = 5, 0.1, "from the editor" }
	})
	id := r.start(t)
	snap, err := r.c.Inspect(r.ctx(t), id)
	if err != nil {
		t.Fatal(err)
	}
	s := snap.Session
	if s.Budget.MaxTurns != 5 || s.Budget.MaxCostUSD != 0.1 || s.Title == nil || *s.Title != "from the editor" {
		t.Errorf("session: %+v", s)
	}
	if s.Lease == nil || s.Lease.ClientID != "acp-editor" {
		t.Errorf("lease %+v, want the agent's", s.Lease)
	}
	if _, err := r.conn.NewSession(r.ctx(t), sdk.NewSessionRequest{Cwd: "/elsewhere", McpServers: []sdk.McpServer{}}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(r.log.String(), "recorded nowhere"); n != 1 {
		t.Errorf("the ignored folder and MCP servers were said %d times, want once:\n%s", n, r.log.String())
	}
}

func TestPromptStreams(t *testing.T) {
	r := newRig(t)
	id := r.start(t)
	res, err := r.prompt(t, id, "hello there")
	if err != nil {
		t.Fatal(err)
	}
	if res.StopReason != sdk.StopReasonEndTurn {
		t.Fatalf("stopReason %q", res.StopReason)
	}
	ups, _ := r.ed.snapshot()
	want := assistantTexts(r.srv, id)
	if got := agentText(ups); got != want || want == "" {
		t.Fatalf("the chunks say %q, the host's reply is %q", got, want)
	}
	chunks := 0
	for _, u := range ups {
		if u.Update.AgentMessageChunk != nil {
			chunks++
		}
		if u.Update.UserMessageChunk != nil {
			t.Errorf("the editor's own prompt came back as a user chunk")
		}
	}
	if chunks < 2 {
		t.Errorf("%d chunks: the reply was not streamed", chunks)
	}
	if n := countEvents(r.srv, id, client.EvRunStarted); n != 1 {
		t.Errorf("%d runs, want 1", n)
	}
}

func TestToolCalls(t *testing.T) {
	r := newRig(t)
	id := r.start(t)
	if _, err := r.prompt(t, id, "look it up #tool"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.prompt(t, id, "and fail #toolerror"); err != nil {
		t.Fatal(err)
	}
	ups, _ := r.ed.snapshot()
	var calls []*sdk.SessionUpdateToolCall
	ends := map[string]*sdk.SessionToolCallUpdate{}
	for _, u := range ups {
		if tc := u.Update.ToolCall; tc != nil {
			calls = append(calls, tc)
		}
		if tu := u.Update.ToolCallUpdate; tu != nil {
			ends[string(tu.ToolCallId)] = tu
		}
	}
	if len(calls) != 2 {
		t.Fatalf("%d tool calls, want 2:\n%s", len(calls), dumpUpdates(ups))
	}
	first := calls[0]
	if first.Status != sdk.ToolCallStatusInProgress || first.Title != "search_documents" || first.RawInput == nil || len(first.Content) == 0 {
		t.Errorf("tool_call %+v", first)
	}
	ok, failed := ends[string(first.ToolCallId)], ends[string(calls[1].ToolCallId)]
	if ok == nil || *ok.Status != sdk.ToolCallStatusCompleted || len(ok.Content) == 0 || ok.Content[0].Content.Content.Text.Text != "3 documents match" {
		t.Errorf("the first call's end: %s", dumpUpdates(ups))
	}
	if failed == nil || *failed.Status != sdk.ToolCallStatusFailed {
		t.Errorf("the failing call's end: %+v", failed)
	}
}

func TestCancelMidRun(t *testing.T) {
	r := newRig(t)
	held := r.holding()
	id := r.start(t)
	answer := r.promptAsync(t, id, "take your time #hold")
	recv(t, held, "the run to hold")
	if err := r.conn.Cancel(r.ctx(t), sdk.CancelNotification{SessionId: sdk.SessionId(id)}); err != nil {
		t.Fatal(err)
	}
	res := recv(t, answer, "the prompt's answer")
	if res.StopReason != sdk.StopReasonCancelled {
		t.Fatalf("stopReason %q, want cancelled", res.StopReason)
	}
	if v, ok := lastSettle(r.srv, id); !ok || !v.Aborted {
		t.Fatalf("the host did not settle the run aborted: %+v", v)
	}
}

func TestBudgetStopsTheTurn(t *testing.T) {
	r := newRig(t, func(rc *rigConfig) { rc.config = func(c *Config) { c.MaxTurns = 3 } })
	id := r.start(t)
	res, err := r.prompt(t, id, "go on and on #overrun")
	if err != nil {
		t.Fatal(err)
	}
	if res.StopReason != sdk.StopReasonMaxTurnRequests {
		t.Fatalf("stopReason %q, want max_turn_requests", res.StopReason)
	}
}

func TestImageRefused(t *testing.T) {
	r := newRig(t)
	id := r.start(t)
	_, err := r.conn.Prompt(r.ctx(t), sdk.PromptRequest{SessionId: sdk.SessionId(id),
		Prompt: []sdk.ContentBlock{sdk.TextBlock("what is this?"), sdk.ImageBlock("aGk=", "image/png")}})
	var re *sdk.RequestError
	if !errors.As(err, &re) || re.Code != -32602 || !strings.Contains(re.Error(), "text only") {
		t.Fatalf("an image prompt: %v", err)
	}
	if n := countEvents(r.srv, id, client.EvCommandAccepted); n != 0 {
		t.Errorf("%d commands sent for a refused prompt", n)
	}
}

func TestFailedRunIsAnError(t *testing.T) {
	r := newRig(t)
	id := r.start(t)
	_, err := r.prompt(t, id, "break #fail")
	var re *sdk.RequestError
	if !errors.As(err, &re) || !strings.Contains(re.Message, "the run failed") {
		t.Fatalf("a failed run: %v", err)
	}
	if res, err := r.prompt(t, id, "and again"); err != nil || res.StopReason != sdk.StopReasonEndTurn {
		t.Fatalf("the next prompt: %+v %v", res, err)
	}
}

// TestLeaseKeptWhileOpen: the agent claims the lease again before its end
// while the editor keeps the session open, with nothing sent meanwhile.
func TestLeaseKeptWhileOpen(t *testing.T) {
	t.Parallel() // its own host and agent; it waits on the stream
	r := newRig(t, func(rc *rigConfig) { rc.config = func(c *Config) { c.TTL = 1500 * time.Millisecond } })
	id := r.start(t)
	c, _ := client.New(r.srv.URL, client.WithGraph("demo"), client.WithToken("ada-token"))
	for since := int64(0); ; {
		res, err := c.Watch(r.ctx(t), id, since, client.MaxWatchWait)
		if err != nil {
			t.Fatal(err)
		}
		for _, ev := range res.Events {
			var v client.LeaseValue
			if ev.Type == client.EvLeaseExpired {
				t.Fatal("the lease expired while the session was open")
			}
			if ev.Type == client.EvLeaseRenewed && ev.Decode(&v) == nil && v.ClientID == "acp-editor" {
				return
			}
		}
		since = res.Cursor
	}
}

// TestHostTextAsItIs: host text reaches the editor as the host wrote it,
// terminal escapes neither added nor taken out (an editor is no terminal).
func TestHostTextAsItIs(t *testing.T) {
	r := newRig(t)
	id := r.start(t)
	if _, err := r.prompt(t, id, "red \x1b[31mtext\x1b[0m and a bell \a"); err != nil {
		t.Fatal(err)
	}
	ups, _ := r.ed.snapshot()
	got, want := agentText(ups), assistantTexts(r.srv, id)
	if got != want || !strings.Contains(got, "\x1b[31m") {
		t.Fatalf("the chunks say %q, the host's reply is %q", got, want)
	}
}
