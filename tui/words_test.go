package tui

import (
	"fmt"
	"os"
	"path/filepath"
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
	a.seeBoxed("funding house: the host's own key pays, not the key you gave (a member's session)")
	a.send(keyEsc)
	a.send(typing("paid by whom?")...)
	a.send(keyEnter)
	a.see("You said: paid by whom?")
	a.see("chat · echo · house, not your key · demo/")
	if s := screen(a.m); strings.Contains(s, "· house ·") {
		t.Errorf("after a key the header still says only house:\n%s", s)
	}
}

// TestCrashGivesTheTextBack: an agent's body dies under a held run with a
// follow-up queued; the host says "send the command again", and the texts
// are where the person can send them again: one in the empty composer, the
// other in the queue lane, marked failed (item 7).
func TestCrashGivesTheTextBack(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a := newAgent(t, srv)
	a.see("agent · bwrap", "● you drive from this terminal")
	say(a, "dig in #hold")
	a.see("running")
	say(a, "and then this")
	a.see("⧗ queued follow-up · and then this")
	code := 137
	if !srv.ExitBody(a.m.tiles.Focused().ID(), vehicletest.BodyExit{Code: &code, Stderr: "killed"}) {
		t.Fatal("the host has no body to end")
	}
	s := a.see("✗ failed: enter sends again · ", "send the command again")
	if !strings.Contains(s, "dig in #hold") || !strings.Contains(s, "and then this") {
		t.Fatalf("the failed commands' texts are not on screen:\n%s", s)
	}
	texts := map[string]bool{"dig in #hold": true, "and then this": true}
	back := a.m.composer.Value()
	if !texts[back] {
		t.Fatalf("the composer holds %q, want one of the failed texts back", back)
	}
	a.see("failed (the agent's body exited with code 137")
}

// TestArmedKeyShowsOverAnError: an error stays on the status line (an
// export refused: the file exists); a key pressed in a pane then says what
// enter does, and what it did, not hidden by the error, which f3 still
// lists (item 8).
func TestArmedKeyShowsOverAnError(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	h, _ := slashSession(t, srv, "Kept")
	h.said("hello there", "You said: hello there")
	out := filepath.Join(t.TempDir(), "out.md")
	if err := os.WriteFile(out, []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	h.enter("/export " + out)
	h.see("✗", "already exists")
	h.send(keyTab, keyTab, press('y'))
	s := h.see("y: enter copies")
	if strings.Contains(s, "already exists") {
		t.Errorf("the old error still shows over what y does now:\n%s", s)
	}
	if errs := h.m.note.Errors(); len(errs) == 0 || !strings.Contains(errs[0], "already exists") {
		t.Errorf("the error is no longer kept for f3: %q", errs)
	}
	h.send(keyEnter)
	h.see("sent the entry to the terminal as OSC 52")
}

// TestViewerWithoutAccess: Bo watches a session that is Ada's: the host's
// not_found is said as no access to that session, with what Bo may do
// instead, and the picker behind offers only what works while watching:
// no "ctrl+n starts one", no key that acts on a session when none is
// listed (item 9).
func TestViewerWithoutAccess(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	id := newSession(t, person(t, srv, "ada-token", "cli-ada"), "Ada's own")
	cfg := hostConfig(t, person(t, srv, "bo-token", "cli-bo"))
	cfg.Watch, cfg.SessionID = true, id
	b := drive(t, "bo", cfg, 160, 24)
	s := b.see("✗ not_found: no access to session "+id+": only its owner reads it",
		"No session of yours to watch here (watching starts none).")
	for _, wrong := range []string{"ctrl+n", "starts one", "enter open", "ctrl+r rename", "ctrl+d delete"} {
		if strings.Contains(s, wrong) {
			t.Errorf("the watcher's screen offers %q, which does nothing for him:\n%s", wrong, s)
		}
	}
	if !strings.Contains(b.m.note.Errors()[0], "vehicle --session "+id+" --chime writes to its driver") {
		t.Errorf("the error does not say what Bo may do: %q", b.m.note.Errors()[0])
	}
}

// TestRefusedEnterKeepsTextApart: Ada's other terminal drives; enter on
// "count" sends nothing (the take-over is offered, the text waits), and the
// words she types next go on a new line, not glued to it ("countfollow-up")
// (item 11).
func TestRefusedEnterKeepsTextApart(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Apart")
	cfg := hostConfig(t, person(t, srv, "ada-token", "cli-two"))
	cfg.SessionID, cfg.NoClaim = id, true
	a := drive(t, "two", cfg, 100, 30)
	a.see("◐ your other terminal drives")
	a.send(typing("count")...)
	a.send(keyEnter)
	a.see("nothing was sent")
	a.send(typing("follow-up")...)
	if got := a.m.composer.Value(); got != "count\nfollow-up" {
		t.Errorf("the composer holds %q, want the waiting text and the new words apart", got)
	}
	if n := count(srv, id, client.EvCommandAccepted); n != 0 {
		t.Errorf("%d commands were sent", n)
	}
}

// TestQueuedNoteGoesWithTheRun: "queued as a follow-up" is said while the
// follow-up waits; once the runs settled, the status line no longer says
// it (seen beside "idle" for minutes).
func TestQueuedNoteGoesWithTheRun(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	h, id := slashSession(t, srv, "Queued")
	h.enter("hold on #hold")
	h.see("running")
	h.until("the send settled", func(string) bool { return !h.m.tiles.Focused().Sending() })
	h.enter("and then this")
	h.see("queued as a follow-up")
	srv.Proceed(id)
	s := h.see("You said: and then this", "● live · idle")
	if strings.Contains(s, "queued as a follow-up") {
		t.Errorf("the run settled and the status line still says the follow-up is queued:\n%s", s)
	}
}

// TestSessionNoteLeavesWithThePicker: a note of the session screen ("draft
// cleared: ↑ brings it back", "… enter sends") is not true on the picker,
// where enter opens a session: opening the picker takes it off the status
// line (seen in tmux: "the held follow-up is back in the composer: enter
// sends" under the list).
func TestSessionNoteLeavesWithThePicker(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a := adaDrives(t, srv, "Notes", 100, 30)
	a.see("● you drive from this terminal", "● live")
	a.send(typing("a draft to clear")...)
	a.send(keyCtrlC)
	a.see("draft cleared: ↑ brings it back")
	a.send(keyCtrlO)
	if got := a.see("your sessions", "Notes"); strings.Contains(got, "brings it back") {
		t.Errorf("the session's note stays on the picker:\n%s", got)
	}
}
