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

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// LeaseView is what the lease line shows: the lease as this terminal sees
// it, and what this terminal means to do.
type LeaseView struct {
	Known    bool                // the session's state has arrived
	Rel      wire.LeaseRelation  // who holds the lease, seen from here
	Holder   *wire.Lease         // the lease, nil when nobody holds it
	Revoked  *wire.LeaseEndValue // this terminal's lease was taken over
	Watching bool                // this terminal watches: it claims only when asked
	Stale    bool                // the host restarted since the lease was last confirmed
	Reduced  bool                // the person's role dropped to viewer: no driving, no take-over
	Policy   string              // the room's policy
	Gone     bool                // the session was deleted (or is no longer the person's)
}

// Lease is the lease line: who drives, until when, the time left, and what
// this terminal can do about it, with the room's policy at its right.
type Lease struct {
	ctx   *ui.Context
	width int
	v     LeaseView
	drawn leaseDrawn // the last line drawn and what it was drawn from
}

// leaseDrawn is a lease line drawn and everything it was drawn from, so a
// frame whose lease line would not change (most of them: a key typed, a
// delta) draws it no more.
type leaseDrawn struct {
	v                LeaseView // its pointers left nil: their values below
	holder           wire.Lease
	revoked          wire.LeaseEndValue
	hasHolder, hasRv bool
	width            int
	left             string // the time left as the line says it
	styles           *theme.Styles
	loc              *time.Location
	watch            bool
	clientID, take   string // this terminal's id, the take-over key's name
	line             string
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

// View draws the lease line at its width (again only when what it shows
// changed).
func (l *Lease) View() string {
	c := l.ctx
	d := leaseDrawn{v: l.v, width: l.width, styles: c.Styles, loc: c.Location, watch: c.Watch,
		clientID: c.ClientID, take: ui.KeyName(c.Keys.TakeOver)}
	d.v.Holder, d.v.Revoked = nil, nil
	if h := l.v.Holder; h != nil {
		d.holder, d.hasHolder = *h, true
		d.left = timeLeft(h.ExpiresAt.Sub(l.ctx.Now()))
	}
	if r := l.v.Revoked; r != nil {
		d.revoked, d.hasRv = *r, true
	}
	if d.line = l.drawn.line; d != l.drawn || d.line == "" {
		d.line = l.draw()
	}
	l.drawn = d
	return d.line
}

// draw draws the lease line at its width.
func (l *Lease) draw() string {
	st := l.ctx.Styles
	room := ""
	if l.v.Known {
		room = " " + st.AuthorLabel.Render("room "+ui.NameLine(l.v.Policy)) + st.Rule.Render(" ──")
	}
	line := st.Rule.Render("── ") + l.line(false) + " "
	if xansi.StringWidth(line)+xansi.StringWidth(room)+1 > l.width {
		line = st.Rule.Render("── ") + l.line(true) + " " // the time left before the words, and room for the policy
	}
	rest := l.width - xansi.StringWidth(line) - xansi.StringWidth(room)
	if rest < 1 {
		room, rest = "", l.width-xansi.StringWidth(line)
	}
	if rest < 1 {
		return ui.Pad(line, l.width)
	}
	return line + st.Rule.Render(strings.Repeat("─", rest)) + room
}

// line says who drives, until when, and what this terminal can do; short,
// this terminal's lease says only that it drives and the time left (a
// narrow terminal cut the long line before it).
func (l *Lease) line(short bool) string {
	v, st, keys := l.v, l.ctx.Styles, &l.ctx.Keys
	readOnly := l.ctx.Watch
	until := ""
	if v.Holder != nil && !v.Holder.ExpiresAt.IsZero() {
		at := v.Holder.ExpiresAt.In(l.ctx.Location)
		until = " · until " + at.Format("15:04")
		if now := l.ctx.Now(); v.Rel == wire.LeaseMine && v.Known {
			// This terminal's lease: the expiry to the second, as the
			// time left is said in whole minutes until the last one.
			left := timeLeft(v.Holder.ExpiresAt.Sub(now))
			if short && !l.ctx.Watch && !v.Reduced && !v.Stale && !v.Gone {
				return st.LeaseMine.Render("● you drive · " + left + " · until " + at.Format("15:04:05"))
			}
			until = " · until " + at.Format("15:04:05") + " · " + left
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
	case v.Revoked != nil && !readOnly && v.Rel == wire.LeaseMyOtherClient:
		// Taken over, and that terminal still drives: once it let go (it
		// quit, or its lease lapsed) the line says nobody drives.
		by := ""
		if v.Revoked.By != "" {
			by = " (" + ui.TerminalLabel(v.Revoked.By) + ")"
		}
		return st.LeaseLost.Render("⚠ taken over by your other terminal" + by + " · " + take + " takes it back")
	case v.Rel == wire.LeaseMine:
		return st.LeaseMine.Render(prefix + "● you drive from this terminal" + until)
	case v.Rel == wire.LeaseMyOtherClient:
		hint := " · " + take + " takes over"
		if readOnly {
			hint = ""
		}
		who := "your other terminal drives (" + ui.TerminalLabel(v.Holder.ClientID) + ")"
		if o := ui.OtherTerminal(v.Holder.ClientID, l.ctx.ClientID); !strings.HasPrefix(o, "your other terminal") {
			who = o + " holds it"
		}
		return st.LeaseOwn.Render(prefix + "◐ " + who + until + hint)
	case v.Rel == wire.LeaseOther:
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

// timeLeft words how long the lease has left, true whenever it is drawn
// while changing at most once a minute until the last one (the lease line
// also names the expiry to the second): "5m left" on the minute, "under
// 5m left" between 4 and 5 minutes, "35s left" in 5 s steps (rounded up)
// in the last minute.
func timeLeft(d time.Duration) string {
	switch {
	case d <= 0:
		return "expired"
	case d > time.Minute && d%time.Minute == 0:
		return fmt.Sprintf("%dm left", int(d/time.Minute))
	case d > time.Minute:
		return fmt.Sprintf("under %dm left", int((d+time.Minute-1)/time.Minute))
	}
	return fmt.Sprintf("%ds left", int((d+5*time.Second-1)/(5*time.Second)*5))
}

// NextShown is how long until the time left a lease line shows changes
// (ui.NextShown).
func NextShown(d time.Duration) time.Duration { return ui.NextShown(d) }
