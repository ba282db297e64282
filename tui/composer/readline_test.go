package composer

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// ctrl is a ctrl key as the terminal sends it.
func ctrl(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Mod: tea.ModCtrl} }

// typeText types s into c, key by key.
func typeText(c *Composer, s string) {
	for _, r := range s {
		c.Update(uitest.Press(r))
	}
}

// TestComposerEditsAsAShellDoes: the line editor's keys edit the draft as
// readline does, and none opens anything: ctrl+a and ctrl+e go to the
// start and the end of the line, ctrl+k, ctrl+u, ctrl+w and alt+d kill,
// ctrl+y yanks back what the last run of kills took, ctrl+d deletes the
// character under the cursor and does nothing at the end.
func TestComposerEditsAsAShellDoes(t *testing.T) {
	alt := func(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Mod: tea.ModAlt} }
	cases := []struct {
		name  string
		typed string
		keys  []tea.KeyPressMsg
		then  string // typed after the keys
		want  string
	}{
		{"ctrl+a goes to the start", "epairs", []tea.KeyPressMsg{ctrl('a')}, "fence r", "fence repairs"},
		{"ctrl+e goes to the end", "fence", []tea.KeyPressMsg{ctrl('a'), ctrl('e')}, " repairs", "fence repairs"},
		{"ctrl+k kills to the end, ctrl+y yanks it", "keep it", []tea.KeyPressMsg{ctrl('a'), alt('f'), ctrl('k'), ctrl('a'), ctrl('y')}, "", " itkeep"},
		{"ctrl+u kills to the start, ctrl+y yanks it", "you know what", []tea.KeyPressMsg{ctrl('u'), ctrl('y'), ctrl('y')}, "", "you know whatyou know what"},
		{"ctrl+w twice, one yank brings both", "so what do I do", []tea.KeyPressMsg{ctrl('w'), ctrl('w'), ctrl('e'), ctrl('y')}, "", "so what do I do"},
		{"alt+d kills a word forward", "the gate is open", []tea.KeyPressMsg{ctrl('a'), alt('d')}, "a", "a gate is open"},
		{"ctrl+d deletes under the cursor", "xthe gate", []tea.KeyPressMsg{ctrl('a'), ctrl('d')}, "", "the gate"},
		{"ctrl+d at the end does nothing", "the gate", []tea.KeyPressMsg{ctrl('d'), ctrl('d')}, "", "the gate"},
		{"ctrl+y with nothing killed does nothing", "the gate", []tea.KeyPressMsg{ctrl('y')}, "", "the gate"},
		{"a kill after another key starts over", "one two three", []tea.KeyPressMsg{ctrl('w'), alt('b'), ctrl('e'), ctrl('w'), ctrl('y'), ctrl('y')}, "", "one two two "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			co := New(uitest.Context(), "true")
			co.SetSize(80, 8)
			typeText(co, c.typed)
			for _, k := range c.keys {
				if cmd, act := co.Update(k); cmd != nil || act != nil {
					t.Fatalf("%s gave a command or %#v: the line editor's keys open nothing", k, act)
				}
			}
			typeText(co, c.then)
			if got := co.Value(); got != c.want {
				t.Fatalf("the draft is %q, want %q", got, c.want)
			}
		})
	}
}

// TestComposerSearchesTheHistory: ctrl+r searches what was sent, newest
// first, as readline's reverse-i-search does: each letter narrows it, the
// match shows as the draft and the status line says the query; ctrl+r
// again goes older; enter keeps the match (sending nothing); esc and
// ctrl+g put the draft back; another key keeps the match and does what it
// does.
func TestComposerSearchesTheHistory(t *testing.T) {
	c := New(uitest.Context(), "true")
	c.SetSize(80, 8)
	for _, s := range []string{"fix the fence", "feed the goats", "fence repairs today", "call the vet"} {
		c.Remember(s)
	}
	typeText(c, "my draft")
	note := func(act ui.Action) string {
		n, ok := act.(ui.Note)
		if !ok {
			t.Fatalf("%#v is no note", act)
		}
		return n.Text
	}
	if _, act := c.Update(ctrl('r')); !strings.HasPrefix(note(act), "reverse search: “”") || !c.Searching() {
		t.Fatalf("ctrl+r: %#v, searching %v", act, c.Searching())
	}
	var act ui.Action
	for _, r := range "fen" {
		_, act = c.Update(uitest.Press(r))
	}
	if c.Value() != "fence repairs today" || !strings.HasPrefix(note(act), "reverse search: “fen”") {
		t.Fatalf("after fen: %q, %q", c.Value(), note(act))
	}
	c.Update(ctrl('r'))
	if c.Value() != "fix the fence" {
		t.Fatalf("ctrl+r again: %q", c.Value())
	}
	if _, act := c.Update(ctrl('r')); c.Value() != "fix the fence" || !strings.Contains(note(act), "no older match") {
		t.Fatalf("ctrl+r past the oldest: %q, %q", c.Value(), note(act))
	}
	if cmd, act := c.Update(uitest.Key(tea.KeyEnter)); cmd != nil || c.Searching() || c.Value() != "fix the fence" ||
		!strings.Contains(note(act), "enter sends it") {
		t.Fatalf("enter: %v, searching %v, %q", cmd, c.Searching(), c.Value())
	}

	c.SetValue("my draft")
	c.Update(ctrl('r'))
	typeText(c, "goat")
	for _, stop := range []tea.KeyPressMsg{uitest.Key(tea.KeyEscape), ctrl('g')} {
		if c.Value() != "feed the goats" {
			t.Fatalf("goat: %q", c.Value())
		}
		if cmd, _ := c.Update(stop); cmd != nil || c.Searching() || c.Value() != "my draft" {
			t.Fatalf("%s: searching %v, %q; want the draft back, no editor", stop, c.Searching(), c.Value())
		}
		c.Update(ctrl('r'))
		typeText(c, "goat")
	}
	c.Update(uitest.Key(tea.KeyBackspace))
	if c.Value() != "feed the goats" {
		t.Fatalf("backspace in the query: %q", c.Value())
	}
	if !c.SearchTakes(uitest.Press('x')) || c.SearchTakes(uitest.Key(tea.KeyLeft)) {
		t.Fatal("SearchTakes")
	}
	if _, act := c.Update(ctrl('a')); act != (ui.Note{}) {
		t.Fatalf("ctrl+a ending the search reported %#v, want the search's line cleared", act)
	}
	typeText(c, ">")
	if c.Searching() || c.Value() != ">feed the goats" {
		t.Fatalf("ctrl+a during the search: searching %v, %q", c.Searching(), c.Value())
	}

	empty := New(uitest.Context(), "true")
	if _, act := empty.Update(ctrl('r')); empty.Searching() || !strings.Contains(note(act), "nothing sent yet") {
		t.Fatalf("ctrl+r with no history: %#v", act)
	}
}

// TestComposerEditorChord: ctrl+x ctrl+e, bash's key, opens the editor as
// ctrl+g does; the chord's keys alone do not.
func TestComposerEditorChord(t *testing.T) {
	c := New(uitest.Context(), "true")
	if cmd, _ := c.Update(ui.Chord("ctrl+x ctrl+e")); cmd == nil {
		t.Error("ctrl+x ctrl+e opened no editor")
	}
	c = New(uitest.Context(), "true")
	if cmd, _ := c.Update(ctrl('e')); cmd != nil {
		t.Error("ctrl+e opened the editor")
	}
	c.SetReadOnly(true)
	if cmd, act := c.Update(ui.Chord("ctrl+x ctrl+e")); cmd != nil || act == nil {
		t.Errorf("a read-only composer's chord: %v, %#v", cmd, act)
	}
}

// TestComposerOnChord: ctrl+x begins the chord where the composer has the
// keys (its note says what ends it), ctrl+e then opens the editor; a
// second key that ends no chord is not the chord's (the note goes), and no
// chord begins, or ends, where it may not.
func TestComposerOnChord(t *testing.T) {
	note := func(act ui.Action) string { // the last note act says
		text := "(none)"
		ui.Each(act, func(a ui.Action) {
			if n, ok := a.(ui.Note); ok {
				text = n.Text
			}
		})
		return text
	}
	c := New(uitest.Context(), "true")
	_, act, ok := c.OnChord(ctrl('x'), true, true)
	if !ok || note(act) != "ctrl+x… then ctrl+e edits the draft in $EDITOR" {
		t.Fatalf("ctrl+x: %v, %#v", ok, act)
	}
	if cmd, act, ok := c.OnChord(ctrl('e'), true, true); !ok || cmd == nil || note(act) != "" {
		t.Errorf("ctrl+x ctrl+e: %v, %v, %#v", ok, cmd, act)
	}
	if _, act, ok := c.OnChord(ctrl('e'), true, true); ok || act != nil {
		t.Errorf("ctrl+e alone was a chord's: %#v", act)
	}
	c.OnChord(ctrl('x'), true, true)
	if cmd, act, ok := c.OnChord(uitest.Press('a'), true, true); ok || cmd != nil || act != (ui.Note{}) {
		t.Errorf("a letter after ctrl+x: %v, %v, %#v", ok, cmd, act)
	}
	c.OnChord(ctrl('x'), true, true)
	if _, _, ok := c.OnChord(ctrl('e'), true, false); ok {
		t.Error("a chord ended under a dialog")
	}
	if _, act, ok := c.OnChord(ctrl('x'), false, true); ok || act != nil {
		t.Errorf("a chord began where the composer has no keys: %#v", act)
	}
}
