package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// Desktop notification escapes a terminal may understand (Config.Desktop).
const (
	DesktopOSC9   = "osc9"   // ESC ] 9 ; text BEL: iTerm2, WezTerm, Windows Terminal, kitty, ghostty
	DesktopOSC777 = "osc777" // ESC ] 777 ; notify ; title ; text BEL: rxvt-unicode, foot, VTE terminals
	DesktopOff    = "off"    // no desktop notification
)

// noticeTextRunes bounds the text of a desktop notification.
const noticeTextRunes = 120

// notices reports whether any notice is switched on (focus reporting is
// asked for only then).
func (m *Model) notices() bool {
	return !m.cfg.NoBell || m.desktop() != DesktopOff
}

// desktop is the desktop notification escape in use.
func (m *Model) desktop() string {
	switch m.cfg.Desktop {
	case DesktopOSC777, DesktopOff:
		return m.cfg.Desktop
	}
	return DesktopOSC9
}

// onFocus follows the terminal's focus (focus reporting).
func (m *Model) onFocus(focused bool) {
	m.dirty = false
	m.blurred = !focused
}

// notify tells the person that something happened while the terminal was
// not focused: a bell and a desktop notification, each unless switched off.
// The escapes go out through the program's output (tea.Raw). It is nil
// while the terminal has the focus.
func (m *Model) notify(text string) tea.Cmd {
	if !m.blurred {
		return nil
	}
	var b strings.Builder
	if !m.cfg.NoBell {
		b.WriteByte('\a')
	}
	text = noticeText(text)
	switch m.desktop() {
	case DesktopOSC9:
		b.WriteString("\x1b]9;vehicle: " + text + "\a")
	case DesktopOSC777:
		b.WriteString("\x1b]777;notify;vehicle;" + text + "\a")
	}
	if b.Len() == 0 {
		return nil
	}
	m.notified++
	return tea.Raw(b.String())
}

// noticeText makes a notification's text inert and short: host text has
// its controls shown as pictures, so it cannot end the escape early.
func noticeText(s string) string {
	return ui.ClipRunes(ui.NameLine(s), noticeTextRunes)
}
