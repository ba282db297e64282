package composer

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// KeepApart says enter sent nothing and the draft stays (the person's
// other terminal drives, say): what is typed next at its end starts a new
// line, so that the next message is not glued to the one that waits.
func (c *Composer) KeepApart() { c.apart = !c.Blank() }

// keepApart starts a new line before the first text typed after an enter
// that sent nothing, when it is typed at the end of the draft; any other
// key first (a move, a deletion) means the person edits it.
func (c *Composer) keepApart(msg tea.Msg) {
	if !c.apart {
		return
	}
	c.apart = false
	var text string
	switch m := msg.(type) {
	case tea.KeyPressMsg:
		text = m.Text
	case tea.PasteMsg:
		text = m.Content
	}
	v := c.ta.Value()
	last := v[strings.LastIndexByte(v, '\n')+1:]
	atEnd := len(c.win.below.lines) == 0 && c.ta.Line() == c.ta.LineCount()-1 && c.ta.Column() >= len([]rune(last))
	if text == "" || !atEnd || v == "" || strings.HasSuffix(v, "\n") || strings.HasPrefix(text, "\n") {
		return
	}
	c.ta.InsertString("\n")
}
