package tui

import (
	"strings"
	"testing"
)

// TestOverrunSaysWhatNext (issue 25.10): a run the budget guard stops
// (#overrun) does not end on "run aborted: budget" alone: under it, the
// transcript says what to do, and sending a message goes on in a new run.
func TestOverrunSaysWhatNext(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a := adaDrives(t, srv, "Overrun", 100, 40)
	a.see("● you drive from this terminal", "● live")
	say(a, "keep going #overrun")
	next := "→ what now: send a message to go on where it stopped (a new run, with the budget again), or start a " +
		"session with a bigger budget per run (/new, or vehicle --new --max-turns N --max-cost-usd D)"
	squeeze := func(s string) string { return strings.Join(strings.Fields(s), "") }
	got := a.until("the next step under the aborted run", func(s string) bool {
		return strings.Contains(s, "· run aborted: budget") && strings.Contains(squeeze(s), squeeze(next))
	})
	if strings.Contains(got, "running") {
		t.Fatalf("the stopped run still reads running:\n%s", got)
	}
	say(a, "go on")
	a.see("You said: go on")
}
