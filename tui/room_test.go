package tui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
)

// keyTab and the room's keys as the terminal sends them.
var (
	keyTab      = tea.KeyPressMsg{Code: tea.KeyTab}
	keyShiftTab = tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
	keyF2       = tea.KeyPressMsg{Code: tea.KeyF2}
)

// chimeArrives is a chime.received event of s1.
func chimeArrives(m *Model, seq int64, id, author, text string) tea.Msg {
	v, _ := json.Marshal(client.ChimeValue{ChimeID: id, Author: author, Text: text})
	return on(m, event(seq, client.EvChimeReceived, string(v)))
}

// chimeResolved is a chime.resolved event of s1.
func chimeResolved(m *Model, seq int64, id string, accepted bool) tea.Msg {
	v, _ := json.Marshal(client.ChimeResolvedValue{ChimeID: id, Accepted: accepted, CommandID: "chime-" + id, By: "cli-me"})
	return on(m, event(seq, client.EvChimeResolved, string(v)))
}

// watching is session s1 open at 80x24 while another terminal of the
// person's drives it, after choosing to watch.
func watching(t *testing.T) *Model {
	other := lease("user:ada", "cli-other")
	m := opened(t, testConfig(t), 80, 24, snapshot(other), leaseHeld(other, true))
	feed(m, keyEsc) // the offer: esc watches
	return m
}

// roomCase is a room screen: the steps from a driven session, or a
// watched one.
type roomCase struct {
	name  string
	watch bool
	steps steps
}

// roomCases are the room's screens.
func roomCases() []roomCase {
	bo := client.Chime{ChimeID: "c1", Author: "Bo", Text: "Try the archive."}
	return []roomCase{
		{name: "chime arrives", steps: func(m *Model) []tea.Msg {
			return []tea.Msg{chimeArrives(m, 5, "c1", "Bo", "Try the archive.")}
		}},
		{name: "room focused", steps: func(m *Model) []tea.Msg {
			return []tea.Msg{chimeArrives(m, 5, "c1", "Bo", "Try the archive."),
				chimeArrives(m, 6, "c2", "Cy", "And the \x1b[2J census."), keyTab, keyUp}
		}},
		{name: "long chime read whole", steps: func(m *Model) []tea.Msg {
			return []tea.Msg{chimeArrives(m, 5, "c1", "Bo", strings.Repeat("A long thought about the census, ", 8)), keyTab}
		}},
		{name: "many chimes", steps: func(m *Model) []tea.Msg {
			var out []tea.Msg
			for i := 1; i <= 7; i++ {
				out = append(out, chimeArrives(m, int64(4+i), fmt.Sprintf("c%d", i), "Bo", fmt.Sprintf("idea number %d", i)))
			}
			return out
		}},
		{name: "chime accepted", steps: func(m *Model) []tea.Msg {
			return []tea.Msg{chimeArrives(m, 5, "c1", "Bo", "Try the archive."), keyTab, press('a'), keyEnter,
				session.ResolvedMsg{Gen: m.tiles.Gen(), Accept: true, Chime: bo, Res: &client.ChimeResult{Accepted: true, ChimeID: "c1", CommandID: "chime-c1"}},
				chimeResolved(m, 6, "c1", true),
				on(m, event(7, client.EvMessageCompleted, `{"entryId":"e4","role":"user","text":"[Bo collaborator]\nTry the archive.","timestamp":"2026-10-14T09:31:00Z"}`)),
				on(m, event(8, client.EvRunStarted, `{"runId":"r2"}`))}
		}},
		{name: "chime rejected", steps: func(m *Model) []tea.Msg {
			return []tea.Msg{chimeArrives(m, 5, "c1", "Bo", "Try the archive."), keyTab, press('x'), keyEnter,
				session.ResolvedMsg{Gen: m.tiles.Gen(), Chime: bo, Res: &client.ChimeResult{ChimeID: "c1"}},
				chimeResolved(m, 6, "c1", false)}
		}},
		{name: "policy changed", steps: func(m *Model) []tea.Msg {
			return []tea.Msg{keyTab, press('p'), keyEnter, session.PolicyMsg{Gen: m.tiles.Gen(), Policy: client.PolicyCoDrive},
				on(m, event(5, client.EvRoomPolicy, `{"policy":"co-drive"}`))}
		}},
		{name: "policy refused", steps: func(m *Model) []tea.Msg {
			return []tea.Msg{keyTab, press('P'), keyEnter, session.PolicyMsg{Gen: m.tiles.Gen(), Policy: client.PolicyMute,
				Err: &client.Error{Code: client.CodeLeaseRequired, Message: "claim the lease first"}}}
		}},
		{name: "watcher cannot accept", watch: true, steps: func(m *Model) []tea.Msg {
			return []tea.Msg{chimeArrives(m, 5, "c1", "Bo", "Try the archive."), keyTab, press('a'), keyEnter}
		}},
		{name: "watching, enter offers the take-over", watch: true, steps: func(m *Model) []tea.Msg {
			return append(typing("look at 2024"), keyEnter)
		}},
	}
}

// TestRoom is the room pane: chimes arriving, accepted, rejected, the
// policy changed, and enter while watching (the person's own session: the
// take-over is offered, never a chime).
func TestRoom(t *testing.T) {
	t.Parallel()
	cases := roomCases()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := driven(t, 80, 24)
			if c.watch {
				m = watching(t)
			}
			feed(m, c.steps(m)...)
			drawnAs(t, m, roomOf, overlayOf, leaseOf, statusOf)
		})
	}
}

// TestRoomKeysSendTheRightRequests: accept and reject name the selected
// chime; p steps the policy forward and P back.
func TestRoomKeysSendTheRightRequests(t *testing.T) {
	t.Parallel()
	m := driven(t, 80, 24)
	feed(m, chimeArrives(m, 5, "c1", "Bo", "one"), chimeArrives(m, 6, "c2", "Cy", "two"), keyTab)
	if m.focus != focusRoom {
		t.Fatalf("tab focused %d, want the room", m.focus)
	}
	if m.room.Selected() != 0 {
		feed(m)
	}
	feed(m, keyDown, press('a'))
	if m.note.Text() != "a: enter accepts Cy's chime “two” · typing goes to the composer" {
		t.Errorf("a after ↓ did not ask for enter: note %q", m.note.Text())
	}
	if _, cmd := m.Update(keyEnter); cmd == nil || m.note.Text() != "accepting Cy's chime “two”…" {
		t.Errorf("a after ↓: note %q", m.note.Text())
	}
	feed(m, keyEsc)
	if m.focus != focusSession {
		t.Errorf("esc in the room left the focus at %d", m.focus)
	}
	feed(m, keyShiftTab)
	if m.focus != focusEntries {
		t.Errorf("shift+tab from the composer focused %d, want the entries", m.focus)
	}
}
