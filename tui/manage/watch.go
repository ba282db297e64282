package manage

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Watching a session by its id, from the palette (which asks for it) or
// /watch ID: the host is asked for the session's capsule first (bounded,
// whatever the session's size), so that an id the host does not show this
// person is said as such, with what works instead (NotWatchable), and the
// sessions open now stay open; a session it shows opens here without its
// lease being claimed (the seed: a session is its owner's alone, so it is
// one of the person's own, driven elsewhere or by nobody). The manager
// keeps which sessions were opened to watch (Watched) until one is opened
// from the list (Claim).

// WatchedMsg answers the look-up of a session to watch.
type WatchedMsg struct {
	ID  string
	Err error
}

func (WatchedMsg) isManageMsg() {}

// Watch looks the session id up before it is opened to watch, and says so.
func (m *Manager) Watch(id string) (tea.Cmd, ui.Action) {
	ctx, c := m.parent, m.c
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		_, err := c.Capsule(ctx, id)
		return WatchedMsg{ID: id, Err: err}
	}, ui.Note{Text: "looking for session " + ui.SanitizeLine(id) + "…"}
}

// Watched reports whether the session id was opened to watch: it opens
// without its lease being claimed.
func (m *Manager) Watched(id string) bool { return m.watched[id] }

// Claim forgets that the sessions ids were opened to watch: opened from
// the list, they are claimed as any other.
func (m *Manager) Claim(ids ...string) {
	for _, id := range ids {
		delete(m.watched, id)
	}
}

// watchedAnswer opens the session looked up to watch, or says why it
// cannot be watched.
func (m *Manager) watchedAnswer(msg WatchedMsg) ui.Action {
	switch {
	case msg.Err == nil:
		if m.watched == nil {
			m.watched = map[string]bool{}
		}
		m.watched[msg.ID] = true
		return WatchOpen{ID: msg.ID, Said: "watching " + ui.SanitizeLine(msg.ID) + ": this terminal does not claim its lease (" +
			ui.KeyName(m.ctx.Keys.TakeOver) + " takes it over)"}
	case client.ErrorCode(msg.Err) == client.CodeNotFound:
		return ui.Join(ui.Note{Text: "no session " + ui.SanitizeLine(msg.ID) + " you can watch"}, NotWatchable{ID: msg.ID})
	}
	return failed(msg.Err)
}
