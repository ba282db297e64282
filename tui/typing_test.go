package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// keys hands keys to the model one by one and gathers the commands they
// return: a command is a request the keys made.
func keys(m *Model, msgs ...tea.Msg) (cmds int) {
	for _, msg := range msgs {
		if _, cmd := m.Update(msg); cmd != nil {
			cmds++
		}
	}
	return cmds
}

// TestTypingInAPaneNeverActs is trap 1: text typed while a pane has the
// focus goes to the composer, the focus with it; a letter only proposes
// what it does, and enter does it; after an action the focus is the
// composer's again.
func TestTypingInAPaneNeverActs(t *testing.T) {
	t.Parallel()
	t.Run("after accepting, the words go to the composer", func(t *testing.T) {
		m := driven(t, 100, 30)
		feed(m, chimeArrives(m, 5, "c1", "Bo", "one"), chimeArrives(m, 6, "c2", "Cy", "two"))
		if n := keys(m, keyTab, press('a'), keyEnter); n != 1 {
			t.Fatalf("tab a enter made %d requests, want the accept", n)
		}
		if m.focus != focusSession {
			t.Errorf("after the accept the focus is %d, want the composer", m.focus)
		}
		if n := keys(m, typing("please fix that")...); n != 0 {
			t.Errorf("typing after the accept made %d requests", n)
		}
		if got := m.composer.Value(); got != "please fix that" {
			t.Errorf("the composer holds %q", got)
		}
	})
	t.Run("a word typed into the room is text", func(t *testing.T) {
		m := driven(t, 100, 30)
		feed(m, chimeArrives(m, 5, "c1", "Bo", "one"))
		if n := keys(m, append([]tea.Msg{keyTab}, typing("please fix that")...)...); n != 0 {
			t.Errorf("typing into the room made %d requests (policy, accept)", n)
		}
		if got := m.composer.Value(); got != "please fix that" || m.focus != focusSession {
			t.Errorf("the composer holds %q, focus %d", got, m.focus)
		}
		if p := roomPolicy(m.tiles.Focused().State()); p != client.PolicySuggest {
			t.Errorf("the room's policy is %s", p)
		}
	})
	t.Run("fix typed into the entries does not fork", func(t *testing.T) {
		m := driven(t, 100, 30)
		if n := keys(m, append([]tea.Msg{keyTab, keyTab}, typing("fix")...)...); n != 0 {
			t.Errorf("tab tab fix made %d requests (a fork)", n)
		}
		if got := m.composer.Value(); got != "fix" {
			t.Errorf("the composer holds %q, want fix", got)
		}
	})
	t.Run("a letter says what enter does", func(t *testing.T) {
		m := driven(t, 100, 30)
		feed(m, chimeArrives(m, 5, "c1", "Bo", "Try the archive."), keyTab, press('x'))
		if !strings.Contains(screen(m), "x: enter rejects Bo's chime “Try the archive.”") {
			t.Errorf("the status does not name the chime x acts on:\n%s", screen(m))
		}
		if n := keys(m, keyEnter); n != 1 || m.focus != focusSession {
			t.Errorf("enter in the room made %d requests, focus %d; want the reject, composer", n, m.focus)
		}
	})
}

// sentence is what a hurried person types: every letter of the alphabet
// starts a word, lower case and the bound upper-case ones (G, N, P), and
// the words the issue saw act ("yes, ready", "go on", "but why",
// "ffine"), doubled letters ("aardvark", "xx", "pp") and a "/".
var sentence = strings.Fields("apples bring cheer; do eat fresh grapes. hello, is joy kind? lovely: make no odd plans, " +
	"quiet rest suits those under very warm xeric yards, zealously. yes, ready, go on, but why? ffine aardvark xx " +
	"pp Pat Gave Nothing, vv /path 2 cats")

// mutations are the requests that change something on the host.
func mutations(srv *vehicletest.Server) int {
	n := 0
	for _, r := range srv.Requests() {
		if r.Method != "GET" {
			n++
		}
	}
	return n
}

// focusOn tabs from the composer until f has the focus.
func focusOn(t *testing.T, m *Model, f focus) {
	t.Helper()
	for i := 0; i < 5 && m.focus != f; i++ {
		if n := keys(m, keyTab); n != 0 {
			t.Fatalf("tab made %d requests", n)
		}
	}
	if m.focus != f {
		t.Fatalf("tab never focused %d (focus %d)", f, m.focus)
	}
}

// TestTypingNeverActs is issue 24's first item: ordinary sentences typed in
// every focus state of a session (the composer, the room with a chime
// pending, the queue lane with a follow-up queued, the entries) arrive
// whole in the composer, each word typed right after the pane took the
// focus, and nothing else changes: no request, no chime resolved, no policy
// set, no fork, no overlay, no scroll. Both as the driver and as a terminal
// that watches (its other terminal drives).
func TestTypingNeverActs(t *testing.T) {
	t.Parallel()
	for _, who := range []string{"driver", "watcher"} {
		t.Run(who, func(t *testing.T) {
			t.Parallel() // each has its own host
			srv, _ := host(t)
			ada, bo := person(t, srv, "ada-token", "cli-ada"), person(t, srv, "bo-token", "cli-bo")
			id := newSession(t, ada, "Typing")
			if _, err := ada.Prompt(t.Context(), id, "what is a lease? #tool"); err != nil {
				t.Fatal(err)
			}
			term := ada
			if who == "watcher" {
				term = person(t, srv, "ada-token", "cli-two")
			}
			cfg := hostConfig(t, term)
			cfg.SessionID = id
			a := drive(t, who, cfg, 100, 30)
			if who == "watcher" {
				a.see("Take over or watch?")
				a.send(tea.KeyPressMsg{Code: tea.KeyEscape})
				a.see("◐ your other terminal drives")
			} else {
				a.see("● you drive from this terminal")
			}
			a.see("I found 3 documents", "idle")
			if _, err := bo.Chime(t.Context(), id, "Try the archive."); err != nil {
				t.Fatal(err)
			}
			if _, err := ada.Prompt(t.Context(), id, "hold it #hold"); err != nil {
				t.Fatal(err)
			}
			a.see("running")
			if _, err := ada.FollowUp(t.Context(), id, "and then"); err != nil {
				t.Fatal(err)
			}
			a.see("✉ chimes · 1 pending", "1 queued")
			a.drain()

			before := mutations(srv)
			for _, f := range []focus{focusSession, focusRoom, focusQueue, focusEntries} {
				m := a.m
				m.composer.SetValue("")
				following := m.transcript.Following()
				for _, w := range sentence {
					focusOn(t, m, f)
					if n := keys(m, typing(w+" ")...); n != 0 {
						t.Fatalf("focus %d: typing %q made %d requests", f, w, n)
					}
					if m.top() != nil {
						t.Fatalf("focus %d: typing %q opened %T", f, w, m.top())
					}
					if m.focus != focusSession {
						t.Fatalf("focus %d: after %q the keys are at %d, not the composer", f, w, m.focus)
					}
				}
				want := strings.Join(sentence, " ") + " "
				if got := m.composer.Value(); got != want {
					t.Errorf("focus %d: the composer holds\n%q\nwant\n%q", f, got, want)
				}
				if m.transcript.Following() != following {
					t.Errorf("focus %d: the typing scrolled the transcript", f)
				}
			}
			a.drain()
			st := a.m.tiles.Focused().State()
			if n := mutations(srv); n != before {
				t.Errorf("typing made %d requests that change the host", n-before)
			}
			if len(st.Chimes) != 1 || roomPolicy(st) != client.PolicySuggest || len(st.Queue) != 1 || a.m.tiles.Focused().ID() != id {
				t.Errorf("the typing changed the session: %d chimes, policy %s, %d queued, session %s",
					len(st.Chimes), roomPolicy(st), len(st.Queue), a.m.tiles.Focused().ID())
			}
			srv.Proceed(id)
		})
	}
}

// TestPaneLetterThenEnterActs: in a pane a letter proposes what it does
// (the status line says so) and enter does it, once.
func TestPaneLetterThenEnterActs(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada, bo := person(t, srv, "ada-token", "cli-ada"), person(t, srv, "bo-token", "cli-bo")
	id := newSession(t, ada, "Letters")
	cfg := hostConfig(t, ada)
	cfg.SessionID = id
	a := drive(t, "ada", cfg, 100, 30)
	a.see("● you drive from this terminal", "● live")
	if _, err := bo.Chime(t.Context(), id, "Try the archive."); err != nil {
		t.Fatal(err)
	}
	a.see("✉ chimes · 1 pending")
	a.send(keyTab, press('a'))
	a.see("a: enter accepts Bo's chime “Try the archive.”")
	if n := count(srv, id, client.EvChimeResolved); n != 0 {
		t.Fatalf("a alone resolved %d chimes", n)
	}
	a.send(keyEnter)
	a.see("Bo (collaborator)", "idle")
	if n := count(srv, id, client.EvChimeResolved); n != 1 {
		t.Errorf("a then enter resolved %d chimes, want 1", n)
	}
}
