package tui

import (
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

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

// heldHistory is a history whose writes wait until released, counted.
type heldHistory struct {
	release chan struct{}
	mu      sync.Mutex
	added   []string
}

func (h *heldHistory) Load(string) ([]string, error) { return nil, nil }

func (h *heldHistory) Add(_, text string) error {
	<-h.release
	h.mu.Lock()
	defer h.mu.Unlock()
	h.added = append(h.added, text)
	return nil
}

func (h *heldHistory) kept() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.added)
}

// TestQuitRightAfterClearingKeepsTheDraft: a draft cleared with ctrl+c just
// before the program ends is kept in the history though its command never
// ran, or was still writing (Flush, which the program's end calls), and
// kept once.
func TestQuitRightAfterClearingKeepsTheDraft(t *testing.T) {
	t.Parallel()
	for _, ran := range []bool{false, true} {
		t.Run(fmt.Sprintf("command ran %v", ran), func(t *testing.T) {
			t.Parallel()
			h := &heldHistory{release: make(chan struct{})}
			cfg := testConfig(t)
			cfg.History = h
			m := opened(t, cfg, 80, 24, snapshot(lease("user:ada", "cli-me")), nil)
			feed(m, typing("a draft cleared at the last moment")...)
			_, keep := m.Update(keyCtrlC)
			if keep == nil {
				t.Fatal("clearing the draft asked to keep nothing")
			}
			var wrote chan tea.Msg
			if ran { // the command is writing when the program ends
				wrote = make(chan tea.Msg, 1)
				go func() { wrote <- keep() }()
			}
			close(h.release)
			if err := m.Flush(); err != nil {
				t.Fatal(err)
			}
			if got := h.kept(); len(got) != 1 || got[0] != "a draft cleared at the last moment" {
				t.Fatalf("kept %q", got)
			}
			if ran {
				<-wrote
			} else {
				keep() // a command run late writes nothing more
			}
			if got := h.kept(); len(got) != 1 {
				t.Fatalf("kept %d times: %q", len(got), got)
			}
		})
	}
}
