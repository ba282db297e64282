package tui

import (
	"strings"

	"github.com/sophia-labs/vehicle/internal/clientid"
)

// terminalLabel names another terminal by its client id: "laptop, pts/3"
// for an id clientid made, the id cut short for any other.
func terminalLabel(id string) string {
	if l := clientid.Label(id); l != id {
		return SanitizeLine(l)
	}
	return shortID(id)
}

// revokedBy is how the reducer words a lease taken over from this terminal,
// before the id of the terminal that took it.
const revokedBy = "lease revoked: taken over by "

// labelledNotice is a reducer's notice with the terminal it names by its
// label.
func labelledNotice(text string) string {
	if id, ok := strings.CutPrefix(text, revokedBy); ok && id != "" {
		return revokedBy + terminalLabel(id)
	}
	return text
}
