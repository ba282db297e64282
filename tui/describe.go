package tui

import (
	"errors"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// describe words an error for the status line: the refusal's code and the
// host's message, or the transport failure.
func describe(err error, keys *ui.KeyMap) string {
	var e *client.Error
	if errors.As(err, &e) {
		msg := e.Message
		if d, ok := e.LeaseHeld(); ok && d.CanTakeOver {
			msg += " (" + ui.KeyName(keys.TakeOver) + " takes over)"
		}
		return ui.SanitizeLine(e.Code + ": " + msg)
	}
	if client.IsTransport(err) {
		return ui.SanitizeLine("unreachable: " + err.Error())
	}
	return ui.SanitizeLine(err.Error())
}
