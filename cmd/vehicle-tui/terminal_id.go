package main

import (
	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/clientid"
)

// terminalOptions are the client's options for the TUI: the debug log's,
// and a client id that names this terminal (cli-laptop-pts3-1a2b), so that
// another terminal of the person says which one drives.
func (a *app) terminalOptions() []client.Option {
	return append(a.ClientOptions(), client.WithClientID(clientid.ForThisTerminal()))
}
