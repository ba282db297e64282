package tui

import (
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/transcript"
)

// openTiles closes the open sessions (releasing their leases and keeping
// their drafts) and opens ids, one tile each, tile focus focused (the
// first, 0, but for a session joining a wall): the others never have it,
// so what needs the person in them stays marked.
func (m *Model) openTiles(ids []string, focus int) tea.Cmd {
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
	m.visit = nil
	cmds = append(cmds, m.keep.SaveRecent(ids))
	m.focusTile(min(max(focus, 0), len(ids)-1)) // its draft in the composer: a draft for another session is not sent here
	m.focus = focusSession
	m.note.Say(m.tiles.OpeningNote())
	m.setErr(nil)
	return tea.Batch(cmds...)
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
	watch := m.cfg.Watch || m.cfg.NoClaim || m.manage.Watched(id)
	return s, tea.Batch(s.Open(m.me.Principal, watch),
		m.keep.LoadDraft(s.Gen(), id), m.keep.LoadHistory(s.Gen(), id))
}

// closeTile takes s off the wall, the next tile taking the focus if it had
// it. With request its stream is closed and the lease this terminal holds
// given up (Session.Close); without (a session that failed to open), its
// requests just end.
func (m *Model) closeTile(s *session.Session, request bool) tea.Cmd {
	i, focused := m.tiles.Drop(s)
	if i < 0 {
		return nil
	}
	var cmd tea.Cmd
	if request {
		cmd = s.Close(s.Driving())
	} else {
		s.Cancel()
	}
	if focused {
		m.transcript = m.empty
		if n := len(m.tiles.All()); n > 0 {
			m.focusTile(min(i, n-1))
		}
	}
	return cmd
}
