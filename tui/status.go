package tui

import (
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// connView is the stream's connection as the status line shows it.
type connView struct {
	state    client.ConnState
	resumed  bool // the stream came back after a loss
	ended    bool // the stream ended for good
	replayed int  // events replayed at the resume
}

// update folds a connection change in: after a reconnect, the next
// streaming or polling state is a resume.
func (c *connView) update(s client.ConnState) {
	lost := c.state.Mode == client.ConnReconnecting
	c.state = s
	switch s.Mode {
	case client.ConnStreaming, client.ConnPolling:
		if lost {
			c.resumed, c.replayed = true, s.Replayed
		}
	case client.ConnReconnecting:
		c.resumed = false
	case client.ConnClosed:
		c.ended = true
	}
}

// text words the connection, in its style.
func (c *connView) text(st *theme.Styles) string {
	s := c.state
	switch {
	case c.ended || s.Mode == client.ConnClosed:
		return st.StatusWarn.Render("stream closed")
	case s.Mode == client.ConnReconnecting:
		return st.StatusWarn.Render(fmt.Sprintf("reconnecting %d", max(s.Attempt, 1)))
	case c.resumed && s.Mode == client.ConnStreaming:
		return st.StatusGood.Render(fmt.Sprintf("resumed, %d events replayed", c.replayed))
	case s.Mode == client.ConnStreaming:
		return st.StatusGood.Render("● live")
	case s.Mode == client.ConnPolling:
		word := "polling"
		if c.resumed {
			word = fmt.Sprintf("polling (resumed, %d events replayed)", c.replayed)
		}
		return st.StatusWarn.Render(word)
	}
	return st.Status.Render("connecting…")
}

// runText words the run state and the queue.
func runText(st *theme.Styles, s *client.State) string {
	run := s.Run.String()
	if n := len(s.Queue); n > 0 {
		run += fmt.Sprintf(" · %d queued", n)
	}
	if s.Run == client.RunRunning {
		return st.StatusWarn.Render(run)
	}
	return st.Status.Render(run)
}

// budgetText words the budget used by the current or last run.
func budgetText(st *theme.Styles, s *client.State) string {
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
	return st.Status.Render(budget)
}

// describe words an error for the status line: the refusal's code and the
// host's message, or the transport failure.
func describe(err error, keys *ui.KeyMap) string {
	var e *client.Error
	if errors.As(err, &e) {
		msg := e.Message
		if d, ok := e.LeaseHeld(); ok && d.CanTakeOver {
			msg += " (" + ui.KeyName(keys.TakeOver) + " takes over)"
		}
		return ui.SanitizeLine(e.Code + ": " + msg)
	}
	if client.IsTransport(err) {
		return ui.SanitizeLine("unreachable: " + err.Error())
	}
	return ui.SanitizeLine(err.Error())
}

// joinFit joins parts with " · " and cuts the result to width.
func joinFit(parts []string, width int) string {
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	s := strings.Join(kept, " · ")
	if xansi.StringWidth(s) > width {
		s = xansi.Truncate(s, width, "…")
	}
	return s
}

// statusPane is the status line: the connection, the run, the last error
// or note (or the focused pane's keys) and the budget; on the picker, the
// last error or note and the picker's keys.
type statusPane struct{ *common }

// SetSize gives the line its width.
func (p *statusPane) SetSize(width, _ int) { p.width = width }

// View draws the open session's status line.
func (p *statusPane) View() string { return p.statusLine() }

// Update changes nothing: the line says what the others did.
func (p *statusPane) Update(tea.Msg) (tea.Cmd, bool) { return nil, false }

// ShortHelp lists the keys that read the line further: the help and the
// last errors.
func (p *statusPane) ShortHelp() []key.Binding { return []key.Binding{p.Keys.Help, p.Keys.Errors} }

// FullHelp lists the line's keys.
func (p *statusPane) FullHelp() [][]key.Binding { return [][]key.Binding{p.ShortHelp()} }

// statusLine is the connection, the run, the last note (or the focused
// pane's keys) and the budget, with the help key at the right; the last
// error, with its code, comes first. What does not fit is cut from the end.
func (p *statusPane) statusLine() string {
	s := p.sess
	parts := []string{s.conn.text(p.Styles)}
	if s.state != nil {
		parts = append(parts, runText(p.Styles, s.state))
	}
	if p.mouseOff {
		parts = append(parts, p.Styles.StatusWarn.Render("mouse off ("+ui.KeyName(p.Keys.Mouse)+")"))
	}
	switch h := p.paneHint(); {
	case p.errText != "":
		parts = append([]string{p.message()}, parts...) // the error first: it matters most
	case h != "" && p.note == "":
		parts = append(parts, p.Styles.KeyDesc.Render(h))
	default:
		parts = append(parts, p.message())
	}
	if s.state != nil && !showsActivity(p.common) { // the run's line says it while it shows
		parts = append(parts, budgetText(p.Styles, s.state))
	}
	return p.withHint(joinFit(parts, p.width))
}

// message is the last error with its code, else the last note; a pending
// quit (one ctrl+c pressed) is said before either, so the key never seems
// to do nothing.
func (p *statusPane) message() string {
	if p.quitArmed && p.note != "" {
		return p.Styles.StatusWarn.Render(p.note)
	}
	if p.errText != "" {
		return p.Styles.StatusError.Render("✗ " + p.errText)
	}
	if p.note != "" {
		return p.Styles.Status.Render(p.note)
	}
	return ""
}

// noteLine is the picker's line for the last error or note.
func (p *statusPane) noteLine() string { return p.withHint(ui.Pad(p.message(), p.width-9)) }

// withHint puts the help key at the right of a line when it fits.
func (p *statusPane) withHint(line string) string {
	hint := p.Styles.Key.Render(ui.FirstKey(p.Keys.Help)) + p.Styles.KeyDesc.Render(" help")
	if p.errText != "" {
		hint = p.Styles.Key.Render(ui.FirstKey(p.Keys.Errors)) + p.Styles.KeyDesc.Render(" errors")
	}
	w, hw := xansi.StringWidth(line), xansi.StringWidth(hint)
	if w+hw+2 > p.width {
		return ui.Pad(line, p.width)
	}
	return line + strings.Repeat(" ", p.width-w-hw) + hint
}

// hintLine is a short help line of keys.
func (p *statusPane) hintLine(keys []key.Binding) string {
	h := p.Help
	h.SetWidth(p.width)
	return ui.Pad(h.ShortHelpView(keys), p.width)
}

// paneHint says what the keys do in the focused pane.
func (p *statusPane) paneHint() string {
	k := &p.Keys
	move := ui.KeyName(k.Up) + ui.KeyName(k.Down) + " select · "
	switch p.focus {
	case focusQueue:
		return "queue: " + move + ui.KeyName(k.CancelQueued) + " cancels · " + ui.KeyName(k.Back) + " back"
	case focusEntries:
		return p.entriesHint(move)
	}
	return ""
}
