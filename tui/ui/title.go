package ui

import (
	"strings"
)

// LineRunes bounds the host text laid out on one line (a title, a preview,
// a name, a chime's author): four times a 256-column terminal. Whatever
// follows cannot be seen, and sanitizing and measuring it cost a key
// seconds for a title of a few megabytes (issue 27, item 10).
const LineRunes = 1024

// TitleLine is a session's title (or the preview that stands in for one),
// a chime's text or a name, for one line, drawn as written: control and
// escape sequences made inert (SanitizeLine), each run of whitespace one
// space, the ends trimmed, and nothing else removed. The host keeps a title
// as the person gave it, collapsing only its whitespace: "2*3 = 6 *cows*"
// is a title, not markdown to strip. Only its first LineRunes runes are
// read; a longer text ends in "…".
func TitleLine(s string) string {
	return strings.Join(strings.Fields(SanitizeLine(ClipRunes(s, LineRunes))), " ")
}

// NameLine is SanitizeLine for host text drawn on one line, its first
// LineRunes runes only (a longer text ends in "…").
func NameLine(s string) string { return SanitizeLine(ClipRunes(s, LineRunes)) }
