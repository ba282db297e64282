package tui

import (
	"github.com/sophia-labs/vehicle/client"
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

// revokedWords words this terminal's lease revoked by the terminal with
// client id by, for reason: "lease revoked: taken over by laptop, pts/3".
func revokedWords(by, reason string) string {
	switch {
	case reason == client.ReasonTakeover && by != "":
		return "lease revoked: taken over by " + terminalLabel(by)
	case reason != "":
		return "lease revoked: " + SanitizeLine(reason)
	}
	return "lease revoked"
}
