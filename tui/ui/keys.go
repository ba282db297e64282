package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
)

// KeyMap is every key the UI answers, grouped by where it works. The help
// overlay lists them all; docs/tui.md is the same table.
type KeyMap struct {
	// Everywhere.
	Quit     key.Binding
	Suspend  key.Binding // stops the UI as a shell's job (fg resumes it)
	Help     key.Binding
	Sessions key.Binding
	Errors   key.Binding // the last errors, whole
	ModelKey key.Binding // the model key dialog
	Palette  key.Binding // the command palette

	// In a session: the composer and the lease.
	Send     key.Binding
	Newline  key.Binding
	Steer    key.Binding
	Abort    key.Binding
	Editor   key.Binding
	TakeOver key.Binding
	Info     key.Binding // what the session is, and where its record lives
	Unref    key.Binding // drops the last context ref from the next message

	// In a session: the panes and the mouse.
	Panes     key.Binding
	PanesBack key.Binding
	Mouse     key.Binding

	// On the wall of sessions: the focus between tiles, and the zoom.
	TileLeft  key.Binding
	TileRight key.Binding
	TileUp    key.Binding
	TileDown  key.Binding
	Zoom      key.Binding // the focused tile fills the wall, and back
	Mark      key.Binding // marks a session in the picker, to open several as tiles

	// In the room pane, the queue lane and the transcript's selection.
	Accept       key.Binding
	Reject       key.Binding
	Policy       key.Binding
	PolicyBack   key.Binding
	CancelQueued key.Binding
	Expand       key.Binding // reads the selected chime whole
	Copy         key.Binding
	Fork         key.Binding
	ToolCall     key.Binding // shows or hides a selected tool chip's arguments and result
	CopyCode     key.Binding // copies a fenced code block of the selected message
	PickNumber   key.Binding // picks a numbered code block in the chooser

	// In a session: the transcript.
	PageUp   key.Binding
	PageDown key.Binding
	LineUp   key.Binding
	LineDown key.Binding
	Bottom   key.Binding
	Top      key.Binding // the first message, from anywhere
	First    key.Binding // the first message, in the entries pane
	Last     key.Binding // the last message, in the entries pane

	// In a session: the transcript's search.
	Search           key.Binding // from anywhere in the session
	SearchEntries    key.Binding // from the entries pane
	SearchNext       key.Binding
	SearchPrev       key.Binding
	SearchNextTyping key.Binding // while typing the query
	SearchPrevTyping key.Binding
	SearchDone       key.Binding // stops typing: n and N move
	SearchClose      key.Binding

	// In the session picker.
	Retry  key.Binding
	Open   key.Binding
	New    key.Binding
	Rename key.Binding
	Delete key.Binding
	Clone  key.Binding
	Up     key.Binding
	Down   key.Binding
	Back   key.Binding

	// In dialogs.
	Confirm  key.Binding
	Cancel   key.Binding
	Takeover key.Binding
	Watch    key.Binding
	Save     key.Binding // saves a dialog's text
	Dismiss  key.Binding // closes a dialog or the help

	SaveKeyring key.Binding // keeps the model key and saves it in the OS keyring
	Choose      key.Binding // changes a form's choice (the new session's profile)
}

// DefaultKeyMap is the key map the UI starts with.
func DefaultKeyMap() KeyMap {
	b := func(keys []string, help, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return KeyMap{
		Quit:     b([]string{"ctrl+c"}, "ctrl+c", "quit"),
		Suspend:  b([]string{"ctrl+z"}, "ctrl+z", "suspend (fg resumes)"),
		Help:     b([]string{"f1"}, "f1", "help"),
		ModelKey: b([]string{"f5", "alt+k"}, "f5", "your model key"),
		Sessions: b([]string{"ctrl+o"}, "ctrl+o", "sessions"),
		Palette:  b([]string{"ctrl+p"}, "ctrl+p", "commands (palette)"),
		Errors:   b([]string{"f3", "alt+e"}, "f3", "the last errors, whole"),
		Retry:    b([]string{"enter"}, "enter", "list again (after a failed listing)"),

		Send:     b([]string{"enter"}, "enter", "send / follow-up"),
		Newline:  b([]string{"ctrl+j", "alt+enter", "shift+enter"}, "ctrl+j", "newline (alt+enter too)"),
		Steer:    b([]string{"ctrl+s"}, "ctrl+s", "steer the run"),
		Abort:    b([]string{"esc"}, "esc", "abort the run (asks about the queue)"),
		Editor:   b([]string{"ctrl+g", "ctrl+x ctrl+e"}, "ctrl+g", "edit in $EDITOR (ctrl+x ctrl+e too)"),
		TakeOver: b([]string{"ctrl+t"}, "ctrl+t", "take over / take back"),
		Info:     b([]string{"f4", "alt+i"}, "f4", "session info and mirror"),
		Unref:    b([]string{"alt+x"}, "alt+x", "drop the last context ref"),

		Panes:     b([]string{"tab"}, "tab", "next pane"),
		PanesBack: b([]string{"shift+tab"}, "shift+tab", "previous pane"),
		Mouse:     b([]string{"f2", "alt+m"}, "f2", "mouse on/off (select)"),

		TileLeft:  b([]string{"alt+left"}, "alt+←", "the tile to the left"),
		TileRight: b([]string{"alt+right"}, "alt+→", "the tile to the right"),
		TileUp:    b([]string{"alt+up"}, "alt+↑", "the tile above (on a wall)"),
		TileDown:  b([]string{"alt+down"}, "alt+↓", "the tile below (on a wall)"),
		Zoom:      b([]string{"alt+z"}, "alt+z", "zoom a tile / the wall"),
		Mark:      b([]string{"space"}, "space", "mark a session (open several as a wall)"),

		Accept:       b([]string{"a", "enter"}, "a", "accept a chime"),
		Reject:       b([]string{"x"}, "x", "reject a chime"),
		Policy:       b([]string{"p"}, "p", "next room policy"),
		PolicyBack:   b([]string{"P"}, "P", "previous room policy"),
		CancelQueued: b([]string{"x", "delete"}, "x", "cancel a queued one"),
		Copy:         b([]string{"y", "c"}, "y", "copy an entry"),
		Expand:       b([]string{"v"}, "v", "read a chime whole"),
		Fork:         b([]string{"f"}, "f", "fork before an entry"),
		ToolCall:     b([]string{"o", "enter"}, "o/enter", "show/hide a tool call"),
		CopyCode:     b([]string{"b"}, "b", "copy a code block"),
		PickNumber:   b([]string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}, "1-9", "pick a code block"),

		PageUp:   b([]string{"pgup"}, "pgup", "page up"),
		PageDown: b([]string{"pgdown"}, "pgdown", "page down"),
		LineUp:   b([]string{"alt+up", "ctrl+up"}, "alt+↑", "scroll up"),
		LineDown: b([]string{"alt+down", "ctrl+down"}, "alt+↓", "scroll down"),
		Bottom:   b([]string{"ctrl+end", "alt+end"}, "ctrl+end", "follow the end"),
		Top:      b([]string{"ctrl+home", "alt+home"}, "ctrl+home", "the first message"),
		First:    b([]string{"g", "home"}, "g/home", "first message (entries)"),
		Last:     b([]string{"G", "end"}, "G/end", "last message (entries)"),

		Search:           b([]string{"ctrl+f"}, "ctrl+f", "search the transcript"),
		SearchEntries:    b([]string{"/"}, "/", "search (entries)"),
		SearchNext:       b([]string{"n", "enter", "down"}, "n", "next match"),
		SearchPrev:       b([]string{"N", "shift+enter", "up"}, "N", "previous match"),
		SearchNextTyping: b([]string{"down", "ctrl+n"}, "↓", "next match"),
		SearchPrevTyping: b([]string{"up", "ctrl+p", "shift+enter"}, "↑", "previous match"),
		SearchDone:       b([]string{"enter"}, "enter", "done typing (n/N move)"),
		SearchClose:      b([]string{"esc"}, "esc", "close the search"),

		Open:   b([]string{"enter"}, "enter", "open"),
		New:    b([]string{"ctrl+n"}, "ctrl+n", "new"),
		Rename: b([]string{"f6"}, "f6", "rename"),
		Delete: b([]string{"f8"}, "f8", "delete"),
		Clone:  b([]string{"f7"}, "f7", "clone"),
		Up:     b([]string{"up"}, "↑", "up"),
		Down:   b([]string{"down"}, "↓", "down"),
		Back:   b([]string{"esc"}, "esc", "clear filter / back"),

		Confirm:  b([]string{"y", "enter"}, "y/enter", "confirm"),
		Cancel:   b([]string{"n", "esc"}, "n/esc", "cancel"),
		Takeover: b([]string{"t"}, "t", "take over (offered)"),
		Watch:    b([]string{"w", "esc"}, "w", "watch (offered)"),
		Save:     b([]string{"enter"}, "enter", "save"),
		Dismiss:  b([]string{"esc"}, "esc", "close"),

		SaveKeyring: b([]string{"ctrl+s"}, "ctrl+s", "save in the OS keyring"),
		Choose:      b([]string{"left", "right", "space"}, "←/→", "change the choice"),
	}
}

// KeyGroup is the keys that work in one place (a pane, a screen, the line
// editor), as the help lists them under the place's name.
type KeyGroup struct {
	Where string
	Keys  []key.Binding
}

// Grouped is a screen's key map that lists every key once, grouped by
// where it works (the place the focus is first), with a line saying what
// the help's notation means; the help draws it so.
type Grouped interface {
	Groups() []KeyGroup
	Notation() string
}

// Proposed is b as the help lists a pane's key: a letter (or a digit, or
// "/") proposes what it does and enter does it, so its name has ↵ ("a↵",
// "g↵/home").
func Proposed(b key.Binding) key.Binding {
	h := b.Help()
	first, rest, more := strings.Cut(h.Key, "/")
	if h.Key == "/" {
		first, rest, more = "/", "", false
	}
	if len([]rune(first)) != 1 {
		return b
	}
	name := first + "↵"
	if more {
		name += "/" + rest
	}
	return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(name, h.Desc))
}

// Described is b with other words for what it does here.
func Described(b key.Binding, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, desc))
}

// WallKeys are the keys the wall of sessions takes between its tiles, the
// root's routing reads them: a key that is none of them never reaches the
// wall.
func (k *KeyMap) WallKeys() []key.Binding {
	return []key.Binding{k.Zoom, k.TileLeft, k.TileRight, k.TileUp, k.TileDown}
}

// TranscriptKeys are the keys the transcript takes from anywhere in a
// session (scrolling, the first message, opening the search), for the
// root's routing: a key that is none of them, while no search is typed,
// never reaches the transcript.
func (k *KeyMap) TranscriptKeys() []key.Binding {
	return []key.Binding{k.PageUp, k.PageDown, k.LineUp, k.LineDown, k.Bottom, k.Top, k.Search}
}
