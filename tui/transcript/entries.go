package transcript

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// selectable reports whether an entry can be selected to copy or fork: a
// finished message with text, or a tool chip to open.
func selectable(e *wire.Entry) bool {
	return e.Kind == wire.EntryTool || e.Kind == wire.EntryMessage && !e.Streaming && strings.TrimSpace(e.Text) != ""
}

// HasSelectable reports whether an entry can be selected.
func (t *Transcript) HasSelectable() bool { return lastSelectable(t.entries()) >= 0 }

// SelectLast selects the last entry that can be selected, and follows the
// end.
func (t *Transcript) SelectLast() {
	es := t.entries()
	t.selectAt(es, lastSelectable(es))
	t.ToBottom()
}

// lastSelectable is the index of the last selectable entry, or -1.
func lastSelectable(es []wire.Entry) int {
	for i := len(es) - 1; i >= 0; i-- {
		if selectable(&es[i]) {
			return i
		}
	}
	return -1
}

// EnterEntries starts selecting entries at the last one, or, when the
// window is scrolled up, at the last one that starts on screen, so that the
// place the person scrolled or searched to stays put; false when there is
// none to select.
func (t *Transcript) EnterEntries() bool {
	es := t.entries()
	i := t.lastShown(es)
	if i < 0 {
		i = lastSelectable(es)
	}
	if i < 0 {
		return false
	}
	t.selectAt(es, i)
	t.show(es, i)
	return true
}

// Fork asks to fork a new session before the entry EntryID; the person
// confirmed.
type Fork struct {
	action
	EntryID string
}

// OpenSearch asks to open the search bar.
type OpenSearch struct{ action }

// proposal says what a key of the entries pane that is text does, for the
// note that proposes it (enter does it); "" for the keys that are not
// text, which act at once.
func (t *Transcript) proposal(msg tea.KeyPressMsg, e *wire.Entry) string {
	k := &t.ctx.Keys
	if msg.Key().Text == "" {
		return ""
	}
	switch {
	case key.Matches(msg, k.ToolCall):
		return "opens or closes the marked tool call"
	case key.Matches(msg, k.CopyCode):
		return "copies a code block of the marked message"
	case key.Matches(msg, k.Copy) && e.Kind == wire.EntryTool:
		return "copies the marked tool call's result"
	case key.Matches(msg, k.Copy):
		return "copies the marked entry"
	case key.Matches(msg, k.Fork):
		return "forks a new session before the marked entry"
	case key.Matches(msg, k.First):
		return "goes to the first message"
	case key.Matches(msg, k.Last):
		return "goes to the last message"
	case key.Matches(msg, k.SearchEntries):
		return "searches the transcript"
	}
	return ""
}

// onSelectKey handles a key while an entry is selected: move, copy, fork.
// An action taken reports ui.Done, and the keys go back to the composer.
func (t *Transcript) onSelectKey(msg tea.KeyPressMsg) (tea.Cmd, ui.Action) {
	k := &t.ctx.Keys
	es := t.entries()
	if t.src == nil {
		return nil, ui.Done{}
	}
	sel := t.selected(es)
	if sel < 0 {
		if sel = lastSelectable(es); sel < 0 {
			return nil, ui.Done{}
		}
		t.selectAt(es, sel)
	}
	if what := t.proposal(msg, &es[sel]); what != "" {
		if ok, note := t.guard.Confirm(msg, what); !ok {
			return nil, note
		}
	}
	if cmd, act, ok := t.onEntryKey(msg, es, sel); ok {
		return cmd, act
	}
	switch {
	case key.Matches(msg, k.First):
		t.ToFirst()
	case key.Matches(msg, k.Last):
		t.SelectLast()
	case key.Matches(msg, k.SearchEntries):
		return nil, OpenSearch{}
	case key.Matches(msg, k.Up), key.Matches(msg, k.Down):
		d := 1
		if key.Matches(msg, k.Up) {
			d = -1
		}
		i := t.step(sel, d)
		es = t.entries()
		t.selectAt(es, i)
		t.show(es, i)
	case key.Matches(msg, k.Copy):
		cmd, act := ui.Copy(t.ctx, ui.Sanitize(es[sel].Text), "the entry")
		return cmd, ui.Join(act, ui.Done{})
	case key.Matches(msg, k.Fork):
		return nil, ui.Join(t.fork(es[sel]), ui.Done{})
	}
	return nil, nil
}

// fork asks for a new session with the history before e; the new session
// opens with e's text (a user turn's) back in the composer.
func (t *Transcript) fork(e wire.Entry) ui.Action {
	switch {
	case t.ctx.Watch:
		return ui.Note{Text: "watching read-only: fork from a terminal that may drive"}
	case e.EntryID == "":
		return ui.Note{Text: "this entry has no id yet: fork once it is saved"}
	}
	return Fork{EntryID: e.EntryID}
}

// lastShown is the last selectable entry whose first line is in the window
// while it is scrolled up; -1 when following the end or when none is.
func (t *Transcript) lastShown(es []wire.Entry) int {
	top := t.at(es)
	if t.follow || top.idx >= len(es) {
		return -1
	}
	found, line := -1, -top.off
	for i := top.idx; i < len(es) && line < t.height-1; i++ { // the marker covers the last line
		if line >= 0 && selectable(&es[i]) {
			found = i
		}
		line += t.entryHeight(es, i)
	}
	return found
}
