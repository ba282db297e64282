package acp

import (
	"strings"
	"testing"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/sophia-labs/vehicle/client"
)

// settledRuns waits until the session's log has n run.settled.
func settledRuns(t testing.TB, r *rig, id string, n int) {
	t.Helper()
	c, _ := client.New(r.srv.URL, client.WithGraph("demo"), client.WithToken("ada-token"))
	for since := int64(0); countEvents(r.srv, id, client.EvRunSettled) < n; {
		res, err := c.Watch(r.ctx(t), id, since, client.MaxWatchWait)
		if err != nil {
			t.Fatal(err)
		}
		since = res.Cursor
	}
}

func TestLoadReplaysThenStreams(t *testing.T) {
	r := newRig(t)
	ctx := r.ctx(t)
	other, id := r.otherTerminal(t)
	if _, err := other.Prompt(ctx, id, "first #tool"); err != nil {
		t.Fatal(err)
	}
	settledRuns(t, r, id, 1)
	if err := other.Release(ctx, id); err != nil {
		t.Fatal(err)
	}
	if _, err := r.conn.Initialize(ctx, sdk.InitializeRequest{ProtocolVersion: sdk.ProtocolVersionNumber}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.conn.LoadSession(ctx, sdk.LoadSessionRequest{SessionId: sdk.SessionId(id), Cwd: "/", McpServers: []sdk.McpServer{}}); err != nil {
		t.Fatal(err)
	}
	ups, _ := r.ed.snapshot() // what came before the answer: the replay
	var kinds []string
	for _, u := range ups {
		switch {
		case u.Update.UserMessageChunk != nil:
			kinds = append(kinds, "user:"+u.Update.UserMessageChunk.Content.Text.Text)
		case u.Update.AgentMessageChunk != nil:
			kinds = append(kinds, "agent")
		case u.Update.ToolCall != nil:
			kinds = append(kinds, "tool_call:"+u.Update.ToolCall.Title)
		case u.Update.ToolCallUpdate != nil:
			kinds = append(kinds, "tool_call_update:"+string(*u.Update.ToolCallUpdate.Status))
		}
	}
	want := "user:first #tool agent tool_call:search_documents tool_call_update:completed agent"
	if got := strings.Join(kinds, " "); got != want {
		t.Fatalf("replay:\n got %s\nwant %s", got, want)
	}
	if agentText(ups) != assistantTexts(r.srv, id) {
		t.Errorf("the replayed replies %q differ from the host's %q", agentText(ups), assistantTexts(r.srv, id))
	}
	before := len(ups)
	if _, err := r.prompt(t, id, "and then"); err != nil {
		t.Fatal(err)
	}
	after, _ := r.ed.snapshot()
	if agentText(after[before:]) == "" {
		t.Fatal("nothing streamed after the load")
	}
	if snap, _ := r.c.Inspect(ctx, id); snap.Session.Lease == nil || snap.Session.Lease.ClientID != "acp-editor" {
		t.Errorf("the agent does not hold the lease after load and prompt: %+v", snap.Session.Lease)
	}
}

func TestTakeoverFlagTakesOwnTerminalsLease(t *testing.T) {
	for _, takeover := range []bool{false, true} {
		r := newRig(t, func(rc *rigConfig) { rc.config = func(c *Config) { c.Takeover = takeover } })
		ctx := r.ctx(t)
		_, id := r.otherTerminal(t)
		if _, err := r.conn.LoadSession(ctx, sdk.LoadSessionRequest{SessionId: sdk.SessionId(id), Cwd: "/", McpServers: []sdk.McpServer{}}); err != nil {
			t.Fatal(err)
		}
		_, err := r.prompt(t, id, "from the editor")
		if takeover != (err == nil) {
			t.Fatalf("--takeover %v: prompt %v", takeover, err)
		}
		if !takeover && !strings.Contains(err.Error(), "/takeover") {
			t.Errorf("the refusal does not say how to take over: %v", err)
		}
	}
}

// TestLoadWhileAReplyStreams: the editor loads a session whose run is
// streaming a reply, begun before the load; what comes after the replay is
// that reply, every byte once, in order.
func TestLoadWhileAReplyStreams(t *testing.T) {
	r := newRig(t)
	held := r.holding()
	ctx := r.ctx(t)
	other, id := r.otherTerminal(t)
	if _, err := other.Prompt(ctx, id, "a long one #words 300 #hold"); err != nil {
		t.Fatal(err)
	}
	recv(t, held, "the run to hold after its first delta")
	if _, err := r.conn.LoadSession(ctx, sdk.LoadSessionRequest{SessionId: sdk.SessionId(id), Cwd: "/", McpServers: []sdk.McpServer{}}); err != nil {
		t.Fatal(err)
	}
	loaded, _ := r.ed.snapshot()
	r.srv.Proceed(id)
	settledRuns(t, r, id, 1)
	want := assistantTexts(r.srv, id)
	ups := r.ed.waitFor(t, "the reply", func(ups []sdk.SessionNotification) bool {
		return len(agentText(ups[len(loaded):])) >= len(want)
	})
	if got := agentText(ups[len(loaded):]); got != want {
		t.Fatalf("after the load the chunks say\n%q\nthe reply is\n%q", got, want)
	}
}
