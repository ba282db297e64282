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
