package tui

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/clientid"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// TestTerminalLabels: two terminals with readable client ids name each
// other by host and terminal in the take-over dialog, the lease pane, the
// "took over from" note and the "taken over" notice.
func TestTerminalLabels(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	laptop, desk := clientid.New("laptop.home", "/dev/pts/3"), clientid.New("desk", "/dev/ttys004")
	one, two := person(t, srv, "ada-token", laptop), person(t, srv, "ada-token", desk)
	id := newSession(t, one, "Labels")

	a := drive(t, "laptop", hostConfig(t, one), 80, 24)
	a.run(open(a.m, id))
	a.see("● you drive from this terminal", "● live")

	b := drive(t, "desk", hostConfig(t, two), 80, 24)
	b.run(open(b.m, id))
	offered := b.see("Take over or watch?", "This session is driven from your other terminal (laptop, pts/3).",
		"◐ your other terminal drives (laptop, pts/3) · until")
	checkFrame(t, b.m, offered, 24)
	if strings.Contains(offered, laptop) {
		t.Fatalf("the raw id %s is shown:\n%s", laptop, offered)
	}

	b.send(keyDown, keyEnter) // take over
	b.see("● you drive from this terminal", "took over from laptop, pts/3")
	taken := a.see("⚠ taken over by your other terminal (desk, ttys004)", "· lease revoked: taken over by desk, ttys004 ·")
	if strings.Contains(taken, desk) {
		t.Fatalf("the raw id %s is shown:\n%s", desk, taken)
	}
}

// TestTerminalLabelFallback: an id clientid did not make keeps its short
// form, wherever it is named.
func TestTerminalLabelFallback(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"cli-laptop-pts3-1a2b":         "laptop, pts/3",
		"cli-build-box-notty-00ff":     "build-box",
		"cli-two":                      "cli-two",
		"cli-0123456789abcdef01234567": "cli-0123456…",
	}
	for id, want := range cases {
		if got := ui.TerminalLabel(id); got != want {
			t.Errorf("ui.TerminalLabel(%q) = %q, want %q", id, got, want)
		}
	}
	for _, tc := range []struct{ by, reason, want string }{
		{"cli-laptop-pts3-1a2b", client.ReasonTakeover, "lease revoked: taken over by laptop, pts/3"},
		{"cli-0123456789abcdef01234567", client.ReasonTakeover, "lease revoked: taken over by cli-0123456…"},
		{"", client.ReasonTakeover, "lease revoked: takeover"},
		{"", "expired", "lease revoked: expired"},
		{"", "", "lease revoked"},
	} {
		if got := ui.RevokedWords(tc.by, tc.reason); got != tc.want {
			t.Errorf("ui.RevokedWords(%q, %q) = %q, want %q", tc.by, tc.reason, got, tc.want)
		}
	}
}

// TestThisTerminalIsNotItsOwnOther: a lease held by an earlier vehicle in
// this very terminal (same computer, same terminal, another run, which did
// not let the lease go) is never named "your other terminal", in the
// take-over dialog or the lease pane.
func TestThisTerminalIsNotItsOwnOther(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	earlier, now := clientid.New("laptop", "/dev/pts/3"), clientid.New("laptop", "/dev/pts/3")
	for now == earlier {
		now = clientid.New("laptop", "/dev/pts/3")
	}
	one := person(t, srv, "ada-token", earlier)
	id := newSession(t, one, "Left behind")
	b := drive(t, "this terminal again", hostConfig(t, person(t, srv, "ada-token", now)), 120, 24)
	b.run(open(b.m, id))
	got := b.see("Take over or watch?", "This session is driven from an earlier vehicle in this terminal (laptop, pts/3).",
		"◐ an earlier vehicle in this terminal (laptop, pts/3) holds it")
	if strings.Contains(got, "your other terminal") {
		t.Errorf("this terminal is named its own other terminal:\n%s", got)
	}
	if ui.OtherTerminal("cli-desk-pts1-0001", now) != "your other terminal (desk, pts/1)" {
		t.Error("another terminal is not named so")
	}
}
