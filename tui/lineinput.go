package tui

import (
	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/theme"
)

// lineInput is a one-line text input without a blinking cursor.
type lineInput struct{ value []rune }

// String is the input's text.
func (l *lineInput) String() string { return string(l.value) }

// set replaces the text.
func (l *lineInput) set(s string) { l.value = []rune(s) }

// update edits the text with a key; it reports whether the key was one.
func (l *lineInput) update(msg tea.KeyPressMsg) bool {
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
	l.insert(k.Text)
	return true
}

// insert adds text (a key's or a paste's) without its control characters.
func (l *lineInput) insert(s string) {
	for _, r := range s {
		if r >= 0x20 && r != 0x7f && !(r >= 0x80 && r <= 0x9f) {
			l.value = append(l.value, r)
		}
	}
}

// view draws the text and a cursor block.
func (l *lineInput) view(st *theme.Styles) string {
	return st.Body.Render(string(l.value)) + st.Key.Render("▏")
}

// helpStyles maps the theme onto bubbles/help's styles.
func helpStyles(st *theme.Styles) help.Styles {
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
