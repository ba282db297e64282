package dialog

import (
	"flag"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	goldenfile "github.com/sophia-labs/vehicle/internal/golden"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// golden compares got with testdata/<Test>/<name>.golden (rewritten with
// -update).
func golden(t *testing.T, name, got string) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", filepath.FromSlash(t.Name()), name+".golden"), got, *update)
}

// plain is a dialog's view as the person reads it: no styling, no trailing
// spaces.
func plain(d ui.Component) string {
	lines := strings.Split(xansi.Strip(d.View()), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n") + "\n"
}

// flat is a dialog's text inside its box, its border gone and its words one
// line: what it says, however it wraps.
func flat(d ui.Component) string {
	s := strings.NewReplacer("│", " ", "╭", " ", "╮", " ", "╰", " ", "╯", " ", "─", " ").Replace(xansi.Strip(d.View()))
	return strings.Join(strings.Fields(s), " ")
}

// says fails t when the dialog's words lack one of want.
func says(t *testing.T, d ui.Component, want ...string) {
	t.Helper()
	got := flat(d)
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("the dialog does not say %q:\n%s", w, plain(d))
		}
	}
}

// actions is what a reported action holds, batches unfolded.
func actions(a ui.Action) []ui.Action {
	var out []ui.Action
	ui.Each(a, func(a ui.Action) { out = append(out, a) })
	return out
}

// reports fails t unless a is want, batches unfolded.
func reports(t *testing.T, what string, a ui.Action, want ...ui.Action) {
	t.Helper()
	if got := actions(a); !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
		t.Errorf("%s reported %#v, want %#v", what, got, want)
	}
}

// typeIn is the key presses of s, handed to d one by one; the last action.
func typeIn(d ui.Component, s string) ui.Action {
	var act ui.Action
	for _, r := range s {
		_, act = d.Update(uitest.Press(r))
	}
	return act
}

// ctrl is a key with ctrl held.
func ctrl(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Mod: tea.ModCtrl} }

// Named keys.
var (
	enter    = uitest.Key(tea.KeyEnter)
	esc      = uitest.Key(tea.KeyEscape)
	up       = uitest.Key(tea.KeyUp)
	down     = uitest.Key(tea.KeyDown)
	tab      = uitest.Key(tea.KeyTab)
	shiftTab = tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
	left     = uitest.Key(tea.KeyLeft)
	right    = uitest.Key(tea.KeyRight)
	bksp     = uitest.Key(tea.KeyBackspace)
)
