package session

import (
	"fmt"
	"strings"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// TileLines is the session's tile of the wall, w cells wide: its header
// over its transcript (laid out by the root), or what stands in for it
// while it opens; focused says the tile has the focus.
func (s *Session) TileLines(w int, focused bool) []string {
	out := []string{s.tileHeader(w, focused)}
	if s.state == nil {
		return append(out, s.cfg.UI.Styles.Notice.Render(ui.Pad("  opening "+ui.NameLine(s.id)+"…", w)))
	}
	return append(out, s.view.Lines()...)
}

// tileHeader is a tile's first line: the focus mark, what needs the person,
// the title, and the session's facts: profile and model, the run (its turn
// and cost against the budget), who drives and the chimes pending.
func (s *Session) tileHeader(w int, focused bool) string {
	st := s.cfg.UI.Styles
	mark, style, here := "  ", st.HeaderDim, ""
	if focused {
		mark, style, here = "▸ ", st.Header, st.Key.Render("you type here")+st.HeaderDim.Render(" · ")
	}
	if s.needs != "" && !focused {
		mark = st.StatusWarn.Render("! ")
	}
	if s.state == nil {
		return ui.Pad(mark+style.Render(ui.NameLine(s.id)), w)
	}
	title, facts := ui.TitleLine(s.state.Title()), " · "+s.tileFacts(focused)
	if s.needs != "" && !focused && xansi.StringWidth(mark+title+facts) > w {
		// a long title never hides why the tile is marked: it is cut for
		// that, and the other facts go
		room := max(w-xansi.StringWidth(mark)-xansi.StringWidth(" · "+s.needs), tileTitleMin)
		title, facts = xansi.Truncate(title, room, "…"), " · "+s.needs
	}
	return ui.Pad(mark+here+style.Render(title)+st.HeaderDim.Render(facts), w)
}

// tileTitleMin is the fewest cells a marked tile's title is cut to, so
// that what needs the person, after it, still shows.
const tileTitleMin = 8

// tileFacts is what a tile's header says of its session: what needs the
// person first, then the kind, the run, who drives and the chimes.
func (s *Session) tileFacts(focused bool) string {
	st := s.state
	var facts []string
	if s.needs != "" && !focused { // first, where a narrow tile still shows it
		facts = append(facts, s.needs)
	}
	facts = append(facts, ui.PickerKind(st.Session))
	run := st.Run.String()
	if st.Run == client.RunRunning {
		b := st.Session.Budget
		run += fmt.Sprintf(" · turn %d", st.Usage.Turns+1)
		if b.MaxTurns > 0 {
			run += fmt.Sprintf("/%d", b.MaxTurns)
		}
		run += fmt.Sprintf(" $%.4f", st.Usage.CostUSD)
		if b.MaxCostUSD > 0 {
			run += fmt.Sprintf("/$%.2f", b.MaxCostUSD)
		}
	}
	facts = append(facts, run, s.tileDriver())
	if n := len(st.Chimes); n > 0 {
		facts = append(facts, fmt.Sprintf("%d chime%s", n, map[bool]string{true: "", false: "s"}[n == 1]))
	}
	return strings.Join(facts, " · ")
}

// tileDriver says who drives a tile's session, seen from this terminal.
func (s *Session) tileDriver() string {
	rel, holder := s.state.LeaseAt(s.cfg.UI.Now())
	switch rel {
	case client.LeaseMine:
		return "you drive"
	case client.LeaseMyOtherClient:
		return "your other terminal drives"
	case client.LeaseOther:
		return ui.NameLine(holder.Principal) + " drives"
	}
	return "nobody drives"
}

// Placeholder is the composer's hint for what enter does now in the
// session: who drives, and what the send key, the take-over key and the
// others do then.
func (s *Session) Placeholder() string {
	rel := client.LeaseNone
	var holder *client.Lease
	if s.state != nil {
		rel, holder = s.state.LeaseAt(s.cfg.UI.Now())
	}
	k := &s.cfg.UI.Keys
	send, take := ui.KeyName(k.Send), ui.KeyName(k.TakeOver)
	switch {
	case s.reduced:
		return "your role here is viewer: you may read this session, not drive it"
	case rel == client.LeaseMyOtherClient:
		who, _, _ := strings.Cut(ui.OtherTerminal(holder.ClientID, s.cfg.UI.ClientID), " (")
		return who + " drives · " + send + " offers to take over · " + take + " takes over"
	case rel == client.LeaseOther:
		return "someone else holds the lease · you are watching"
	case rel == client.LeaseNone && s.state != nil:
		return "nobody drives · " + send + " claims the lease and sends · " + ui.KeyName(k.Newline) + " newline"
	case s.state != nil && s.state.Run == client.RunRunning:
		return send + " queues a follow-up · " + ui.KeyName(k.Steer) + " steers · " + ui.KeyName(k.Abort) + " aborts"
	}
	return "write a message · " + send + " sends · " + ui.KeyName(k.Newline) + " newline"
}
