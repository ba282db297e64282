package ui

import "strings"

// TitleLine is a session's title (or the preview that stands in for one),
// a chime's text or a name, for one line, drawn as written: control and
// escape sequences made inert (SanitizeLine), each run of whitespace one
// space, the ends trimmed, and nothing else removed. The host keeps a title
// as the person gave it, collapsing only its whitespace: "2*3 = 6 *cows*"
// is a title, not markdown to strip.
func TitleLine(s string) string { return strings.Join(strings.Fields(SanitizeLine(s)), " ") }
