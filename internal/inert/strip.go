package inert

import (
	"strings"
	"unicode/utf8"
)

// Strip makes host text inert for a file: it removes terminal escape
// sequences whole (CSI, OSC, DCS and the other string commands, and two-byte
// escapes), every other C0 and C1 control character but newline and tab, and
// the runes Unsafe names (bidi controls, zero-width and tag characters, but
// for the sequences the package doc keeps), and replaces invalid UTF-8 with
// U+FFFD. Carriage returns go too: a CRLF becomes a newline.
func Strip(s string) string {
	if isStripped(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	prev := rune(-1)
	for i := 0; i < len(s); {
		r, n, act := at(s, i, prev)
		switch {
		case r == 0x1b:
			i, prev = skipEscape(s, i+1), -1
			continue
		case r == 0x9b: // C1 CSI
			i, prev = skipCSI(s, i+n), -1
			continue
		case r == 0x90 || r == 0x9d || r == 0x98 || r == 0x9e || r == 0x9f: // C1 DCS, OSC, SOS, PM, APC
			i, prev = skipString(s, i+n), -1
			continue
		case act == invalid:
			b.WriteRune(utf8.RuneError)
		case act == keep || act == newline || act == tab:
			b.WriteString(s[i : i+n])
		}
		prev = lastRune(s, i, n, act, r)
		i += n
	}
	return b.String()
}

// StripLine is Strip for a one-line field: runs of whitespace (newlines
// included) become one space, and the ends are trimmed.
func StripLine(s string) string {
	return strings.Join(strings.Fields(Strip(s)), " ")
}

// isStripped reports whether Strip would return s unchanged.
func isStripped(s string) bool {
	prev := rune(-1)
	for i := 0; i < len(s); {
		if c := s[i]; c >= 0x20 && c < 0x7f {
			prev = rune(c)
			i++
			continue
		}
		r, n, act := at(s, i, prev)
		if act != keep && act != newline && act != tab {
			return false
		}
		prev = lastRune(s, i, n, act, r)
		i += n
	}
	return true
}

// skipEscape returns the index after the escape sequence whose ESC ends just
// before i.
func skipEscape(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '[':
		return skipCSI(s, i+1)
	case ']', 'P', 'X', '^', '_':
		return skipString(s, i+1)
	}
	// nF escapes: intermediates 0x20-0x2f, then one final byte.
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e {
		i++
	}
	return i
}

// skipCSI returns the index after a control sequence's final byte: its
// parameter and intermediate bytes are 0x20-0x3f, the final 0x40-0x7e. A
// byte outside them ends the sequence without being taken.
func skipCSI(s string, i int) int {
	for i < len(s) {
		c := s[i]
		switch {
		case c >= 0x40 && c <= 0x7e:
			return i + 1
		case c < 0x20 || c > 0x3f:
			return i
		}
		i++
	}
	return i
}

// skipString returns the index after a string command (OSC, DCS, ...): up to
// and including BEL, ESC \ or the C1 string terminator. A newline or the end
// of s ends an unterminated one, so that it cannot swallow the rest of a
// message.
func skipString(s string, i int) int {
	for i < len(s) {
		switch {
		case s[i] == 0x07:
			return i + 1
		case s[i] == '\n':
			return i // unterminated: keep the text after the line
		case s[i] == 0x1b:
			if i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
			return i // a new escape: the string was cut short
		case strings.HasPrefix(s[i:], "\u009c"):
			return i + len("\u009c")
		}
		i++
	}
	return i
}
