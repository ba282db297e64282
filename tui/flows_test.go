package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// TestTakeover is two terminals of one person on one session: the second
// is offered a takeover, takes it, the first says so at once and watches,
// then takes it back. Nothing is taken over unasked.
func TestTakeover(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	one, two := person(t, srv, "ada-token", "cli-one"), person(t, srv, "ada-token", "cli-two")
	id := newSession(t, one, "Shared")

	a := drive(t, "terminal one", hostConfig(t, one), 80, 24)
	a.m.cfg.SessionID = id
	a.run(open(a.m, id))
	a.see("● you drive from this terminal", "● live")
	a.send(typing("hello")...)
	a.send(keyEnter)
	a.see("You said: hello", "idle")

	b := drive(t, "terminal two", hostConfig(t, two), 80, 24)
	b.run(open(b.m, id))
	b.see("Take over or watch?", "● live", "## Echo", "◆ member user:ada", "· body started (in-process)")
	offered := drawn(b.m, overlayPart, leasePart)
	t.Run("offered", func(t *testing.T) { golden(t, offered) })

	b.send(keyDown, keyEnter) // take over
	b.see("● you drive from this terminal", "took over from cli-one", "◆ member user:ada", "· body started (in-process)")
	tookOver := drawn(b.m, leasePart, statusPart)
	t.Run("took over", func(t *testing.T) { golden(t, tookOver) })
	a.see("⚠ taken over by your other terminal (cli-two)", "lease revoked: taken over by cli-two", "◆ member user:ada",
		"your other terminal drives", "· body started (in-process)")
	takenOver := drawn(a.m, transcriptPart, leasePart, composerPart)
	t.Run("taken over", func(t *testing.T) { golden(t, takenOver) })

	// Enter on the taken-over terminal offers the take-over back; the text
	// waits in the composer, and is never a chime into one's own session.
	a.send(typing("mine again")...)
	a.send(keyEnter)
	a.see("Take over or watch?", "What you typed")
	a.send(keyDown, keyEnter) // take over: watching is the marked answer
	a.see("● you drive from this terminal", "took over from cli-two", "┃ mine again")
	b.see("⚠ taken over by your other terminal (cli-one)")
	a.send(keyEnter)
	a.see("You said: mine again")

	b.send(keyCtrlT)
	b.see("● you drive from this terminal", "took over from cli-one")
	a.see("⚠ taken over by your other terminal (cli-two)")
	if n := count(srv, id, client.EvLeaseRevoked); n != 3 {
		t.Errorf("%d lease revocations, want 3 (each asked for)", n)
	}
	if n := count(srv, id, client.EvChimeReceived); n != 0 {
		t.Errorf("%d chimes into the person's own session", n)
	}
}

// TestOtherTerminalLeft is issue 24's eighth item: the terminal that took
// the session over quits; the one taken over says nobody drives (not
// "taken over"), and enter there claims the lease quietly and sends, never
// a chime. Then the same after the other terminal's lease lapsed.
func TestOtherTerminalLeft(t *testing.T) {
	t.Parallel()
	srv, clk := host(t)
	one, two := person(t, srv, "ada-token", "cli-one"), person(t, srv, "ada-token", "cli-two")
	id := newSession(t, one, "Shared")
	cfg := hostConfig(t, one)
	cfg.SessionID, cfg.Now = id, clk.Now
	a := drive(t, "terminal one", cfg, 80, 24)
	a.see("● you drive from this terminal", "● live")
	if _, err := two.Claim(t.Context(), id, client.Takeover()); err != nil {
		t.Fatal(err)
	}
	a.see("⚠ taken over by your other terminal (cli-two)")
	if err := two.Release(t.Context(), id); err != nil {
		t.Fatal(err)
	}
	got := a.see("○ nobody drives · your next message claims the lease", "nobody drives · enter claims the lease and sends")
	if strings.Contains(got, "taken over") && strings.Contains(got, "takes it back") {
		t.Errorf("the lease line still says taken over:\n%s", got)
	}
	a.send(typing("back again")...)
	a.send(keyEnter)
	a.see("You said: back again", "● you drive from this terminal")
	a.until("the send's answer", func(string) bool { return !a.m.tiles.Focused().Sending() }) // its events may come first

	if _, err := two.Claim(t.Context(), id, client.Takeover()); err != nil {
		t.Fatal(err)
	}
	a.see("⚠ taken over by your other terminal (cli-two)")
	clk.advance(client.DefaultLeaseTTL + time.Minute) // the other terminal went away: its lease lapses
	a.send(typing("after the lapse")...)
	a.see("○ nobody drives")
	a.send(keyEnter)
	a.see("You said: after the lapse", "● you drive from this terminal")
	if n := count(srv, id, client.EvChimeReceived); n != 0 {
		t.Errorf("%d chimes into the person's own session", n)
	}
	if n := count(srv, id, client.EvLeaseRevoked); n != 2 {
		t.Errorf("%d revocations, want the two take-overs only (a free lease is claimed, not taken over)", n)
	}
}

// TestOpenAndWatch opens a session driven elsewhere and
// chooses to watch: no claim is made, and the watcher follows the driver's
// turns.
func TestOpenAndWatch(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	one, two := person(t, srv, "ada-token", "cli-one"), person(t, srv, "ada-token", "cli-two")
	id := newSession(t, one, "Watched")

	b := drive(t, "watcher", hostConfig(t, two), 80, 24)
	b.run(open(b.m, id))
	b.see("Take over or watch?")
	b.send(keyEsc) // watch
	b.see("◐ your other terminal drives (cli-one)", "your other terminal drives · enter offers to take over · ctrl+t takes over")
	if _, err := one.Prompt(t.Context(), id, "from the driver"); err != nil {
		t.Fatal(err)
	}
	b.see("from the driver", "You said: from the driver")
	if n := count(srv, id, client.EvLeaseRevoked); n != 0 {
		t.Errorf("watching revoked the lease %d times", n)
	}
}

// TestWatchNeverClaims is vehicle watch: read-only, no claim, no composer.
func TestWatchNeverClaims(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	one := person(t, srv, "ada-token", "cli-one")
	id := newSession(t, one, "Read only")
	if err := one.Release(t.Context(), id); err != nil {
		t.Fatal(err)
	}
	claims := func() int {
		n := 0
		for _, r := range srv.Requests() {
			if strings.HasSuffix(r.Path, "/claim") {
				n++
			}
		}
		return n
	}
	before := claims()
	cfg := hostConfig(t, person(t, srv, "ada-token", "cli-watch"))
	cfg.Watch, cfg.SessionID = true, id
	w := drive(t, "watch", cfg, 120, 24)
	w.see("watching read-only · ○ nobody drives", "● live")
	if n := keys(w.m, append(typing("typed"), keyEnter, keyCtrlT, keyEsc)...); n != 0 {
		t.Errorf("keys made %d requests in vehicle watch", n)
	}
	if n := claims(); n != before {
		t.Errorf("vehicle watch made %d claims", n-before)
	}
	if strings.Contains(screen(w.m), "typed") {
		t.Error("vehicle watch took typed text")
	}
	if _, cmd := w.m.Update(keyEditor); cmd != nil {
		t.Error("ctrl+e opens the editor while watching read-only")
	}
	feed(w.m, typing("more")...)
	if s := screen(w.m); !strings.Contains(s, "nothing written here is sent · ctrl+p lists") {
		t.Errorf("typing while watching says nothing:\n%s", s)
	}
}

// TestRunFlow prompts, queues a follow-up and steers while a run is held,
// aborts it, and sees every step on the screen: the reply cut off, the
// follow-up held back and sent once the person says it still goes. Under
// both of the host's answers to what an abort does to the queue.
func TestRunFlow(t *testing.T) { variants(t, testRunFlow) }

func testRunFlow(t *testing.T, opts ...vehicletest.Option) {
	srv, _ := host(t, opts...)
	one := person(t, srv, "ada-token", "cli-one")
	id := newSession(t, one, "Runs")
	cfg := hostConfig(t, one)
	cfg.SessionID = id
	a := drive(t, "driver", cfg, 100, 30)
	a.see("● you drive from this terminal", "● live")

	sent := func(string) bool { return !a.m.tiles.Focused().Sending() }
	a.send(typing("wait for it #hold")...)
	a.send(keyEnter)
	a.see("running", "streaming…")
	a.until("the prompt's answer", sent)
	a.send(typing("and then this")...)
	a.send(keyEnter)
	a.see("1 queued", "queued as a follow-up")
	a.send(typing("be brief")...)
	a.send(keyCtrlS)
	a.see("steered the run")
	a.send(keyEsc)
	a.see("Run aborted", "The steer you sent was not taken in before the run ended:", "· be brief",
		"The follow-up you queued behind it was held back", "· and then this", "▸ no: back in the composer")
	a.send(keyDown, keyEnter)
	a.see("You said: be brief", "You said: and then this", "idle")
	a.send(keyCtrlHome)
	a.see("run aborted", "✂ cut off: the run was aborted before this reply ended")
	if n := count(srv, id, client.EvCommandDelivered); n != 3 {
		t.Errorf("%d commands delivered, want 3 (the prompt; the steer and the follow-up, sent again once, in order)", n)
	}
}

// TestExpiredLeaseReclaimedQuietly lets the lease expire, then sends: the
// claim happens without asking and without a takeover.
func TestExpiredLeaseReclaimedQuietly(t *testing.T) { variants(t, testExpiredLeaseReclaimedQuietly) }

func testExpiredLeaseReclaimedQuietly(t *testing.T, opts ...vehicletest.Option) {
	srv, clk := host(t, opts...)
	one := person(t, srv, "ada-token", "cli-one")
	id := newSession(t, one, "Expiring")
	cfg := hostConfig(t, one)
	cfg.SessionID = id
	a := drive(t, "driver", cfg, 80, 24)
	a.see("● you drive from this terminal", "● live")
	clk.advance(client.DefaultLeaseTTL + time.Minute)
	a.send(typing("after a break")...)
	a.send(keyEnter)
	a.see("You said: after a break", "● you drive from this terminal")
	if strings.Contains(screen(a.m), "Take over") || count(srv, id, client.EvLeaseRevoked) != 0 {
		t.Error("reclaiming an expired lease asked or took over")
	}
}

// TestReconnectResumes cuts the stream: the status line says so and then
// how many events the resume replayed; no event is lost.
func TestReconnectResumes(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	one := person(t, srv, "ada-token", "cli-one")
	id := newSession(t, one, "Cut")
	cfg := hostConfig(t, one)
	cfg.SessionID = id
	a := drive(t, "driver", cfg, 80, 24)
	a.see("● live")
	srv.CutStreams()
	if _, err := one.Prompt(t.Context(), id, "during the cut"); err != nil {
		t.Fatal(err)
	}
	a.see("resumed,", "events replayed")
	a.see("You said: during the cut")
}

// TestPickerFlow lists, creates, renames, clones and deletes sessions on a
// real host.
func TestPickerFlow(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	one := person(t, srv, "ada-token", "cli-one")
	newSession(t, one, "First")
	if err := one.Release(t.Context(), "s1"); err != nil {
		t.Fatal(err)
	}
	p := drive(t, "picker", hostConfig(t, one), 80, 24)
	p.see("First", "1 session")
	p.send(keyCtrlN)
	p.see("New session") // the form, filled in: enter starts it as it is
	p.send(keyEnter)
	p.see("● you drive from this terminal", "● live")
	p.send(keyCtrlO)
	p.see("2 sessions")
	p.send(keyRename)
	p.see("Rename")
	p.send(append(typing("Second"), keyEnter)...)
	p.see("renamed to “Second”")
	p.send(keyClone)
	p.see("cloned as “Copy of Second” (s3)", "3 sessions", "▸ Copy of Second")
	p.send(keyDelete)
	p.see("Delete “Copy of Second” (s3)?")
	p.send(press('y'), keyEnter)
	p.see("✓ session moved to the host's trash: trash/s3", "it had no mirrored document", "2 sessions")
	p.send(keyEnter)
	p.send(typing("firs")...)
	p.see("filter: firs")
	p.send(keyEnter)
	p.see("vehicle · First", "● you drive from this terminal")
}

// TestNewAtStart is vehicle --new: the session starts and opens.
func TestNewAtStart(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	cfg := hostConfig(t, person(t, srv, "ada-token", "cli-one"))
	cfg.New = true
	cfg.NewSession = client.CreateRequest{Title: "Fresh"}
	n := drive(t, "new", cfg, 80, 24)
	n.see("vehicle · Fresh", "● you drive from this terminal")
}

// TestOpenUnknownSession shows the refusal with its code, in the picker.
func TestOpenUnknownSession(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	cfg := hostConfig(t, person(t, srv, "ada-token", "cli-one"))
	cfg.SessionID = "nope"
	n := drive(t, "unknown", cfg, 80, 24)
	n.see("✗ not_found", "your sessions")
}
