package tui

import (
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

var keyCtrlC = tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}

// quits reports whether a command ends the program.
func quits(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	_, ok := cmd().(tea.QuitMsg)
	return ok
}

// TestCtrlCKeepsTheDraft is trap 5: ctrl+c clears a draft into the input
// history rather than quitting; on an empty composer it asks for a second
// ctrl+c; q is a letter in the composer.
func TestCtrlCKeepsTheDraft(t *testing.T) {
	t.Parallel()
	m := driven(t, 80, 24)
	feed(m, typing("quite a long draft")...)
	if _, cmd := m.Update(keyCtrlC); quits(cmd) {
		t.Fatal("ctrl+c with a draft quit")
	}
	if m.composer.Value() != "" || !contains(screen(m), "draft cleared: ↑ brings it back") {
		t.Errorf("ctrl+c left %q; the screen:\n%s", m.composer.Value(), screen(m))
	}
	feed(m, keyUp)
	if got := m.composer.Value(); got != "quite a long draft" {
		t.Errorf("↑ on the empty composer gave %q", got)
	}
	feed(m, keyDown)
	if got := m.composer.Value(); got != "" {
		t.Errorf("↓ after the history's newest gave %q", got)
	}
	if _, cmd := m.Update(keyCtrlC); quits(cmd) {
		t.Fatal("one ctrl+c on an empty composer quit")
	}
	if !contains(screen(m), "ctrl+c again quits") {
		t.Errorf("no line says a second ctrl+c quits:\n%s", screen(m))
	}
	feed(m, press('q'))
	if m.composer.Value() != "q" {
		t.Errorf("q in the composer gave %q", m.composer.Value())
	}
	feed(m, keyBackspace)
	if _, cmd := m.Update(keyCtrlC); quits(cmd) {
		t.Fatal("a key between the two ctrl+c did not disarm the quit")
	}
	if _, cmd := m.Update(keyCtrlC); !quits(cmd) {
		t.Error("a second ctrl+c in a row did not quit")
	}
}

// memDrafts is a draft store in memory that tells each save.
type memDrafts struct {
	mu    sync.Mutex
	kept  map[string]string
	saved chan string
}

func (d *memDrafts) Load(key string) (KeptDraft, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return KeptDraft{Text: d.kept[key]}, nil
}

func (d *memDrafts) Save(key string, k KeptDraft) error {
	d.mu.Lock()
	d.kept[key] = k.Text
	d.mu.Unlock()
	d.saved <- key
	return nil
}

// TestDraftsPerSession keeps the draft of a session left for another, and
// puts it back when it opens again.
func TestDraftsPerSession(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	first, second := newSession(t, ada, "First"), newSession(t, ada, "Second")
	store := &memDrafts{kept: map[string]string{}, saved: make(chan string, 4)}
	key := func(id string) string { return ada.GardendURL() + " " + ada.Graph() + " " + id }
	store.kept[key(first)] = "kept from before"
	cfg := hostConfig(t, ada)
	cfg.Drafts, cfg.SessionID = store, first
	a := drive(t, "ada", cfg, 80, 24)
	a.see("┃ kept from before", "your draft is back in the composer")
	a.send(typing(", and more")...)
	a.run(open(a.m, second))
	a.see("vehicle · Second")
	select {
	case k := <-store.saved:
		if k != key(first) || store.kept[k] != "kept from before, and more" {
			t.Errorf("saved %q under %q", store.kept[k], k)
		}
	case <-time.After(waitLimit):
		t.Fatal("leaving the session did not keep its draft")
	}
	if a.m.composer.Value() != "" {
		t.Errorf("the other session's composer holds %q", a.m.composer.Value())
	}
	a.run(open(a.m, first))
	a.see("┃ kept from before, and more")
	if d := a.m.Drafts(); len(d) != 1 || d[0].Key != key(first) || d[0].Kept.Text != "kept from before, and more" {
		t.Errorf("Drafts() = %+v", d)
	}
}

// contains reports whether the screen shows text.
func contains(screen, text string) bool { return strings.Contains(screen, text) }

// TestCtrlZSuspends: ctrl+z suspends the program (Bubble Tea gives the
// terminal back and stops the process; fg resumes it), from the composer
// with a draft, and the help lists it.
func TestCtrlZSuspends(t *testing.T) {
	t.Parallel()
	m := driven(t, 120, 40)
	feed(m, typing("a draft")...)
	_, cmd := m.Update(tea.KeyPressMsg{Code: 'z', Mod: tea.ModCtrl})
	if cmd == nil {
		t.Fatal("ctrl+z did nothing")
	}
	if _, ok := cmd().(tea.SuspendMsg); !ok {
		t.Fatal("ctrl+z does not suspend")
	}
	if m.composer.Value() != "a draft" {
		t.Errorf("ctrl+z changed the draft to %q", m.composer.Value())
	}
	feed(m, keyF1)
	if s := screen(m); !contains(s, "ctrl+z") || !contains(s, "suspend (fg resumes)") {
		t.Errorf("the help does not list ctrl+z:\n%s", s)
	}
}
