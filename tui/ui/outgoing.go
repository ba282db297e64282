package ui

import (
	"errors"

	"github.com/sophia-labs/vehicle/client/wire"
)

// Outgoing is a text command or a chime of this terminal's, as it was
// first sent: resending it is the same request (an open session's, or a
// visit's chime).
type Outgoing struct {
	Op        string // prompt, follow_up, steer or chime
	RequestID string // also the command's id
	Text      string
	Refs      []string // the context refs a text command carries
	Kept      bool     // kept from an earlier run of the UI (with another client id)
}

// TextRequest is a text command's body: its commandId is its requestId, so
// the stream names it.
func (o Outgoing) TextRequest() wire.TextRequest {
	return wire.TextRequest{RequestID: o.RequestID, CommandID: o.RequestID, Text: o.Text, ContextRefs: o.Refs}
}

// HostRefused reports whether err is a refusal the host sent (not a lost
// answer): only then does the text go back in the composer.
func HostRefused(err error) bool {
	var e *wire.Error
	return errors.As(err, &e)
}

// IsConflict reports whether err is the host's request_id_conflict.
func IsConflict(err error) bool {
	var e *wire.Error
	return errors.As(err, &e) && e.Code == wire.CodeRequestIDConflict
}

// UnconfirmedNote tells the person a send got no answer, and what to do
// (send names the key that sends).
func UnconfirmedNote(op, send string) string {
	if op == wire.OpChime {
		return "no answer to your chime: " + send + " sends it again (the same request: it counts once)"
	}
	return "no answer yet: the stream will confirm your " + OpWord(op) + "; " + send +
		" sends it again (the same request: it runs once)"
}
