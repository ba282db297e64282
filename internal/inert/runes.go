package inert

import (
	"unicode"
	"unicode/utf8"
)

// Runes the policy looks at with their neighbours.
const (
	zwnj      = 0x200c  // zero width non-joiner
	zwj       = 0x200d  // zero width joiner
	blackFlag = 0x1f3f4 // 🏴, which a tag sequence turns into a region's flag
	tagFirst  = 0xe0020 // the tag characters a flag's sequence spells with
	tagLast   = 0xe007e
	tagCancel = 0xe007f // ends a flag's tag sequence
	vs16      = 0xfe0f  // variation selector 16: draw the emoji form
)

// maxFlagTags bounds a flag's tag sequence (subdivision codes are short).
const maxFlagTags = 16

// Unsafe reports the runes that change how later text is shown or that are
// invisible: C1 controls, bidi embeddings, overrides, isolates and marks,
// the Unicode line separators, zero-width characters (spaces, joiners, word
// joiner, the byte-order mark, invisible operators, fillers) and the tag
// characters. Text shows each as \uXXXX and Strip drops it, except a joiner
// or a tag in the sequences described in the package doc.
func Unsafe(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f:
		return true // C1 controls
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return true // bidi embeddings, overrides, isolates and marks
	case r == 0x2028 || r == 0x2029:
		return true // line and paragraph separators
	case r >= 0x200b && r <= 0x200d, r >= 0x2060 && r <= 0x2064, r >= 0x206a && r <= 0x206f:
		return true // zero-width space, joiners, word joiner, invisible operators, deprecated format
	case r == 0xfeff, r == 0x180e, r == 0x00ad, r == 0x034f, r >= 0xfff9 && r <= 0xfffb:
		return true // BOM, Mongolian vowel separator, soft hyphen, grapheme joiner, annotations
	case r == 0x115f || r == 0x1160 || r == 0x3164 || r == 0xffa0:
		return true // Hangul fillers, drawn as nothing
	case r >= 0x1d173 && r <= 0x1d17a:
		return true // musical formatting, invisible
	case r >= 0xe0000 && r <= 0xe007f:
		return true // tag characters
	}
	return false
}

// joins reports whether a zero-width joiner or non-joiner between prev and
// the text after it does what it is there for: a joiner between two emoji
// (👩‍💻, ❤️‍🔥), or either between two letters of a script that is not
// Latin (Persian, Devanagari, ...), where it shapes the letters.
func joins(r, prev rune, after string) bool {
	next, _ := utf8.DecodeRuneInString(after)
	if r == zwj && pictographic(prev) && pictographic(next) {
		return true
	}
	return scriptLetter(prev) && scriptLetter(next)
}

// scriptLetter reports a letter or mark beyond Latin and Greek, where a
// joiner shapes what is drawn.
func scriptLetter(r rune) bool {
	return r >= 0x0590 && r < 0x2000 && (unicode.IsLetter(r) || unicode.IsMark(r))
}

// pictographic reports an emoji (or the variation selector or skin tone
// that ends one), near enough for deciding about a joiner.
func pictographic(r rune) bool {
	switch {
	case r == vs16, r >= 0x1f3fb && r <= 0x1f3ff:
		return true
	case r >= 0x2300 && r <= 0x23ff, r >= 0x2600 && r <= 0x27bf, r >= 0x2b00 && r <= 0x2bff:
		return true
	case r >= 0x1f000 && r <= 0x1faff:
		return true
	}
	return false
}

// flagTags is the length in bytes of the tag sequence at the start of s
// that makes the black flag before it a region's flag (tags, then the
// cancel tag), or 0 when there is none.
func flagTags(s string, i int) int {
	start, tags := i, 0
	for i < len(s) && tags <= maxFlagTags {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == tagCancel && tags > 0:
			return i + size - start
		case r < tagFirst || r > tagLast:
			return 0
		}
		tags++
		i += size
	}
	return 0
}
