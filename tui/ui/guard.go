package ui

import tea "charm.land/bubbletea/v2"

// Guard keeps a pane's letters from acting. A key that is text (a letter,
// a digit, "/") never acts by itself in a pane: its first press proposes
// what it does (the note says so) and enter does it; any other text typed
// after it goes to the composer with the letter, so that a word typed into
// the wrong pane is never an action and never loses a letter. Keys that
// are never text (enter, delete, the arrows) act at once.
type Guard struct {
	key        tea.KeyPressMsg // the proposed key
	armed      bool            // a key is proposed: enter does what it does
	confirming bool            // enter confirmed the proposed key: Confirm lets it act
}

// Confirm reports whether msg acts now: a key that is never text, or a
// proposed key that enter confirmed. Otherwise it proposes msg and returns
// the note that says what enter does (what is in the third person: "copies
// the marked entry").
func (g *Guard) Confirm(msg tea.KeyPressMsg, what string) (ok bool, note Action) {
	if msg.Key().Text == "" || g.confirming {
		return true, nil
	}
	*g = Guard{key: msg, armed: true}
	return false, Note{Text: msg.String() + ": enter " + what + " · typing goes to the composer"}
}

// Refuse says why a key cannot act now (why: "only the driver may ..."),
// instead of proposing what enter would do. A key that is text is held as
// a proposal is, so that typing on gives its letter to the composer; enter
// then says why again and does nothing.
func (g *Guard) Refuse(msg tea.KeyPressMsg, why string) Action {
	if msg.Key().Text == "" || g.confirming {
		return Note{Text: why}
	}
	*g = Guard{key: msg, armed: true}
	return Note{Text: msg.String() + ": " + why + " · typing goes to the composer"}
}

// Armed reports whether a key is proposed, waiting for enter.
func (g *Guard) Armed() bool { return g.armed }

// Disarm forgets the proposed key and returns its text: the first letter
// of what the person was typing, for the composer.
func (g *Guard) Disarm() string {
	t := ""
	if g.armed {
		t = g.key.Key().Text
	}
	*g = Guard{}
	return t
}

// Guarded runs a pane's handling of one of its own keys. Enter while a key
// is proposed confirms it: the proposed key is handled, and Confirm lets it
// act. Any other key of the pane forgets the proposal (unless it made a new
// one).
func (g *Guard) Guarded(msg tea.KeyPressMsg, handle func(tea.KeyPressMsg) (tea.Cmd, Action)) (tea.Cmd, Action) {
	if g.armed && IsEnter(msg) {
		proposed := g.key
		*g = Guard{confirming: true}
		cmd, act := handle(proposed)
		*g = Guard{}
		return cmd, act
	}
	before := *g
	cmd, act := handle(msg)
	if *g == before && !(g.armed && g.key == msg) {
		*g = Guard{}
	}
	return cmd, act
}

// IsEnter reports whether msg is a bare enter: what confirms a proposal.
func IsEnter(msg tea.KeyPressMsg) bool { return msg.String() == "enter" }
