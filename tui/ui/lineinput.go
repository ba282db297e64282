package ui

import (
	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/theme"
)

// LineInput is a one-line text input without a blinking cursor.
type LineInput struct{ value []rune }

// String is the input's text.
func (l *LineInput) String() string { return string(l.value) }

// Set replaces the text.
func (l *LineInput) Set(s string) { l.value = []rune(s) }

// Update edits the text with a key; it reports whether the key was one.
func (l *LineInput) Update(msg tea.KeyPressMsg) bool {
	switch msg.String() {
	case "backspace", "ctrl+h":
		if len(l.value) > 0 {
			l.value = l.value[:len(l.value)-1]
		}
		return true
	case "ctrl+u":
		l.value = nil
		return true
	}
	k := msg.Key()
	if k.Text == "" || k.Mod&(tea.ModCtrl|tea.ModAlt) != 0 {
		return false
	}
	l.Insert(k.Text)
	return true
}

// Insert adds text (a key's or a paste's) without its control characters.
func (l *LineInput) Insert(s string) {
	for _, r := range s {
		if r >= 0x20 && r != 0x7f && !(r >= 0x80 && r <= 0x9f) {
			l.value = append(l.value, r)
		}
	}
}

// View draws the text and a cursor block.
func (l *LineInput) View(st *theme.Styles) string {
	return st.Body.Render(string(l.value)) + st.Key.Render("▏")
}

// HelpStyles maps the theme onto bubbles/help's styles.
func HelpStyles(st *theme.Styles) help.Styles {
	return help.Styles{
		Ellipsis:       st.KeyDesc,
		ShortKey:       st.Key,
		ShortDesc:      st.KeyDesc,
		ShortSeparator: st.Rule,
		FullKey:        st.Key,
		FullDesc:       st.KeyDesc,
		FullSeparator:  st.Rule,
	}
}
