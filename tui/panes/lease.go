// Package panes is the open session's smaller panes: the room (pending
// chimes and the policy), the queue lane, the lease line, the account, the
// run's activity line and the status line. The root tells each what to
// show (its Set); each owns its size and its selection, draws itself, and
// reports what the person did as an action.
package panes

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// LeaseView is what the lease line shows: the lease as this terminal sees
// it, and what this terminal means to do.
type LeaseView struct {
	Known    bool                  // the session's state has arrived
	Rel      client.LeaseRelation  // who holds the lease, seen from here
	Holder   *client.Lease         // the lease, nil when nobody holds it
	Revoked  *client.LeaseEndValue // this terminal's lease was taken over
	Watching bool                  // this terminal watches: it claims only when asked
	Stale    bool                  // the host restarted since the lease was last confirmed
	Reduced  bool                  // the person's role dropped to viewer: no driving, no take-over
	Policy   string                // the room's policy
	Gone     bool                  // the session was deleted (or is no longer the person's)
}

// Lease is the lease line: who drives, until when, the time left, and what
// this terminal can do about it, with the room's policy at its right.
type Lease struct {
	ctx   *ui.Context
	width int
	v     LeaseView
}

// NewLease is the lease line of ctx.
func NewLease(ctx *ui.Context) *Lease { return &Lease{ctx: ctx} }

// Set says what the line shows.
func (l *Lease) Set(v LeaseView) { l.v = v }

// SetSize gives the line its width.
func (l *Lease) SetSize(width, _ int) { l.width = width }

// ShortHelp lists the lease's key.
func (l *Lease) ShortHelp() []key.Binding { return []key.Binding{l.ctx.Keys.TakeOver} }

// FullHelp lists the lease's keys.
func (l *Lease) FullHelp() [][]key.Binding { return [][]key.Binding{l.ShortHelp()} }

// Update changes nothing: the root renews the lease and says what changed.
func (l *Lease) Update(tea.Msg) (tea.Cmd, ui.Action) { return nil, nil }

// View draws the lease line at its width.
func (l *Lease) View() string {
	st := l.ctx.Styles
	room := ""
	if l.v.Known {
		room = " " + st.AuthorLabel.Render("room "+ui.NameLine(l.v.Policy)) + st.Rule.Render(" ──")
	}
	line := st.Rule.Render("── ") + l.line() + " "
	rest := l.width - xansi.StringWidth(line) - xansi.StringWidth(room)
	if rest < 1 {
		room, rest = "", l.width-xansi.StringWidth(line)
	}
	if rest < 1 {
		return ui.Pad(line, l.width)
	}
	return line + st.Rule.Render(strings.Repeat("─", rest)) + room
}

// line says who drives, until when, and what this terminal can do.
func (l *Lease) line() string {
	v, st, keys := l.v, l.ctx.Styles, &l.ctx.Keys
	readOnly := l.ctx.Watch
	until := ""
	if v.Holder != nil && !v.Holder.ExpiresAt.IsZero() {
		until = " · until " + v.Holder.ExpiresAt.In(l.ctx.Location).Format("15:04")
		if now := l.ctx.Now(); v.Rel == client.LeaseMine && v.Known {
			until += " · " + timeLeft(v.Holder.ExpiresAt.Sub(now))
		}
	}
	prefix := ""
	switch {
	case v.Reduced:
		readOnly, v.Revoked = true, nil // nothing to take over or back
		prefix = "read-only: your role here is viewer · "
	case readOnly:
		prefix = "watching read-only · "
	}
	take := ui.KeyName(keys.TakeOver)
	switch {
	case v.Gone:
		return st.LeaseNone.Render("○ nobody drives: the session is gone")
	case v.Stale && !readOnly:
		return st.LeaseNone.Render("○ the host restarted · the lease is unconfirmed · your next message claims it")
	case v.Revoked != nil && !readOnly && v.Rel == client.LeaseMyOtherClient:
		// Taken over, and that terminal still drives: once it let go (it
		// quit, or its lease lapsed) the line says nobody drives.
		by := ""
		if v.Revoked.By != "" {
			by = " (" + ui.TerminalLabel(v.Revoked.By) + ")"
		}
		return st.LeaseLost.Render("⚠ taken over by your other terminal" + by + " · " + take + " takes it back")
	case v.Rel == client.LeaseMine:
		return st.LeaseMine.Render(prefix + "● you drive from this terminal" + until)
	case v.Rel == client.LeaseMyOtherClient:
		hint := " · " + take + " takes over"
		if readOnly {
			hint = ""
		}
		who := "your other terminal drives (" + ui.TerminalLabel(v.Holder.ClientID) + ")"
		if o := ui.OtherTerminal(v.Holder.ClientID, l.ctx.ClientID); !strings.HasPrefix(o, "your other terminal") {
			who = o + " holds it"
		}
		return st.LeaseOwn.Render(prefix + "◐ " + who + until + hint)
	case v.Rel == client.LeaseOther:
		who := ui.NameLine(v.Holder.Principal)
		if who == "" {
			who = "someone else"
		}
		watching := " · you are watching"
		if readOnly {
			watching = ""
		}
		return st.LeaseOther.Render(prefix + "○ " + who + " drives" + until + watching)
	case readOnly:
		return st.LeaseNone.Render(prefix + "○ nobody drives")
	}
	return st.LeaseNone.Render("○ nobody drives · your next message claims the lease")
}

// timeLeft words how long the lease has left, right within 5 s in its
// last ten minutes (within a minute before): "12m left", "4m 35s left",
// "35s left", each rounded up.
func timeLeft(d time.Duration) string {
	switch {
	case d <= 0:
		return "expired"
	case d >= 10*time.Minute:
		return fmt.Sprintf("%dm left", int((d+time.Minute-1)/time.Minute))
	}
	secs := int((d + 5*time.Second - 1) / (5 * time.Second) * 5)
	if secs < 60 {
		return fmt.Sprintf("%ds left", secs)
	}
	if secs%60 == 0 {
		return fmt.Sprintf("%dm left", secs/60)
	}
	return fmt.Sprintf("%dm %02ds left", secs/60, secs%60)
}

// NextShown is how long until the time left the lease line shows changes,
// for d left: the next step of 5 s in the last ten minutes, of a minute
// before them; 0 once the lease expired.
func NextShown(d time.Duration) time.Duration {
	if d <= 0 {
		return 0
	}
	step := 5 * time.Second
	if d > 10*time.Minute {
		step = time.Minute
	}
	if r := d % step; r > 0 {
		return r
	}
	return step
}
