// Package uitest helps test the UI's components: a Context with fixed
// styles, the default keys, a clock that stands still and UTC times, and
// keys to type.
package uitest

import (
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Now is the time a test Context's clock tells.
var Now = time.Date(2026, 10, 14, 9, 30, 0, 0, time.UTC)

// Context is a Context for tests: the dark styles, the default key map,
// the clock stopped at Now, times in UTC.
func Context() *ui.Context {
	st := theme.NewSet(false).Dark
	h := help.New()
	h.Styles = ui.HelpStyles(st)
	return &ui.Context{Styles: st, Keys: ui.DefaultKeyMap(), Help: h, Now: func() time.Time { return Now },
		Location: time.UTC}
}

// Press is a key press of a printable rune.
func Press(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Text: string(r)} }

// Key is a key press of a named key (tea.KeyEnter, tea.KeyDown, ...).
func Key(code rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: code} }

// Actions is every action in a, its batches unfolded, in order.
func Actions(a ui.Action) []ui.Action {
	var out []ui.Action
	ui.Each(a, func(x ui.Action) { out = append(out, x) })
	return out
}

// Find is the first action of type T in a.
func Find[T ui.Action](a ui.Action) (T, bool) {
	for _, x := range Actions(a) {
		if t, ok := x.(T); ok {
			return t, true
		}
	}
	var zero T
	return zero, false
}
