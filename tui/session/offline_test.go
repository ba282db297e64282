package session

import (
	"errors"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"

	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestSendRefusedBeforeItGoes: nothing is sent from a terminal that only
// watches, by a viewer, or while another person holds the lease.
func TestSendRefusedBeforeItGoes(t *testing.T) {
	t.Parallel()
	s, _, _ := offline(t)
	s.Reduce()
	if _, act, sent := s.Send("", "hi", nil); sent || !strings.HasPrefix(note(act), "your role here is viewer") {
		t.Errorf("a viewer: sent %v, %q", sent, note(act))
	}
	if _, act := s.TakeOver(); !strings.HasPrefix(note(act), "your role here is viewer") {
		t.Errorf("a viewer takes over: %q", note(act))
	}
	w, _, _ := offline(t)
	w.cfg.UI.Watch = true
	if _, act, sent := w.Send("", "hi", nil); sent || note(act) != "watching read-only: this terminal cannot send" {
		t.Errorf("watching: sent %v, %q", sent, note(act))
	}
	o, _, _ := offline(t)
	o.Update(event(t, 5, client.EvLeaseClaimed, client.Lease{Principal: "user:bo", ClientID: "cli-bo",
		ExpiresAt: o.State().Session.Lease.ExpiresAt}), focused)
	if _, act, sent := o.Send("", "hi", nil); sent || note(act) != "user:bo holds this session's lease: nothing was sent" {
		t.Errorf("Bo drives: sent %v, %q", sent, note(act))
	}
	if _, act, ok := o.SendAgain(ui.LaneItem{CommandID: "c1", Text: "again", Cancelled: true}); ok ||
		note(act) != "user:bo holds this session's lease: nothing was sent" {
		t.Errorf("send again while Bo drives: %v %q", ok, note(act))
	}
}

// TestGivenBackThenSentAgain: a command of this terminal's the host
// cancelled undelivered is given back; sent again from the lane it is a
// new command, and the lane forgets it.
func TestGivenBackThenSentAgain(t *testing.T) {
	t.Parallel()
	s, _, _ := offline(t)
	s.Send("", "first", nil)
	out := *s.Outbound()
	s.Update(SentMsg{Gen: 1, Out: out, Acc: &client.Accepted{CommandID: out.RequestID, Disposition: "queued"}}, focused)
	s.Update(event(t, 5, client.EvCommandAccepted, client.CommandValue{CommandID: out.RequestID, Op: client.OpPrompt,
		Status: client.StatusQueued, Disposition: "queued"}), focused)
	_, act := s.Update(event(t, 6, client.EvCommandCancelled, client.CommandValue{CommandID: out.RequestID}), Place{Me: ada})
	g, ok := uitest.Find[GiveBack](act)
	if !ok || g.Item.Text != "first" || g.What != "prompt" || !g.Item.Cancelled {
		t.Fatalf("not given back: %#v", act)
	}
	if s.Needs() != "a message of yours came back unsent" {
		t.Errorf("the tile's mark: %q", s.Needs())
	}
	s.Return(g.Item)
	if len(s.LaneItems()) != 1 {
		t.Fatalf("the lane: %v", s.LaneItems())
	}
	cmd, act, ok := s.SendAgain(g.Item)
	if !ok || cmd == nil || note(act) != "sending again…" || len(s.LaneItems()) != 0 {
		t.Errorf("sent again: %v %q, lane %v", ok, note(act), s.LaneItems())
	}
	s.Return(g.Item)
	s.Forget(g.Item)
	if len(s.LaneItems()) != 0 {
		t.Error("forgotten, still in the lane")
	}
}

// TestRoomEventsMarkTheTile: a chime for the driver and a failed message
// mark a tile without the focus; the error is kept; a settled run clears
// "abort sent" on the focused one.
func TestRoomEventsMarkTheTile(t *testing.T) {
	t.Parallel()
	s, _, _ := offline(t)
	away := Place{Me: ada}
	_, act := s.Update(event(t, 5, client.EvChimeReceived, client.ChimeValue{Author: "Bo", Text: "look"}), away)
	if n, ok := uitest.Find[Notify](act); !ok || n.Text != "Bo chimes in “Leases”: look" || s.Needs() != NeedChime {
		t.Errorf("a chime: %#v, mark %q", act, s.Needs())
	}
	s.Remember("c1", "mine")
	_, act = s.Update(event(t, 6, client.EvCommandFailed, map[string]string{"commandId": "c1", "error": "boom"}), away)
	if s.Needs() != "a message of yours failed" {
		t.Errorf("a failure: mark %q, %#v", s.Needs(), act)
	}
	_, act = s.Update(event(t, 7, client.EvRunSettled, map[string]string{"runId": "r1", "outcome": "completed"}), focused)
	if c, ok := uitest.Find[ClearNote](act); !ok || c.Was != "abort sent" {
		t.Errorf("a settled run: %#v", act)
	}
	s.Update(event(t, 8, client.EvSessionDeleted, map[string]string{"trashedAs": "Trash/Leases"}), away)
	if !s.Gone() || !strings.Contains(s.GoneWords(), "this session was deleted: it is in the host's trash") {
		t.Errorf("deleted: gone %v, %q", s.Gone(), s.GoneWords())
	}
}

// TestClaimAnswers: a quiet renewal changes nothing shown unless refused;
// a claim the person asked for makes this terminal the driver.
func TestClaimAnswers(t *testing.T) {
	t.Parallel()
	s, _, _ := offline(t)
	if _, act := s.Update(ClaimedMsg{Gen: 1, Renewal: true}, focused); act != (Unchanged{}) {
		t.Errorf("a renewal: %#v", act)
	}
	refused := errors.New("held")
	if _, act := s.Update(ClaimedMsg{Gen: 1, Renewal: true, Err: refused}, focused); act != (ui.Failed{Err: refused}) {
		t.Errorf("a refused renewal: %#v", act)
	}
	s.Watch()
	if _, act := s.Update(ClaimedMsg{Gen: 1, Claim: &client.Claimed{}}, focused); note(act) != "you drive from this terminal" ||
		s.Role() != RoleDrive {
		t.Errorf("claimed: %q, role %v", note(act), s.Role())
	}
	if s.Claim(true) == nil {
		t.Error("no claim")
	}
}

// TestIntentsKeepWhatTheRootSays: what the root tells a session is kept
// and read back.
func TestIntentsKeepWhatTheRootSays(t *testing.T) {
	t.Parallel()
	s, _, _ := offline(t)
	s.SetDraft("half a thought")
	s.SetHistory([]string{"one", "two"})
	n := New(s.cfg, "s1", 2, &view{})
	n.Inherit(s, "read again")
	n.MarkCreated()
	if n.Draft() != "half a thought" || len(n.History()) != 2 {
		t.Fatalf("inherited: %q %v", n.Draft(), n.History())
	}
	snap := s.State().Session
	_, act := n.Update(OpenedMsg{Gen: 2, Snap: &client.Snapshot{Session: snap, Cursor: 4}}, focused)
	if note(act) != "read again" || n.Role() != RoleDrive {
		t.Errorf("opened: %q, role %v (made here, unclaimed: drives)", note(act), n.Role())
	}
	n.SayOnOpen("later")
	if n.onOpen != "later" || n.Context() == nil || n.Stale() {
		t.Error("the note to say on open was not kept")
	}
	n.Cancel()
	if n.Context().Err() == nil {
		t.Error("cancelled, its context lives on")
	}
	if total, known := s.Cost(); total != 0 || known {
		t.Errorf("cost %v %v of a snapshot without stats", total, known)
	}
}

// TestLazySourceAndNotes: a lazily opened session is the transcript's
// Source: it counts what is not folded, folds it in steps, and puts the
// notes of its past events after the entries they follow once folded.
func TestLazySourceAndNotes(t *testing.T) {
	t.Parallel()
	s := openedLazy(t, 400)
	hidden := s.Hidden()
	if s.State().Earlier() == 0 || hidden == 0 || len(s.Entries()) == 0 {
		t.Fatalf("earlier %d, hidden %d, entries %d", s.State().Earlier(), hidden, len(s.Entries()))
	}
	if s.EntryText(0) == "" {
		t.Error("the first entry has no text")
	}
	s.Decode(0)
	_, act := s.Update(NotesMsg{Gen: 1, Placed: []client.PlacedNotice{
		{After: "e1", Entry: client.Entry{Kind: client.EntryNotice, Notice: "run aborted", Rev: 1}}}}, focused)
	if act != (Unchanged{}) || s.Hidden() != hidden+1 {
		t.Errorf("a note after an entry not folded: %#v, hidden %d", act, s.Hidden())
	}
	if _, act := s.Update(EarlierCountMsg{Gen: 1, N: 7}, focused); act != (Unchanged{}) {
		t.Errorf("a count: %#v", act)
	}
	if added := s.FoldEarlier(-1); added == 0 || s.State().Earlier() != 0 || s.Hidden() != 0 {
		t.Fatalf("folded all: %d added, %d earlier, %d hidden", added, s.State().Earlier(), s.Hidden())
	}
	found := false
	for _, e := range s.Entries() {
		found = found || e.Notice == "run aborted"
	}
	if !found {
		t.Error("the note did not come in place with its entry")
	}
	if cmd, act := s.Update(FoldStepMsg{Gen: 1}, focused); cmd != nil || act != (Unchanged{}) {
		t.Errorf("a fold step with nothing left: %v %#v", cmd != nil, act)
	}
}

// TestFactsFollowTheKey: with a model key given, a settled run on a credit
// session reads its summary again, whose funding the session takes.
func TestFactsFollowTheKey(t *testing.T) {
	t.Parallel()
	s, _, _ := offline(t)
	s.State().Session.Funding = ui.FundingCredit
	ev := event(t, 5, client.EvRunSettled, map[string]string{"runId": "r1"}).Ev
	if s.refreshFacts(ev, false) != nil || s.refreshFacts(ev, true) == nil {
		t.Error("the summary is read again only with a key")
	}
	sum := s.State().Session
	sum.Funding = "byok"
	s.Update(FactsMsg{Gen: 1, Summary: &sum}, focused)
	if s.State().Session.Funding != "byok" {
		t.Errorf("funding %q", s.State().Session.Funding)
	}
	if _, act := s.Update(FactsMsg{Gen: 1}, focused); act != (Unchanged{}) {
		t.Errorf("no summary: %#v", act)
	}
	if _, act := s.Update(ForgotMsg{Gen: 1, Forgot: true}, focused); act == nil {
		t.Error("a host that forgot the session asks for nothing")
	} else if r, ok := uitest.Find[Reload](act); !ok || !strings.Contains(r.Note, "was read again") {
		t.Errorf("forgot: %#v", act)
	}
}
