package tui

import (
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/session"
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

	cfg   Config
	me    client.Me
	sess  *session.Session   // the focused open session, nil when none
	tiles []*session.Session // the sessions open, one tile each, sess among them

	focus    focus        // where keys go when no overlay shows
	overlays dialog.Stack // dialogs and help over the screen
	lastKey  time.Time    // when the person last pressed a key

	account  *client.Account       // the host's answer about the person, nil until it comes
	refusal  *dialog.Refusal       // the last refusal that named the doors
	keyGiven bool                  // a model key was given in the key dialog during this run
	asked    *client.CreateRequest // the last new session asked for, made again once a key cures its refusal

	said
}

// errorsMax bounds the errors kept for the errors overlay.
const errorsMax = 20

// said is what the status line says: the last error with its code, the
// last errors, the last note, and the states it names.
type said struct {
	errText   string    // the last error, with its code
	errLog    []string  // the last errors, newest first
	note      string    // the last thing that happened, in words
	quitArmed bool      // ctrl+c was pressed once on an empty composer
	quitAt    time.Time // when: a second press quits only within quitWindow
	mouseOff  bool      // mouse capture is off: the terminal selects text
}
