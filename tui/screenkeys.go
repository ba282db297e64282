package tui

import (
	"charm.land/bubbles/v2/key"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// sessionKeys is the key map as help sees it inside a session.
type sessionKeys struct{ k *ui.KeyMap }

// ShortHelp lists the keys of the status line's hint.
func (s sessionKeys) ShortHelp() []key.Binding {
	return []key.Binding{s.k.Send, s.k.Newline, s.k.Help}
}

// FullHelp lists every key, by column.
func (s sessionKeys) FullHelp() [][]key.Binding {
	k := s.k
	return [][]key.Binding{
		{k.Send, k.Newline, k.Steer, k.Abort, k.Editor, k.TakeOver, k.Sessions, k.Panes, k.PanesBack, k.Mouse, k.Info, k.Errors, k.ModelKey, k.Palette, k.Help, k.Quit},
		{k.PageUp, k.PageDown, k.LineUp, k.LineDown, k.Bottom, k.Top, k.First, k.Last, k.Accept, k.Reject, k.Policy,
			k.Expand, k.CancelQueued, k.Copy, k.CopyCode, k.PickNumber, k.ToolCall, k.Fork, k.Takeover, k.Watch, k.Unref},
		{k.Search, k.SearchEntries, k.SearchNextTyping, k.SearchPrevTyping, k.SearchDone, k.SearchNext, k.SearchPrev,
			k.SearchClose, k.TileLeft, k.TileRight, k.TileUp, k.TileDown, k.Zoom},
	}
}

// visitKeys is the key map as help sees it while chiming into another
// person's room.
type visitKeys struct{ k *ui.KeyMap }

// ShortHelp lists the keys of the visit's hint.
func (v visitKeys) ShortHelp() []key.Binding {
	return []key.Binding{v.k.Send, v.k.Newline, v.k.Help}
}

// FullHelp lists every key of the visit, by column.
func (v visitKeys) FullHelp() [][]key.Binding {
	k := v.k
	send := key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "send the chime"))
	return [][]key.Binding{{send, k.Newline, k.Editor}, {k.Sessions, k.ModelKey, k.Errors, k.Help, k.Quit}}
}
