package picker

import (
	"strconv"

	"charm.land/bubbles/v2/key"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// Keys is the key map as help sees it in the session picker.
type Keys struct{ K *ui.KeyMap }

// ShortHelp lists the keys of the picker's hint.
func (p Keys) ShortHelp() []key.Binding {
	return []key.Binding{p.K.Open, p.K.New, p.K.Rename, p.K.Delete, p.K.Clone}
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
