package tui

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/dialog"
)

var keyCtrlP = tea.KeyPressMsg{Code: 'p', Mod: tea.ModCtrl}

// TestPaletteFilterAndRun opens the palette at 80x24: it lists the actions
// with their keys and slash commands, typing filters them fuzzily, ↓ moves
// and enter runs the selected one, closing the palette.
func TestPaletteFilterAndRun(t *testing.T) {
	t.Parallel()
	m := opened(t, testConfig(t), 80, 24, snapshot(lease("user:ada", "cli-me")), nil)
	feed(m, keyCtrlP)
	s := screen(m)
	for _, want := range []string{"Commands", "▸ Help: every key", "/help", "f1", "Sessions: the picker", "ctrl+o",
		"/rename TITLE", "enter runs it"} {
		if !strings.Contains(s, want) {
			t.Fatalf("the palette lacks %q:\n%s", want, s)
		}
	}
	if len(strings.Split(strings.TrimSuffix(s, "\n"), "\n")) != 24 {
		t.Fatalf("the screen is not 24 lines:\n%s", s)
	}

	feed(m, typing("sinf")...)
	s = screen(m)
	if !strings.Contains(s, "▸ Session info") || strings.Contains(s, "Help: every key") {
		t.Fatalf("“sinf” does not select Session info first:\n%s", s)
	}
	feed(m, keyBackspace, keyBackspace, keyBackspace, keyBackspace)
	feed(m, typing("pol")...)
	s = screen(m)
	if !strings.Contains(s, "▸ Room policy: suggest") || strings.Contains(s, "Session info") {
		t.Fatalf("“pol” does not keep the policies:\n%s", s)
	}
	feed(m, keyDown, keyDown)
	if s = screen(m); !strings.Contains(s, "▸ Room policy: observe") {
		t.Fatalf("↓↓ does not select observe:\n%s", s)
	}
	_, cmd := m.Update(keyEnter)
	if m.top() != nil || cmd == nil || !strings.Contains(m.note.Text(), "setting the room to observe") {
		t.Fatalf("enter did not run the policy: overlay %T, note %q", m.top(), m.note.Text())
	}
}

// TestPaletteOpensADialog runs an action that opens a dialog: the palette
// closes and the dialog stays.
func TestPaletteOpensADialog(t *testing.T) {
	t.Parallel()
	m := opened(t, testConfig(t), 80, 24, snapshot(lease("user:ada", "cli-me")), nil)
	feed(m, keyCtrlP)
	feed(m, typing("rename")...)
	feed(m, keyEnter)
	if _, ok := m.top().(*dialog.RenameSession); !ok || m.overlays.Len() != 1 {
		t.Fatalf("the rename dialog is not the only overlay: %d, top %T", m.overlays.Len(), m.top())
	}
	if s := screen(m); !strings.Contains(s, "Title for s1:") || !strings.Contains(s, "Leases") {
		t.Fatalf("the rename dialog does not show the title:\n%s", s)
	}
	feed(m, keyEsc)
	feed(m, keyCtrlP, keyEsc)
	if m.top() != nil {
		t.Fatalf("esc did not close the palette: %T", m.top())
	}
}

// TestPaletteSaysWhyNot: in the picker the session's actions are listed
// with the reason they cannot run; enter on one says it and runs nothing.
func TestPaletteSaysWhyNot(t *testing.T) {
	t.Parallel()
	m := newModel(t, testConfig(t), 80, 24)
	m.focus = focusPicker
	feed(m, keyCtrlP)
	feed(m, typing("export")...)
	s := screen(m)
	if !strings.Contains(s, "▸ Export the transcript") || !strings.Contains(s, "not now: open one of your sessions first") {
		t.Fatalf("the palette does not say why export cannot run:\n%s", s)
	}
	_, cmd := m.Update(keyEnter)
	if cmd != nil || !strings.Contains(screen(m), "open one of your sessions first (ctrl+o lists them)") {
		t.Fatalf("enter on an unavailable action: cmd %v, screen:\n%s", cmd != nil, screen(m))
	}
	feed(m, keyCtrlP)
	feed(m, typing("zzzz")...)
	if s := screen(m); !strings.Contains(s, "no command matches") {
		t.Fatalf("no match is not said:\n%s", s)
	}
	if _, cmd := m.Update(keyEnter); cmd != nil || m.top() == nil {
		t.Fatal("enter with nothing matching ran something or closed the palette")
	}
}

// TestPaletteListsEveryAction: every action of the table is in the
// palette, and every slash command and key it names is the key map's.
func TestPaletteListsEveryAction(t *testing.T) {
	t.Parallel()
	m := opened(t, testConfig(t), 200, 60, snapshot(lease("user:ada", "cli-me")), nil)
	feed(m, keyCtrlP)
	s := screen(m)
	for _, a := range m.actions() {
		if !strings.Contains(s, a.name) {
			t.Errorf("the palette lacks %q", a.name)
		}
	}
	for _, name := range []string{"help", "new", "sessions", "rename", "fork", "clone", "export", "key", "policy", "info", "ref", "unref"} {
		if !slices.ContainsFunc(m.actions(), func(a action) bool { return a.slash == name }) {
			t.Errorf("no action for /%s", name)
		}
	}
}

// TestPaletteSmall: on small terminals the palette fits the screen, keeps
// its keys in sight and still runs what is selected.
func TestPaletteSmall(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{20, 6}, {40, 10}, {80, 12}} {
		m := opened(t, testConfig(t), size[0], size[1], snapshot(lease("user:ada", "cli-me")), nil)
		feed(m, keyCtrlP, keyDown, keyDown)
		s := screen(m)
		if n := len(strings.Split(strings.TrimSuffix(s, "\n"), "\n")); n != size[1] {
			t.Errorf("%dx%d: the screen is %d lines:\n%s", size[0], size[1], n, s)
		}
		if !strings.Contains(s, "▸ New") && size[1] >= 10 {
			t.Errorf("%dx%d: the selection is not on screen:\n%s", size[0], size[1], s)
		}
		feed(m, keyEnter)
		if _, ok := m.top().(*dialog.NewSession); !ok {
			t.Errorf("%dx%d: enter on the third action: top %T, want the new-session form", size[0], size[1], m.top())
		}
		feed(m, keyEnter)
		if m.top() != nil || !strings.Contains(m.note.Text(), "starting a new session") {
			t.Errorf("%dx%d: enter in the form: top %T, note %q", size[0], size[1], m.top(), m.note.Text())
		}
	}
}

// TestPaletteReasonWhole40: at 40 columns the reason an action cannot run
// wraps and shows whole, with the keys under it.
func TestPaletteReasonWhole40(t *testing.T) {
	t.Parallel()
	m := newModel(t, testConfig(t), 40, 12)
	m.focus = focusPicker
	feed(m, keyCtrlP)
	feed(m, typing("ex")...)
	s := screen(m)
	flat := strings.Join(strings.Fields(strings.NewReplacer("│", " ", "╰", " ", "╯", " ", "─", " ").Replace(s)), " ")
	if !strings.Contains(flat, "not now: open one of your sessions first (ctrl+o lists them)") ||
		!strings.Contains(s, "enter runs it") {
		t.Fatalf("the reason or the keys are cut at 40x12:\n%s", s)
	}
}

// TestPaletteKeysWorkWhereShown is issue 24's fourth item: from the chat
// view, every action the palette lists as available with a key of its own
// (not a pane's, which it lists with where it works) does something when
// that key is pressed: ctrl+n, f6 and f7 too. One that cannot run
// now is listed with why.
func TestPaletteKeysWorkWhereShown(t *testing.T) {
	t.Parallel()
	probe := driven(t, 100, 30)
	for _, a := range probe.actions() {
		keys := a.key.Keys()
		if len(keys) == 0 || a.why(probe) != "" || strings.Contains(a.key.Help().Key, " in ") {
			continue
		}
		t.Run(a.name, func(t *testing.T) {
			m := driven(t, 100, 30)
			before, focus, mouse := m.note.Text(), m.focus, m.mouse.Off()
			_, cmd := m.Update(keyPress(keys[0]))
			if cmd == nil && m.top() == nil && m.note.Text() == before && m.focus == focus && m.mouse.Off() == mouse {
				t.Errorf("%s (%s) did nothing from the chat view", a.name, keys[0])
			}
		})
	}
	m := driven(t, 100, 30)
	for _, a := range m.actions() {
		if a.name == "Abort the run" && a.why(m) != "no run is under way" {
			t.Errorf("abort with no run is listed as %q", a.why(m))
		}
	}
	if _, cmd := m.Update(keyRename); cmd != nil || m.top() == nil || !strings.Contains(screen(m), "Rename") {
		t.Errorf("f6 in the chat view opens no rename dialog:\n%s", screen(m))
	}
}

// keyPress is the key press a key map's key name stands for.
func keyPress(name string) tea.KeyPressMsg {
	named := map[string]rune{"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "f1": tea.KeyF1, "f2": tea.KeyF2,
		"f3": tea.KeyF3, "f4": tea.KeyF4, "f5": tea.KeyF5, "f6": tea.KeyF6, "f7": tea.KeyF7, "f8": tea.KeyF8, "up": tea.KeyUp, "down": tea.KeyDown, "delete": tea.KeyDelete}
	if c, ok := named[name]; ok {
		return tea.KeyPressMsg{Code: c}
	}
	if rest, ok := strings.CutPrefix(name, "ctrl+"); ok {
		return tea.KeyPressMsg{Code: []rune(rest)[0], Mod: tea.ModCtrl}
	}
	if rest, ok := strings.CutPrefix(name, "alt+"); ok {
		return tea.KeyPressMsg{Code: []rune(rest)[0], Mod: tea.ModAlt}
	}
	return press([]rune(name)[0])
}
