package tui

import (
	"slices"
	"strconv"

	tea "charm.land/bubbletea/v2"

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
	if m.sess != nil {
		m.sess.SetDraft(m.composer.Value())
	}
	// a session open already stays as it is (its stream, its lease): closing
	// and opening it again would race the release with the claim
	open := map[string]*session.Session{}
	var closing []*session.Session
	for _, s := range m.tiles {
		if slices.Contains(ids, s.ID()) {
			open[s.ID()] = s
		} else {
			closing = append(closing, s)
		}
	}
	cmds := []tea.Cmd{keep, m.closeTiles(closing)}
	m.tiles, m.sess, m.transcript = nil, nil, m.empty
	for _, id := range ids {
		if s := open[id]; s != nil {
			m.tiles = append(m.tiles, s)
			continue
		}
		s, cmd := m.newSession(id)
		viewOf(s).Search().SetQuery(query)
		m.tiles = append(m.tiles, s)
		cmds = append(cmds, cmd)
	}
	m.visit, m.zoom = nil, false
	cmds = append(cmds, saveRecent(m.writes, m.cfg.Recent, ids))
	m.focusTile(0) // its draft in the composer: a draft for another session is not sent here
	m.focus = focusSession
	m.note.Say(m.openingNote())
	m.setErr(nil)
	m.layout()
	return tea.Batch(cmds...)
}

// openingNote says which tiles are still opening, "" when none is.
func (m *Model) openingNote() string {
	var opening []*session.Session
	for _, s := range m.tiles {
		if s.State() == nil {
			opening = append(opening, s)
		}
	}
	switch len(opening) {
	case 0:
		return ""
	case 1:
		return "opening " + ui.SanitizeLine(opening[0].ID()) + "…"
	}
	return "opening " + strconv.Itoa(len(opening)) + " sessions…"
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
	m.gen++
	s := session.New(m.sessions, id, m.gen, transcript.New(&m.Context))
	viewOf(s).Open(s)
	watch := m.cfg.Watch || m.cfg.NoClaim
	return s, tea.Batch(s.Open(m.me.Principal, watch),
		loadDraft(m.cfg.Drafts, s.Gen(), m.draftKey(id)), loadHistory(m.cfg.History, s.Gen(), m.draftKey(id)))
}

// closeTiles ends the streams of sessions and gives their leases up; the
// caller takes them off the wall.
func (m *Model) closeTiles(sessions []*session.Session) tea.Cmd {
	var cmds []tea.Cmd
	for _, s := range sessions {
		cmds = append(cmds, s.Close(s.Driving()))
	}
	return tea.Batch(cmds...)
}

// closeSession ends the focused session's stream and gives its lease up;
// the next tile, if any, takes the focus.
func (m *Model) closeSession() tea.Cmd {
	s := m.sess
	if s == nil {
		return nil
	}
	i := m.tileOf(s)
	m.tiles = append(m.tiles[:i:i], m.tiles[i+1:]...)
	m.sess, m.transcript = nil, m.empty
	if len(m.tiles) > 0 {
		m.focusTile(min(i, len(m.tiles)-1))
	}
	return s.Close(s.Driving())
}

// current is the open session whose generation gen is, nil when none is:
// a message of a session closed since is dropped.
func (c *common) current(gen int) *session.Session {
	for _, s := range c.tiles {
		if s.Gen() == gen {
			return s
		}
	}
	return nil
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
