package tui

import (
	"context"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Watching a session by its id, from the palette (which asks for it) or
// /watch ID: the host is asked for the session's capsule first (bounded,
// whatever the session's size), so that an id the host does not show this
// person is said as such, with what works instead, and the sessions open
// now stay open; a session it shows opens here without its lease being
// claimed (the seed: a session is its owner's alone, so it is one of the
// person's own, driven elsewhere or by nobody).

// watchProbedMsg answers the look-up of a session to watch.
type watchProbedMsg struct {
	id  string
	err error
}

// probeWatch asks the host for the capsule of id.
func probeWatch(ctx context.Context, c *client.Client, id string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		_, err := c.Capsule(ctx, id)
		return watchProbedMsg{id: id, err: err}
	}
}

// runWatch watches the session /watch names.
func runWatch(m *Model, id string) (tea.Cmd, string) {
	id = strings.TrimSpace(id)
	if id == "" || strings.ContainsAny(id, " /?#") {
		return nil, "say which: /watch ID, one word like s3 (" + ui.KeyName(m.Keys.Palette) + " → Watch asks for it)"
	}
	return m.watchByID(id), ""
}

// paletteWatch asks for the id of the session to watch.
func paletteWatch(m *Model) tea.Cmd {
	m.pushOwn(dialog.NewAskWatch(&m.Context, m.graph()))
	return nil
}

// graph is the graph the client reaches, "" without one.
func (c *common) graph() string {
	if c.cfg.Client == nil {
		return ""
	}
	return c.cfg.Client.Graph()
}

// watchByID looks the session up before it is opened.
func (m *Model) watchByID(id string) tea.Cmd {
	m.note.Say("looking for session " + ui.SanitizeLine(id) + "…")
	return probeWatch(m.cfg.Context, m.cfg.Client, id)
}

// onWatchProbed opens the session looked up without claiming its lease, or
// says why it cannot be watched and offers what works instead.
func (m *Model) onWatchProbed(msg watchProbedMsg) tea.Cmd {
	switch {
	case msg.err == nil:
		if m.watched == nil {
			m.watched = map[string]bool{}
		}
		m.watched[msg.id] = true
		cmd := m.openTiles([]string{msg.id})
		m.tiles.Focused().SayOnOpen("watching " + ui.SanitizeLine(msg.id) + ": this terminal does not claim its lease (" +
			ui.KeyName(m.Keys.TakeOver) + " takes it over)")
		return cmd
	case client.ErrorCode(msg.err) == client.CodeNotFound:
		m.note.Say("no session " + ui.SanitizeLine(msg.id) + " you can watch")
		m.push(m.notWatchable(msg.id))
		return nil
	}
	m.failed(msg.err)
	return nil
}

// notWatchable is the dialog that says the host does not show id to this
// person, with the answers that work: another id, the person's own
// sessions, or a chime (one can chime into a session one cannot read; a
// public session takes none).
func (m *Model) notWatchable(id string) *dialog.Choice {
	name := ui.SanitizeLine(id)
	where := ""
	if g := m.graph(); g != "" {
		where = " on graph " + ui.SanitizeLine(g)
	}
	body := "The host has no session " + name + where + " that you can read. A session is read only by the " +
		"person who made it: to anyone else it does not exist (the host says not_found, never more). " +
		"Or it was deleted, or its id is of another graph."
	opts := []dialog.Option{{Label: "close"}, {Label: "watch another id", Act: askWatch{}},
		{Label: "your sessions (" + ui.KeyName(m.Keys.Sessions) + ")", Act: showSessions{}}}
	if m.account == nil || m.account.Kind == client.AccountMember {
		body += "\n\nIf it is another person's, you can still chime into it: what you write goes to its driver, " +
			"who decides (vehicle --chime --session " + name + " does the same)."
		opts = append(opts, dialog.Option{Label: "chime into " + name, Act: chimeInto{id: id}})
	}
	return dialog.NewChoice(&m.Context, "No session to watch", body, opts, 0)
}

// askWatch asks for another id to watch.
type askWatch struct{ rootAct }

// showSessions shows the person's sessions (the picker).
type showSessions struct{ rootAct }

// chimeInto opens the visit: chiming into the session id.
type chimeInto struct {
	rootAct
	id string
}

// onWatchAction acts on the answers of the dialog that says a session
// cannot be watched.
func (m *Model) onWatchAction(a rootAction) tea.Cmd {
	switch a := a.(type) {
	case askWatch:
		return paletteWatch(m)
	case showSessions:
		cmd, _ := runSessions(m, "")
		return cmd
	case chimeInto:
		return m.startVisit(a.id)
	}
	return nil
}
