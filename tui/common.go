package tui

import (
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/note"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// common is what every component shares with the root: the styles of the
// terminal's background, the key map, the help renderer, the screen's
// size, the configuration, the open session, the overlay stack and what
// the status line says. The root owns it and routes messages; components
// read it, and the panes act on the open session through it.
type common struct {
	ui.Context // what the components read: styles, keys, clock
	width      int
	high       int

	cfg Config
	me  client.Me

	focus    focus        // where keys go when no overlay shows
	overlays dialog.Stack // dialogs and help over the screen
	lastKey  time.Time    // when the person last pressed a key
	chord    string       // the first key of a chord pressed in the composer (ctrl+x), waiting for the second
	keysNote string       // what the key config asked for that the line editor keeps, said at start

	account  *client.Account       // the host's answer about the person, nil until it comes
	refusal  *dialog.Refusal       // the last refusal that named the doors
	keyGiven bool                  // a model key was given in the key dialog during this run
	asked    *client.CreateRequest // the last new session asked for, made again once a key cures its refusal
	ttls     map[string]int64      // the lease ttl (ms) a session was made with here, which its claims ask for again
	watched  map[string]bool       // sessions opened to watch (/watch): opened without claiming their lease

	note *note.Line // what the status line says: the note, the last error, the errors list
}
