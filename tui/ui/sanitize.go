package ui

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// tabSpaces replaces a tab in host text.
const tabSpaces = "    "

// Sanitize makes text from the host inert before it is drawn: every control
// character is shown as its visible picture (ESC as ␛, BEL as ␇), so an escape
// sequence such as ESC[2J, OSC 52 or OSC 8 reads as plain text and does
// nothing; C1 controls and bidi overrides are shown as \uXXXX, invalid UTF-8
// as U+FFFD, tabs as spaces, and CRLF as a newline. Newlines are kept.
func Sanitize(s string) string { return sanitize(s, false) }

// SanitizeLine is Sanitize for one-line places (titles, names, errors): a
// newline becomes a space as well.
func SanitizeLine(s string) string { return sanitize(s, true) }

func sanitize(s string, oneLine bool) string {
	if clean(s, oneLine) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			b.WriteRune(utf8.RuneError)
			i++
			continue
		}
		if r == '\r' && i+1 < len(s) && s[i+1] == '\n' {
			i++
			continue
		}
		writeInert(&b, r, oneLine)
		i += size
	}
	return b.String()
}

// writeInert writes r, or its visible stand-in when r is a control.
func writeInert(b *strings.Builder, r rune, oneLine bool) {
	switch {
	case r == '\n' && oneLine:
		b.WriteByte(' ')
	case r == '\n':
		b.WriteByte('\n')
	case r == '\t':
		b.WriteString(tabSpaces)
	case r < 0x20:
		b.WriteRune(0x2400 + r) // the Control Pictures block: ␛, ␇, ␈ ...
	case r == 0x7f:
		b.WriteRune('\u2421') // ␡
	case unsafeRune(r):
		fmt.Fprintf(b, `\u%04x`, r)
	default:
		b.WriteRune(r)
	}
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
			return cleanUnicode(s[i:], oneLine)
		}
	}
	return true
}

// cleanUnicode is clean for the part of a string from its first non-ASCII
// byte.
func cleanUnicode(s string, oneLine bool) bool {
	for _, r := range s {
		if r == utf8.RuneError || r < 0x20 && (r != '\n' || oneLine) || r == 0x7f || r == '\t' || unsafeRune(r) {
			return false
		}
	}
	return true
}

// unsafeRune reports C1 controls, bidi overrides and embeddings, and the
// Unicode line separators: runes that change how later text is shown.
func unsafeRune(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	case r == 0x2028 || r == 0x2029:
		return true
	}
	return false
}
