package visit

import (
	"errors"
	"strings"
	"testing"
	"time"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// said is the last note a says.
func said(a ui.Action) string {
	n, _ := uitest.Find[ui.Note](a)
	for _, x := range uitest.Actions(a) {
		if t, ok := x.(ui.Note); ok {
			n = t
		}
	}
	return n.Text
}

// plain is lines without styling, trailing spaces cut.
func plain(lines ...string) string {
	for i, l := range lines {
		lines[i] = strings.TrimRight(xansi.Strip(l), " ")
	}
	return strings.Join(lines, "\n")
}

// offline is a visit of s9 whose requests go nowhere (the tests do not run
// them).
func offline(t *testing.T) *Visit {
	t.Helper()
	c, err := client.New("http://127.0.0.1:9", client.WithClientID("cli-bo"))
	if err != nil {
		t.Fatal(err)
	}
	return New(uitest.Context(), c, t.Context(), "s9")
}

// TestChimesOnTheHost: Bo chimes into Ada's room on the reference host:
// under suggest the chime is held for the driver (its outcome not visible
// here), under observe the room refuses it and its text comes back; the
// lines and the rule say only what each answer said.
func TestChimesOnTheHost(t *testing.T) {
	t.Parallel()
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs())
	person := func(token, id string) *client.Client {
		c, err := client.New(srv.URL, client.WithGraph("demo"), client.WithToken(token), client.WithClientID(id))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	ada, bo := person("ada-token", "cli-ada"), person("bo-token", "cli-bo")
	cr, err := ada.Create(t.Context(), client.CreateRequest{Title: "Census"})
	if err != nil {
		t.Fatal(err)
	}
	v := New(uitest.Context(), bo, t.Context(), cr.Session.SessionID)
	if got := plain(v.Rule(60)); !strings.Contains(got, "nothing known of it yet") {
		t.Errorf("the rule before any answer: %q", got)
	}
	cmd, act := v.Chime("Look at the 2024 census too.", false)
	if _, ok := uitest.Find[TakeDraft](act); !ok || said(act) != "sending a chime…" || !v.Sending() || v.Outbound() == nil {
		t.Fatalf("the chime did not go: %v", uitest.Actions(act))
	}
	if again, _ := v.ChimeText("twice"); again != nil {
		t.Error("a second chime went while the first was on its way")
	}
	act = v.Chimed(cmd().(ChimedMsg))
	if v.Sending() || v.Unanswered() != nil || !strings.Contains(said(act), "held for the driver to decide · its outcome is not visible") {
		t.Errorf("a pending chime: %q", said(act))
	}
	if _, err := ada.SetRoomPolicy(t.Context(), cr.Session.SessionID, client.PolicyObserve); err != nil {
		t.Fatal(err)
	}
	cmd, _ = v.ChimeText("/and this")
	act = v.Chimed(cmd().(ChimedMsg))
	if r, ok := uitest.Find[Restore](act); !ok || r.Text != "/and this" || !strings.Contains(said(act), "refused at 09:30: the room was in observe mode · your text is back") {
		t.Errorf("a chime the room refused: %v", uitest.Actions(act))
	}
	lines := plain(v.Lines(70, 30)...)
	for _, want := range []string{"You are chiming into another person's session.", "you → chime · sent at 09:30 · held for the driver to decide",
		"Look at the 2024 census too.", "its outcome is not visible from here", "you → chime · refused at 09:30: the room was in observe mode", "/and this"} {
		if !strings.Contains(lines, want) {
			t.Errorf("the lines lack %q:\n%s", want, lines)
		}
	}
	if got := plain(v.Rule(80)); !strings.HasPrefix(got, "── ✉ as of 09:30: chimes were refused (observe or mute) ─") || xansi.StringWidth(got) != 80 {
		t.Errorf("the rule: %q", got)
	}
	if got := v.Lines(70, 3); len(got) != 3 || !strings.Contains(plain(got...), "/and this") {
		t.Errorf("three lines keep the newest: %q", plain(got...))
	}
}

// TestLostAndRefusedChimes: a lost answer keeps the chime unconfirmed and
// enter on an empty composer sends the same request; a conflict for a chime
// kept from an earlier run says it went then; the host's refusal gives the
// text back, a not_found naming the graph.
func TestLostAndRefusedChimes(t *testing.T) {
	t.Parallel()
	v := offline(t)
	if cmd, act := v.Chime("", true); cmd != nil || act != nil {
		t.Fatal("an empty composer with nothing unanswered sent something")
	}
	_, _ = v.Chime("hello", false)
	out := *v.Outbound()
	lost := errors.New("connection reset")
	act := v.Chimed(ChimedMsg{Out: out, Err: lost})
	if l, ok := uitest.Find[Lost](act); !ok || l.Err != lost || said(act) != "no answer to your chime: enter sends it again (the same request: it counts once)" {
		t.Errorf("a lost answer: %v", uitest.Actions(act))
	}
	if u := v.Unanswered(); u == nil || u.RequestID != out.RequestID {
		t.Fatalf("the chime is not kept: %v", u)
	}
	_, act = v.Chime("", true)
	if v.Outbound().RequestID != out.RequestID || said(act) != "sending it again (the same request)…" {
		t.Errorf("sent again: %q as %s", said(act), v.Outbound().RequestID)
	}
	gone := &client.Error{Status: 404, Code: client.CodeNotFound, Message: "session s9 not found"}
	act = v.Chimed(ChimedMsg{Out: out, Err: gone})
	if r, ok := uitest.Find[Refused](act); !ok || r.Err != gone || r.Text != "hello" || r.Qualify != " (or you have no role on its graph)" || v.Unanswered() != nil {
		t.Errorf("refused by the host: %v", uitest.Actions(act))
	}

	v = offline(t)
	act = v.Kept(Draft{Text: "half a thought", RequestID: "r1", Request: "sent before", Op: client.OpChime}, true)
	if f, ok := uitest.Find[Fill](act); !ok || f.Text != "half a thought" || !strings.HasPrefix(said(act), "your chime with no answer is kept") {
		t.Errorf("kept: %v", uitest.Actions(act))
	}
	conflict := &client.Error{Status: 409, Code: client.CodeRequestIDConflict, Message: "taken"}
	act = v.Chimed(ChimedMsg{Out: *v.Unanswered(), Err: conflict})
	if f, ok := uitest.Find[ui.Failed](act); !ok || f.Err != nil || said(act) != "the host had this chime from your earlier run: it is not sent twice" {
		t.Errorf("a kept chime the host had: %v", uitest.Actions(act))
	}
	if act := offline(t).Kept(Draft{Text: "draft"}, true); said(act) != "your draft is back in the composer" {
		t.Errorf("a draft alone: %v", uitest.Actions(act))
	}
	if act := offline(t).Kept(Draft{Text: "draft"}, false); act != nil {
		t.Errorf("a draft over the person's writing: %v", uitest.Actions(act))
	}
	for _, a := range []ui.Action{Fill{}, TakeDraft{}, Lost{}, Refused{}, Restore{}} {
		if a.Source() != ui.FromVisit {
			t.Errorf("%T is of source %d", a, a.Source())
		}
	}
}

// TestChimeWords: an answer's words are in the past, with their time in
// the UI's location; the host's reason is said as the room's mode when it
// names one.
func TestChimeWords(t *testing.T) {
	t.Parallel()
	v := offline(t)
	at := uitest.Now.Add(2 * time.Hour)
	for _, c := range []struct {
		r           *client.ChimeResult
		words, room string
	}{
		{nil, "sent at 11:30", ""},
		{&client.ChimeResult{Accepted: true, Status: "submitted"}, "went in at once (co-drive) at 11:30", "chimes went in at once (co-drive)"},
		{&client.ChimeResult{Reason: "muted"}, "refused at 11:30: the room was in mute mode", "chimes were refused (observe or mute)"},
		{&client.ChimeResult{}, "refused at 11:30: the room took no chimes then", "chimes were refused (observe or mute)"},
		{&client.ChimeResult{Reason: "closed\x1b[2J"}, "refused at 11:30: the host said: closed␛[2J", "chimes were refused (observe or mute)"},
	} {
		if words, room := v.chimeWords(c.r, at); words != c.words || room != c.room {
			t.Errorf("%+v: %q, %q", c.r, words, room)
		}
	}
}

// TestChimeAsTextIsOnItsWay: a draft that looked like a command, chimed as
// text once the person said so, is on its way as any chime is: the quit
// question lists it and the drafts kept at the end keep it (Unanswered),
// until its answer comes.
func TestChimeAsTextIsOnItsWay(t *testing.T) {
	t.Parallel()
	v := offline(t)
	_, _ = v.ChimeText("/not a command")
	u := v.Unanswered()
	if u == nil || v.Outbound() != u || u.Text != "/not a command" || u.Op != client.OpChime {
		t.Fatalf("the chime on its way is not kept: %+v", u)
	}
	v.Chimed(ChimedMsg{Out: *u, Res: &client.ChimeResult{Accepted: true, ChimeID: "c1", Status: "pending"}})
	if v.Unanswered() != nil || v.Sending() {
		t.Errorf("answered, the chime is still on its way: %+v", v.Unanswered())
	}
}
