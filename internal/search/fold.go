package search

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// doc is one message's text folded for matching.
type doc struct {
	folded string
	// offs maps a byte offset of folded to one of the original text (the
	// start of the rune it falls in), with one more entry for the end; nil
	// when folding kept every byte where it was.
	offs []int32
	size int // the original text's length in bytes
}

// newDoc folds text.
func newDoc(text string) doc {
	f, same := foldString(text)
	d := doc{folded: f, size: len(text)}
	if !same {
		d.offs = offsets(text)
	}
	return d
}

// orig maps a byte offset of the folded text to the original's.
func (d doc) orig(i int) int {
	if d.offs == nil {
		return i
	}
	return int(d.offs[i])
}

// foldRune is r's case-folded form: the lower case of its upper case, so
// that ſ, s and S, or ς, σ and Σ, are one letter.
func foldRune(r rune) rune {
	return unicode.ToLower(unicode.ToUpper(r))
}

// foldString folds s rune by rune; same is true when every rune kept its
// byte length (the offsets of s are those of the result). Invalid bytes are
// kept as they are.
func foldString(s string) (folded string, same bool) {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s), true
	}
	var b strings.Builder
	b.Grow(len(s))
	same = true
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteByte(s[i])
			i++
			continue
		}
		f := foldRune(r)
		if utf8.RuneLen(f) != size {
			same = false
		}
		b.WriteRune(f)
		i += size
	}
	return b.String(), same
}

// offsets builds doc.offs for text.
func offsets(text string) []int32 {
	offs := make([]int32, 0, len(text)+1)
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		n := 1
		if r != utf8.RuneError || size != 1 {
			n = utf8.RuneLen(foldRune(r))
		}
		for range n {
			offs = append(offs, int32(i))
		}
		i += size
	}
	return append(offs, int32(len(text)))
}
