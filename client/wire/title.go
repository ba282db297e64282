package wire

import "strings"

// FoldTitle is a title as the seed keeps it: every run of whitespace (line
// breaks and tabs too) becomes one space, and the ends are trimmed. ""
// means no title. The host also cuts it to MaxTitleRunes characters.
func FoldTitle(title string) string { return strings.Join(strings.Fields(title), " ") }
