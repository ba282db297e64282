package tui

import (
	"errors"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/visit"
)

// The open sessions are tui/session's: the root routes each its messages
// (by generation), tells it where it stands (placeOf) and acts on what it
// reports (onSessionAction).

// onSessionMsg hands a message to the open session of its generation; one
// of a session closed since is dropped.
func (m *Model) onSessionMsg(msg session.Msg) tea.Cmd {
	s := m.tiles.Of(msg.For())
	if s == nil {
		m.dirty = false
		return m.tiles.Stray(msg)
	}
	cmd, act := s.Update(msg, m.placeOf(s))
	return tea.Batch(cmd, m.act(act, nil))
}

// restore puts text a session gave back in the composer (marked when it
// went as text, so that a leading slash runs no command), with the context
// refs it carried in front of those attached since.
func (m *Model) restore(a session.Restore) {
	text := a.Text
	if a.Sent {
		text = escapeSlash(text)
	}
	m.composer.Restore(text)
	if a.Refs != nil {
		m.refs = addRefs(a.Refs, m.refs...)
	}
}

// giveBack puts the text of a command the host ended undelivered back
// where the person finds it: in the composer when it is empty, else in the
// queue lane, marked so.
func (m *Model) giveBack(a session.GiveBack) {
	what := "the host cancelled your " + a.What
	if a.Failed != "" {
		what = "your " + a.What + " failed (" + ui.ClipRunes(ui.SanitizeLine(a.Failed), 60) + ")"
	}
	s := m.tiles.Of(a.Gen)
	if m.composer.Blank() && s != nil && s == m.tiles.Focused() {
		m.composer.SetValue(a.Item.Text)
		m.note.Say(what + ": back in the composer · " + ui.KeyName(m.Keys.Send) + " sends it again")
		return
	}
	if s != nil {
		s.Return(a.Item)
	}
	m.note.Say(what + ": in the queue lane, where " + ui.KeyName(m.Keys.Send) + " sends it again")
}

// openFailed takes the tile of a session that could not be opened off the
// wall and says why; with no tile left, the picker shows again.
func (m *Model) openFailed(a session.OpenFailed) tea.Cmd {
	if s := m.tiles.Of(a.Gen); s != nil {
		m.dropTile(s)
	}
	m.setErr(m.noAccess(a.ID, a.Err))
	if len(m.tiles.All()) > 0 {
		return nil
	}
	m.focus = focusPicker
	m.note.Say("")
	return m.reload("")
}

// noAccess words the host's not_found for a session this person asked
// for by its id: to anyone but its owner a session does not exist, so it
// says there is no access to it, and what this person may do instead (a
// member of the graph chimes into it); err as it is otherwise.
func (m *Model) noAccess(id string, err error) error {
	var e *client.Error
	if !errors.As(err, &e) || e.Code != client.CodeNotFound || id == "" {
		return err
	}
	graph := "this graph"
	if m.cfg.Client != nil {
		graph = "graph " + m.cfg.Client.Graph()
	}
	msg := "no access to session " + id + ": only its owner reads it, and to anyone else it is not found " +
		"(or " + graph + " has no session " + id + ") · vehicle --session " + id + " --chime writes to its driver, " +
		"if you have a role on " + graph + " · the host said: " + e.Message
	return &client.Error{Status: e.Status, Code: e.Code, Message: msg, Details: e.Details}
}

// placeOf is what the root tells s about where it stands.
func (m *Model) placeOf(s *session.Session) session.Place {
	return session.Place{Focused: s == m.tiles.Focused(), Throttled: m.tiles.Throttled(s), Me: m.me, LastKey: m.lastKey,
		ModelKey: m.hasModelKey(), Moved: m.activity.Moved()}
}

// onSessionAction acts on what an open session reported.
func (m *Model) onSessionAction(a session.Action) tea.Cmd {
	switch a := a.(type) {
	case session.Restore:
		m.restore(a)
	case session.Refused:
		m.refused(a.Err)
	case session.Accepted:
		m.refusal = nil
		if acc := m.account; acc != nil && acc.Kind != client.AccountMember && !a.Replayed {
			acc.TurnsToday++ // the host counted it; the next look-up says so too
		}
	case session.Unanswered:
		m.setErr(a.Err)
		m.note.HideErr() // kept in the errors list, read whole there
	case session.AskHeld:
		m.askHeld(a)
	case session.Unchanged:
		m.dirty = false
	case session.RedrawStreams:
		m.redrawStreams()
	case session.Notify:
		return m.notify(a.Text)
	case session.LogError:
		m.note.LogError(a.Text, a.At)
	case session.Offer:
		if s := m.tiles.Of(a.Gen); s != nil {
			m.offer(s, a.Holder, a.FromText)
		}
	case session.CloseOffer:
		m.closeOffer()
	case session.Learnt:
		m.me.Principal = a.Principal
	case session.OpenFailed:
		return m.openFailed(a)
	case session.Opened:
		if a.Opening && strings.HasPrefix(m.note.Text(), "opening ") { // not over what came first (the draft put back)
			m.note.Say(m.tiles.OpeningNote())
		}
	case session.ResendChime:
		if s := m.tiles.Of(a.Gen); s != nil {
			return visit.SendChime(s.Context(), m.cfg.Client, s.Gen(), s.ID(), a.Out)
		}
	case session.KeepFocus:
		m.keepFocus()
	case session.FetchAccount:
		if s := m.tiles.Of(a.Gen); s != nil {
			return fetchAccount(s.Context(), m.cfg.Client)
		}
	case session.ClearNote:
		if m.note.Text() == a.Was {
			m.note.Say("")
		}
	case session.GiveBack:
		m.giveBack(a)
	case session.ArmFlush:
		return m.tiles.Arm(a.Due)
	case session.Reload:
		if s := m.tiles.Of(a.Gen); s != nil {
			return m.reloadTile(s, a.Note)
		}
	}
	return nil
}
