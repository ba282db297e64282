package tui

import (
	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/modelkey"
	"github.com/sophia-labs/vehicle/tui/note"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// common is the context the root reads everywhere, and writes in few
// places: what the components read (ui.Context: the styles, the keys, the
// clock; a new background changes the styles), the screen's size, the
// configuration, the person and their account as the host told them, the
// overlay stack and what the status line says.
type common struct {
	ui.Context // what the components read: styles, keys, clock
	width      int
	high       int

	cfg Config
	me  client.Me

	account *client.Account // the host's answer about the person, nil until it comes
	key     *modelkey.Flow  // the model key's flow: the key given during this run, the last refusal that named the doors

	overlays *dialog.Stack // dialogs and help over the screen
	note     *note.Line    // what the status line says: the note, the last error, the errors list
}
