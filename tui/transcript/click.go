package transcript

import (
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// The mouse on the transcript: a click on a tool chip opens it or closes
// it, a double click on a message copies its code block (or offers its
// blocks when it has several). Both have keys: the entries pane's o and b.

// entryAt is the position of the entry drawn on line row of the window
// (from 0), -1 for none (a blank line, the marker).
func (t *Transcript) entryAt(row int) int {
	es := t.entries()
	if row < 0 || row >= t.height || (!t.follow && row == t.height-1) {
		return -1
	}
	if t.follow {
		// From the end up, as tail draws: the entries that fill the window,
		// the first of them cut at the top when they overflow it.
		first, n := len(es), 0
		for first > 0 && n < t.height {
			first--
			n += len(t.lines(es, first))
		}
		line := max(n-t.height, 0) + row
		for i := first; i < len(es); i++ {
			k := len(t.lines(es, i))
			if line < k {
				return i
			}
			line -= k
		}
		return -1
	}
	top := t.at(es)
	line := top.off + row
	for i := top.idx; i < len(es); i++ {
		n := len(t.lines(es, i))
		if line < n {
			return i
		}
		line -= n
	}
	return -1
}

// Click answers a click on line row of the window: a tool chip opens or
// closes; a double click on a message with code copies it.
func (t *Transcript) Click(row int, double bool) (tea.Cmd, ui.Action) {
	i := t.entryAt(row)
	if i < 0 {
		return nil, nil
	}
	es := t.entries()
	e := &es[i]
	switch {
	case e.Kind == wire.EntryTool:
		return nil, t.toggleChip(es, i)
	case double && e.Kind == wire.EntryMessage && hasCodeBlock(e.Text):
		bs := codeBlocks(e.Text)
		if len(bs) == 1 {
			return dialog.CopyBlock(t.ctx, bs, 0)
		}
		return nil, ui.Show{Overlay: dialog.NewCodeChooser(t.ctx, bs)}
	}
	return nil, nil
}
