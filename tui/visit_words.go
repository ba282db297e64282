package tui

import (
	"strings"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// A chimer cannot read the session it chimes into (only its owner does: to
// anyone else it is not_found), so all it learns is each chime's answer:
// held pending, submitted at once, or refused. The visit says that, with
// when it was learnt, and never a later state of the room as a present
// fact: what the driver did with a pending chime, or the room's policy
// since, cannot be known here.

// chimeWords says what the room did with a chime, answered at at: the
// words for the chime's line and the status line, and what the answer says
// of the room, for the rule line.
func (m *Model) chimeWords(r *client.ChimeResult, at time.Time) (words, room string) {
	when := at.In(m.cfg.Location).Format("15:04")
	switch {
	case r == nil:
		return "sent at " + when, ""
	case !r.Accepted:
		return "refused at " + when + ": " + refusedWhy(r.Reason), "chimes were refused (observe or mute)"
	case r.Status == "submitted":
		return "went in at once (co-drive) at " + when, "chimes went in at once (co-drive)"
	}
	return "sent at " + when + " · held for the driver to decide", "chimes waited for the driver (suggest)"
}

// pendingUnseen is said under a chime the driver decides on, and on the
// status line: what the driver did with it is never known here.
const pendingUnseen = "its outcome is not visible from here: only the session's owner reads it"

// refusedWhy words the host's reason for a refused chime in the past: the
// room's mode when the host names it, else the host's own words.
func refusedWhy(reason string) string {
	r := strings.ToLower(reason)
	switch {
	case strings.Contains(r, "observe"):
		return "the room was in observe mode"
	case strings.Contains(r, "mute"):
		return "the room was in mute mode"
	case strings.TrimSpace(reason) == "":
		return "the room took no chimes then"
	}
	return "the host said: " + ui.SanitizeLine(reason)
}

// roomAsOf is the visit's rule line: what the last answer said of the
// room, with its time, or that nothing is known yet.
func (m *Model) roomAsOf() string {
	v := m.visit
	if v == nil || v.room == "" {
		return "you chime into this room · nothing known of it yet"
	}
	return "as of " + v.roomAt.In(m.cfg.Location).Format("15:04") + ": " + v.room
}
