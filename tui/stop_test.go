package tui

import (
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// heldRun is Ada driving a session whose run holds, with "keep this one"
// queued behind it from her terminal.
func heldRun(t *testing.T, opts ...vehicletest.Option) (*harness, *vehicletest.Server, string) {
	t.Helper()
	srv, _ := host(t, opts...)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Held")
	cfg := hostConfig(t, ada)
	cfg.SessionID = id
	a := drive(t, "ada", cfg, 100, 30)
	a.see("● you drive from this terminal", "● live")
	sent := func(string) bool { return !a.m.tiles.Focused().Sending() }
	a.send(typing("hold on #hold")...)
	a.send(keyEnter)
	a.see("running")
	a.until("the prompt's answer", sent)
	a.send(typing("keep this one")...)
	a.send(keyEnter)
	a.see("1 queued")
	a.until("the follow-up's answer", sent)
	return a, srv, id
}

// TestAbortHoldsTheQueue is issue 24's third item and 25.7: esc with a
// follow-up queued aborts the run and asks whether the follow-up still
// goes; enter (the marked answer) puts it back in the composer and runs
// nothing, whatever the host does with a queue at an abort; words typed at
// the question go on in the composer, the question stays, and enter puts
// the held text before them.
func TestAbortHoldsTheQueue(t *testing.T) {
	t.Parallel()
	variants(t, func(t *testing.T, opts ...vehicletest.Option) {
		a, srv, id := heldRun(t, opts...)
		a.send(keyEsc)
		a.see("Run aborted", "· keep this one", "▸ no: back in the composer", "yes: send it now")
		a.send(keyEnter)
		a.see("the held follow-up is back in the composer", "┃ keep this one", "idle")
		if got := a.m.composer.Value(); got != "keep this one" {
			t.Errorf("the composer holds %q", got)
		}
		if n := count(srv, id, client.EvRunStarted); n != 1 {
			t.Errorf("%d runs started, want 1: the held follow-up ran without asking", n)
		}

		a.m.composer.SetValue("")
		a.send(typing("again #hold")...)
		a.send(keyEnter)
		a.see("running")
		a.until("the prompt's answer", func(string) bool { return !a.m.tiles.Focused().Sending() })
		a.send(typing("second")...)
		a.send(keyEnter)
		a.see("1 queued")
		a.until("the follow-up's answer", func(string) bool { return !a.m.tiles.Focused().Sending() })
		a.send(keyEsc)
		a.see("Run aborted", "· second")
		a.send(typing("wait")...)
		if got := a.m.composer.Value(); got != "wait" || a.m.top() == nil {
			t.Errorf("typing at the question: composer %q, overlay %T; want the words, the question open", got, a.m.top())
		}
		a.send(keyEnter)
		if got := a.m.composer.Value(); got != "second\nwait" || a.m.top() != nil {
			t.Errorf("enter after typing: composer %q, overlay %T; want the held text, then the words", got, a.m.top())
		}
	})
}

// TestCtrlCStopsTheRun: ctrl+c while a run is under way aborts it, as esc
// does, and says so; it does not quit. On an idle, empty composer a
// second ctrl+c within a moment quits.
func TestCtrlCStopsTheRun(t *testing.T) {
	t.Parallel()
	a, srv, id := heldRun(t)
	a.m.composer.SetValue("")
	a.send(keyCtrlC)
	if a.m.note.Text() == "" || !contains(a.m.note.Text(), "stopping the run: ctrl+c does as esc does") {
		t.Errorf("ctrl+c during the run says %q", a.m.note.Text())
	}
	a.see("Run aborted")
	if n := count(srv, id, client.EvRunSettled); n != 1 {
		t.Errorf("%d runs settled after ctrl+c, want the run aborted", n)
	}
	a.send(keyEnter)
	a.see("idle")
	a.m.composer.SetValue("")
	if _, cmd := a.m.Update(keyCtrlC); quits(cmd) {
		t.Fatal("one ctrl+c on an idle, empty composer quit")
	}
	if _, cmd := a.m.Update(keyCtrlC); !quits(cmd) {
		t.Error("a second ctrl+c at once did not quit")
	}
}

// TestCtrlCQuitsOnlyWithinAMoment: a second ctrl+c long after the first
// asks again instead of quitting.
func TestCtrlCQuitsOnlyWithinAMoment(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t)
	now := t0
	cfg.Now = func() time.Time { return now }
	m := opened(t, cfg, 80, 24, snapshot(lease("user:ada", "cli-me")), nil)
	if _, cmd := m.Update(keyCtrlC); quits(cmd) {
		t.Fatal("the first ctrl+c quit")
	}
	now = now.Add(quitWindow + time.Second)
	if _, cmd := m.Update(keyCtrlC); quits(cmd) {
		t.Fatal("a ctrl+c long after the first quit")
	}
	now = now.Add(time.Second)
	if _, cmd := m.Update(keyCtrlC); !quits(cmd) {
		t.Error("a ctrl+c a second after the one before did not quit")
	}
}

// TestAbortSaysWhatTheHostDidWithTheQueue is 25.7: a queued command that is
// not this terminal's (Bo's chime, in at once under co-drive) is cancelled
// by the host with the abort, or runs next; the status line says which,
// from the host's events, under each of its answers.
func TestAbortSaysWhatTheHostDidWithTheQueue(t *testing.T) {
	t.Parallel()
	for _, v := range vehicletest.Variants() {
		t.Run(v.Name, func(t *testing.T) {
			srv, _ := host(t, v.Options()...)
			ada, bo := person(t, srv, "ada-token", "cli-ada"), person(t, srv, "bo-token", "cli-bo")
			id := newSession(t, ada, "Room")
			if _, err := ada.SetRoomPolicy(t.Context(), id, client.PolicyCoDrive); err != nil {
				t.Fatal(err)
			}
			cfg := hostConfig(t, ada)
			cfg.SessionID = id
			a := drive(t, "ada", cfg, 120, 30)
			a.see("● you drive from this terminal", "room co-drive")
			a.send(typing("hold on #hold")...)
			a.send(keyEnter)
			a.see("running")
			if res, err := bo.Chime(t.Context(), id, "Also this."); err != nil || res.Status != "submitted" {
				t.Fatalf("bo's chime: %+v, %v", res, err)
			}
			a.see("1 queued")
			a.send(keyEsc)
			want := "the host kept the queue after the abort: the next queued command runs now"
			if v.Choices.AbortCancelsQueue {
				want = "the host cancelled a queued command with the abort"
			}
			a.see(want)
		})
	}
}
