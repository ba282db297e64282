package ui

import (
	"regexp"
	"strings"
)

// Markdown a title may carry: a link or image, emphasis and code marks, and
// a heading's leading hashes.
var (
	titleLink  = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	titleMarks = regexp.MustCompile("(\\*\\*|__|~~|`+|\\*|(^|\\s)_|_(\\s|$))")
	titleHead  = regexp.MustCompile(`^\s*#{1,6}\s+`)
)

// TitleLine is a session title for one line: inert (SanitizeLine) and
// without raw markdown: "## **Plan** the `trip`" reads "Plan the trip".
func TitleLine(s string) string {
	s = SanitizeLine(s)
	s = titleHead.ReplaceAllString(s, "")
	s = titleLink.ReplaceAllString(s, "$1")
	s = titleMarks.ReplaceAllStringFunc(s, func(mark string) string {
		return strings.Trim(mark, "*_~`") // keep the spaces around a lone underscore
	})
	return strings.TrimSpace(s)
}
