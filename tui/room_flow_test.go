package tui

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// TestChimeFlow is the room on a real host: Bo chimes into Ada's session;
// Ada sees it, accepts it (the turn is Bo's in the transcript), sets the
// room to co-drive (Bo's next chime goes in at once), back to suggest, and
// rejects one.
func TestChimeFlow(t *testing.T) { variants(t, testChimeFlow) }

func testChimeFlow(t *testing.T, opts ...vehicletest.Option) {
	srv, _ := host(t, opts...)
	ada, bo := person(t, srv, "ada-token", "cli-ada"), person(t, srv, "bo-token", "cli-bo")
	id := newSession(t, ada, "Room")
	cfg := hostConfig(t, ada)
	cfg.SessionID = id
	a := drive(t, "ada", cfg, 100, 30)
	a.see("● you drive from this terminal", "● live", "room suggest")

	if _, err := bo.Chime(t.Context(), id, "Try the archive."); err != nil {
		t.Fatal(err)
	}
	a.see("✉ chimes · 1 pending", "Bo · 09:30  Try the archive.")
	a.send(keyTab, press('a'), keyEnter)
	a.see("Bo (collaborator) · 09:30", "Bo suggests: Try the archive.", "idle")
	if strings.Contains(screen(a.m), "1 pending") {
		t.Error("the accepted chime is still pending")
	}

	a.send(keyTab, press('p'), keyEnter)
	a.see("room co-drive")
	res, err := bo.Chime(t.Context(), id, "Now straight in.")
	if err != nil || res.Status != "submitted" {
		t.Fatalf("a co-drive chime: %+v, %v", res, err)
	}
	a.see("Now straight in.", "idle")

	a.send(keyTab, press('P'), keyEnter)
	a.see("room suggest")
	if _, err := bo.Chime(t.Context(), id, "Ignore me."); err != nil {
		t.Fatal(err)
	}
	a.see("Bo · 09:30  Ignore me.")
	a.send(keyTab, press('x'), keyEnter)
	a.see("rejected Bo's chime")
	a.until("the chime gone", func(s string) bool { return !strings.Contains(s, "Ignore me.") })
	rejected := 0
	for _, ev := range srv.Events(id) {
		var v client.ChimeResolvedValue
		if ev.Type == client.EvChimeResolved && ev.Decode(&v) == nil && !v.Accepted {
			rejected++
		}
	}
	if rejected != 1 {
		t.Errorf("%d chimes rejected, want 1", rejected)
	}
}

// TestVisitFlow is Bo's terminal chiming into Ada's room: pending under
// suggest, submitted under co-drive, refused under observe (the text back
// in the composer); each said with its time, the room as last known, never
// as a present fact (issue 24's ninth item).
func TestVisitFlow(t *testing.T) { variants(t, testVisitFlow) }

func testVisitFlow(t *testing.T, opts ...vehicletest.Option) {
	srv, _ := host(t, opts...)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Ada's")
	cfg := hostConfig(t, person(t, srv, "bo-token", "cli-bo"))
	cfg.SessionID, cfg.Chime = id, true
	b := drive(t, "bo", cfg, 80, 24)
	b.see("chiming into "+id, "not yours")

	b.see("✉ you chime into this room · nothing known of it yet")
	b.send(typing("Look at the census.")...)
	b.send(keyEnter)
	b.see("you → chime · sent at 09:30 · held for the driver to decide", "Look at the census.",
		"its outcome is not visible from here: only the session's owner reads it", "✉ as of 09:30: chimes waited for the driver (suggest)")
	snap, err := ada.Inspect(t.Context(), id)
	if err != nil || len(snap.Chimes) != 1 || snap.Chimes[0].Author != "Bo" {
		t.Fatalf("ada's room: %+v, %v", snap, err)
	}

	if _, err := ada.SetRoomPolicy(t.Context(), id, client.PolicyCoDrive); err != nil {
		t.Fatal(err)
	}
	b.send(typing("Straight in.")...)
	b.send(keyEnter)
	b.see("went in at once (co-drive) at 09:30", "✉ as of 09:30: chimes went in at once (co-drive)")

	if _, err := ada.SetRoomPolicy(t.Context(), id, client.PolicyObserve); err != nil {
		t.Fatal(err)
	}
	b.send(typing("Refused.")...)
	b.send(keyEnter)
	b.see("refused at 09:30: the room was in observe mode", "✉ as of 09:30: chimes were refused (observe or mute)")
	if got := b.m.composer.Value(); got != "Refused." {
		t.Errorf("the refused chime's text is %q in the composer, want it back", got)
	}
	if strings.Contains(screen(b.m), "the driver decides") {
		t.Error("the screen says what the driver does now, which Bo cannot know")
	}
}

// TestVisitUnknownSession: a chime to a session that is not there is the
// host's not_found, and the text stays.
func TestVisitUnknownSession(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	cfg := hostConfig(t, person(t, srv, "cy-token", "cli-cy"))
	cfg.SessionID, cfg.Chime = "s9", true
	c := drive(t, "cy", cfg, 80, 24)
	c.send(typing("hello?")...)
	c.send(keyEnter)
	c.see("✗ not_found")
	if c.m.composer.Value() != "hello?" {
		t.Errorf("the refused chime's text is %q, want it kept", c.m.composer.Value())
	}
}

// TestQueueFlow queues two follow-ups behind a held run, cancels one from
// the lane, and aborts with Esc: the other is held back, and runs once the
// person says it still goes. Under both of the host's answers to what an
// abort does to the queue.
func TestQueueFlow(t *testing.T) { variants(t, testQueueFlow) }

func testQueueFlow(t *testing.T, opts ...vehicletest.Option) {
	srv, _ := host(t, opts...)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Queue")
	cfg := hostConfig(t, ada)
	cfg.SessionID = id
	a := drive(t, "ada", cfg, 100, 30)
	a.see("● you drive from this terminal", "● live")
	sent := func(string) bool { return !a.m.tiles.Focused().Sending() }

	a.send(typing("hold on #hold")...)
	a.send(keyEnter)
	a.see("running", "streaming…")
	a.until("the prompt's answer", sent)
	for _, text := range []string{"drop this one", "keep this one"} {
		a.send(typing(text)...)
		a.send(keyEnter)
		a.until("the follow-up's answer", sent)
	}
	a.see("⧗ queued follow-up · drop this one", "⧗ queued follow-up · keep this one", "2 queued")
	a.send(keyTab, keyTab)
	a.see("▸ ⧗ queued follow-up · drop this one")
	a.send(press('x'), keyEnter)
	a.see("cancelled “drop this one”", "1 queued")
	a.send(keyEsc) // the cancel gave the composer the focus back: esc aborts
	a.see("Run aborted", "· keep this one")
	a.send(keyDown, keyEnter)
	a.see("You said: keep this one", "idle")
	if n := count(srv, id, client.EvCommandCancelled); n != 2 {
		t.Errorf("%d commands cancelled, want 2 (one from the lane, one held back at the abort)", n)
	}
	if n := count(srv, id, client.EvRunStarted); n != 2 {
		t.Errorf("%d runs, want 2 (the held one, then the follow-up sent again)", n)
	}
}

// TestForkFlow forks before the person's first turn: the new session
// opens with that turn's text back in the composer.
func TestForkFlow(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Forked")
	if _, err := ada.Prompt(t.Context(), id, "first question"); err != nil {
		t.Fatal(err)
	}
	cfg := hostConfig(t, ada)
	cfg.SessionID = id
	a := drive(t, "ada", cfg, 100, 30)
	a.see("You said: first question", "idle")
	a.send(keyTab, keyTab, keyUp)
	a.send(press('f'), keyEnter)
	a.until("the fork open", func(string) bool { return a.m.tiles.Focused().ID() == "s2" && a.m.tiles.Focused().State() != nil })
	a.see("vehicle · s2", "● you drive from this terminal", "┃ first question")
	if a.m.composer.Value() != "first question" {
		t.Errorf("after the fork the composer holds %q", a.m.composer.Value())
	}
}

// TestAccountOnHost is the account pane against the host's own answers:
// an account with its signup credit, and a member.
func TestAccountOnHost(t *testing.T) {
	t.Parallel()
	dee := vehicletest.Person{Token: "dee-token", Principal: "cognito:dee", Name: "Dee",
		Kind: client.AccountAccount, Email: "dee@example.com", EmailVerified: true}
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs(), vehicletest.WithPublicGraphs("demo"),
		vehicletest.WithPeople(append(vehicletest.DefaultPeople(), dee)...))
	c := person(t, srv, "dee-token", "cli-dee")
	id := newSession(t, c, "Credit")
	cfg := hostConfig(t, c)
	cfg.SessionID = id
	a := drive(t, "dee", cfg, 100, 30)
	a.see("◆ account cognito:dee · dee@example.com (verified) · turns: today 0/100, session 0/40",
		"credit: $0.50 left · $0.50 granted · $0.00 spent")
	a.send(typing("one turn")...)
	a.send(keyEnter)
	a.see("You said: one turn", "turns: today 1/100, session 1/40", "$0.0010 spent")

	m := drive(t, "ada", hostConfig(t, person(t, srv, "ada-token", "cli-ada")), 100, 30)
	m.send(keyCtrlN)
	m.see("New session")
	m.send(keyEnter)
	m.see("◆ member user:ada · 0 turns in this session · no limits")
}

// TestDeletedElsewhere (issue 25.3): another terminal of the same person
// deletes the open session; this one closes its composer and says, where
// it was, where the session went (the host's trash) and what is left to do
// (the picker). Nothing typed then is sent (it would be not_found).
func TestDeletedElsewhere(t *testing.T) {
	t.Parallel()
	a, _, _, out := deletedElsewhere(t)
	gone := "✗ this session was deleted: it is in the host's trash (" + out.Deleted.TrashedAs + ") and nothing more is sent here · ctrl+o shows your sessions"
	got := a.seeBoxed("session deleted", gone, "○ nobody drives: the session is gone", "stream closed")
	if strings.Contains(got, "write a message") || strings.Contains(got, "┃") {
		t.Errorf("the composer still invites sending:\n%s", got)
	}
	a.send(typing("anyone?")...)
	a.send(keyEnter, keyCtrlS)
	if a.m.composer.Value() != "" || a.m.tiles.Focused().Sending() {
		t.Errorf("a deleted session took a draft %q (sending %v)", a.m.composer.Value(), a.m.tiles.Focused().Sending())
	}
	if e := a.m.LastError(); strings.Contains(e, "not_found") {
		t.Errorf("a send went to the host: %s", e)
	}
	a.see("nothing is sent: this session is gone")
	a.send(keyCtrlT, keyCtrlP)
	a.seeBoxed("Rename this session", "this session was deleted")
	a.send(keyEsc, keyCtrlO)
	a.until("the picker", func(string) bool { return a.m.focus == focusPicker })
}

// TestNewSessionFromADeletedOne: in a session deleted elsewhere, ctrl+n
// then enter starts a new session, and the status line does not say that
// nothing was sent (a dialog's action once went to the panes' dispatcher
// too, whose refusal for a gone session said so while the session was
// created).
func TestNewSessionFromADeletedOne(t *testing.T) {
	t.Parallel()
	a, ada, id, _ := deletedElsewhere(t)
	a.seeBoxed("session deleted")
	a.send(keyEsc, keyCtrlN)
	a.see("New session")
	a.send(keyEnter)
	if strings.Contains(a.m.note.Text(), "nothing is sent") {
		t.Errorf("creating a session, the status says %q", a.m.note.Text())
	}
	a.until("the new session open", func(string) bool {
		return a.m.tiles.Focused() != nil && a.m.tiles.Focused().ID() != id && !a.m.tiles.Focused().Gone()
	})
	list, err := ada.List(t.Context())
	if err != nil || len(list) != 1 || list[0].SessionID == id {
		t.Fatalf("the host lists %+v (%v), want the one new session", list, err)
	}
	if got := a.see("● you drive from this terminal"); strings.Contains(got, "nothing is sent") {
		t.Errorf("the status says nothing was sent after a session was created:\n%s", got)
	}
}

// deletedElsewhere opens Ada's session "Doomed" in a UI that drives it,
// then deletes it from another terminal of hers: the UI, Ada's client, the
// session's id and the delete's answer.
func deletedElsewhere(t *testing.T) (*harness, *client.Client, string, *client.DeleteOutcome) {
	t.Helper()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	other := person(t, srv, "ada-token", "cli-other")
	id := newSession(t, ada, "Doomed")
	cfg := hostConfig(t, ada)
	cfg.SessionID = id
	a := drive(t, "ada", cfg, 100, 30)
	a.see("● you drive from this terminal", "● live")
	out, err := other.Delete(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return a, ada, id, out
}

// TestChimeKeptWhenHostGone: a visitor's chime that gets no answer is kept
// as unconfirmed (the host may have taken it), not put back in the
// composer, and the status line says what enter does.
func TestChimeKeptWhenHostGone(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Lonely")
	bo, err := client.New(srv.URL, client.WithGraph("demo"), client.WithToken("bo-token"), client.WithClientID("cli-bo"), fastRetry())
	if err != nil {
		t.Fatal(err)
	}
	cfg := hostConfig(t, bo)
	cfg.SessionID, cfg.Chime = id, true
	w := drive(t, "bo", cfg, 100, 30)
	w.see("chiming into " + id)
	srv.Close()
	w.send(typing("are you there?")...)
	w.send(keyEnter)
	w.until("the chime's answer", func(string) bool { return !w.m.visit.Sending() })
	w.see("no answer to your chime: enter sends it again")
	if v := w.m.composer.Value(); v != "" {
		t.Fatalf("the composer holds %q after a lost answer", v)
	}
}
