package tui

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Stopping a run, and quitting. esc (and ctrl+c while a run is under way)
// aborts the run. The follow-ups this terminal queued behind it are held
// back first (cancelled while still queued, so that no host runs them on
// its own, whichever way it treats a queue at an abort), and once the abort
// is answered a question asks whether they still go: back in the composer
// (marked) or sent now, in order. What the host did with the other queued
// commands is said from its events. ctrl+c on an idle, empty composer asks
// for a second press, which quits within quitWindow.

// quitWindow is how soon a second ctrl+c must follow the first to quit.
const quitWindow = 3 * time.Second

// heldBack puts the held follow-ups back in the composer.
type heldBack struct {
	rootAct
	gen   int
	texts []string
}

// sendHeld sends the held follow-ups again, in order.
type sendHeld struct {
	rootAct
	gen   int
	texts []string
}

// onQuitKey answers ctrl+c: it closes the search bar; while a run this
// terminal drives is under way, it aborts it (as esc does); a draft is
// cleared into the history; on an idle, empty composer a first press asks
// for a second, which quits.
func (m *Model) onQuitKey() tea.Cmd {
	if top := m.top(); top != nil && top == m.quitAsk { // asked already: ctrl+c answers quit, keeping it
		return tea.Quit
	}
	if m.top() == nil && m.focus == focusSearch { // the search bar: ctrl+c closes it, as esc does
		m.transcript.Search().Close()
		m.focus = focusSession
		m.note.DisarmQuit()
		m.note.Say("search closed")
		return nil
	}
	s := m.tiles.Focused()
	running := s != nil && s.State() != nil && s.State().Run == client.RunRunning
	if running && m.top() == nil && !s.Stopping() && s.Driving() && !m.cfg.Watch && m.focus != focusVisit {
		m.note.DisarmQuit()
		cmd := m.abort()
		m.note.Say("stopping the run: " + ui.KeyName(m.Keys.Quit) + " does as " + ui.KeyName(m.Keys.Abort) + " does · " + m.note.Text())
		return cmd
	}
	composing := m.top() == nil && (m.focus == focusSession || m.focus == focusVisit) && !m.cfg.Watch
	if composing && !m.composer.Blank() {
		keep := m.remember(m.composer.Value())
		m.composer.SetValue("")
		m.note.DisarmQuit()
		m.note.Say("draft cleared: " + ui.KeyName(m.Keys.Up) + " brings it back")
		return keep
	}
	now := m.cfg.Now()
	if m.note.QuitsNow(now, quitWindow) {
		m.note.DisarmQuit()
		if m.askQuit() {
			return nil
		}
		return tea.Quit
	}
	m.note.ArmQuit(now)
	m.note.Say(ui.KeyName(m.Keys.Quit) + " again quits")
	if running && s.Stopping() {
		m.note.Say("the run is still stopping: " + ui.KeyName(m.Keys.Quit) + " again quits anyway")
	}
	return nil
}

// abort stops the focused session's run under way, when this terminal
// drives (session.Session.Abort).
func (m *Model) abort() tea.Cmd {
	if m.tiles.Focused() == nil {
		return nil
	}
	cmd, act := m.tiles.Focused().Abort()
	return tea.Batch(cmd, m.act(act, nil))
}

// askHeld asks whether the follow-ups an abort held back still go: back in
// the composer, or sent now, in order.
func (m *Model) askHeld(a session.AskHeld) {
	lines := make([]string, len(a.Texts))
	for i, t := range a.Texts {
		lines[i] = "  · " + ui.SanitizeLine(ui.ClipRunes(t, 60))
	}
	what := "The follow-up you queued behind it was held back, not sent:"
	ask, back, send := "Does it still go?", "no: back in the composer", "yes: send it now"
	if len(a.Texts) > 1 {
		what = fmt.Sprintf("The %d follow-ups you queued behind it were held back, not sent:", len(a.Texts))
		ask, send = "Do they still go?", "yes: send them now, in order"
	}
	m.push(dialog.NewChoice(&m.Context, "Run aborted", what+"\n"+strings.Join(lines, "\n")+"\n"+ask,
		[]dialog.Option{
			{Label: back, Act: heldBack{gen: a.Gen, texts: a.Texts}},
			{Label: send, Act: sendHeld{gen: a.Gen, texts: a.Texts}},
		}, 0, false))
}
