// Package notify tells the person that something happened while the
// terminal was not focused (a run settled, a chime came): a bell and a
// desktop notification, each unless switched off. It follows the
// terminal's focus as the terminal reports it; the escapes go out through
// the program's output (tea.Raw). It reports no actions.
package notify

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// Desktop notification escapes a terminal may understand.
const (
	OSC9   = "osc9"   // ESC ] 9 ; text BEL: iTerm2, WezTerm, Windows Terminal, kitty, ghostty
	OSC777 = "osc777" // ESC ] 777 ; notify ; title ; text BEL: rxvt-unicode, foot, VTE terminals
	Off    = "off"    // no desktop notification
)

// textRunes bounds the text of a desktop notification.
const textRunes = 120

// Notices is the notices switched on, and whether the terminal has the
// focus.
type Notices struct {
	bell    bool
	desktop string
	blurred bool // the terminal reported it lost the focus
	sent    int  // notices sent, for tests
}

// New is the notices: the bell unless noBell, and the desktop escape
// desktop names (OSC9 unless OSC777 or Off).
func New(noBell bool, desktop string) *Notices {
	n := &Notices{bell: !noBell, desktop: OSC9}
	if desktop == OSC777 || desktop == Off {
		n.desktop = desktop
	}
	return n
}

// Wanted reports whether any notice is switched on (focus reporting is
// asked for only then).
func (n *Notices) Wanted() bool { return n.bell || n.desktop != Off }

// Focus follows the terminal's focus.
func (n *Notices) Focus(focused bool) { n.blurred = !focused }

// Sent is how many notices were sent.
func (n *Notices) Sent() int { return n.sent }

// Notify tells the person that text happened while the terminal is not
// focused; it is nil while it has the focus, or with every notice off.
func (n *Notices) Notify(text string) tea.Cmd {
	if !n.blurred {
		return nil
	}
	var b strings.Builder
	if n.bell {
		b.WriteByte('\a')
	}
	text = Text(text)
	switch n.desktop {
	case OSC9:
		b.WriteString("\x1b]9;vehicle: " + text + "\a")
	case OSC777:
		b.WriteString("\x1b]777;notify;vehicle;" + text + "\a")
	}
	if b.Len() == 0 {
		return nil
	}
	n.sent++
	return tea.Raw(b.String())
}

// Text makes a notification's text inert and short: host text has its
// controls shown as pictures, so it cannot end the escape early.
func Text(s string) string { return ui.ClipRunes(ui.NameLine(s), textRunes) }
