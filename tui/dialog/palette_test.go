package dialog

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestFuzzyScore ranks a prefix above scattered letters and refuses
// letters that are not there.
func TestFuzzyScore(t *testing.T) {
	if fuzzyScore("exp", "export the transcript /export") <= fuzzyScore("exp", "help: every key /help") {
		t.Error("a prefix match does not rank above a scattered one")
	}
	if fuzzyScore("xyz", "export") != -1 {
		t.Error("letters not in the name matched")
	}
	if fuzzyScore("rnm", "rename this session /rename") < 0 {
		t.Error("letters in order did not match")
	}
	if fuzzyScore("", "anything") != 0 {
		t.Error("nothing typed does not keep everything alike")
	}
	if fuzzyScore("ion", "session info /info") >= fuzzyScore("inf", "session info /info") {
		t.Error("a match inside a word ranks with one at a word's start")
	}
	if fuzzyScore("sinf", "session info /info") <= fuzzyScore("sinf", "sessions: the picker /sessions") {
		t.Error("letters at words' starts do not rank above letters inside a word")
	}
}

// commands is a palette's table, as the root gives it: the session's
// commands, one not available now.
func commands() []Command {
	k := uitest.Context().Keys
	return []Command{
		{Name: "Help: every key", Slash: "help", Key: k.Help},
		{Name: "Sessions: the picker", Slash: "sessions", Key: k.Sessions},
		{Name: "Rename this session", Slash: "rename", Args: "TITLE", Key: k.Rename},
		{Name: "Export the transcript", Slash: "export", Args: "[PATH]",
			Why: "open one of your sessions first (ctrl+o lists them)"},
		{Name: "Session info", Slash: "info", Key: k.Info},
		{Name: "Room policy: suggest", Slash: "policy", Args: "suggest|observe", Arg: "suggest"},
		{Name: "Room policy: observe", Slash: "policy", Args: "suggest|observe", Arg: "observe"},
	}
}

// palette is the palette of commands() at w x h.
func palette(w, h int) *Palette {
	d := NewPalette(uitest.Context(), commands())
	d.SetSize(w, h)
	return d
}

// marked is the palette's marked row, as drawn.
func marked(d *Palette) string {
	for _, l := range strings.Split(plain(d), "\n") {
		if i := strings.Index(l, "▸ "); i >= 0 {
			return strings.TrimRight(strings.Trim(l[i:], "│ "), " ")
		}
	}
	return ""
}

// TestPaletteFilters keeps the commands whose name or slash command has
// the letters typed in order, best first, the first one marked; a leading
// "/" is the slash command's; backspace widens again.
func TestPaletteFilters(t *testing.T) {
	cases := []struct {
		typed  string
		first  string   // the marked row's start
		kept   []string // names on screen
		hidden []string // names not on screen
	}{
		{"", "▸ Help: every key", []string{"Sessions: the picker", "Room policy: observe"}, nil},
		{"sinf", "▸ Session info", nil, []string{"Help: every key", "Export"}},
		{"/ren", "▸ Rename this session", nil, []string{"Help: every key"}},
		{"/sinf", "▸ Session info", nil, []string{"Help: every key"}},
		{"pol", "▸ Room policy: suggest", []string{"Room policy: observe"}, []string{"Session info"}},
		{"observe", "▸ Room policy: observe", nil, []string{"Room policy: suggest"}},
		{"EXPORT", "▸ Export the transcript", nil, []string{"Help"}},
	}
	for _, c := range cases {
		t.Run(c.typed, func(t *testing.T) {
			d := palette(80, 24)
			typeIn(d, c.typed)
			if got := marked(d); !strings.HasPrefix(got, c.first) {
				t.Errorf("typed %q, marked %q, want %q:\n%s", c.typed, got, c.first, plain(d))
			}
			says(t, d, append([]string{"> " + c.typed}, c.kept...)...)
			for _, h := range c.hidden {
				if strings.Contains(plain(d), h) {
					t.Errorf("typed %q, %q still shows:\n%s", c.typed, h, plain(d))
				}
			}
		})
	}
	d := palette(80, 24)
	typeIn(d, "zzz")
	says(t, d, "no command matches: backspace widens the search")
	if _, act := d.Update(enter); act != nil {
		t.Errorf("enter with nothing matching reported %#v", act)
	}
	for range 3 {
		d.Update(bksp)
	}
	if len(d.shown) != len(commands()) || marked(d) == "" {
		t.Errorf("backspace did not widen the search: %d shown", len(d.shown))
	}
	d.Update(tea.PasteMsg{Content: "observe"})
	if !strings.HasPrefix(marked(d), "▸ Room policy: observe") {
		t.Errorf("a paste did not filter: %q", marked(d))
	}
}

// TestPaletteRuns: ↓ and ↑ move the mark within the list; enter closes the
// palette first, then reports Run with the command's index in the table
// given (not in the filtered list); esc closes it with nothing run.
func TestPaletteRuns(t *testing.T) {
	d := palette(80, 24)
	typeIn(d, "pol")
	d.Update(down)
	d.Update(down) // past the last: stays
	if got := marked(d); !strings.HasPrefix(got, "▸ Room policy: observe") {
		t.Fatalf("↓↓ marked %q", got)
	}
	_, act := d.Update(enter)
	reports(t, "enter", act, ui.Close{}, Run{Index: 6})

	d = palette(80, 24)
	d.Update(up) // before the first: stays
	d.Update(down)
	d.Update(up)
	d.Update(down)
	_, act = d.Update(enter)
	reports(t, "↑↓↑↓ enter", act, ui.Close{}, Run{Index: 1})

	_, act = palette(80, 24).Update(esc)
	reports(t, "esc", act, ui.Close{})
	if _, act := d.Update(tea.WindowSizeMsg{}); act != nil {
		t.Errorf("a resize reported %#v", act)
	}
}

// TestPaletteRow: a row shows the name, the slash command with what it
// takes (or the argument it runs with) and the first key; a command not
// available now shows its reason in place of its slash command, and the
// marked one's reason whole under the list.
func TestPaletteRow(t *testing.T) {
	d := palette(80, 24)
	says(t, d, "Commands", "Help: every key /help f1", "Rename this session /rename TITLE f6",
		"Room policy: observe /policy observe", "Session info /info f4", "↑ up · ↓ down · enter runs it · esc closes")
	golden(t, "all", plain(d))
	typeIn(d, "export")
	says(t, d, "▸ Export the transcript open one of your sessions first", "not now: open one of your sessions first (ctrl+o lists them)")
	_, act := d.Update(enter)
	reports(t, "enter on a command not available now", act, ui.Close{}, Run{Index: 3})
}

// TestPaletteSmall: at every size the palette fits the screen and keeps its
// keys in sight, the marked row too from 10 lines up, and shows a reason
// whole at 40 columns.
func TestPaletteSmall(t *testing.T) {
	for _, size := range [][2]int{{20, 6}, {40, 10}, {40, 12}, {80, 12}, {120, 40}} {
		w, h := size[0], size[1]
		d := palette(w, h)
		d.Update(down)
		d.Update(down)
		v := plain(d)
		if n := strings.Count(v, "\n"); n > h {
			t.Errorf("%dx%d: %d lines:\n%s", w, h, n, v)
		}
		for _, l := range strings.Split(v, "\n") {
			if xansi.StringWidth(l) > w {
				t.Errorf("%dx%d: a line of %d cells: %q", w, h, xansi.StringWidth(l), l)
			}
		}
		if !strings.Contains(v, "▸ Ren") && h >= 10 {
			t.Errorf("%dx%d: the marked row is not on screen:\n%s", w, h, v)
		}
		if !strings.Contains(flat(d), "enter runs it") && w >= 40 {
			t.Errorf("%dx%d: the keys are cut:\n%s", w, h, v)
		}
		if strings.Contains(v, "↑ up · ↓ down") != (w >= 60) {
			t.Errorf("%dx%d: the moves are listed %v:\n%s", w, h, w >= 60, v)
		}
	}
	d := palette(40, 12)
	typeIn(d, "ex")
	says(t, d, "not now: open one of your sessions first (ctrl+o lists them)", "enter runs it")
}

// TestPaletteHelp lists the palette's own keys.
func TestPaletteHelp(t *testing.T) {
	d := palette(80, 24)
	k := &d.ctx.Keys
	want := []key.Binding{k.Up, k.Down, k.Open, k.Dismiss}
	got := d.FullHelp()[0]
	for i := range want {
		if got[i].Help() != want[i].Help() {
			t.Errorf("key %d: %+v, want %+v", i, got[i].Help(), want[i].Help())
		}
	}
}

// TestPadRunes pads or cuts to n cells.
func TestPadRunes(t *testing.T) {
	if got := padRunes("ab", 4); got != "ab  " {
		t.Errorf("padRunes = %q", got)
	}
	if got := padRunes("abcdef", 4); got != "abc…" {
		t.Errorf("padRunes cut = %q", got)
	}
}
