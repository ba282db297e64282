package panes

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Conn is the stream's connection as the status line shows it (ui.Conn:
// the open session keeps it).
type Conn = ui.Conn

// StatusView is what the status line says.
type StatusView struct {
	Conn      Conn        // the open session's stream
	State     *wire.State // the open session's state, nil while it opens
	Err       string      // the last error, with its code
	Note      string      // the last thing that happened
	QuitArmed bool        // one ctrl+c was pressed: the note says what a second does
	Armed     bool        // a pane proposed a key: the note says what enter does now
	MouseOff  bool        // the terminal selects text
	Hint      string      // the focused pane's keys, "" for the composer
	Budget    bool        // the budget shows here (the run's line does not show it)
}

// Status is the status line: the connection, the run, the last error or
// note (or the focused pane's keys) and the budget, with the help key at
// its right; on the picker, the last error or note and the picker's keys.
type Status struct {
	ctx   *ui.Context
	width int
	v     StatusView
	drawn statusDrawn // the last line drawn and what it was drawn from
}

// statusDrawn is a status line drawn and what it was drawn from (the
// state's parts as their words), so a frame whose line would not change
// draws it no more.
type statusDrawn struct {
	err, note, hint                 string
	quitArmed, armed, mouseOff, bud bool
	conn, run, budget               string // the link's (styled), the run's and the budget's words
	running                         bool
	width                           int
	styles                          *theme.Styles
	keys                            string // the help, errors and mouse keys' names
	line                            string
}

// NewStatus is the status line of ctx.
func NewStatus(ctx *ui.Context) *Status { return &Status{ctx: ctx} }

// Set says what the line says.
func (p *Status) Set(v StatusView) { p.v = v }

// SetSize gives the line its width.
func (p *Status) SetSize(width, _ int) { p.width = width }

// Update changes nothing: the line says what the others did.
func (p *Status) Update(tea.Msg) (tea.Cmd, ui.Action) { return nil, nil }

// ShortHelp lists the keys that read the line further: the help and the
// last errors.
func (p *Status) ShortHelp() []key.Binding {
	return []key.Binding{p.ctx.Keys.Help, p.ctx.Keys.Errors}
}

// FullHelp lists the line's keys.
func (p *Status) FullHelp() [][]key.Binding { return [][]key.Binding{p.ShortHelp()} }

// View draws the open session's status line: the last error with its code
// first; what does not fit goes, the budget first, then the run's state
// and the mouse's, before the note or error is cut; never the link's state
// or the help key.
func (p *Status) View() string {
	st, v, k := p.ctx.Styles, &p.v, &p.ctx.Keys
	d := statusDrawn{err: v.Err, note: v.Note, hint: v.Hint, quitArmed: v.QuitArmed, armed: v.Armed,
		mouseOff: v.MouseOff, bud: v.Budget, conn: v.Conn.Text(st), width: p.width, styles: st,
		keys: ui.FirstKey(k.Help) + " " + ui.FirstKey(k.Errors) + " " + ui.KeyName(k.Mouse)}
	if v.State != nil {
		d.run, d.running = runWords(v.State), v.State.Run == wire.RunRunning
		if v.Budget {
			d.budget = budgetWords(v.State)
		}
	}
	if d.line = p.drawn.line; d != p.drawn || d.line == "" {
		d.line = p.draw(d)
	}
	p.drawn = d
	return d.line
}

// draw draws the line from what d holds of it.
func (p *Status) draw(d statusDrawn) string {
	st, v := p.ctx.Styles, &p.v
	var parts []string
	var drop []int // each part's turn to go when the line is too long: 0 never
	add := func(s string, turn int) { parts, drop = append(parts, s), append(drop, turn) }
	if v.Err != "" {
		add(p.message(), 0) // the error first (or what a key does now): it matters most
	}
	add(d.conn, 0) // the link as it is now, always
	if v.State != nil {
		add(styleRun(st, d.run, d.running), 3)
	}
	if v.MouseOff {
		add(st.StatusWarn.Render("mouse off ("+ui.KeyName(p.ctx.Keys.Mouse)+")"), 1)
	}
	switch {
	case v.Err != "":
	case v.Hint != "" && v.Note == "":
		add(st.KeyDesc.Render(v.Hint), 0)
	default:
		add(p.message(), 0)
	}
	if v.State != nil && v.Budget {
		add(st.Status.Render(d.budget), 4)
	}
	hint, room := p.hint(true), p.width
	if p.width >= 40 {
		room -= xansi.StringWidth(hint) + 2 // the help key stays: it says where the rest is
	}
	for turn := 4; turn > 0 && xansi.StringWidth(ui.JoinFit(parts, 1<<20)) > room; turn-- {
		for i := range parts {
			if drop[i] == turn {
				parts[i] = "" // JoinFit leaves it out
			}
		}
	}
	return p.withHint(ui.JoinFit(parts, room), hint)
}

// keysSaid reports whether the note says what a key does now (a pending
// quit, a key a pane proposed): it shows over an error, which f3 keeps.
func (p *Status) keysSaid() bool { return (p.v.QuitArmed || p.v.Armed) && p.v.Note != "" }

// message is the last error with its code, else the last note; what a
// key does now (a pending quit, a proposed key) is said before either, so
// a key never seems to do nothing and an old error never hides it.
func (p *Status) message() string {
	st, v := p.ctx.Styles, &p.v
	switch {
	case p.keysSaid():
		return st.StatusWarn.Render(v.Note)
	case v.Err != "":
		return st.StatusError.Render("✗ " + v.Err)
	case v.Note != "":
		return st.Status.Render(v.Note)
	}
	return ""
}

// NoteLine is the line for the last error or note alone, with the help key
// (the errors key after an error) at its right (the picker's and the
// visit's, whose keys are on the line under it).
func (p *Status) NoteLine() string {
	hint := p.hint(false)
	return p.withHint(ui.Pad(p.message(), p.width-xansi.StringWidth(hint)-2), hint)
}

// HintLine is a short help line of keys.
func (p *Status) HintLine(keys []key.Binding) string {
	h := p.ctx.Help
	h.SetWidth(p.width)
	return ui.Pad(h.ShortHelpView(keys), p.width)
}

// withHint puts hint at the right of a line when it fits.
func (p *Status) withHint(line, hint string) string {
	w, hw := xansi.StringWidth(line), xansi.StringWidth(hint)
	if w+hw+2 > p.width {
		return ui.Pad(line, p.width)
	}
	return line + strings.Repeat(" ", p.width-w-hw) + hint
}

// hint is the help key, or the errors key after an error, and what it
// does; both, when both is set and the line is wide enough.
func (p *Status) hint(both bool) string {
	st, k := p.ctx.Styles, &p.ctx.Keys
	help := st.Key.Render(ui.FirstKey(k.Help)) + st.KeyDesc.Render(" help")
	errs := st.Key.Render(ui.FirstKey(k.Errors)) + st.KeyDesc.Render(" errors")
	switch {
	case p.v.Err == "":
		return help
	case both && p.width >= 60:
		return help + st.KeyDesc.Render(" · ") + errs
	case both:
		return help
	}
	return errs
}

// runWords are the words of the run state and the queue.
func runWords(s *wire.State) string {
	run := s.Run.String()
	if n := len(s.Queue); n > 0 {
		run += fmt.Sprintf(" · %d queued", n)
	}
	return run
}

// styleRun styles the run's words: a running run warns.
func styleRun(st *theme.Styles, words string, running bool) string {
	if running {
		return st.StatusWarn.Render(words)
	}
	return st.Status.Render(words)
}

// budgetWords are the words of the budget used by the current or last run.
func budgetWords(s *wire.State) string {
	b := s.Session.Budget
	budget := fmt.Sprintf("run %d", s.Usage.Turns)
	if b.MaxTurns > 0 {
		budget += fmt.Sprintf("/%d", b.MaxTurns)
	}
	budget += " turns"
	budget += fmt.Sprintf(" · $%.4f", s.Usage.CostUSD)
	if b.MaxCostUSD > 0 {
		budget += fmt.Sprintf("/$%.2f", b.MaxCostUSD)
	}
	return budget
}
