package tui

import (
	"slices"

	"charm.land/bubbles/v2/key"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// The help (f1) lists every key once, grouped by where it works, the
// groups of where the focus is first. docs/tui.md's "Keys" is the same
// table (TestHelpListsEveryKeyOnce, TestDocsListEveryKey).

// The places keys work, as the help names them (a place reached by a key
// is named with it: "room pane (tab)").
const (
	placeEverywhere = "everywhere"
	placeSession    = "in a session (from every pane)"
	placeSessions   = "sessions (the open one, the picker's)"
	placeTranscript = "the transcript (from every pane)"
	placeLine       = "line editing (composer, text fields)"
	placeRoom       = "room pane"
	placeQueue      = "queue lane"
	placeEntries    = "entries"
	placeChooser    = "code block chooser"
	placeSearch     = "search"
	placeWall       = "wall of sessions"
	placePicker     = "session picker"
	placeForm       = "new-session form"
	placeDialogs    = "dialogs and questions"
	placeVisit      = "chiming into a room"
)

// placeTitle is a place as the help names it: with the key that goes
// there, from the key map.
func placeTitle(k *ui.KeyMap, place string) string {
	via := map[string]string{placeRoom: ui.KeyName(k.Panes), placeQueue: ui.KeyName(k.Panes),
		placeEntries: ui.KeyName(k.Panes), placeChooser: ui.Proposes(k.CopyCode), placeSearch: ui.FirstKey(k.Search),
		placePicker: ui.KeyName(k.Sessions), placeForm: ui.KeyName(k.New)}
	if key, ok := via[place]; ok {
		return place + " (" + key + ")"
	}
	return place
}

// notation says once what the help's key names mean.
const notation = "a↵ is a pane's letter, then enter: in a pane a letter only proposes what it does " +
	"(the status line says what) and enter does it; any other text goes to the composer. " +
	"x/y is either key; ↑↓ the arrows."

// keyGroups is every key of the map, each once, grouped by where it works.
func keyGroups(k *ui.KeyMap) []ui.KeyGroup {
	p := ui.Proposed
	history := ui.Described(key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑↓", "")),
		"the input history, on an empty composer")
	choose := key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑↓", "select"))
	filter := key.NewBinding(key.WithKeys("type"), key.WithHelp("type", "filter the list"))
	return []ui.KeyGroup{
		{Where: placeEverywhere, Keys: []key.Binding{k.Help, k.Palette, k.Sessions, k.Errors, k.ModelKey, k.Mouse,
			k.Quit, k.Suspend}},
		{Where: placeSession, Keys: []key.Binding{k.Send, k.Newline, k.Steer, k.Abort, k.Editor, history, k.TakeOver,
			k.Info, k.Unref, k.Panes, k.PanesBack}},
		{Where: placeSessions, Keys: []key.Binding{ui.Described(k.New, "a new session (the form)"), k.Rename, k.Clone,
			ui.Described(k.Delete, "delete (after a question)")}},
		{Where: placeLine, Keys: ui.LineEditing()},
		{Where: placeTranscript, Keys: []key.Binding{k.PageUp, k.PageDown, k.LineUp, k.LineDown, k.Bottom, k.Top, k.Search}},
		{Where: placeRoom, Keys: []key.Binding{ui.Described(choose, "select a chime"), p(k.Accept), p(k.Reject), p(k.Expand),
			p(k.Policy), p(k.PolicyBack), ui.Described(k.Back, "back to the composer")}},
		{Where: placeQueue, Keys: []key.Binding{ui.Described(choose, "select a queued command"),
			ui.Described(k.Send, "send again one the host cancelled, or whose answer was lost"), p(k.CancelQueued)}},
		{Where: placeEntries, Keys: []key.Binding{ui.Described(choose, "select a turn, a reply or a tool chip"), p(k.Copy),
			p(k.CopyCode), p(k.ToolCall), p(k.Fork), p(k.SearchEntries), p(k.First), p(k.Last)}},
		{Where: placeChooser, Keys: []key.Binding{k.PickNumber}},
		{Where: placeSearch, Keys: []key.Binding{k.SearchNextTyping, k.SearchPrevTyping, k.SearchDone, k.SearchNext,
			k.SearchPrev, k.SearchClose}},
		{Where: placeWall, Keys: []key.Binding{k.TileLeft, k.TileRight, k.TileUp, k.TileDown, k.Zoom}},
		{Where: placePicker, Keys: []key.Binding{ui.Described(k.Open, "open (after a failed listing: list again)"), k.Mark, filter, choose, k.Back}},
		{Where: placeForm, Keys: []key.Binding{k.Choose}},
		{Where: placeDialogs, Keys: []key.Binding{k.Confirm, k.Cancel, k.Takeover, k.Watch, k.Save, k.SaveKeyring, k.Dismiss}},
	}
}

// grouped is a screen's keys for the help: the hint's keys, and every key
// grouped by where it works, the groups of the screen first.
type grouped struct {
	short  []key.Binding
	groups []ui.KeyGroup
	own    int // the groups of the screen's own places, first
}

// newGrouped is the keys of a screen whose own places are here, in order.
func newGrouped(k *ui.KeyMap, short []key.Binding, here ...string) grouped {
	all := keyGroups(k)
	var first, rest []ui.KeyGroup
	for _, place := range here {
		for _, g := range all {
			if g.Where == place {
				first = append(first, g)
			}
		}
	}
	for _, g := range all {
		if !slices.Contains(here, g.Where) {
			rest = append(rest, g)
		}
	}
	groups := append(first, rest...)
	for i := range groups {
		groups[i].Where = placeTitle(k, groups[i].Where)
	}
	return grouped{short: short, groups: groups, own: len(first)}
}

// ShortHelp lists the keys of the hint.
func (g grouped) ShortHelp() []key.Binding { return g.short }

// FullHelp lists every key, a column a place.
func (g grouped) FullHelp() [][]key.Binding {
	out := make([][]key.Binding, len(g.groups))
	for i, grp := range g.groups {
		out[i] = grp.Keys
	}
	return out
}

// Groups lists every key by where it works.
func (g grouped) Groups() []ui.KeyGroup { return g.groups }

// Notation says what the key names mean.
func (g grouped) Notation() string { return notation }

// helpPlace is the help's place of the pane the focus f is on, "" for the
// composer.
func (f focus) helpPlace() string {
	switch f {
	case focusRoom:
		return placeRoom
	case focusQueue:
		return placeQueue
	case focusEntries:
		return placeEntries
	case focusSearch:
		return placeSearch
	}
	return ""
}

// sessionPlaces are the places of the session screen, in the help's order.
var sessionPlaces = []string{placeSession, placeEverywhere, placeLine, placeSessions, placeTranscript}

// sessionKeys is the key map as help sees it inside a session.
type sessionKeys struct{ k *ui.KeyMap }

// ShortHelp lists the keys of the status line's hint.
func (s sessionKeys) ShortHelp() []key.Binding {
	return []key.Binding{s.k.Send, s.k.Newline, s.k.Help}
}

// FullHelp lists every key, a column a place, the session's first.
func (s sessionKeys) FullHelp() [][]key.Binding {
	return newGrouped(s.k, nil, sessionPlaces...).FullHelp()
}

// visitGroups is the visit's keys for the help: the chime's first.
func visitGroups(k *ui.KeyMap) grouped {
	send := key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "send the chime"))
	g := newGrouped(k, []key.Binding{k.Send, k.Newline, k.Help}, placeEverywhere, placeLine)
	visit := ui.KeyGroup{Where: placeVisit, Keys: []key.Binding{send, k.Newline, k.Editor}}
	g.groups = append([]ui.KeyGroup{visit}, g.groups[:2]...) // a visit has no session of its own
	g.own = len(g.groups)
	return g
}

// commandGroup is every action of acts (the palette's), as the help lists it: by its
// slash command (what it takes, and its key when it has one), or by its key
// when it has no command; a command of several actions (/policy) once.
func commandGroup(acts []action, k *ui.KeyMap) ui.KeyGroup {
	var keys []key.Binding
	seen := map[string]bool{}
	for _, a := range acts {
		id, name, desc := "/"+a.slash, "/"+a.slash, a.name
		switch {
		case a.slash == "":
			id, name = ui.FirstKey(a.key), a.key.Help().Key
		case a.args != "":
			name += " " + a.args
		}
		if seen[id] {
			continue
		}
		seen[id] = true
		if a.slash == "policy" {
			desc = "the room's policy"
		}
		if a.slash != "" && len(a.key.Keys()) > 0 {
			desc += " (" + a.key.Help().Key + ")"
		}
		keys = append(keys, key.NewBinding(key.WithKeys(id), key.WithHelp(name, desc)))
	}
	return ui.KeyGroup{Where: "commands (" + ui.KeyName(k.Palette) + " finds them by name; /name runs one in the composer)",
		Keys: keys}
}
