package tui

import (
	"strings"

	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/panes"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Quitting with a message unanswered. A text command of this terminal's
// still on its way ("sending…") or whose answer was lost ("no answer yet")
// is not in the composer: quitting would drop it silently. The quit key
// asks first; quitting anyway keeps it with the draft, by its requestId
// (Drafts), and the next run puts it back in the queue lane, where enter
// sends the same request again: the host replays it or runs it once. The
// signal paths (SIGHUP, SIGTERM, the terminal gone) keep it the same way,
// with no question.

// quitAnyway quits once the person said so.
type quitAnyway struct{ rootAct }

// askQuit asks before quitting when a message has no answer yet, and
// reports whether it asked.
func (m *Model) askQuit() bool {
	var lines []string
	for _, s := range m.tiles.All() {
		u := s.Unanswered()
		if u == nil {
			continue
		}
		state := "no answer yet"
		if s.Outbound() == u {
			state = "sending…"
		}
		lines = append(lines, "  · "+panes.OpWord(u.Op)+" “"+ui.SanitizeLine(ui.ClipRunes(u.Text, 50))+"”: "+state)
	}
	if v := m.visit; v != nil && v.Unanswered() != nil {
		u, state := v.Unanswered(), "no answer yet"
		if v.Outbound() == u {
			state = "sending…"
		}
		lines = append(lines, "  · chime “"+ui.SanitizeLine(ui.ClipRunes(u.Text, 50))+"”: "+state)
	}
	if len(lines) == 0 || m.cfg.Watch {
		return false
	}
	what := "A message you sent has no answer from the host yet:"
	if len(lines) > 1 {
		what = "Messages you sent have no answer from the host yet:"
	}
	body := what + "\n" + strings.Join(lines, "\n") + "\n\nQuit anyway? It is kept as the draft, with its request: " +
		"when you open the session again, " + ui.KeyName(m.Keys.Send) + " sends the same request, which the host runs once."
	d := dialog.NewChoice(&m.Context, "Not answered yet", body, []dialog.Option{
		{Label: "stay"},
		{Label: "quit anyway, and keep it as the draft", Act: quitAnyway{}},
	}, 0)
	m.push(d)
	m.note.Say(ui.KeyName(m.Keys.Down) + " " + ui.KeyName(m.Keys.Open) + " quits anyway, keeping it · " +
		ui.KeyName(m.Keys.Quit) + " or " + ui.KeyName(m.Keys.Dismiss) + " stays")
	return true
}
