package dialog

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// Passes reports whether k, typed at the overlay o, closes it and goes on to
// the screen under it: o only shows something (the help, the errors, a text
// read whole, the session info, what a delete did, the code block chooser)
// and takes no text, and k is text o does not bind. The words a person
// types at it are theirs, in the composer (or the picker's filter).
func Passes(o ui.Component, k tea.KeyPressMsg) bool {
	switch o.(type) {
	case *Help, *Text, *Info, *Deleted, *CodeChooser:
	default:
		return false
	}
	return k.Key().Text != "" && k.Mod&(tea.ModCtrl|tea.ModAlt) == 0 && !key.Matches(k, o.ShortHelp()...)
}
