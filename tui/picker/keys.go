package picker

import (
	"strconv"

	"charm.land/bubbles/v2/key"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// Keys is the key map as help sees it in the session picker. Watch and
// Empty leave out of the hint what does nothing now: a new session while
// watching, what acts on a session while none is listed.
type Keys struct {
	K      *ui.KeyMap
	Watch  bool // the UI only watches: enter watches, no session is started
	Empty  bool // no session is listed
	Marks  bool // marking says what it does: several sessions listed, none marked yet
	Failed bool // the listing failed: enter lists again, nothing is listed to act on
}

// ShortHelp lists the keys of the picker's hint that act now.
func (p Keys) ShortHelp() []key.Binding {
	var out []key.Binding
	if p.Failed {
		out = append(out, ui.Described(p.K.Retry, "lists again"), p.K.Errors)
		if !p.Watch {
			out = append(out, p.K.New)
		}
		return append(out, p.K.Quit)
	}
	if !p.Empty {
		open := p.K.Open
		if p.Watch {
			open = key.NewBinding(key.WithKeys(open.Keys()...), key.WithHelp(open.Help().Key, "watch"))
		}
		out = append(out, open)
	}
	if p.Marks {
		out = append(out, ui.Described(p.K.Mark, "marks (a wall of several)"))
	}
	if !p.Watch {
		out = append(out, p.K.New)
	}
	if !p.Empty {
		out = append(out, p.K.Rename, p.K.Delete, p.K.Clone)
	}
	if len(out) == 0 {
		out = append(out, p.K.Help, p.K.Quit)
	}
	return out
}

// FullHelp lists every key, by column.
func (p Keys) FullHelp() [][]key.Binding {
	k := p.K
	filter := key.NewBinding(key.WithKeys("type"), key.WithHelp("type", "filter"))
	return [][]key.Binding{
		{ui.Described(k.Open, "open (after a failed listing: list again)"), k.Mark, k.New, k.Rename, k.Delete, k.Clone, k.Confirm, k.Cancel},
		{k.Up, k.Down, filter, k.Back, k.Errors, k.ModelKey, k.Palette, k.Help, k.Quit, k.Suspend},
	}
}

// itoa is n in digits.
func itoa(n int) string { return strconv.Itoa(n) }
