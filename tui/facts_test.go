package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// header is the screen's first line.
func header(s string) string { first, _, _ := strings.Cut(s, "\n"); return first }

// TestHeaderFollowsFundingAfterKey (issue 25.2): a credit account runs out,
// gives its key in the dialog, and the next turn runs on it: the host's
// session is byok from then on, and so is the header (it kept the credit
// it read at open) and the session info.
func TestHeaderFollowsFundingAfterKey(t *testing.T) {
	t.Parallel()
	srv, c := deeOnPublic(t)
	id := newSession(t, c, "Credit")
	srv.SpendCredit("cognito:dee", 0.5001)
	cfg := hostConfig(t, c)
	cfg.SessionID = id
	a := drive(t, "dee", cfg, 100, 34)
	got := a.see("no credit left")
	if h := header(got); !strings.Contains(h, "· credit ·") {
		t.Fatalf("the header at open: %q", h)
	}
	say(a, "after the credit")
	a.see("Model key")
	a.send(tea.PasteMsg{Content: testModelKey})
	a.send(keyEnter)
	a.until("the dialog closed", func(string) bool { return a.m.top() == nil })
	a.send(keyEnter)
	got = a.until("the header says byok", func(s string) bool { return strings.Contains(header(s), "· byok ·") })
	a.see("You said: after the credit")
	if strings.Contains(header(got), "credit") {
		t.Errorf("the header still says credit: %q", header(got))
	}
	a.send(keyF4)
	a.see("funding  byok: your own model key pays")
}
