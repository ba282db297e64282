package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
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

// onQuitKey answers ctrl+c with no dialog showing (at a dialog it closes
// the dialog with its safe answer: the stack's rule): it closes the search
// bar; while a run this
// terminal drives is under way, it aborts it (as esc does); a draft is
// cleared into the history; on an idle, empty composer a first press asks
// for a second, which quits.
func (m *Model) onQuitKey() tea.Cmd {
	if m.focus == focusSearch { // the search bar: ctrl+c closes it, as esc does
		m.transcript.Search().Close()
		m.focus = focusSession
		m.note.DisarmQuit()
		m.note.Say("search closed")
		return nil
	}
	s := m.tiles.Focused()
	running := s != nil && s.State() != nil && s.State().Run == client.RunRunning
	if running && !s.Stopping() && s.Driving() && !m.cfg.Watch && m.focus != focusVisit {
		m.note.DisarmQuit()
		cmd := m.do(s.Abort())
		m.note.Say("stopping the run: " + ui.KeyName(m.Keys.Quit) + " does as " + ui.KeyName(m.Keys.Abort) + " does · " + m.note.Text())
		return cmd
	}
	composing := (m.focus == focusSession || m.focus == focusVisit) && !m.cfg.Watch
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
	m.note.Say(ui.KeyName(m.Keys.Quit) + " again quits" + m.tiles.RunsElsewhere())
	if running && s.Stopping() {
		m.note.Say("the run is still stopping: " + ui.KeyName(m.Keys.Quit) + " again quits anyway")
	}
	return nil
}
