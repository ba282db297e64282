package tui

import (
	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/clientid"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// terminalLabel names another terminal by its client id: "laptop, pts/3"
// for an id clientid made, the id cut short for any other.
func terminalLabel(id string) string {
	if l := clientid.Label(id); l != id {
		return ui.SanitizeLine(l)
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
		return "lease revoked: " + ui.SanitizeLine(reason)
	}
	return "lease revoked"
}
