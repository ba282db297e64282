package tui

import "github.com/sophia-labs/vehicle/tui/ui"

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

// panesOrder is the order tab moves the focus in.
var panesOrder = []focus{focusSession, focusRoom, focusQueue, focusEntries}

// nextPane is the pane tab (d 1) or shift+tab (d -1) moves the focus to
// from the pane from: the next that can take it, else the composer.
func (m *Model) nextPane(from focus, d int) focus {
	at := 0
	for i, f := range panesOrder {
		if f == from {
			at = i
		}
	}
	n := len(panesOrder)
	for step := 1; step < n; step++ {
		if f := panesOrder[(at+d*step+n*step)%n]; m.paneCan(f) {
			return f
		}
	}
	return focusSession
}

// paneCan reports whether a pane can take the focus now; it changes
// nothing (paneReady readies it).
func (m *Model) paneCan(f focus) bool {
	s := m.tiles.Focused()
	switch {
	case s == nil || s.State() == nil:
		return f == focusSession
	case f == focusSession:
		return !m.cfg.Watch
	case f == focusRoom:
		return !m.cfg.Watch || len(s.State().Chimes) > 0
	case f == focusQueue:
		return len(s.LaneItems()) > 0
	case f == focusEntries:
		return m.transcript.HasSelectable()
	}
	return false
}

// keysTo is the keys that bring the focus from where it is to the pane
// target, as a hint says them ("tab", "shift+tab", "esc, then tab"); ""
// when it is there, or no two keys bring it.
func (m *Model) keysTo(target focus) string {
	if m.focus == target || !m.paneCan(target) {
		return ""
	}
	type move struct {
		name string
		to   func(focus) focus
	}
	moves := []move{
		{ui.KeyName(m.Keys.Panes), func(f focus) focus { return m.nextPane(f, 1) }},
		{ui.KeyName(m.Keys.PanesBack), func(f focus) focus { return m.nextPane(f, -1) }},
		{ui.KeyName(m.Keys.Back), func(f focus) focus {
			if f != focusSession && f.pane() {
				return focusSession // esc in a pane, or the search, gives the keys back to the composer
			}
			return f
		}},
	}
	for _, a := range moves {
		if a.to(m.focus) == target {
			return a.name
		}
	}
	for _, a := range moves {
		for _, b := range moves {
			if b.to(a.to(m.focus)) == target {
				return a.name + ", then " + b.name
			}
		}
	}
	return ""
}

// paneName names the pane other than the composer that has the keys at f,
// "" for the composer (or no session).
func (f focus) paneName() string {
	switch f {
	case focusRoom:
		return "room pane"
	case focusQueue:
		return "queue lane"
	case focusEntries:
		return "entries"
	case focusSearch:
		return "search"
	}
	return ""
}

// keysElsewhere says, for the composer's hint, where the keys are when not
// in it: a dialog (dialog: one shows), or the pane the focus f is on; ""
// when they are in it.
func (f focus) keysElsewhere(dialog bool, k *ui.KeyMap) string {
	switch {
	case dialog:
		return "the keys are in the dialog · " + ui.KeyName(k.Dismiss) + " closes it"
	case f.paneName() != "":
		return "the keys are in the " + f.paneName() + " · " + ui.KeyName(k.Back) + " brings them back here"
	}
	return ""
}

// clickPane gives the focus to the pane clicked and selects the chime or
// the queued command on the line clicked, as drawn: the click shows where
// the keys went (the pane's mark and hint), and the row marked is the one
// clicked, which enter would act on. A proposed key of the pane left is
// forgotten.
func (m *Model) clickPane(f focus, line int) {
	if !m.paneReady(f) {
		return
	}
	switch f {
	case focusRoom:
		if i, ok := m.room.ChimeAt(line); ok {
			m.room.Select(i)
		}
	case focusQueue:
		if i, ok := m.queue.ItemAt(line); ok {
			m.queue.Select(i)
		}
	}
	if m.focus != f {
		disarm(m.pane())
		m.focus = f
		m.note.Say("")
	}
}
