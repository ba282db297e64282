package tui

import (
	"strconv"

	"github.com/sophia-labs/vehicle/tui/picker"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// This file is what the typing-safety harness (tui/typingsafety) reads of
// the model, and the registries it enumerates: where keys can go (the
// focus, the picker's modes, the wall's tiles). Reading changes nothing;
// TapActions only records what a component reported. Nothing else uses it.

// HarnessView is the model as the harness reads it after a key: where keys
// go now, what the person's text is in, and what shows.
type HarnessView struct {
	Focus    string       // the focus: its constant's name in focus.go ("focusSession", ...)
	Overlay  ui.Component // the overlay on top, nil when none shows
	Overlays int          // how many overlays show
	Draft    string       // the composer's draft
	Search   string       // the focused session's search query
	Picker   ui.Component // the session picker (its filter is a text field)
	Mode     string       // the picker's mode (one of PickerModes), "" when it does not show
	Tile     int          // the focused tile's position on the wall, -1 with none open
	Tiles    int          // the tiles open
	Zoom     bool         // the focused tile fills the wall
	Session  string       // the focused session's id, "" with none open
}

// Harness is the model as the harness reads it now.
func (m *Model) Harness() HarnessView {
	v := HarnessView{Focus: m.focus.name(), Overlay: m.top(), Overlays: m.overlays.Len(),
		Draft: m.composer.Value(), Search: m.transcript.Search().Query(), Picker: m.picker,
		Tile: m.tiles.Index(m.tiles.Focused()), Tiles: len(m.tiles.All()), Zoom: m.tiles.Zoomed()}
	if m.pickerShown() {
		v.Mode = m.picker.Mode()
	}
	if s := m.tiles.Focused(); s != nil {
		v.Session = s.ID()
	}
	return v
}

// TapActions has f told of every action a component reports, before the
// root acts on it (from is the component; nil for the root's own), so the
// harness can tell which answer a dialog gave. f must not change the model.
func (m *Model) TapActions(f func(a ui.Action, from ui.Component)) { m.tap = f }

// MaxTiles is how many sessions the wall shows at once: the harness has a
// case for the focus on each.
func MaxTiles() int { return session.MaxTiles }

// PickerModes are the picker's modes, each of which takes keys its own
// way: the harness has a case for each.
func PickerModes() []string { return picker.Modes() }

// name is the focus's constant's name, as focus.go spells it; an unnamed
// one (a constant added there and not here) is "focus(N)", which the
// harness fails on.
func (f focus) name() string {
	switch f {
	case focusSession:
		return "focusSession"
	case focusPicker:
		return "focusPicker"
	case focusRoom:
		return "focusRoom"
	case focusQueue:
		return "focusQueue"
	case focusEntries:
		return "focusEntries"
	case focusVisit:
		return "focusVisit"
	case focusSearch:
		return "focusSearch"
	}
	return "focus(" + strconv.Itoa(int(f)) + ")"
}
