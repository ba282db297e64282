package ui

import (
	"strings"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/internal/clientid"
)

// TerminalLabel names another terminal by its client id: "laptop, pts/3"
// for an id clientid made, the id cut short for any other.
func TerminalLabel(id string) string {
	if l := clientid.Label(id); l != id {
		return NameLine(l)
	}
	return ShortID(id)
}

// ShortID is a client id cut to a dozen characters, for one-line places.
func ShortID(id string) string {
	return ClipRunes(NameLine(id), 12)
}

// RevokedWords words this terminal's lease revoked by the terminal with
// client id by, for reason: "lease revoked: taken over by laptop, pts/3".
func RevokedWords(by, reason string) string {
	switch {
	case reason == wire.ReasonTakeover && by != "":
		return "lease revoked: taken over by " + TerminalLabel(by)
	case reason != "":
		return "lease revoked: " + NameLine(reason)
	}
	return "lease revoked"
}

// OtherTerminal names the terminal of the person's that holds a lease, seen
// from this terminal (client id me): "your other terminal (laptop,
// pts/3)"; or, when the holder's id names this very terminal (an earlier
// vehicle in it that did not let the lease go), "an earlier vehicle in this
// terminal (laptop, pts/3)": this terminal is never its own other one.
func OtherTerminal(holder, me string) string {
	label := TerminalLabel(holder)
	if holder != me && sameTerminal(holder, me) {
		return "an earlier vehicle in this terminal (" + label + ")"
	}
	return "your other terminal (" + label + ")"
}

// sameTerminal reports whether two client ids clientid made name the same
// terminal of the same computer.
func sameTerminal(a, b string) bool {
	la, lb := clientid.Label(a), clientid.Label(b)
	return la != a && lb != b && la == lb && strings.Contains(la, ", ")
}
