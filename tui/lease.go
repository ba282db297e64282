package tui

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// role is what this terminal means to do with the open session.
type role int

const (
	roleDrive role = iota // drive: claim quietly when the lease is free
	roleWatch             // watch: never claim until the person asks
)

// leaseView is what the lease pane needs to draw.
type leaseView struct {
	rel      client.LeaseRelation
	holder   *client.Lease
	revoked  *client.LeaseEndValue
	role     role
	readOnly bool
	keys     *ui.KeyMap
	stale    bool // the host restarted since the lease was last confirmed
	reduced  bool // the person's role dropped to viewer: no driving, no take-over
	now      time.Time
	loc      *time.Location
}

// leaseLine is the lease pane: who drives, until when, and what this
// terminal can do about it.
func leaseLine(st *theme.Styles, v leaseView) string {
	until := ""
	if v.holder != nil && !v.holder.ExpiresAt.IsZero() {
		until = " · until " + v.holder.ExpiresAt.In(v.loc).Format("15:04")
		if v.rel == client.LeaseMine && !v.now.IsZero() {
			until += " · " + timeLeft(v.holder.ExpiresAt.Sub(v.now))
		}
	}
	prefix := ""
	switch {
	case v.reduced:
		v.readOnly, v.revoked = true, nil // nothing to take over or back
		prefix = "read-only: your role here is viewer · "
	case v.readOnly:
		prefix = "watching read-only · "
	}
	switch {
	case v.stale && !v.readOnly:
		return st.LeaseNone.Render("○ the host restarted · the lease is unconfirmed · your next message claims it")
	case v.revoked != nil && !v.readOnly:
		by := ""
		if v.revoked.By != "" {
			by = " (" + ui.TerminalLabel(v.revoked.By) + ")"
		}
		return st.LeaseLost.Render("⚠ taken over by your other terminal" + by + " · " + ui.KeyName(v.keys.TakeOver) + " takes it back")
	case v.rel == client.LeaseMine:
		return st.LeaseMine.Render(prefix + "● you drive from this terminal" + until)
	case v.rel == client.LeaseMyOtherClient:
		hint := " · " + ui.KeyName(v.keys.TakeOver) + " takes over"
		if v.readOnly {
			hint = ""
		}
		return st.LeaseOwn.Render(prefix + "◐ your other terminal drives (" +
			ui.TerminalLabel(v.holder.ClientID) + ")" + until + hint)
	case v.rel == client.LeaseOther:
		who := ui.SanitizeLine(v.holder.Principal)
		if who == "" {
			who = "someone else"
		}
		watching := " · you are watching"
		if v.readOnly {
			watching = ""
		}
		return st.LeaseOther.Render(prefix + "○ " + who + " drives" + until + watching)
	case v.readOnly:
		return st.LeaseNone.Render(prefix + "○ nobody drives")
	case v.role == roleWatch:
		return st.LeaseNone.Render("○ nobody drives · you are watching · " + ui.KeyName(v.keys.TakeOver) + " claims the lease")
	}
	return st.LeaseNone.Render("○ nobody drives · your next message claims the lease")
}

// timeLeft words how long the lease has left: minutes, then seconds.
func timeLeft(d time.Duration) string {
	switch {
	case d <= 0:
		return "expired"
	case d < time.Minute:
		return fmt.Sprintf("%ds left", int(d.Seconds()))
	}
	return fmt.Sprintf("%dm left", int(d.Minutes()))
}

// leasePane is the lease line: who drives, until when, the time left, and
// what this terminal can do about it. It keeps the lease while the person
// is here (leasekeep.go).
type leasePane struct{ *common }

// SetSize gives the line its width.
func (l *leasePane) SetSize(width, _ int) { l.width = width }

// ShortHelp lists the lease's key.
func (l *leasePane) ShortHelp() []key.Binding { return []key.Binding{l.Keys.TakeOver} }

// FullHelp lists the lease's keys.
func (l *leasePane) FullHelp() [][]key.Binding { return [][]key.Binding{l.ShortHelp()} }

// Update changes nothing: the lease's timer goes to onTick (leasekeep.go),
// routed by the root, which also learns from it whether to draw again.
func (l *leasePane) Update(tea.Msg) (tea.Cmd, bool) { return nil, false }

// View draws the lease line of the open session, with the room's policy
// at its right.
func (l *leasePane) View() string {
	s := l.sess
	v := leaseView{role: s.role, readOnly: l.cfg.Watch, keys: &l.Keys, reduced: s.reduced, loc: l.cfg.Location, stale: s.stale}
	room := ""
	if s.state != nil {
		v.now = l.cfg.Now()
		v.rel, v.holder = s.state.LeaseAt(v.now)
		v.revoked = s.state.Revoked
		room = " " + l.Styles.AuthorLabel.Render("room "+ui.SanitizeLine(roomPolicy(s.state))) + l.Styles.Rule.Render(" ──")
	}
	line := l.Styles.Rule.Render("── ") + leaseLine(l.Styles, v) + " "
	rest := l.width - xansi.StringWidth(line) - xansi.StringWidth(room)
	if rest < 1 {
		room, rest = "", l.width-xansi.StringWidth(line)
	}
	if rest < 1 {
		return ui.Pad(line, l.width)
	}
	return line + l.Styles.Rule.Render(strings.Repeat("─", rest)) + room
}
