package tui

import (
	"path/filepath"
	"testing"

	"github.com/sophia-labs/vehicle/internal/statefile"
)

// TestHistoryOutlivesTheRun is issue 24's fifth item: what was sent and what
// ctrl+c cleared come back with ↑ after the UI quit and opened again, the
// session's own first, then the other sessions'.
func TestHistoryOutlivesTheRun(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	one, two := newSession(t, ada, "One"), newSession(t, ada, "Two")
	dir := filepath.Join(t.TempDir(), "history")
	run := func(name, id string) *harness {
		cfg := hostConfig(t, ada)
		cfg.SessionID, cfg.History = id, statefile.NewHistory(dir)
		h := drive(t, name, cfg, 100, 30)
		h.see("● you drive from this terminal", "● live")
		return h
	}
	a := run("first run", one)
	a.send(typing("what was sent")...)
	a.send(keyEnter)
	a.see("You said: what was sent", "idle")
	a.send(typing("a cleared draft")...)
	a.send(keyCtrlC)
	a.see("draft cleared")
	a.until("the history kept", func(string) bool {
		got, _ := statefile.NewHistory(dir).Load("")
		return len(got) == 2
	})

	b := run("second run", one)
	walk := func(h *harness, want ...string) {
		t.Helper()
		for _, w := range want {
			h.send(keyUp)
			if got := h.m.composer.Value(); got != w {
				t.Fatalf("%s: ↑ gave %q, want %q", h.name, got, w)
			}
		}
	}
	waitHistory(t, b, 2)
	walk(b, "a cleared draft", "what was sent")

	c := run("another session", two)
	waitHistory(t, c, 2)
	walk(c, "a cleared draft", "what was sent")
}

// waitHistory waits until the composer's history holds n texts.
func waitHistory(t *testing.T, h *harness, n int) {
	t.Helper()
	h.until("the kept history read", func(string) bool { return h.m.composer.HistoryLen() >= n })
}
