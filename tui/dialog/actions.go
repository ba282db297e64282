package dialog

import (
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
)

// Actions the dialogs report, beside ui.Close and ui.Note.

// Rename asks to rename a session to Title ("" clears it).
type Rename struct {
	SessionID string
	Title     string
}

// Delete asks to delete a session, once the person confirmed.
type Delete struct{ Target client.Summary }

// TakeOver asks to take the lease over from the person's other terminal,
// in the session opened as generation Gen.
type TakeOver struct{ Gen int }

// Watch says the person chose to watch the session of generation Gen
// instead of taking it over.
type Watch struct{ Gen int }

// Typed hands a key typed at a dialog that does not take text to the
// composer, so that nothing typed is lost.
type Typed struct{ Key tea.KeyPressMsg }

// GiveKey is the model key the person gave, and whether to save it in the
// OS keyring.
type GiveKey struct {
	Key  string
	Save bool
}

// Run asks to run the palette's command number Index (in the order the
// palette was given them).
type Run struct{ Index int }
