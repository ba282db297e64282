package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"
)

// roomHint is the keys the room pane's header says bring the focus to it
// ("tab" of "tab, then a↵ accept"), as key presses; ok is false when the
// header names none.
func roomHint(m *Model) (keys []tea.KeyPressMsg, said string, ok bool) {
	head := m.room.Lines()
	if len(head) == 0 {
		return nil, "", false
	}
	line := strings.TrimSpace(stripped(head[0]))
	before, _, found := strings.Cut(line, ", then a↵ accept")
	if !found {
		return nil, line, false
	}
	_, reach, _ := strings.Cut(before, "room suggest · ")
	for _, name := range strings.Split(reach, ", then ") {
		switch name {
		case "tab":
			keys = append(keys, keyTab)
		case "shift+tab":
			keys = append(keys, tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift})
		case "esc":
			keys = append(keys, keyEsc)
		default:
			return nil, line, false
		}
	}
	return keys, line, true
}

// TestFocusIsAlwaysVisible is issue 35's fourth trap: a click on a chime
// row put the focus in the room with no sign a person could trust, and the
// hint "tab, then a↵ accept", followed from another pane, moved the focus
// elsewhere, so that a and enter sent "a" to the model. Now, with no
// colour: the click marks the room (▸ on its header and on the chime
// clicked) and the composer says where the keys are; a and enter accept
// the chime clicked; and from every pane, the room's hint names keys that
// bring the focus to the room.
func TestFocusIsAlwaysVisible(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Fence")
	cfg := hostConfig(t, ada)
	cfg.SessionID = id
	a := drive(t, "ada", cfg, 100, 34)
	a.see("you drive")
	a.send(typing("the gate is open")...)
	a.send(keyEnter)
	a.see("You said: the gate is open", "idle")
	bo := person(t, srv, "bo-token", "cli-bo")
	for _, text := range []string{"first thought", "second thought"} {
		if _, err := bo.Chime(t.Context(), id, text); err != nil {
			t.Fatal(err)
		}
	}
	s := a.see("✉ chimes · 2 pending")
	if !strings.Contains(s, "┃ write a message") || strings.Contains(s, "▸ ✉ chimes") || strings.Contains(s, "▸ Bo") {
		t.Fatalf("the composer's focus is not marked, or the room's is:\n%s", s)
	}

	a.send(click(10, lineOf(a.m, "second thought")))
	s = screen(a.m)
	if a.m.focus != focusRoom || !strings.Contains(s, "▸ ✉ chimes · 2 pending") || !strings.Contains(s, "▸ Bo · 09:30  second thought") {
		t.Fatalf("the click on the second chime: focus %d, and the screen does not mark it:\n%s", a.m.focus, s)
	}
	if !strings.Contains(s, "╎ the keys are in the room pane · esc brings them back here") || strings.Contains(s, "enter sends") {
		t.Fatalf("the composer does not say where the keys are, or names a key that does not work here:\n%s", s)
	}
	mark := len(srv.Requests())
	a.send(press('a'), keyEnter)
	a.see("✉ chimes · 1 pending")
	if got := a.m.tiles.Focused().State().Chimes; len(got) != 1 || got[0].Text != "first thought" {
		t.Fatalf("a and enter resolved the wrong chime: %v left", got)
	}
	for _, r := range srv.Requests()[mark:] {
		if r.Method == "POST" && strings.HasSuffix(r.Path, "/commands") {
			t.Fatalf("a and enter in the room sent a command: %s %s", r.Method, r.Path)
		}
	}

	// From every pane, the room's hint is true: its keys bring the focus there.
	for _, from := range []struct {
		name  string
		reach func()
	}{
		{"composer", func() { a.send(keyEsc) }},
		{"entries", func() { a.send(keyEsc, keyTab, keyTab) }},
		{"search", func() { a.send(keyEsc, tea.KeyPressMsg{Code: 'f', Mod: tea.ModCtrl}) }},
	} {
		from.reach()
		if from.name == "entries" && a.m.focus != focusEntries || from.name == "search" && a.m.focus != focusSearch {
			t.Fatalf("%s: the focus is %d", from.name, a.m.focus)
		}
		keys, said, ok := roomHint(a.m)
		if !ok {
			t.Fatalf("from the %s, the room's header names no keys: %q", from.name, said)
		}
		for _, k := range keys {
			a.send(k)
		}
		if a.m.focus != focusRoom {
			t.Fatalf("from the %s, %q took the focus to %d, not the room", from.name, said, a.m.focus)
		}
	}

	// A dialog has the keys: the composer under it says so, not what enter does there.
	a.send(keyEsc, keyF1)
	if c := stripped(a.m.composer.View()); !strings.Contains(c, "╎ the keys are in the dialog · esc closes it") {
		t.Fatalf("under the help, the composer says %q", c)
	}
}

// stripped is a drawn line without its styles.
func stripped(s string) string { return strings.TrimRight(xansi.Strip(s), " ") }
