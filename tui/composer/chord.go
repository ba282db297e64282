package composer

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// OnChord handles the second key of a chord begun in the composer (ctrl+x,
// then ctrl+e: the editor, as bash has it), or begins one when start (the
// keys are the composer's and no dialog shows); end says a chord may end
// here (no dialog shows). ok is false when msg is neither: a second key
// that ends no chord is not lost, it does what it does (the note that
// waited for it goes: act).
func (c *Composer) OnChord(msg tea.KeyPressMsg, start, end bool) (cmd tea.Cmd, act ui.Action, ok bool) {
	if first := c.chord; first != "" {
		c.chord = ""
		if ch := ui.Chord(first + " " + msg.String()); end && key.Matches(ch, c.ctx.Keys.Editor) {
			cmd, act := c.Update(ch)
			return cmd, ui.Join(ui.Note{}, act), true
		}
		return nil, ui.Note{}, false
	}
	if !start || !ui.StartsChord(msg.String(), c.ctx.Keys.Editor) {
		return nil, nil, false
	}
	c.chord = msg.String()
	rest := strings.TrimPrefix(chordRest(c.ctx.Keys.Editor, c.chord), " ")
	return nil, ui.Note{Text: msg.String() + "… then " + rest + " edits the draft in $EDITOR"}, true
}

// InChord reports whether the first key of a chord was pressed and the
// composer waits for the second (the root hands it the next key then).
func (c *Composer) InChord() bool { return c.chord != "" }

// chordRest is what completes a chord of b that begins with first.
func chordRest(b key.Binding, first string) string {
	for _, c := range b.Keys() {
		if rest, ok := strings.CutPrefix(c, first+" "); ok {
			return rest
		}
	}
	return ""
}
