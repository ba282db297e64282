package tui

// focus is where keys go when no overlay shows: a screen, or one of the
// open session's panes. Overlays (dialogs, help) are a stack over it.
type focus int

const (
	focusSession focus = iota // the open session's composer
	focusPicker               // the session picker
	focusRoom                 // the open session's room pane: pending chimes and the policy
	focusQueue                // the open session's queue lane
	focusEntries              // selecting a transcript entry to copy or fork
	focusVisit                // chiming into another person's room
	focusSearch               // the open session's search bar
)

// pane reports whether f is one of the open session's panes.
func (f focus) pane() bool {
	return f == focusSession || f == focusRoom || f == focusQueue || f == focusEntries || f == focusSearch
}
