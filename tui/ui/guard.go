package ui

import tea "charm.land/bubbletea/v2"

// Guard is a pane's two-press guard. A letter that changes what others see
// (a policy, a chime accepted or rejected, a command cancelled, a fork)
// acts only when pressed twice in a row: the first press arms it and says
// what the second does, so that text typed into the wrong pane never acts.
// Enter acts at once: it is never a letter of a word.
type Guard struct {
	key  string // the armed key, as msg.String() names it; "" when none
	text string // its text, given to the composer if the next key is text
}

// Confirm reports whether msg acts now: a key that is never text, or the
// armed key pressed again. On a first press it arms the key and returns
// the note that says what a second press does.
func (g *Guard) Confirm(msg tea.KeyPressMsg, what string) (ok bool, note Action) {
	if msg.Key().Text == "" {
		return true, nil // enter and other keys that are never text act at once
	}
	if g.key != "" && g.key == msg.String() {
		*g = Guard{}
		return true, nil
	}
	*g = Guard{key: msg.String(), text: msg.Key().Text}
	return false, Note{Text: msg.String() + " again " + what + " · any other key types into the composer"}
}

// Disarm forgets the armed key and returns its text: the first letter of
// what the person was typing, for the composer.
func (g *Guard) Disarm() string {
	t := g.text
	*g = Guard{}
	return t
}

// Guarded runs a pane's handling of one of its own keys: any key of the
// pane but the armed one pressed again disarms it.
func (g *Guard) Guarded(handle func() (tea.Cmd, Action)) (tea.Cmd, Action) {
	armed := *g
	cmd, act := handle()
	if *g == armed {
		*g = Guard{}
	}
	return cmd, act
}
