package dialog

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// The rule every dialog keeps, in one place: the words a person types are
// theirs. A person types on without looking, and a dialog may appear under
// their fingers (a host's answer, an event, enter on text): so
//   - no printable key answers a dialog by itself. An option's letter
//     marks its option, and enter picks it, as in the panes, only as the
//     first key typed at a question the person reached; any other text goes
//     on to the screen under the dialog (the composer, the picker's
//     filter), the letter first, whole, and the dialog stays;
//   - a dialog the program opened takes no text typed before the person
//     reached it: a field takes text, and a question's letters mark, once
//     a key of its own that is not text (enter, tab, an arrow) or a paste
//     came to it;
//   - a line editor's key (ctrl+u, ctrl+w, ...) at a dialog with no field
//     goes on under it, as text does: it edits what the person was editing;
//   - esc and ctrl+c close the dialog on top with its safe answer, and
//     never quit while a dialog shows;
//   - enter picks the marked answer, the safe one unless the person moved
//     the mark.
// Every dialog says its safe answer and its kind (Dialog), so a new one
// cannot skip the rule.

// Way is where a message typed at the dialog on top goes.
type Way int

const (
	// ToDialog hands it to the dialog on top (its Update).
	ToDialog Way = iota
	// Under hands Msgs, in order, to the screen under the dialogs; the
	// dialog stays.
	Under
	// CloseUnder closes the dialog on top, then hands Msgs to the screen
	// under it.
	CloseUnder
	// Answer acts on Act for the dialog on top: its safe answer (with
	// ui.Close), or the note that says what a marked letter does.
	Answer
)

// Route is where a message goes, and what goes.
type Route struct {
	Way  Way
	Msgs []tea.Msg // Under, CloseUnder: what the screen under takes
	// Act is, for Answer, what answers the dialog on top: its safe answer
	// (with ui.Close), or the note that says what a marked letter does;
	// for Under, the note that takes that back when the letter turned out
	// to begin a word (acted on before Msgs).
	Act ui.Action
	// Typed is, when a key just reached a field the program opened, the
	// text typed at it before that went under it: the root may move it
	// into the field when it is of the field's shape (a model key typed by
	// hand must not wait in the composer, in clear).
	Typed string
}

// Route applies the rule to msg (a key or a paste) typed at the dialog on
// top; keys is the key map (esc and ctrl+c). With no dialog, it goes
// under.
func (s *Stack) Route(msg tea.Msg, keys *ui.KeyMap) Route {
	if len(s.items) == 0 {
		return Route{Way: Under, Msgs: []tea.Msg{msg}}
	}
	e := s.items[len(s.items)-1]
	switch msg := msg.(type) {
	case tea.PasteMsg:
		if e.d.Kind() == Field {
			e.reach()
			return Route{Way: ToDialog}
		}
		return e.under(msg)
	case tea.KeyPressMsg:
		return e.key(msg, keys)
	}
	return Route{Way: ToDialog}
}

// key routes a key press.
func (e *entry) key(k tea.KeyPressMsg, keys *ui.KeyMap) Route {
	if key.Matches(k, keys.Quit, keys.Dismiss) {
		e.disarm()
		return Route{Way: Answer, Act: ui.Join(ui.Close{}, e.d.Safe())}
	}
	if ui.IsLineEditing(k.String()) && e.d.Kind() != Field {
		e.typed = true
		if e.d.Kind() == Shows && e.own {
			return Route{Way: CloseUnder, Msgs: []tea.Msg{k}}
		}
		return e.under(k) // it edits what the person was editing (a marked letter first)
	}
	if !IsText(k) {
		if e.armed && !ui.IsEnter(k) {
			e.disarm() // another key of the dialog: the letter was no answer
		}
		e.armed = false
		r := Route{Way: ToDialog}
		if key.Matches(k, e.d.ShortHelp()...) || key.Matches(k, keys.Panes, keys.PanesBack, keys.Up, keys.Down) {
			if !e.attended && e.d.Kind() == Field {
				r.Typed = e.typedUnder.String()
			}
			e.typed = false
			e.reach() // a key of its own: the person is at it
		}
		return r
	}
	defer func() { e.typed = true }()
	switch e.d.Kind() {
	case Field:
		if e.attended {
			return Route{Way: ToDialog}
		}
	case Shows:
		if e.own && key.Matches(k, e.d.ShortHelp()...) {
			return Route{Way: ToDialog}
		}
		if e.own {
			return Route{Way: CloseUnder, Msgs: []tea.Msg{k}}
		}
	case Asks:
		return e.ask(k)
	}
	return e.under(k)
}

// ask routes text typed at a question: an option's letter marks it, when
// the person reached the question and the letter starts what they type
// there; any other text goes under, a marked letter first.
func (e *entry) ask(k tea.KeyPressMsg) Route {
	c, ok := e.d.(chooser)
	if !ok || e.armed || e.typed || !e.attended {
		return e.under(k)
	}
	ch := c.choice()
	i, ok := ch.letter(k)
	if !ok {
		return e.under(k)
	}
	e.armed, e.letter, e.before = true, k, ch.Marked()
	ch.Mark(i)
	e.said = k.String() + ": " + ui.KeyName(ch.ctx.Keys.Open) + " picks “" + ch.opts[i].Label + "” · other keys are text, not answers"
	return Route{Way: Answer, Act: ui.Note{Text: e.said}}
}

// under sends msg to the screen under the dialog, after a letter that
// marked an option (it was the start of a word), and tells the dialog.
func (e *entry) under(msg tea.Msg) Route {
	msgs := []tea.Msg{msg}
	var act ui.Action
	if e.armed {
		msgs = []tea.Msg{e.letter, msg}
		e.disarm()
		if c, ok := e.d.(chooser); ok {
			ch := c.choice()
			e.said = "“" + e.letter.String() + "” began your text, not an answer: the question waits (" +
				ui.KeyName(ch.ctx.Keys.Open) + " picks “" + ch.opts[ch.Marked()].Label + "”)"
			act = ui.Note{Text: e.said}
		}
	}
	if p, ok := e.d.(passer); ok {
		p.passedUnder()
	}
	if !e.attended {
		for _, m := range msgs {
			switch m := m.(type) {
			case tea.KeyPressMsg:
				e.typedUnder.WriteString(m.Text)
			case tea.PasteMsg:
				e.typedUnder.WriteString(m.Content)
			}
		}
	}
	return Route{Way: Under, Msgs: msgs, Act: act}
}

// disarm forgets a marked letter, and the mark goes back where it was.
func (e *entry) disarm() {
	if !e.armed {
		return
	}
	e.armed = false
	if c, ok := e.d.(chooser); ok {
		c.choice().Mark(e.before)
	}
}

// reach says the person reached the dialog with a key that is not text: a
// field takes text from now on.
func (e *entry) reach() {
	if e.attended {
		return
	}
	e.attended = true
	if a, ok := e.d.(attender); ok {
		a.attend(true)
	}
}

// IsText reports whether k is text: a printable key with neither ctrl nor
// alt held.
func IsText(k tea.KeyPressMsg) bool {
	return k.Key().Text != "" && k.Mod&(tea.ModCtrl|tea.ModAlt) == 0
}

// chooser is a dialog answered by a Choice's options.
type chooser interface{ choice() *Choice }
