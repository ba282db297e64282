package dialog

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Info shows what the open session is, who pays and where its record lives.
// It reads the session's state as it changes, and never writes it.
type Info struct {
	ctx      *ui.Context
	state    *wire.State
	graph    string
	reduced  bool
	keyGiven bool
	w, h     int
}

// NewInfo shows the facts of the session state is of, on graph; reduced
// says the person's role dropped to viewer, keyGiven that a model key goes
// with the requests.
func NewInfo(ctx *ui.Context, state *wire.State, graph string, reduced, keyGiven bool) *Info {
	return &Info{ctx: ctx, state: state, graph: graph, reduced: reduced, keyGiven: keyGiven}
}

// ShortHelp lists the dialog's keys.
func (d *Info) ShortHelp() []key.Binding { return []key.Binding{d.ctx.Keys.Dismiss} }

// FullHelp lists the dialog's keys.
func (d *Info) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// Safe closes it.
func (d *Info) Safe() ui.Action { return nil }

// Kind is Shows: it only shows something.
func (d *Info) Kind() Kind { return Shows }

// SetSize takes the screen's size.
func (d *Info) SetSize(w, h int) { d.w, d.h = w, h }

// Update closes on the dismiss key, or the info key pressed again.
func (d *Info) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	k, ok := msg.(tea.KeyPressMsg)
	if ok && key.Matches(k, d.ctx.Keys.Dismiss, d.ctx.Keys.Info, d.ctx.Keys.Confirm) {
		return nil, ui.Close{}
	}
	return nil, nil
}

// View draws the session's facts and its mirror.
func (d *Info) View() string {
	c := d.ctx
	s := d.state.Session
	access := "you may drive it"
	switch {
	case d.reduced:
		access = ui.ReducedFact + ": your role on the graph dropped to viewer"
	case s.Access == ui.AccessReader:
		access = "its agent " + ui.ReaderFact + " (a viewer's session: the reader tools, never mirrored); you may drive it"
	}
	_, funding := ui.Funding(s.Funding, d.keyGiven)
	lines := []string{
		"session  " + ui.SanitizeLine(s.SessionID) + " in " + ui.SanitizeLine(d.graph),
		"profile  " + ui.ProfileText(s),
		"model    " + ui.Or(ui.SanitizeLine(s.Model), "the host's default"),
		"funding  " + funding,
		"access   " + access,
		"body     " + ui.Or(ui.SanitizeLine(s.Body), "unknown"),
		"",
		c.Styles.OverlayTitle.Render("Where the record lives"),
	}
	lines = append(lines, ui.MirrorText(d.state.Mirror, c.Styles, c.Location)...)
	lines = append(lines, "", c.Hint(c.Keys.Dismiss, "closes this"))
	return ui.Box(c.Styles, "Session", strings.Join(lines, "\n"), d.w, d.h)
}
