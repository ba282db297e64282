// Package inert makes text that came from a host harmless to print. A host
// (or anyone who can put words in a reply, a title or an error) may send
// escape sequences that clear the screen or set the window title, bidi
// controls that reorder what a reader sees, and invisible characters
// (zero-width spaces and joiners, Unicode tag characters) that hide text
// from the reader while a program still reads it. Text and Line show every
// one of them as visible, inert characters, for a terminal: the TUI's
// transcript and status line, and every diagnostic line a command writes to
// stderr. Strip and StripLine drop them instead, for a file.
//
// One policy decides for both: what Text shows as a stand-in, Strip drops.
// Joiners inside an emoji sequence (👩‍💻) or between the letters of a
// script that needs them, and the tag characters of a flag (🏴 England),
// are kept: there they draw what they mean.
//
// The escape scanner of Strip is written here, not github.com/charmbracelet/x/ansi's
// parser (v0.11.9, already a dependency): there an unterminated OSC or DCS
// runs past newlines to the end of the text (ansi.Strip("\x1b]0;x\nrest")
// is empty: a host could hide the rest of a message), and a C1 control as a
// UTF-8 rune (U+009B, CSI) is not a sequence.
package inert

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// tabSpaces replaces a tab in text shown on a terminal.
const tabSpaces = "    "

// Text makes host text inert before it is drawn: every control character is
// shown as its visible picture (ESC as ␛, BEL as ␇), so an escape sequence
// such as ESC[2J, OSC 52 or OSC 8 reads as plain text and does nothing; C1
// controls, bidi controls, zero-width and tag characters are shown as
// \uXXXX, invalid UTF-8 as U+FFFD, tabs as spaces, and CRLF as a newline.
// Newlines are kept. Clean text is returned as it is, with no allocation.
func Text(s string) string { return show(s, false) }

// Line is Text for one-line places (titles, names, errors, a diagnostic
// line on stderr): a newline becomes a space as well.
func Line(s string) string { return show(s, true) }

// IsInert reports whether Text (oneLine false) or Line (oneLine true) would
// return s unchanged: what a test checks a screen or a line with.
func IsInert(s string, oneLine bool) bool { return clean(s, oneLine) }

// action is what the policy does with one rune of the text.
type action int

// The actions: keep the rune, show it as its control picture, show it as
// \uXXXX, or the special cases of newline, tab, CRLF and invalid UTF-8.
const (
	keep action = iota
	picture
	escaped
	newline
	tab
	skipCR
	invalid
)

// at decides what to do with the rune at s[i], whose previous rune is prev
// (-1 at the start); it returns the rune, its size and the action. A run of
// runes kept whole (a flag's tag sequence) comes back as one rune of size n.
func at(s string, i int, prev rune) (rune, int, action) {
	r, size := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == utf8.RuneError && size <= 1:
		return r, 1, invalid
	case r == '\n':
		return r, size, newline
	case r == '\t':
		return r, size, tab
	case r == '\r' && i+1 < len(s) && s[i+1] == '\n':
		return r, size, skipCR
	case r < 0x20 || r == 0x7f:
		return r, size, picture
	case r < 0x80:
		return r, size, keep
	case r == blackFlag:
		if n := flagTags(s, i+size); n > 0 {
			return r, size + n, keep
		}
		return r, size, keep
	case r == zwnj || r == zwj:
		if joins(r, prev, s[i+size:]) {
			return r, size, keep
		}
		return r, size, escaped
	case Unsafe(r):
		return r, size, escaped
	}
	return r, size, keep
}

// show is Text (oneLine false) or Line (oneLine true).
func show(s string, oneLine bool) string {
	if clean(s, oneLine) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	prev := rune(-1)
	for i := 0; i < len(s); {
		r, n, act := at(s, i, prev)
		switch act {
		case keep:
			b.WriteString(s[i : i+n])
		case invalid:
			b.WriteRune(utf8.RuneError)
		case newline:
			if oneLine {
				b.WriteByte(' ')
			} else {
				b.WriteByte('\n')
			}
		case tab:
			b.WriteString(tabSpaces)
		case picture:
			if r == 0x7f {
				b.WriteRune('\u2421') // ␡
			} else {
				b.WriteRune(0x2400 + r) // the Control Pictures block: ␛, ␇, ␈ ...
			}
		case escaped:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		prev = lastRune(s, i, n, act, r)
		i += n
	}
	return b.String()
}

// lastRune is the rune a span leaves behind for the next rune's decision.
func lastRune(s string, i, n int, act action, r rune) rune {
	switch act {
	case keep:
		last, _ := utf8.DecodeLastRuneInString(s[i : i+n])
		return last
	case skipCR:
		return -1
	}
	return r
}

// clean reports whether s needs no change: the common case, which then costs
// no allocation.
func clean(s string, oneLine bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 && (c != '\n' || oneLine) || c == 0x7f {
			return false
		}
		if c >= 0x80 {
			return cleanFrom(s, i, oneLine)
		}
	}
	return true
}

// cleanFrom is clean for the part of s from its first non-ASCII byte at i.
func cleanFrom(s string, i int, oneLine bool) bool {
	prev := rune(-1)
	if i > 0 {
		prev = rune(s[i-1])
	}
	for i < len(s) {
		r, n, act := at(s, i, prev)
		if act != keep && (act != newline || oneLine) {
			return false
		}
		prev = lastRune(s, i, n, act, r)
		i += n
	}
	return true
}
