package tui

import (
	"slices"
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/panes"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/transcript"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// open closes the open sessions (releasing their leases) and opens id.
func (m *Model) open(id string) tea.Cmd { return m.openTiles([]string{id}) }

// openTiles closes the open sessions (releasing their leases and keeping
// their drafts) and opens ids, one tile each, the first focused.
func (m *Model) openTiles(ids []string) tea.Cmd {
	ids = distinct(ids)
	query := m.transcript.Search().Query() // the person's last search goes on
	keep := m.saveDrafts()
	if s := m.tiles.Focused(); s != nil {
		s.SetDraft(m.composer.Value())
	}
	// a session open already stays as it is (its stream, its lease): closing
	// and opening it again would race the release with the claim
	open := map[string]*session.Session{}
	var closing []*session.Session
	for _, s := range m.tiles.All() {
		if slices.Contains(ids, s.ID()) {
			open[s.ID()] = s
		} else {
			closing = append(closing, s)
		}
	}
	cmds := []tea.Cmd{keep, session.CloseAll(closing)}
	m.transcript = m.empty
	var tiles []*session.Session
	for _, id := range ids {
		if s := open[id]; s != nil {
			tiles = append(tiles, s)
			continue
		}
		s, cmd := m.newSession(id)
		viewOf(s).Search().SetQuery(query)
		tiles = append(tiles, s)
		cmds = append(cmds, cmd)
	}
	m.tiles.Set(tiles)
	m.visit, m.zoom = nil, false
	cmds = append(cmds, saveRecent(m.writes, m.cfg.Recent, ids))
	m.focusTile(0) // its draft in the composer: a draft for another session is not sent here
	m.focus = focusSession
	m.note.Say(m.tiles.OpeningNote())
	m.setErr(nil)
	return tea.Batch(cmds...)
}

// joinWall opens id, a session this terminal just made (a new one, a
// fork), focused: beside the sessions of a wall, which it joins, or alone
// when one session or none is open. It returns the words that say so.
func (m *Model) joinWall(id string) (tea.Cmd, string) {
	open := m.tiles.All()
	if len(open) < 2 {
		return m.open(id), ""
	}
	ids := make([]string, 0, len(open)+1)
	for _, s := range open {
		ids = append(ids, s.ID())
	}
	ids = distinct(append(ids, id))
	cmd := m.openTiles(ids)
	m.focusTile(slices.Index(ids, id))
	return cmd, "it joined the wall: " + strconv.Itoa(len(ids)) + " sessions open (" + ui.KeyName(m.Keys.Zoom) + " shows it alone)"
}

// viewOf is the transcript of s: the root gives each session a
// *transcript.Transcript (newSession), which s tells what changed.
func viewOf(s *session.Session) *transcript.Transcript { return s.View().(*transcript.Transcript) }

// distinct is ids without repeats, in their order.
func distinct(ids []string) []string {
	var out []string
	for _, id := range ids {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// newSession makes a session of id, its transcript, and the command that
// opens it (the claim unless watching, the snapshot, its kept draft).
func (m *Model) newSession(id string) (*session.Session, tea.Cmd) {
	s := m.tiles.Make(id, transcript.New(&m.Context))
	viewOf(s).Open(s)
	if ttl := m.ttls[id]; ttl > 0 {
		s.KeepTTL(time.Duration(ttl) * time.Millisecond)
	}
	watch := m.cfg.Watch || m.cfg.NoClaim || m.watched[id]
	return s, tea.Batch(s.Open(m.me.Principal, watch),
		loadDraft(m.cfg.Drafts, s.Gen(), m.draftKey(id)), loadHistory(m.cfg.History, s.Gen(), m.draftKey(id)))
}

// closeSession ends the focused session's stream and gives its lease up;
// the next tile, if any, takes the focus.
func (m *Model) closeSession() tea.Cmd {
	s := m.tiles.Focused()
	if s == nil {
		return nil
	}
	i, _ := m.tiles.Drop(s)
	m.transcript = m.empty
	if n := len(m.tiles.All()); n > 0 {
		m.focusTile(min(i, n-1))
	}
	return s.Close(s.Driving())
}

// keepFocus moves the focus off a pane that has nothing left to show.
func (m *Model) keepFocus() {
	switch {
	case m.focus == focusQueue && len(m.laneItems()) == 0:
		m.focus = focusSession
	case m.focus == focusEntries && !m.transcript.HasSelectable():
		m.focus = focusSession
	}
}

// laneItems are the focused session's waiting commands
// (session.Session.LaneItems).
func (m *Model) laneItems() []panes.LaneItem {
	if s := m.tiles.Focused(); s != nil {
		return s.LaneItems()
	}
	return nil
}
