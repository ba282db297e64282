package export

import (
	"strings"
	"unicode/utf8"
)

// Clean makes host text inert for a file: it removes terminal escape
// sequences whole (CSI, OSC, DCS and the other string commands, and two-byte
// escapes), every other C0 and C1 control character but newline and tab, the
// bidi controls that reorder what a reader sees, and replaces invalid UTF-8
// with U+FFFD. Carriage returns go too: a CRLF becomes a newline.
func Clean(s string) string {
	if isClean(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
		case r == 0x1b:
			i = skipEscape(s, i+1)
			continue
		case r == 0x9b: // C1 CSI
			i = skipCSI(s, i+size)
			continue
		case r == 0x90 || r == 0x9d || r == 0x98 || r == 0x9e || r == 0x9f: // C1 DCS, OSC, SOS, PM, APC
			i = skipString(s, i+size)
			continue
		case keep(r):
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// CleanLine is Clean for a one-line field: runs of whitespace (newlines
// included) become one space, and the ends are trimmed.
func CleanLine(s string) string {
	return strings.Join(strings.Fields(Clean(s)), " ")
}

// isClean reports whether Clean would return s unchanged.
func isClean(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || !keep(r) || r >= 0x80 && r <= 0x9f {
			return false
		}
		i += size
	}
	return true
}

// keep reports whether a rune may stay in the file.
func keep(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return true
	case r < 0x20 || r >= 0x7f && r <= 0x9f:
		return false
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return false // bidi embeddings, overrides, isolates and marks
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
