package tui

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

// lineWith is the index of the last screen line that contains text, or -1.
func lineWith(lines []string, text string) int {
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.Contains(lines[i], text) {
			return i
		}
	}
	return -1
}

// TestFailedTurnShowsItsError is two turns on the reference host where the
// second fails: its error is drawn right under its own text, the first turn
// shows none, and no failure notice is left at the end.
func TestFailedTurnShowsItsError(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	one := person(t, srv, "ada-token", "cli-one")
	id := newSession(t, one, "Fails")
	a := drive(t, "terminal", hostConfig(t, one), 100, 40)
	a.m.cfg.SessionID = id
	a.run(open(a.m, id))
	a.see("● you drive from this terminal")
	say(a, "first question")
	a.see("You said: first question")
	say(a, "second one #fail")
	const failure = "✗ failed: the scripted model failed on purpose (#fail)"
	got := a.see(failure)
	lines := strings.Split(got, "\n")
	turn, failed := lineWith(lines, "  second one #fail"), lineWith(lines, failure) // the transcript's, not the composer's
	if turn < 0 || failed != turn+1 {
		t.Fatalf("the failure is on line %d, want right under the turn's text (line %d):\n%s", failed, turn+1, got)
	}
	if first := lineWith(lines, "first question"); first < 0 || strings.Contains(lines[first+1], "✗") {
		t.Errorf("the first turn shows a failure, or is not drawn:\n%s", got)
	}
	if strings.Count(got, "✗ failed") != 1 || strings.Contains(got, "✗ the turn failed") {
		t.Errorf("the failure is drawn more than once, or as a notice at the end:\n%s", got)
	}
	if n := count(srv, id, client.EvCommandFailed); n != 1 {
		t.Errorf("the host sent %d command.failed, want 1", n)
	}
}
