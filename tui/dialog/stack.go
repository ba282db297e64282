// Package dialog is the UI's overlays: the stack they are drawn in, and
// every dialog (help, errors, info, the model key, the take-over offer, the
// command palette, rename, delete, confirmations, the code block chooser).
// The dialog on top gets the keys the stack's rule gives it (Stack.Route);
// it reports what the person chose as an action (ui.Close, and the types of
// this package), which the root acts on.
package dialog

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Dialog is what the stack holds: an overlay that says its safe answer and
// what it does with text, so that one rule (Stack.Route) keeps every
// dialog from acting on words a person typed without looking.
type Dialog interface {
	ui.Component
	// Safe is what closing the dialog unanswered reports, beside ui.Close:
	// the answer esc and ctrl+c give (nil, or a note, for a dialog that
	// only shows something).
	Safe() ui.Action
	// Kind is what the dialog does with text.
	Kind() Kind
}

// Kind is what a dialog does with the text typed at it.
type Kind int

const (
	// Shows only shows something (the help, a text, the session's facts,
	// what a delete did, the code block chooser). Opened by the person's
	// key, the keys it binds act and other text closes it and goes on to
	// the screen under it; opened by the program, all text goes on and it
	// stays.
	Shows Kind = iota
	// Asks asks a question answered by options (Choice): text is never an
	// answer. An option's letter only marks it (enter picks it); any other
	// text goes on to the screen under it, the letter first.
	Asks
	// Field takes text in a field of its own (the model key, a title, the
	// palette's filter, the new-session form). Opened by the program, the
	// text typed before the person reached it goes on to the screen under
	// it: the field takes text from the first key that is not text
	// (enter, tab, an arrow) or a paste.
	Field
)

// entry is a dialog in the stack and what the rule keeps about it.
type entry struct {
	d        Dialog
	own      bool            // opened by the person's own key (ctrl+d, f1, ...), not by the program
	attended bool            // the person reached it (its own key opened it, or a key that is not text came): a field takes text, a letter marks its answer
	armed    bool            // an option's letter marked its option: enter picks it
	typed    bool            // the last key typed at it was text: a letter is a word's, not an answer
	letter   tea.KeyPressMsg // that letter
	before   int             // the option marked before it
	said     string          // the last note the rule said about it ("y: enter picks …"): untrue once it closes

	typedUnder strings.Builder // the text typed at it that went under it before the person reached it
}

// Stack is the overlays over the screen, the top one last. The root owns
// it: only the root pushes and pops.
type Stack struct{ items []*entry }

// Push opens d over the screen, sized to it; own says the person's own key
// opened it (a dialog the program opens, from a host's answer or event, or
// from enter on text whose next words would answer it, is not own).
func (s *Stack) Push(d Dialog, width, height int, own bool) {
	d.SetSize(width, height)
	e := &entry{d: d, own: own, attended: own}
	if a, ok := d.(attender); ok {
		a.attend(own)
	}
	s.items = append(s.items, e)
}

// Top is the overlay on top, nil when none shows.
func (s *Stack) Top() Dialog {
	if len(s.items) == 0 {
		return nil
	}
	return s.items[len(s.items)-1].d
}

// Len is how many overlays show.
func (s *Stack) Len() int { return len(s.items) }

// Each calls f with every overlay, the bottom one first (for the root to
// tell them what changed).
func (s *Stack) Each(f func(ui.Component)) {
	for _, e := range s.items {
		f(e.d)
	}
}

// TellAccount tells the open dialogs what the person's account says now:
// the key dialog the own-key door (byok), the new-session form what the
// host offers a new session.
func (s *Stack) TellAccount(byok *wire.BYOK, offer HostOffer) {
	for _, e := range s.items {
		switch d := e.d.(type) {
		case *Key:
			d.SetBYOK(byok)
		case *NewSession:
			d.SetOffer(offer)
		}
	}
}

// Said is the last note the rule said about o while it showed ("" for
// none): the root takes it off the status line when o closes, where it
// would no longer be true.
func (s *Stack) Said(o ui.Component) string {
	for _, e := range s.items {
		if e.d == o {
			return e.said
		}
	}
	return ""
}

// Remove closes o wherever it is in the stack.
func (s *Stack) Remove(o ui.Component) {
	s.Drop(func(x ui.Component) bool { return x == o })
}

// Drop closes every overlay that ok selects, wherever it is in the stack.
func (s *Stack) Drop(ok func(ui.Component) bool) {
	kept := s.items[:0]
	for _, e := range s.items {
		if !ok(e.d) {
			kept = append(kept, e)
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

// attender is a dialog that shows whether the person reached its field.
type attender interface{ attend(on bool) }

// passer is a dialog that says text typed at it went on under it.
type passer interface{ passedUnder() }
