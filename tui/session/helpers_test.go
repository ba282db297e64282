package session

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// view is a transcript that counts what the session told it.
type view struct {
	changed, flushed int
	behind           bool
	lines            []string
}

func (v *view) EntriesChanged()     { v.changed++ }
func (v *view) FlushStreams() bool  { v.flushed++; return true }
func (v *view) StreamsBehind() bool { return v.behind }
func (v *view) FoldEarlier(int) int { return 0 }
func (v *view) Lines() []string     { return v.lines }

// ada is the person the tests' sessions are opened for, on terminal cli-me.
var ada = client.Me{Principal: "user:ada", ClientID: "cli-me"}

// focused is where a test's session stands: the focused tile, Ada's.
var focused = Place{Focused: true, Me: ada}

// clock is a test's clock, moved by hand.
type clock struct{ now time.Time }

func (c *clock) Now() time.Time { return c.now }

// offline is a session of s1 opened from uitest.Snapshot, its lease
// Ada's on this terminal until an hour after uitest.Now; its requests go
// nowhere (the tests do not run them).
func offline(t *testing.T) (*Session, *view, *clock) {
	t.Helper()
	c, err := client.New("http://127.0.0.1:9", client.WithClientID("cli-me"))
	if err != nil {
		t.Fatal(err)
	}
	clk := &clock{now: uitest.Now}
	ctx := uitest.Context()
	ctx.ClientID, ctx.Now = "cli-me", clk.Now
	v := &view{}
	s := New(&Config{Client: c, UI: ctx, Parent: t.Context(), FlushEvery: 60 * time.Millisecond}, "s1", 1, v)
	snap := uitest.Snapshot(uitest.Lease("user:ada", "cli-me"))
	s.Update(OpenedMsg{Gen: 1, ID: "s1", Principal: "user:ada", Snap: snap, Claim: &client.Claimed{Lease: *snap.Session.Lease}}, focused)
	return s, v, clk
}

// event is an event of s1, its value v as JSON.
func event(t *testing.T, seq int64, typ string, v any) EventMsg {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return EventMsg{Gen: 1, Ev: client.Event{Protocol: client.Protocol, Type: typ, Seq: seq, SessionID: "s1",
		At: uitest.Now.Add(time.Duration(seq) * time.Second).Format(time.RFC3339), Value: b}}
}

// note is the last note a says, "" when it says none.
func note(a ui.Action) string {
	n := ""
	for _, x := range uitest.Actions(a) {
		if t, ok := x.(ui.Note); ok {
			n = t.Text
		}
	}
	return n
}

// live runs a session's commands against a host, as the program would,
// and hands it the messages they answer with.
type live struct {
	t    *testing.T
	s    *Session
	p    Place
	msgs chan tea.Msg
	acts []ui.Action
}

// run runs cmd (a Batch's commands each) in the background; an answer
// that comes after the test ended is dropped.
func (l *live) run(cmd tea.Cmd) {
	uitest.Run(cmd, func(msg tea.Msg) {
		select {
		case l.msgs <- msg:
		case <-l.t.Context().Done():
		}
	})
}

// do runs what an intent gave and keeps its actions.
func (l *live) do(cmd tea.Cmd, act ui.Action) {
	l.acts = append(l.acts, uitest.Actions(act)...)
	l.run(cmd)
}

// until hands the session its messages until ok holds, failing after a
// deadline.
func (l *live) until(what string, ok func() bool) {
	l.t.Helper()
	ctx, cancel := context.WithTimeout(l.t.Context(), 10*time.Second)
	defer cancel()
	for !ok() {
		select {
		case msg := <-l.msgs:
			if m, isMsg := msg.(Msg); isMsg && m.For() == l.s.Gen() {
				l.do(l.s.Update(m, l.p))
			}
		case <-ctx.Done():
			l.t.Fatalf("waited 10 s for %s", what)
		}
	}
}

// said reports whether a note the session gave says text.
func (l *live) said(text string) bool {
	for _, a := range l.acts {
		if n, ok := a.(ui.Note); ok && n.Text == text {
			return true
		}
	}
	return false
}
