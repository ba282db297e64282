package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// sessionKeys is the key map as help sees it inside a session.
type sessionKeys struct{ k *ui.KeyMap }

// ShortHelp lists the keys of the status line's hint.
func (s sessionKeys) ShortHelp() []key.Binding {
	return []key.Binding{s.k.Send, s.k.Newline, s.k.Help}
}

// FullHelp lists every key, by column: those that work here first, then
// each pane's and dialog's, saying where they work (a letter of a pane
// proposes and enter does it: "a↵ … · room pane").
func (s sessionKeys) FullHelp() [][]key.Binding {
	k := s.k
	room, queue, entries := "room pane (tab)", "queue lane (tab)", "entries (tab)"
	return [][]key.Binding{
		{k.Send, k.Newline, k.Steer, k.Abort, k.Editor, k.TakeOver, k.Sessions, k.New, k.Rename, k.Clone, k.Panes, k.PanesBack,
			k.Mouse, k.Info, k.Errors, k.ModelKey, k.Palette, k.Help, k.Quit, k.Suspend, k.Unref},
		{k.PageUp, k.PageDown, k.LineUp, k.LineDown, k.Bottom, k.Top, where(k.First, entries), where(k.Last, entries),
			where(k.Accept, room), where(k.Reject, room), where(k.Policy, room), where(k.Expand, room),
			where(k.CancelQueued, queue), where(k.Copy, entries), where(k.CopyCode, entries), where(k.ToolCall, entries),
			where(k.Fork, entries), where(k.PickNumber, "code chooser"), where(k.Takeover, "take-over dialog"),
			where(k.Watch, "take-over dialog")},
		{k.Search, where(k.SearchEntries, entries), where(k.SearchNextTyping, "search"), where(k.SearchPrevTyping, "search"),
			where(k.SearchDone, "search"), where(k.SearchNext, "search"), where(k.SearchPrev, "search"), where(k.SearchClose, "search"),
			where(k.TileLeft, "wall"), where(k.TileRight, "wall"), where(k.TileUp, "wall"), where(k.TileDown, "wall"), where(k.Zoom, "wall")},
	}
}

// where is a key that works only in a pane or dialog, as the help lists
// it: a pane's letter proposed (↵), and where it works.
func where(b key.Binding, place string) key.Binding {
	k := b.Help().Key
	if r := []rune(ui.FirstKey(b)); len(r) == 1 && place != "code chooser" && !strings.HasSuffix(place, "dialog") &&
		place != "search" {
		first, rest, more := strings.Cut(k, "/")
		if k = first + "↵"; more {
			k += "/" + rest
		}
	}
	return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(k, b.Help().Desc+" · "+place))
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
	return [][]key.Binding{{send, k.Newline, k.Editor}, {k.Sessions, k.ModelKey, k.Errors, k.Help, k.Quit, k.Suspend}}
}
