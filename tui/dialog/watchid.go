package dialog

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// AskWatch asks the id of a session to watch and reports WatchID with it:
// the session opens here without its lease being claimed.
type AskWatch struct {
	ctx   *ui.Context
	graph string // the graph the id is looked for in
	in    ui.LineInput
	bad   string // why enter did nothing, "" when it did not refuse
	w, h  int
}

// NewAskWatch asks for a session id of graph.
func NewAskWatch(ctx *ui.Context, graph string) *AskWatch {
	return &AskWatch{ctx: ctx, graph: graph}
}

// ShortHelp lists the dialog's keys.
func (d *AskWatch) ShortHelp() []key.Binding {
	return []key.Binding{d.ctx.Keys.Open, d.ctx.Keys.Dismiss}
}

// FullHelp lists the dialog's keys.
func (d *AskWatch) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// Safe closes it, watching nothing.
func (d *AskWatch) Safe() ui.Action { return nil }

// Kind is Field: it takes text.
func (d *AskWatch) Kind() Kind { return Field }

// SetSize takes the screen's size.
func (d *AskWatch) SetSize(w, h int) { d.w, d.h = w, h }

// Update edits the id; enter watches the session, esc cancels.
func (d *AskWatch) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		d.in.Insert(strings.TrimSpace(msg.Content))
		d.bad = ""
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, d.ctx.Keys.Open):
			id := strings.TrimSpace(d.in.String())
			if id == "" || strings.ContainsAny(id, " /?#") {
				d.bad = "a session id is one word, like s3 (the picker shows them: " + ui.KeyName(d.ctx.Keys.Sessions) + ")"
				return nil, nil
			}
			return nil, ui.Batch{ui.Close{}, WatchID{ID: id}}
		case key.Matches(msg, d.ctx.Keys.Dismiss):
			return nil, ui.Close{}
		}
		if d.in.Update(msg) {
			d.bad = ""
		}
	}
	return nil, nil
}

// View draws the dialog: the field first (a small box cuts the words
// under it, never the field), what watching does, and the keys.
func (d *AskWatch) View() string {
	c := d.ctx
	where := ""
	if d.graph != "" {
		where = " of graph " + ui.SanitizeLine(d.graph)
	}
	body := ui.Pad("Session id: "+d.in.View(c.Styles), max(min(d.w-4, 96), 10)) // the box as wide as it may be
	if d.bad != "" {
		body += "\n" + c.Styles.StatusError.Render("✗ "+d.bad)
	}
	body += "\n" + c.Styles.KeyDesc.Render("A session"+where+" opens here without this terminal claiming its lease: "+
		"whoever drives it goes on driving ("+ui.KeyName(c.Keys.TakeOver)+" takes it over, when it is yours). "+
		"The host shows a session only to the person who made it.")
	body += "\n\n" + c.Hints(c.Hint(c.Keys.Open, "watches it"), c.Hint(c.Keys.Dismiss, "cancels"))
	return ui.Box(c.Styles, "Watch a session", body, d.w, d.h)
}

// NewNotWatchable says the host shows no session id to this person (on
// graph, "" when not known), with the answers that work: another id
// (WatchAnother), the person's own sessions (ShowSessions), or, when
// canChime (a member's host, or the account not known yet), a chime (one
// can chime into a session one cannot read; a public session takes none:
// ChimeInto).
func NewNotWatchable(ctx *ui.Context, id, graph string, canChime bool) *Choice {
	name := ui.SanitizeLine(id)
	where := ""
	if graph != "" {
		where = " on graph " + ui.SanitizeLine(graph)
	}
	body := "The host has no session " + name + where + " that you can read. A session is read only by the " +
		"person who made it: to anyone else it does not exist (the host says not_found, never more). " +
		"Or it was deleted, or its id is of another graph."
	opts := []Option{{Label: "close"}, {Label: "watch another id", Act: WatchAnother{}},
		{Label: "your sessions (" + ui.KeyName(ctx.Keys.Sessions) + ")", Act: ShowSessions{}}}
	if canChime {
		body += "\n\nIf it is another person's, you can still chime into it: what you write goes to its driver, " +
			"who decides (vehicle --chime --session " + name + " does the same)."
		opts = append(opts, Option{Label: "chime into " + name, Act: ChimeInto{ID: id}})
	}
	return NewChoice(ctx, "No session to watch", body, opts, 0)
}
