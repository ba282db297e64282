package visit

import (
	"strings"
	"time"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// A chimer cannot read the session it chimes into (only its owner does: to
// anyone else it is not_found), so all it learns is each chime's answer:
// held pending, submitted at once, or refused. The visit says that, with
// when it was learnt, and never a later state of the room as a present
// fact: what the driver did with a pending chime, or the room's policy
// since, cannot be known here.

// intro is the screen's explanation, above the chimes sent.
const intro = "You are chiming into another person's session. What you write goes to its driver " +
	"as a chime, with your name: under suggest it waits for the driver to accept or reject it, " +
	"under co-drive it goes in at once, and observe or mute refuse it. Only the session's owner " +
	"reads its transcript, so what the driver does with a waiting chime is not shown here."

// bodyIndent is the indent of the explanation and the chimes' text (the
// transcript's).
const bodyIndent = "  "

// chimeWords says what the room did with a chime, answered at at: the
// words for the chime's line and the status line, and what the answer says
// of the room, for the rule line.
func (v *Visit) chimeWords(r *client.ChimeResult, at time.Time) (words, room string) {
	when := at.In(v.ctx.Location).Format("15:04")
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

// roomAsOf is what the last answer said of the room, with its time, or
// that nothing is known yet.
func (v *Visit) roomAsOf() string {
	if v.room == "" {
		return "you chime into this room · nothing known of it yet"
	}
	return "as of " + v.roomAt.In(v.ctx.Location).Format("15:04") + ": " + v.room
}

// Rule is the line under the chimes, w wide: what the room was, as the
// last answer said.
func (v *Visit) Rule(w int) string {
	st := v.ctx.Styles
	rule := st.Rule.Render("── ") + st.AuthorLabel.Render("✉ "+v.roomAsOf()) + " "
	return ui.Pad(rule+st.Rule.Render(strings.Repeat("─", max(w-xansi.StringWidth(rule), 0))), w)
}

// Lines is the explanation and the chimes sent, the newest at the bottom,
// w wide: exactly h lines.
func (v *Visit) Lines(w, h int) []string {
	st := v.ctx.Styles
	tw := w - len(bodyIndent)
	out := []string{""}
	for _, l := range ui.WrapPlain(intro, tw) {
		out = append(out, bodyIndent+st.Notice.Render(l))
	}
	for _, c := range v.sent {
		out = append(out, "", v.sentHeader(c, w))
		for _, l := range ui.WrapPlain(ui.Sanitize(c.text), tw) {
			out = append(out, bodyIndent+st.Body.Render(l))
		}
		if c.pending {
			for _, l := range ui.WrapPlain(pendingUnseen, tw) {
				out = append(out, bodyIndent+st.Notice.Render(l))
			}
		}
	}
	if len(out) > h {
		out = out[len(out)-h:]
	}
	for len(out) < h {
		out = append(out, "")
	}
	return out
}

// sentHeader is a sent chime's first line, w wide: what the room did with
// it, and when (the outcome's words carry the time).
func (v *Visit) sentHeader(c sentChime, w int) string {
	st := v.ctx.Styles
	style := st.StatusGood
	if !c.ok {
		style = st.StatusError
	}
	return ui.Pad(st.UserLabel.Render("you → chime")+st.Time.Render(" · ")+style.Render(c.outcome), w)
}
