// Package dialog is the UI's overlays: the stack they are drawn in, and
// every dialog (help, errors, info, the model key, the take-over offer, the
// command palette, rename, delete, confirmations, the code block chooser).
// A dialog takes every key while it is on top; it reports what the person
// chose as an action (ui.Close, and the types of this package), which the
// root acts on.
package dialog

import "github.com/sophia-labs/vehicle/tui/ui"

// Stack is the overlays over the screen, the top one last. The root owns
// it: only the root pushes and pops.
type Stack struct{ items []ui.Component }

// Push opens o over the screen, sized to it.
func (s *Stack) Push(o ui.Component, width, height int) {
	o.SetSize(width, height)
	s.items = append(s.items, o)
}

// Top is the overlay on top, nil when none shows.
func (s *Stack) Top() ui.Component {
	if len(s.items) == 0 {
		return nil
	}
	return s.items[len(s.items)-1]
}

// Len is how many overlays show.
func (s *Stack) Len() int { return len(s.items) }

// Each calls f with every overlay, the bottom one first (for the root to
// tell them what changed).
func (s *Stack) Each(f func(ui.Component)) {
	for _, o := range s.items {
		f(o)
	}
}

// Remove closes o wherever it is in the stack.
func (s *Stack) Remove(o ui.Component) {
	s.Drop(func(x ui.Component) bool { return x == o })
}

// Drop closes every overlay that ok selects, wherever it is in the stack.
func (s *Stack) Drop(ok func(ui.Component) bool) {
	kept := s.items[:0]
	for _, o := range s.items {
		if !ok(o) {
			kept = append(kept, o)
		}
	}
	clear(s.items[len(kept):])
	s.items = kept
}

// Over draws the overlay on top, if one shows, centred over the lines of a
// region of the screen width cells wide.
func (s *Stack) Over(region []string, width int) []string {
	o := s.Top()
	if o == nil {
		return region
	}
	o.SetSize(width, len(region))
	return ui.PlaceOver(region, o.View(), width)
}

// Is reports whether o is a dialog of type T, for Drop.
func Is[T ui.Component](o ui.Component) bool {
	_, ok := o.(T)
	return ok
}
