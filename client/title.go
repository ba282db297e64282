package client

import (
	"bytes"
	"encoding/json"
	"strings"
)

// FoldTitle is a title as the seed keeps it: every run of whitespace (line
// breaks and tabs too) becomes one space, and the ends are trimmed. ""
// means no title. The host also cuts it to MaxTitleRunes characters.
func FoldTitle(title string) string { return strings.Join(strings.Fields(title), " ") }

// foldTitleField folds a rename body's title when it is a string; null
// and other shapes go to the host as they are, which answers them.
func foldTitleField(fields map[string]json.RawMessage) {
	var t string
	raw := bytes.TrimSpace(fields["title"])
	if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &t) != nil {
		return
	}
	fields["title"], _ = json.Marshal(FoldTitle(t))
}
