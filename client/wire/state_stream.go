package wire

import (
	"strings"
	"unicode/utf8"
)

// StreamKeep bounds how much of a streaming message's text a State keeps:
// at most 2*StreamKeep bytes; past that its start is cut, to leave at most
// StreamKeep (from a blank line when one is near, where a markdown block
// starts). An endless reply (a megabyte a second) grew the text, and what
// a UI renders from it, without limit. Its message.completed brings the
// whole text again, so what the deltas cut is lost only if the message
// never completes; Entry.Cut says how much was cut.
const StreamKeep = 256 << 10

// add appends a delta to the streamed text, keeping its last StreamKeep to
// 2*StreamKeep bytes, and returns how many bytes it cut from the start.
func (o *openText) add(delta string) int {
	have := o.text.Len()
	if have+len(delta) <= 2*StreamKeep {
		o.text.WriteString(delta)
		return 0
	}
	s := delta
	cut := have
	if len(delta) < StreamKeep {
		s = o.text.String() + delta // at most 3*StreamKeep bytes, once per StreamKeep
		cut = 0
	}
	from := cutPoint(s, len(s)-StreamKeep)
	o.text = &strings.Builder{}
	o.text.Grow(2 * StreamKeep)
	o.text.WriteString(s[from:])
	return cut + from
}

// cutPoint is where a kept tail of s starts, at or after from: after the
// first blank line in the next StreamKeep/2 bytes (a markdown block starts
// there), else after a newline, else at a rune's start.
func cutPoint(s string, from int) int {
	from = max(from, 0)
	look := s[from:min(from+StreamKeep/2, len(s))]
	if i := strings.Index(look, "\n\n"); i >= 0 {
		return from + i + 2
	}
	if i := strings.IndexByte(look, '\n'); i >= 0 {
		return from + i + 1
	}
	for from < len(s) && !utf8.RuneStart(s[from]) {
		from++
	}
	return from
}
