package session

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestOpenedDrives: a session opened with its claim drives, tells its
// transcript, and asks the root for the person and the account.
func TestOpenedDrives(t *testing.T) {
	t.Parallel()
	c, _ := client.New("http://127.0.0.1:9", client.WithClientID("cli-me"))
	ctx := uitest.Context()
	ctx.ClientID = "cli-me"
	v := &view{}
	s := New(&Config{Client: c, UI: ctx, Parent: t.Context()}, "s1", 7, v)
	if s.State() != nil || s.ID() != "s1" || s.Gen() != 7 {
		t.Fatalf("a new session: state %v, id %q, gen %d", s.State(), s.ID(), s.Gen())
	}
	snap := uitest.Snapshot(uitest.Lease("user:ada", "cli-me"))
	cmd, act := s.Update(OpenedMsg{Gen: 7, Principal: "user:ada", Snap: snap, Claim: &client.Claimed{Lease: *snap.Session.Lease}},
		Place{Focused: true, Me: client.Me{ClientID: "cli-me"}})
	if cmd == nil || s.State() == nil || s.Role() != RoleDrive || !s.Driving() || v.changed == 0 {
		t.Fatalf("opened: cmd %v, role %v, driving %v, view told %d times", cmd != nil, s.Role(), s.Driving(), v.changed)
	}
	if l, ok := uitest.Find[Learnt](act); !ok || l.Principal != "user:ada" {
		t.Errorf("the person was not reported: %#v", act)
	}
	if o, ok := uitest.Find[Opened](act); !ok || !o.Opening {
		t.Errorf("Opened{Opening} not reported: %#v", act)
	}
	if f, ok := uitest.Find[FetchAccount](act); !ok || f.Gen != 7 {
		t.Errorf("the account was not asked for: %#v", act)
	}
	if s.TimerFor().IsZero() {
		t.Error("the lease timer was not set")
	}
}

// TestOpenFailedAndHeldLease: a session that could not be opened is
// reported; one whose lease the person's other terminal holds watches and
// offers the take-over.
func TestOpenFailedAndHeldLease(t *testing.T) {
	t.Parallel()
	s, _, _ := offline(t)
	s2 := New(s.cfg, "s2", 2, &view{})
	err := &client.Error{Status: 404, Code: client.CodeNotFound, Message: "no such session"}
	if _, act := s2.Update(OpenedMsg{Gen: 2, Err: err}, focused); !hasFailed(act, err) {
		t.Errorf("a failed open: %#v", act)
	}
	s3 := New(s.cfg, "s3", 3, &view{})
	held := &client.Error{Status: 409, Code: client.CodeLeaseHeld, Message: "held",
		Details: []byte(`{"holder":{"principal":"user:ada","clientId":"cli-two"},"canTakeOver":true}`)}
	snap := uitest.Snapshot(uitest.Lease("user:ada", "cli-two"))
	_, act := s3.Update(OpenedMsg{Gen: 3, Snap: snap, ClaimErr: held}, focused)
	if o, ok := uitest.Find[Offer](act); !ok || o.Gen != 3 || s3.Offer() == nil || s3.Role() != RoleWatch {
		t.Errorf("the lease held by Ada's other terminal: offer %v %#v, role %v", s3.Offer(), act, s3.Role())
	}
	s3.Watch()
	if s3.Offer() != nil || s3.Role() != RoleWatch {
		t.Error("watching kept the offer")
	}
}

// hasFailed reports whether a shows err.
func hasFailed(a ui.Action, err error) bool {
	f, ok := uitest.Find[OpenFailed](a)
	return ok && f.Err == err
}

// TestSendSettles: a prompt sent is on its way until its answer; the
// answer says where it went and is counted.
func TestSendSettles(t *testing.T) {
	t.Parallel()
	s, _, _ := offline(t)
	cmd, act, sent := s.Send("", "hello", []string{"doc-1"})
	if !sent || cmd == nil || !s.Sending() || note(act) != "sending…" {
		t.Fatalf("send: sent %v, sending %v, note %q", sent, s.Sending(), note(act))
	}
	out := *s.Outbound()
	if out.Op != client.OpPrompt || out.Text != "hello" || len(out.Refs) != 1 {
		t.Fatalf("the request: %+v", out)
	}
	if _, _, again := s.Send("", "twice", nil); again {
		t.Error("a second send went while the first was on its way")
	}
	_, act = s.Update(SentMsg{Gen: 1, Out: out, Acc: &client.Accepted{CommandID: out.RequestID, Disposition: "queued"}}, focused)
	if s.Sending() || s.Outbound() != nil || note(act) != "queued as a follow-up" {
		t.Errorf("answered: sending %v, note %q", s.Sending(), note(act))
	}
	if a, ok := uitest.Find[Accepted](act); !ok || a.Replayed {
		t.Errorf("the turn was not counted: %#v", act)
	}
}

// TestRefusedSendComesBack: a refusal the host sent gives the text and its
// refs back to the composer and says why.
func TestRefusedSendComesBack(t *testing.T) {
	t.Parallel()
	s, _, _ := offline(t)
	s.Send("", "/not a command", []string{"doc-1"})
	err := &client.Error{Status: 403, Code: "forbidden", Message: "no"}
	_, act := s.Update(SentMsg{Gen: 1, Out: *s.Outbound(), Err: err}, focused)
	r, ok := uitest.Find[Restore](act)
	if !ok || r.Text != "/not a command" || !r.Sent || len(r.Refs) != 1 {
		t.Errorf("the text did not come back: %#v", act)
	}
	if f, ok := uitest.Find[Refused](act); !ok || f.Err != err || s.Sending() {
		t.Errorf("the refusal: %#v, sending %v", act, s.Sending())
	}
}

// TestLostAnswerConfirmedByStream: a send with no answer is unconfirmed,
// kept in the queue lane, until its command shows in the stream.
func TestLostAnswerConfirmedByStream(t *testing.T) {
	t.Parallel()
	s, _, _ := offline(t)
	s.Send("", "hello", nil)
	out := *s.Outbound()
	lost := errors.New("connection reset")
	_, act := s.Update(SentMsg{Gen: 1, Out: out, Err: lost}, focused)
	if u, ok := uitest.Find[Unanswered](act); !ok || u.Err != lost || !strings.HasPrefix(note(act), "no answer yet") {
		t.Fatalf("a lost answer: %#v", act)
	}
	if s.Unconfirmed() == nil || len(s.LaneItems()) != 1 || !s.LaneItems()[0].Unconfirmed {
		t.Fatalf("unconfirmed %v, lane %v", s.Unconfirmed(), s.LaneItems())
	}
	_, act = s.Update(event(t, 5, client.EvCommandAccepted, client.CommandValue{CommandID: out.RequestID, Op: "prompt",
		Status: "accepted", Disposition: "started"}), focused)
	if s.Unconfirmed() != nil || note(act) != "the host took your prompt (confirmed by the stream)" {
		t.Errorf("after the stream showed it: unconfirmed %v, note %q", s.Unconfirmed(), note(act))
	}
}

// TestKeptRequestConflict: a message kept from an earlier run that the host
// refuses as request_id_conflict was taken then: settled, not given back.
func TestKeptRequestConflict(t *testing.T) {
	t.Parallel()
	s, _, _ := offline(t)
	out := Outgoing{Op: client.OpPrompt, RequestID: "req-kept", Text: "sent before", Kept: true}
	s.KeepUnanswered(out)
	cmd, act := s.Resend()
	if cmd == nil || !s.Sending() || note(act) != "sending it again (the same request)…" {
		t.Fatalf("the kept message was not sent again: %q", note(act))
	}
	_, act = s.Update(SentMsg{Gen: 1, Out: *s.Outbound(), Err: &client.Error{Status: 409, Code: client.CodeRequestIDConflict}}, focused)
	if s.Unconfirmed() != nil || note(act) != "the host had taken your prompt before the UI was reopened: it ran once" {
		t.Errorf("unconfirmed %v, note %q", s.Unconfirmed(), note(act))
	}
	if _, ok := uitest.Find[Restore](act); ok {
		t.Error("the text came back to run twice")
	}
}

// TestLeaseKeptWhileHere: the lease timer renews the lease when a key was
// pressed since it was set; otherwise it says when the lease lapses, and at
// the expiry that it lapsed, once, in the transcript too.
func TestLeaseKeptWhileHere(t *testing.T) {
	t.Parallel()
	s, v, clk := offline(t)
	expires := s.TimerFor()
	if cmd, act := s.Update(LeaseTickMsg{Gen: 1, Expires: expires.Add(-time.Hour)}, focused); cmd != nil || act != (Unchanged{}) {
		t.Errorf("an old lease's tick: %v %#v", cmd != nil, act)
	}
	here := Place{Me: ada, LastKey: uitest.Now.Add(time.Second)}
	if cmd, act := s.Update(LeaseTickMsg{Gen: 1, Expires: expires}, here); cmd == nil || act != nil {
		t.Errorf("the person is here: renewal %v, %#v", cmd != nil, act)
	}
	away := Place{Me: ada}
	if cmd, _ := s.Update(LeaseTickMsg{Gen: 1, Expires: expires}, away); cmd == nil || s.Needs() != "the lease lapses at 10:30" {
		t.Errorf("away: a tick at the expiry %v, mark %q", cmd != nil, s.Needs())
	}
	clk.now = expires.Add(time.Second)
	before := v.changed
	_, act := s.Update(LeaseTickMsg{Gen: 1, Expires: expires}, away)
	if n, ok := uitest.Find[Notify](act); !ok || !strings.Contains(n.Text, "lapsed: nobody drives") || s.Needs() != "the lease lapsed" {
		t.Errorf("lapsed: %#v, mark %q", act, s.Needs())
	}
	if v.changed != before+1 || !strings.Contains(s.State().Entries[len(s.State().Entries)-1].Notice, "your lease lapsed at 10:30") {
		t.Error("the transcript does not say the lease lapsed")
	}
	if _, act := s.Update(LeaseShowMsg{Gen: 1, Due: uitest.Now}, away); act != (Unchanged{}) {
		t.Errorf("a countdown tick not due: %#v", act)
	}
}

// TestCountdownOneTickAtATime: the countdown schedules one redraw at a
// time, the next when the time left shown changes.
func TestCountdownOneTickAtATime(t *testing.T) {
	t.Parallel()
	s, _, _ := offline(t)
	if s.KeepCountdown() == nil || s.ShowAt().IsZero() {
		t.Fatal("no countdown tick while driving")
	}
	if s.KeepCountdown() != nil {
		t.Error("a second tick was scheduled before the first came")
	}
	if _, act := s.Update(LeaseShowMsg{Gen: 1, Due: s.ShowAt()}, focused); act != nil || !s.ShowAt().IsZero() {
		t.Errorf("the tick: %#v, next %v", act, s.ShowAt())
	}
}

// TestRoomAnswers: the room's commands' answers in words.
func TestRoomAnswers(t *testing.T) {
	t.Parallel()
	s, _, _ := offline(t)
	s.Remember("c9", "look in the archive")
	for _, tc := range []struct {
		msg  Msg
		want string
	}{
		{ResolvedMsg{Gen: 1, Accept: true, Chime: client.Chime{Author: "Bo"}}, "accepted Bo's chime"},
		{ResolvedMsg{Gen: 1, Chime: client.Chime{Author: "Jess"}}, "rejected Jess' chime"},
		{PolicyMsg{Gen: 1, Policy: client.PolicyCoDrive}, "room co-drive: chimes go in at once"},
		{CancelledMsg{Gen: 1, CommandID: "c9"}, "cancelled “look in the archive”"},
		{CancelledMsg{Gen: 1, CommandID: "c8"}, "cancelled c8"},
	} {
		if _, act := s.Update(tc.msg, focused); note(act) != tc.want {
			t.Errorf("%T: %q, want %q", tc.msg, note(act), tc.want)
		}
	}
	err := errors.New("offline")
	if _, act := s.Update(PolicyMsg{Gen: 1, Err: err}, focused); note(act) != "" {
		t.Errorf("a failed policy says %q", note(act))
	}
	cmd, act := s.CancelQueued(ui.LaneItem{CommandID: "c9", Op: client.OpFollowUp})
	if cmd == nil || note(act) != "cancelling the follow-up…" || !s.cancelling["c9"] {
		t.Errorf("cancel: %q", note(act))
	}
}

// TestGoneSession: a stream that ends not_found leaves the session gone:
// the tile is marked, nothing is sent, and the words say where it went.
func TestGoneSession(t *testing.T) {
	t.Parallel()
	s, _, _ := offline(t)
	err := &client.Error{Status: 404, Code: client.CodeNotFound, Message: "gone"}
	_, act := s.Update(StreamEndMsg{Gen: 1, Err: err}, Place{Me: ada})
	if !s.Gone() || !s.Conn().Ended || s.Needs() != "this session is gone" {
		t.Fatalf("gone %v, ended %v, mark %q", s.Gone(), s.Conn().Ended, s.Needs())
	}
	if f, ok := uitest.Find[ui.Failed](act); !ok || f.Err != err {
		t.Errorf("the end was not said: %#v", act)
	}
	if note(s.RefuseGone()) != "nothing is sent: this session is gone" {
		t.Error("a gone session does not refuse")
	}
	if _, act := s.TakeOver(); note(act) != "nothing is sent: this session is gone" {
		t.Errorf("take over a gone session: %q", note(act))
	}
	lines := s.GoneLines(40)
	if len(lines) < 2 || !strings.Contains(uitest.StripSGR(lines[0]), "✗ this session is gone") {
		t.Errorf("the lines: %q", lines)
	}
}

// TestTileHeader: a tile says whose focus it has, its title and who
// drives; one without the focus shows what needs the person.
func TestTileHeader(t *testing.T) {
	t.Parallel()
	s, v, _ := offline(t)
	v.lines = []string{"the transcript"}
	got := uitest.StripSGR(strings.Join(s.TileLines(100, true), "\n"))
	for _, want := range []string{"▸ you type here", "Leases", "you drive", "the transcript"} {
		if !strings.Contains(got, want) {
			t.Errorf("the focused tile lacks %q:\n%s", want, got)
		}
	}
	s.Mark(false, NeedChime)
	got = uitest.StripSGR(s.TileLines(100, false)[0])
	if !strings.HasPrefix(got, "! ") || !strings.Contains(got, NeedChime) {
		t.Errorf("a tile that needs the person: %q", got)
	}
	s.Mark(false, NeedSettled) // asks less: the chime's mark stays
	if s.Needs() != NeedChime {
		t.Errorf("the mark became %q", s.Needs())
	}
	if d := s.TakeFocus(); d != "" || s.Needs() != "" {
		t.Errorf("the focus came: draft %q, mark %q", d, s.Needs())
	}
}

// TestThrottledTileFlushesOnTheSharedTick: a tile without the focus asks
// for the shared flush tick for a delta, and renders its tail at it.
func TestThrottledTileFlushesOnTheSharedTick(t *testing.T) {
	t.Parallel()
	s, v, _ := offline(t)
	glance := Place{Me: ada, Throttled: true}
	d := event(t, 5, client.EvMessageDelta, map[string]string{"runId": "r1", "messageId": "m9", "delta": "Streaming"})
	_, act := s.Update(EventsMsg{Gen: 1, Evs: []client.Event{d.Ev}}, glance)
	if _, ok := uitest.Find[ArmFlush](act); !ok || !s.Flushes() {
		t.Fatalf("no flush asked for: %#v", act)
	}
	flushed, changed, next := s.Flush(time.Now().Add(TileFlushEvery), true)
	if !flushed || !changed || !next.IsZero() || v.flushed != 1 || s.Flushes() {
		t.Errorf("the tick: flushed %v changed %v next %v", flushed, changed, next)
	}
	if flushed, _, _ := s.Flush(time.Now(), true); flushed {
		t.Error("a tick with nothing waiting rendered")
	}
}

// TestStreamRetried: a stream the network could not open is tried again;
// one the host refused ends, said on the focused tile.
func TestStreamRetried(t *testing.T) {
	t.Parallel()
	s, _, _ := offline(t)
	cmd, _ := s.Update(StreamOpenedMsg{Gen: 1, Err: &client.TransportError{Err: errors.New("refused")}}, focused)
	if cmd == nil || s.Conn().State.Mode != client.ConnReconnecting {
		t.Fatalf("a transport failure: retry %v, conn %v", cmd != nil, s.Conn().State.Mode)
	}
	err := &client.Error{Status: 403, Code: "forbidden"}
	if _, act := s.Update(StreamOpenedMsg{Gen: 1, Err: err}, focused); !s.Conn().Ended {
		t.Errorf("a refusal: %#v", act)
	}
	if cmd := NewWall(s.cfg).Stray(StreamOpenedMsg{Gen: 1}); cmd != nil {
		t.Error("dropping a message with no stream closes something")
	}
}

// TestAbortHoldsBackFollowUps runs against the reference host: a prompt
// that holds its run, a follow-up queued behind it, then abort: the
// follow-up is held back and the person is asked whether it still goes;
// sent again, it runs.
func TestAbortHoldsBackFollowUps(t *testing.T) {
	t.Parallel()
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs())
	c, err := client.New(srv.URL, client.WithGraph("demo"), client.WithToken("ada-token"), client.WithClientID("cli-ada"))
	if err != nil {
		t.Fatal(err)
	}
	cr, err := c.Create(t.Context(), client.CreateRequest{Title: "Held"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := uitest.Context()
	ctx.ClientID, ctx.Now = "cli-ada", time.Now
	s := New(&Config{Client: c, UI: ctx, Parent: t.Context(), FlushEvery: 10 * time.Millisecond}, cr.Session.SessionID, 1, &view{})
	l := &live{t: t, s: s, p: Place{Focused: true, Me: client.Me{ClientID: "cli-ada"}}, msgs: make(chan tea.Msg, 64)}
	l.run(s.Open("", false))
	l.until("the stream", func() bool { return s.Stream() != nil && s.Driving() })
	send := func(text string) {
		cmd, act, sent := s.Send("", text, nil)
		if !sent {
			t.Fatalf("%q was not sent: %#v", text, act)
		}
		l.do(cmd, act)
		l.until("the answer to "+text, func() bool { return !s.Sending() })
	}
	send("hold on #hold")
	l.until("the run", func() bool { return s.State().Run == client.RunRunning })
	send("keep this one")
	l.until("the queue", func() bool { return len(s.State().Queue) == 1 })
	l.do(s.Abort())
	if !s.Stopping() {
		t.Fatal("not stopping after abort")
	}
	var ask AskHeld
	l.until("the question", func() bool {
		for _, a := range l.acts {
			if q, ok := a.(AskHeld); ok {
				ask = q
				return true
			}
		}
		return false
	})
	if len(ask.Texts) != 1 || ask.Texts[0] != "keep this one" {
		t.Fatalf("held back: %q", ask.Texts)
	}
	l.until("the run settled", func() bool { return s.State().Run != client.RunRunning && !s.Stopping() })
	if r, ok := uitest.Find[Restore](s.HeldBack(ask.Texts, 0)); !ok || r.Text != "keep this one" {
		t.Error("held back: not given back")
	}
	l.do(s.SendHeld(ask.Texts))
	l.until("the held follow-up's answer", func() bool { return !s.Sending() })
	if !l.said("sending the held prompt…") {
		t.Errorf("the held follow-up was not sent: %v", l.acts)
	}
}
