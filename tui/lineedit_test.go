package tui

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/tui/composer"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// writes are the requests of srv that change something (not a read or a
// stream), from the mark-th on.
func writes(srv *vehicletest.Server, mark int) []string {
	var out []string
	for _, r := range srv.Requests()[mark:] {
		if r.Method != "GET" {
			out = append(out, r.Method+" "+r.Path)
		}
	}
	return out
}

// TestLineEditingKeysNeverActOnTheSession is issue 35's fifth trap: in the
// composer, ctrl+y (yank) cloned the session, ctrl+r then typing renamed
// it, ctrl+e (end of line) opened the editor, ctrl+d deleted in the picker.
// Typed as a shell's line editor has them, in a sentence, they edit the
// draft as readline does: no dialog opens, no editor runs, and nothing
// reaches the host until enter.
func TestLineEditingKeysNeverActOnTheSession(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Fence repairs")
	cfg := hostConfig(t, ada)
	cfg.SessionID, cfg.Editor = id, "false" // an editor that ran would say it exited with code 1
	a := drive(t, "ada", cfg, 100, 30)
	a.see("you drive")
	mark, tiles := len(srv.Requests()), len(a.m.tiles.All())
	steps := []tea.Msg{}
	steps = append(steps, typing("the gate is open")...)
	steps = append(steps, keyCtrlA)
	steps = append(steps, typing("so ")...)
	steps = append(steps, keyCtrlE)
	steps = append(steps, typing(" now")...)
	steps = append(steps, keyCtrlW, keyCtrlW, keyCtrlY, keyCtrlD, keyCtrlR, keyCtrlK, keyCtrlU, keyCtrlY, keyCtrlR, keyEsc)
	steps = append(steps, keyCtrlA, keyCtrlK, keyCtrlY, keyCtrlW, keyCtrlY, keyCtrlY)
	for _, msg := range steps {
		if _, cmd := a.m.Update(msg); cmd != nil {
			a.run(cmd)
		}
		if a.m.top() != nil {
			t.Fatalf("%v opened %T:\n%s", msg, a.m.top(), screen(a.m))
		}
	}
	a.drain()
	for _, msg := range a.log {
		if _, ok := msg.(composer.EditedMsg); ok {
			t.Fatal("the editor ran")
		}
	}
	draftIs(t, a, "so the gate is open nownow")
	if !strings.Contains(a.m.note.Text(), "nothing sent yet") {
		t.Errorf("ctrl+r with nothing sent: %q", a.m.note.Text())
	}
	if w := writes(srv, mark); len(w) != 0 || len(a.m.tiles.All()) != tiles || a.m.focus != focusSession {
		t.Fatalf("typing made requests %q, tiles %d (was %d), focus %d", w, len(a.m.tiles.All()), tiles, a.m.focus)
	}
	a.send(keyEnter)
	a.see("You said: so the gate is open nownow")
}

// TestSteerWithNoRunSaysSo: ctrl+s with no run under way sends nothing and
// keeps the draft; it says there is no run to steer (it sent the draft as a
// prompt and said "steered the run").
func TestSteerWithNoRunSaysSo(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a := adaDrives(t, srv, "Steer", 100, 30)
	a.see("you drive")
	mark := len(srv.Requests())
	a.send(typing("hold the gate")...)
	a.send(keyCtrlS)
	a.drain()
	a.see("no run to steer: enter sends the draft as a message")
	draftIs(t, a, "hold the gate")
	if w := writes(srv, mark); len(w) != 0 {
		t.Fatalf("ctrl+s with no run made requests %q", w)
	}
}

// TestPickerLineEditingActsOnNoSession: in the picker, ctrl+d, ctrl+r and
// ctrl+y edit the filter: they delete, rename and clone nothing; the
// session keys (f8, f6, f7) still do.
func TestPickerLineEditingActsOnNoSession(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	newSession(t, ada, "Keep me")
	p := drive(t, "picker", hostConfig(t, ada), 80, 24)
	p.see("Keep me", "1 session")
	mark := len(srv.Requests())
	p.send(typing("keep")...)
	for _, k := range []tea.KeyPressMsg{keyCtrlA, keyCtrlD, keyCtrlR, keyCtrlY, keyCtrlE, keyCtrlD} {
		p.send(k)
		if p.m.top() != nil {
			t.Fatalf("%s opened %T", k, p.m.top())
		}
	}
	p.see("filter: eep")
	p.drain()
	if w := writes(srv, mark); len(w) != 0 {
		t.Fatalf("the filter's keys made requests %q", w)
	}
	p.send(keyRename)
	p.see("Title for s1")
	p.send(keyEsc, keyDelete)
	p.see("Delete “Keep me” (s1)?")
}

// TestNotACommandLetsCtrlUClear: ctrl+u at the "not a command" question
// clears the line under it, as a line editor would; the question stays
// until enter answers it with its safe answer (the draft stays): the next
// command typed runs alone (it did nothing, and "/exit/help" went on).
func TestNotACommandLetsCtrlUClear(t *testing.T) {
	t.Parallel()
	m := driven(t, 100, 30)
	feed(m, typing("/exit")...)
	feed(m, keyEnter)
	if _, ok := m.top().(*dialog.Choice); !ok || !strings.Contains(screen(m), "Not a command") {
		t.Fatalf("/exit asked nothing:\n%s", screen(m))
	}
	feed(m, keyCtrlU) // it edits the composer under the question, which stays (issue 35: a dialog stays until answered)
	if m.top() == nil || m.composer.Value() != "" {
		t.Fatalf("ctrl+u: overlay %T, composer %q", m.top(), m.composer.Value())
	}
	feed(m, typing("/help")...)
	feed(m, keyEnter) // the question's safe answer: the draft stays in the composer
	if m.top() != nil || m.composer.Value() != "/help" {
		t.Fatalf("enter at the question: overlay %T, composer %q", m.top(), m.composer.Value())
	}
	feed(m, keyEnter)
	if _, ok := m.top().(*dialog.Help); !ok {
		t.Fatalf("/help after ctrl+u did not run alone: %T, composer %q", m.top(), m.composer.Value())
	}
}

// TestEditorChord: ctrl+x ctrl+e opens the editor, as bash's does, and so
// does ctrl+g; ctrl+x then a letter types the letter (nothing is lost) and
// the hint it showed goes.
func TestEditorChord(t *testing.T) {
	t.Parallel()
	m := driven(t, 100, 30)
	feed(m, typing("draft")...)
	if _, cmd := m.Update(keyCtrlX); cmd != nil || !strings.Contains(m.note.Text(), "ctrl+x… then ctrl+e edits the draft in $EDITOR") {
		t.Fatalf("ctrl+x: note %q", m.note.Text())
	}
	if _, cmd := m.Update(keyCtrlE); cmd == nil {
		t.Fatal("ctrl+x ctrl+e opened no editor")
	}
	m = driven(t, 100, 30)
	feed(m, keyCtrlX, press('a'))
	if m.composer.Value() != "a" || m.note.Text() != "" {
		t.Fatalf("ctrl+x then a: composer %q, note %q", m.composer.Value(), m.note.Text())
	}
	if _, cmd := m.Update(keyCtrlG); cmd == nil {
		t.Fatal("ctrl+g opened no editor")
	}
}

// TestRebindingKeepsTheLineEditor: a key config that binds session actions
// to the line editor's keys does not take them: ctrl+r, ctrl+y and ctrl+e
// still edit, the actions keep their other keys, and the status line says
// which were not bound.
func TestRebindingKeepsTheLineEditor(t *testing.T) {
	t.Parallel()
	km := ui.DefaultKeyMap()
	km.Rename = key.NewBinding(key.WithKeys("ctrl+r", "f9"), key.WithHelp("ctrl+r", "rename"))
	km.Clone = key.NewBinding(key.WithKeys("ctrl+y"), key.WithHelp("ctrl+y", "clone"))
	km.Editor = key.NewBinding(key.WithKeys("ctrl+e"), key.WithHelp("ctrl+e", "edit in $EDITOR"))
	cfg := testConfig(t)
	cfg.Keys = &km
	started := New(cfg)
	started.Init()
	if !strings.Contains(started.note.Text(), "the key config binds ctrl+e (Editor), ctrl+r (Rename), ctrl+y (Clone): the line editor keeps") {
		t.Errorf("the note: %q", started.note.Text())
	}
	m := opened(t, cfg, 100, 30, snapshot(lease("user:ada", "cli-me")), nil)
	m.composer.Remember("sent before")
	feed(m, typing("fence")...)
	for _, k := range []tea.KeyPressMsg{keyCtrlA, keyCtrlK, keyCtrlE, keyCtrlY, keyCtrlY} {
		if _, cmd := m.Update(k); cmd != nil || m.top() != nil {
			t.Fatalf("%s acted: overlay %T", k, m.top())
		}
	}
	if m.composer.Value() != "fencefence" {
		t.Fatalf("the draft is %q", m.composer.Value())
	}
	feed(m, keyCtrlR)
	if m.top() != nil || !m.composer.Searching() {
		t.Fatalf("ctrl+r: overlay %T, searching %v", m.top(), m.composer.Searching())
	}
	feed(m, keyEsc, tea.KeyPressMsg{Code: tea.KeyF9})
	if !strings.Contains(screen(m), "Rename") {
		t.Fatalf("f9, rename's other key, opens no rename:\n%s", screen(m))
	}
}

// TestHistorySearchAtTheRoot: ctrl+r in a session searches what was sent;
// enter keeps the match and sends nothing; esc puts the draft back and
// aborts nothing; another key (tab) ends the search and does what it does.
func TestHistorySearchAtTheRoot(t *testing.T) {
	t.Parallel()
	m := driven(t, 100, 30)
	m.composer.Remember("feed the goats")
	m.composer.Remember("fix the fence")
	feed(m, typing("mine")...)
	feed(m, keyCtrlR)
	feed(m, typing("goat")...)
	if m.composer.Value() != "feed the goats" || !strings.Contains(m.note.Text(), "reverse search: “goat”") {
		t.Fatalf("ctrl+r goat: %q, note %q", m.composer.Value(), m.note.Text())
	}
	if _, cmd := m.Update(keyEnter); cmd != nil || m.composer.Value() != "feed the goats" || m.composer.Searching() {
		t.Fatalf("enter in the search: sent %v, draft %q", cmd != nil, m.composer.Value())
	}
	feed(m, keyCtrlR, press('x'), keyEsc)
	if m.composer.Value() != "feed the goats" || m.top() != nil {
		t.Fatalf("esc in the search: %q, %T", m.composer.Value(), m.top())
	}
	feed(m, keyCtrlR, press('f'), press('i'), keyTab)
	if m.composer.Searching() || m.composer.Value() != "fix the fence" {
		t.Fatalf("tab in the search: searching %v, %q", m.composer.Searching(), m.composer.Value())
	}
}

// TestVisitLineEditing: chiming into another person's room, the composer
// edits as a shell's line editor does, and enter in ctrl+r's search keeps
// the match without sending a chime; the search's line goes with it.
func TestVisitLineEditing(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Ada's")
	cfg := hostConfig(t, person(t, srv, "bo-token", "cli-bo"))
	cfg.SessionID, cfg.Chime = id, true
	b := drive(t, "bo", cfg, 80, 24)
	b.see("chiming into "+id, "not yours")
	b.m.composer.Remember("try the archive for 2024")
	mark := len(srv.Requests())
	b.send(typing("the gate")...)
	b.send(keyCtrlA)
	b.send(typing("so ")...)
	b.send(keyCtrlE, keyCtrlW, keyCtrlY, keyCtrlY, keyCtrlD)
	draftIs(t, b, "so the gategate")
	b.send(keyCtrlU, keyCtrlR)
	b.send(typing("arch")...)
	b.send(keyEnter)
	b.drain()
	draftIs(t, b, "try the archive for 2024")
	if w := writes(srv, mark); len(w) != 0 {
		t.Fatalf("enter in the search sent %q", w)
	}
	b.send(keyCtrlR, keyCtrlA)
	if strings.Contains(b.m.note.Text(), "reverse search") {
		t.Fatalf("the search ended but its line stays: %q", b.m.note.Text())
	}
}
