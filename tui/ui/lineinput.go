package ui

import (
	"unicode"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/theme"
)

// LineInput is a one-line text input without a blinking cursor, edited as
// a shell's line editor edits (readline's emacs keys, LineEditing): the
// cursor moves by character, word and line end, ctrl+k, ctrl+u, ctrl+w and
// alt+d kill into the field's own kill buffer and ctrl+y yanks it back.
// Keys of the line editor that mean nothing in one line (ctrl+r, its
// history search) are taken and do nothing.
type LineInput struct {
	value   []rune
	at      int    // the cursor, in runes: 0 to len(value)
	kill    []rune // what the last kill took, for ctrl+y
	killing bool   // the last key killed: the next kill adds to it
}

// String is the input's text.
func (l *LineInput) String() string { return string(l.value) }

// Set replaces the text and puts the cursor at its end.
func (l *LineInput) Set(s string) {
	l.value = []rune(s)
	l.at = len(l.value)
	l.killing = false
}

// Cursor is where the cursor is, in runes from the start.
func (l *LineInput) Cursor() int { return min(l.at, len(l.value)) }

// Update edits the text with a key; it reports whether the key was one of
// the line editor's (text, a motion, a deletion, a kill or a yank), even
// when it changed nothing (ctrl+d at the end, ctrl+r).
func (l *LineInput) Update(msg tea.KeyPressMsg) bool {
	l.at = l.Cursor()
	killed := false
	defer func() { l.killing = killed }()
	switch msg.String() {
	case "left", "ctrl+b":
		l.at = max(l.at-1, 0)
	case "right", "ctrl+f":
		l.at = min(l.at+1, len(l.value))
	case "home", "ctrl+a":
		l.at = 0
	case "end", "ctrl+e":
		l.at = len(l.value)
	case "alt+b", "alt+left", "ctrl+left":
		l.at = WordStart(l.value, l.at)
	case "alt+f", "alt+right", "ctrl+right":
		l.at = WordEnd(l.value, l.at)
	case "backspace", "ctrl+h":
		if l.at > 0 {
			l.value = append(l.value[:l.at-1], l.value[l.at:]...)
			l.at--
		}
	case "delete", "ctrl+d":
		if l.at < len(l.value) {
			l.value = append(l.value[:l.at], l.value[l.at+1:]...)
		}
	case "ctrl+k":
		killed = l.cut(l.at, len(l.value), false)
	case "ctrl+u":
		killed = l.cut(0, l.at, true)
	case "ctrl+w":
		killed = l.cut(SpaceWordStart(l.value, l.at), l.at, true)
	case "alt+backspace", "ctrl+backspace":
		killed = l.cut(WordStart(l.value, l.at), l.at, true)
	case "alt+d", "alt+delete", "ctrl+delete":
		killed = l.cut(l.at, WordEnd(l.value, l.at), false)
	case "ctrl+y":
		l.insert(l.kill)
	case "ctrl+r":
		// the line editor's history search: one line has no history
	default:
		k := msg.Key()
		if k.Text == "" || k.Mod&(tea.ModCtrl|tea.ModAlt) != 0 {
			return false
		}
		l.Insert(k.Text)
	}
	return true
}

// cut kills the runes from i to j into the kill buffer (added to the last
// kill when the key before killed too: before it when back is set, as
// readline does) and reports whether it killed.
func (l *LineInput) cut(i, j int, back bool) bool {
	if i >= j {
		return l.killing // nothing taken: a run of kills goes on
	}
	took := append([]rune(nil), l.value[i:j]...)
	switch {
	case !l.killing:
		l.kill = took
	case back:
		l.kill = append(took, l.kill...)
	default:
		l.kill = append(l.kill, took...)
	}
	l.value = append(l.value[:i], l.value[j:]...)
	l.at = i
	return true
}

// Insert adds text (a key's or a paste's) at the cursor, without its
// control characters.
func (l *LineInput) Insert(s string) {
	var rs []rune
	for _, r := range s {
		if r >= 0x20 && r != 0x7f && !(r >= 0x80 && r <= 0x9f) {
			rs = append(rs, r)
		}
	}
	l.at = l.Cursor()
	l.insert(rs)
}

// insert puts runes at the cursor and moves the cursor past them.
func (l *LineInput) insert(rs []rune) {
	if len(rs) == 0 {
		return
	}
	tail := append([]rune(nil), l.value[l.at:]...)
	l.value = append(append(l.value[:l.at], rs...), tail...)
	l.at += len(rs)
}

// View draws the text with a bar at the cursor.
func (l *LineInput) View(st *theme.Styles) string {
	at := l.Cursor()
	before, after := string(l.value[:at]), string(l.value[at:])
	v := st.Body.Render(before) + st.Key.Render("▏")
	if after != "" {
		v += st.Body.Render(after)
	}
	return v
}

// WordStart is where the word before rune i of s begins, as readline's
// alt+b sees words (letters and digits): non-word runes before it are
// skipped first.
func WordStart(s []rune, i int) int {
	for i > 0 && !wordRune(s[i-1]) {
		i--
	}
	for i > 0 && wordRune(s[i-1]) {
		i--
	}
	return i
}

// WordEnd is where the word at or after rune i of s ends, as readline's
// alt+f sees words.
func WordEnd(s []rune, i int) int {
	for i < len(s) && !wordRune(s[i]) {
		i++
	}
	for i < len(s) && wordRune(s[i]) {
		i++
	}
	return i
}

// SpaceWordStart is where ctrl+w's word before rune i of s begins: words
// end at whitespace only, as readline's unix-word-rubout sees them.
func SpaceWordStart(s []rune, i int) int {
	for i > 0 && unicode.IsSpace(s[i-1]) {
		i--
	}
	for i > 0 && !unicode.IsSpace(s[i-1]) {
		i--
	}
	return i
}

// wordRune reports whether r is part of a word for alt+b, alt+f, alt+d.
func wordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

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
