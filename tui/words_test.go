package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// Issue 36, "Words that are not true": every sentence on a screen is true
// for this person at the moment it shows.

// TestChimerSaysOnlyWhatItKnows: Bo chimes into Ada's room; Ada accepts
// it, then turns the room to observe and Bo's next chime is refused. Bo
// cannot read the session, so his screen says when each chime went, that
// the first was held for the driver to decide and that its outcome is not
// visible from here, and what the refusal said; never that the first is
// still pending (item 1).
func TestChimerSaysOnlyWhatItKnows(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Ada's")
	cfg := hostConfig(t, person(t, srv, "bo-token", "cli-bo"))
	cfg.SessionID, cfg.Chime = id, true
	b := drive(t, "bo", cfg, 100, 30)
	b.see("chiming into " + id)
	b.send(typing("Look at the census.")...)
	b.send(keyEnter)
	b.see("you → chime · sent at 09:30 · held for the driver to decide",
		"its outcome is not visible from here: only the session's owner reads it")
	snap, err := ada.Inspect(t.Context(), id)
	if err != nil || len(snap.Chimes) != 1 {
		t.Fatalf("ada's room: %+v, %v", snap, err)
	}
	if _, err := ada.AcceptChime(t.Context(), id, snap.Chimes[0].ChimeID); err != nil {
		t.Fatal(err)
	}
	if _, err := ada.SetRoomPolicy(t.Context(), id, client.PolicyObserve); err != nil {
		t.Fatal(err)
	}
	b.send(typing("And the 2024 archive.")...)
	b.send(keyEnter)
	s := b.see("refused at 09:30: the room was in observe mode")
	if strings.Contains(s, "pending") {
		t.Errorf("Bo's screen says a chime is pending, which he cannot know:\n%s", s)
	}
	if !strings.Contains(s, "you → chime · sent at 09:30 · held for the driver to decide") {
		t.Errorf("the first chime no longer says when it went and who decides:\n%s", s)
	}
}

// TestTurnsAreTheHosts: the driver's and a watcher's screens count the
// session's turns as the host does, accepted chimes with them, under both
// of the host's answers to what command a chime becomes (item 2).
func TestTurnsAreTheHosts(t *testing.T) { variants(t, testTurnsAreTheHosts) }

func testTurnsAreTheHosts(t *testing.T, opts ...vehicletest.Option) {
	srv, _ := host(t, opts...)
	ada := person(t, srv, "ada-token", "cli-ada")
	bo := person(t, srv, "bo-token", "cli-bo")
	id := newSession(t, ada, "Counted")
	cfg := hostConfig(t, ada)
	cfg.SessionID = id
	a := drive(t, "ada", cfg, 100, 30)
	wcfg := hostConfig(t, person(t, srv, "ada-token", "cli-watch"))
	wcfg.SessionID, wcfg.Watch = id, true
	w := drive(t, "watcher", wcfg, 100, 30)
	a.see("● you drive from this terminal", "● live")
	if _, err := ada.Prompt(t.Context(), id, "first"); err != nil {
		t.Fatal(err)
	}
	ch, err := bo.Chime(t.Context(), id, "look at the census")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ada.AcceptChime(t.Context(), id, ch.ChimeID); err != nil {
		t.Fatal(err)
	}
	if _, err := ada.SetRoomPolicy(t.Context(), id, client.PolicyCoDrive); err != nil {
		t.Fatal(err)
	}
	if _, err := bo.Chime(t.Context(), id, "and the archive"); err != nil {
		t.Fatal(err)
	}
	snap, err := ada.Inspect(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("%d turns in this session", snap.Session.Turns)
	if snap.Session.Turns != 3 {
		t.Fatalf("the host counts %d turns, want 3 (a prompt and two chimes)", snap.Session.Turns)
	}
	a.see(want)
	w.see(want)
}

// TestQueueLaneShowsChimesText: a chime the driver accepts during a run
// waits in the queue lane as the collaborator's text, not its command's id
// (item 10).
func TestQueueLaneShowsChimesText(t *testing.T) { variants(t, testQueueLaneShowsChimesText) }

func testQueueLaneShowsChimesText(t *testing.T, opts ...vehicletest.Option) {
	srv, _ := host(t, opts...)
	ada := person(t, srv, "ada-token", "cli-ada")
	bo := person(t, srv, "bo-token", "cli-bo")
	id := newSession(t, ada, "Lane")
	cfg := hostConfig(t, ada)
	cfg.SessionID = id
	a := drive(t, "ada", cfg, 100, 30)
	a.see("● you drive from this terminal", "● live")
	if _, err := ada.Prompt(t.Context(), id, "hold on #hold"); err != nil {
		t.Fatal(err)
	}
	ch, err := bo.Chime(t.Context(), id, "look at the census")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ada.AcceptChime(t.Context(), id, ch.ChimeID); err != nil {
		t.Fatal(err)
	}
	s := a.see("⧗ queued chime from Bo · look at the census")
	if strings.Contains(s, "chime-"+ch.ChimeID) {
		t.Errorf("the lane shows the chime's command id:\n%s", s)
	}
	srv.Proceed(id)
}

// TestRoomOffersOnlyWhatThisPersonCanDo: with nobody driving, the room
// says so and offers the key that claims the lease, not "takes over"; a
// driver's key pressed there says at once why it cannot act, never "a:
// enter accepts" followed by a refusal; once this terminal drives, it
// proposes (item 3).
func TestRoomOffersOnlyWhatThisPersonCanDo(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	bo := person(t, srv, "bo-token", "cli-bo")
	id := newSession(t, ada, "Free")
	if err := ada.Release(t.Context(), id); err != nil {
		t.Fatal(err)
	}
	if _, err := bo.Chime(t.Context(), id, "look at the census"); err != nil {
		t.Fatal(err)
	}
	cfg := hostConfig(t, person(t, srv, "ada-token", "cli-two"))
	cfg.SessionID, cfg.NoClaim = id, true
	a := drive(t, "ada", cfg, 120, 30)
	s := a.see("○ nobody drives", "✉ chimes · 1 pending · room suggest · nobody drives · ctrl+t claims the lease to decide")
	if strings.Contains(s, "takes over") {
		t.Errorf("with nobody driving, the screen offers to take over:\n%s", s)
	}
	a.send(keyTab, press('a'))
	s = a.see("a: only the driver may accept or reject a chime: nobody drives · ctrl+t claims the lease")
	if strings.Contains(s, "enter accepts") {
		t.Errorf("a proposes what it cannot do:\n%s", s)
	}
	a.send(keyEnter)
	a.see("only the driver may accept or reject a chime: nobody drives")
	if count(srv, id, client.EvChimeResolved) != 0 {
		t.Fatal("a chime was resolved by a terminal that does not drive")
	}
	a.send(keyEsc, keyCtrlT)
	a.see("● you drive from this terminal")
	a.send(keyTab, press('a'))
	a.see("a: enter accepts Bo's chime")
}

// TestFundingAfterAKey: Ada, a member, gives a model key: the header and
// the session info no longer say only that the host's own key pays, but
// that her key is not what this session runs on; the host, asked after the
// next run, still says member (item 5).
func TestFundingAfterAKey(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Paid")
	cfg := hostConfig(t, ada)
	cfg.SessionID = id
	a := drive(t, "ada", cfg, 120, 30)
	a.see("chat · echo · house · demo/")
	a.send(keyModelKey)
	a.see("Model key")
	a.send(tea.PasteMsg{Content: testModelKey})
	a.send(keyEnter)
	a.see("chat · echo · house, not your key · demo/")
	a.send(keyF4)
	a.seeBoxed("funding house: the host's own key pays; a member's session does not run on the model key you gave")
	a.send(keyEsc)
	a.send(typing("paid by whom?")...)
	a.send(keyEnter)
	a.see("You said: paid by whom?")
	a.see("chat · echo · house, not your key · demo/")
	if s := screen(a.m); strings.Contains(s, "· house ·") {
		t.Errorf("after a key the header still says only house:\n%s", s)
	}
}
