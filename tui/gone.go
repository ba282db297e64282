package tui

import (
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// A session deleted while it is open (session.deleted, from another of the
// person's terminals or clients), or whose stream ended not_found, is gone:
// every request for it is not_found. The composer closes, and where it was
// a line says where the session went and what is left to do; nothing that
// would reach the host for it is sent.

// goneWords say where the session went and what is left to do.
func (m *Model) goneWords(s *session.Session) string {
	sessions := ui.KeyName(m.Keys.Sessions)
	if s.State == nil || !s.State.Deleted {
		return "this session is gone (deleted elsewhere, or no longer yours): nothing more is sent here · " +
			sessions + " shows your sessions"
	}
	where := "the host's trash"
	if t := ui.NameLine(s.State.TrashedAs); t != "" {
		where += " (" + t + ")"
	}
	return "this session was deleted: it is in " + where + " and nothing more is sent here · " +
		sessions + " shows your sessions"
}

// goneLines stand where the composer was: what goneWords say, wrapped.
func (m *Model) goneLines(s *session.Session) []string {
	var out []string
	for i, l := range ui.WrapPlain(m.goneWords(s), max(m.width-2, 10)) {
		lead := "✗ "
		if i > 0 {
			lead = "  "
		}
		out = append(out, ui.Pad(m.Styles.StatusWarn.Render(lead+l), m.width))
	}
	return out
}

// refuseGone says why nothing is sent, and reports whether s is gone.
func (m *Model) refuseGone(s *session.Session) bool {
	if !s.Gone() {
		return false
	}
	m.note = "nothing is sent: this session is gone"
	return true
}
