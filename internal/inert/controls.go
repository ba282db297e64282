package inert

import (
	"strings"
	"unicode/utf8"
)

// Controls takes out of text a person gave (a paste) the terminal escape
// sequences, whole as Strip takes them, and the other C0 and C1 control
// characters but newline, carriage return and tab; it returns the text
// and what it took, in order, as it was. Invalid UTF-8 becomes U+FFFD
// first. A text with none is returned as it is, with nothing allocated.
func Controls(s string) (text string, removed []string) {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	var b strings.Builder
	kept := 0 // s[kept:i] is still to be written
	for i := 0; i < len(s); {
		j := controlEnd(s, i)
		if j == i {
			i++
			continue
		}
		if b.Cap() == 0 {
			b.Grow(len(s))
		}
		b.WriteString(s[kept:i])
		removed = append(removed, s[i:j])
		i, kept = j, j
	}
	if removed == nil {
		return s, nil
	}
	b.WriteString(s[kept:])
	return b.String(), removed
}

// controlEnd is the index after the control character or escape sequence
// at s[i], or i when there is none there.
func controlEnd(s string, i int) int {
	c := s[i]
	switch {
	case c == 0x1b:
		return skipEscape(s, i+1)
	case c == '\n' || c == '\r' || c == '\t':
		return i
	case c < 0x20 || c == 0x7f:
		return i + 1
	case c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f: // C1, two bytes in UTF-8
		switch s[i+1] {
		case 0x9b: // CSI
			return skipCSI(s, i+2)
		case 0x90, 0x9d, 0x98, 0x9e, 0x9f: // DCS, OSC, SOS, PM, APC
			return skipString(s, i+2)
		}
		return i + 2
	}
	return i
}
