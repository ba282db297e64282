package dialog

import (
	"math"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Create asks to start a session made with Request (its title, profile,
// model and budget as the person filled them in; the root adds the rest).
type Create struct {
	action
	Request client.CreateRequest
}

// The new-session form's fields, in order.
const (
	fieldTitle = iota
	fieldProfile
	fieldModel
	fieldTurns
	fieldCost
	fieldCount
)

// NewSession is the form a new session is started from: its title, its
// profile, its model and its budget per run (the seed's maxTurns and
// maxCostUsd, fixed at creation). It opens filled in with what the command
// line gave, so the start key alone starts one as before; a field left
// empty is the host's default. It reports Create, or closes.
type NewSession struct {
	ctx    *ui.Context
	in     [fieldCount]ui.LineInput // title, (profile), model, turns, cost
	agent  bool                     // the agent profile, else chat
	at     int                      // the field with the keys
	bad    string                   // why the last start was refused, "" when none
	public bool                     // the person reaches the host as a visitor or an account
	w, h   int
}

// NewNewSession is the form, filled in from def (what the command line
// asked for); public says the host caps a public person's runs whatever is
// asked.
func NewNewSession(ctx *ui.Context, def client.CreateRequest, public bool) *NewSession {
	d := &NewSession{ctx: ctx, agent: def.Profile == client.ProfileAgent, public: public}
	d.in[fieldTitle].Set(ui.SanitizeLine(def.Title))
	d.in[fieldModel].Set(ui.SanitizeLine(def.Model))
	if def.MaxTurns > 0 {
		d.in[fieldTurns].Set(strconv.Itoa(def.MaxTurns))
	}
	if def.MaxCostUSD > 0 {
		d.in[fieldCost].Set(strconv.FormatFloat(def.MaxCostUSD, 'f', -1, 64))
	}
	return d
}

// ShortHelp lists the form's keys.
func (d *NewSession) ShortHelp() []key.Binding {
	k := &d.ctx.Keys
	return []key.Binding{k.Save, k.Panes, k.Choose, k.Dismiss}
}

// FullHelp lists the form's keys.
func (d *NewSession) FullHelp() [][]key.Binding {
	k := &d.ctx.Keys
	return [][]key.Binding{d.ShortHelp(), {k.New, k.PanesBack, k.Up, k.Down}}
}

// Safe closes it, starting nothing.
func (d *NewSession) Safe() ui.Action { return nil }

// Kind is Field: it takes text.
func (d *NewSession) Kind() Kind { return Field }

// SetSize takes the screen's size.
func (d *NewSession) SetSize(w, h int) { d.w, d.h = w, h }

// Update moves between the fields and edits them; the start keys (enter,
// or the new-session key again) start the session when every field reads,
// esc cancels.
func (d *NewSession) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	k := &d.ctx.Keys
	switch msg := msg.(type) {
	case tea.PasteMsg:
		if d.at != fieldProfile {
			d.in[d.at].Insert(strings.ReplaceAll(msg.Content, "\n", " "))
		}
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, k.Save, k.New):
			return d.start()
		case key.Matches(msg, k.Dismiss):
			return nil, ui.Close{}
		case key.Matches(msg, k.Panes, k.Down):
			d.at = (d.at + 1) % fieldCount
		case key.Matches(msg, k.PanesBack, k.Up):
			d.at = (d.at + fieldCount - 1) % fieldCount
		case d.at == fieldProfile:
			if key.Matches(msg, k.Choose) {
				d.agent = !d.agent
			}
		default:
			d.in[d.at].Update(msg)
		}
	}
	return nil, nil
}

// start reports Create with the form's request, or says what to fix and
// keeps the form open at that field.
func (d *NewSession) start() (tea.Cmd, ui.Action) {
	req := client.CreateRequest{Title: strings.TrimSpace(d.in[fieldTitle].String()),
		Model: strings.TrimSpace(d.in[fieldModel].String()), Profile: client.ProfileChat}
	if d.agent {
		req.Profile = client.ProfileAgent
	}
	if s := strings.TrimSpace(d.in[fieldTurns].String()); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			d.at, d.bad = fieldTurns, "max turns: a whole number of model turns per run, 1 or more, like 20 (empty: the host's)"
			return nil, nil
		}
		req.MaxTurns = n
	}
	if s := strings.TrimSpace(strings.TrimPrefix(d.in[fieldCost].String(), "$")); s != "" {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || f <= 0 || math.IsInf(f, 0) || math.IsNaN(f) {
			d.at, d.bad = fieldCost, "max cost: an amount of US dollars per run above 0, like 0.50 (empty: the host's)"
			return nil, nil
		}
		req.MaxCostUSD = f
	}
	d.bad = ""
	return nil, ui.Batch{ui.Close{}, Create{Request: req}}
}

// View draws the form: a line a field, the selected one marked, what a
// field left empty means, what to fix, and the keys.
func (d *NewSession) View() string {
	c, st := d.ctx, d.ctx.Styles
	profile := st.Body.Render("● chat") + st.KeyDesc.Render("  ○ agent (owners only)")
	if d.agent {
		profile = st.KeyDesc.Render("○ chat  ") + st.Body.Render("● agent") + st.KeyDesc.Render(" (owners only)")
	}
	rows := []string{
		d.row(fieldTitle, "title", d.field(fieldTitle, "none", "")),
		d.row(fieldProfile, "profile", profile),
		d.row(fieldModel, "model", d.field(fieldModel, "the host's default", "")),
		d.row(fieldTurns, "max turns", d.field(fieldTurns, "the host's default", " a run")),
		d.row(fieldCost, "max cost", d.field(fieldCost, "the host's default", " US dollars a run")),
	}
	body := strings.Join(rows, "\n") + "\n\n" +
		st.KeyDesc.Render("An agent has a body with its own folder (read, write, edit, bash); a chat the graph tools. "+
			"The budget is per run (a prompt and what it sets off), fixed when the session is made.")
	if d.public {
		body += "\n" + st.KeyDesc.Render("On a public graph the host caps every run whatever is asked here.")
	}
	if d.bad != "" {
		body += "\n" + st.StatusError.Render("✗ "+d.bad)
	}
	body += "\n\n" + c.Hints(c.Hint(c.Keys.Save, "starts it"), c.Hint(c.Keys.Panes, "next field"),
		c.Hint(c.Keys.Choose, "changes the profile"), c.Hint(c.Keys.Dismiss, "cancels"))
	return ui.Box(st, "New session", body, d.w, d.h)
}

// row is one field's line: the mark of the selected one, its name, its
// value.
func (d *NewSession) row(f int, name, value string) string {
	st := d.ctx.Styles
	mark := "  "
	if f == d.at {
		mark = st.Key.Render("▸ ")
	}
	return mark + st.Status.Render(ui.Pad(name, 10)) + " " + value
}

// field is a text field's value and its unit, with the cursor when it has
// the keys, or what it means left empty.
func (d *NewSession) field(f int, empty, unit string) string {
	st := d.ctx.Styles
	v := d.in[f].String()
	switch {
	case v == "" && f == d.at:
		return st.Key.Render("▏") + st.Placeholder.Render(empty)
	case v == "":
		return st.Placeholder.Render(empty)
	case f == d.at:
		return d.in[f].View(st) + st.KeyDesc.Render(unit)
	}
	return st.Body.Render(v) + st.KeyDesc.Render(unit)
}
