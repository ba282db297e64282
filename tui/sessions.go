package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/note"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/slash"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/visit"
)

// The open sessions are tui/session's: the root hands the wall their
// messages (session.Wall.Update finds each its session by generation),
// tells it what of the program's a session needs (session.Place) and acts
// on what it reports (onSessionAction).

// restore puts text a session gave back in the composer (marked when it
// went as text, so that a leading slash runs no command), with the context
// refs it carried in front of those attached since.
func (m *Model) restore(a session.Restore) {
	text := a.Text
	if a.Sent {
		text = slash.Escape(text)
	}
	m.composer.Restore(text)
	if a.Refs != nil {
		m.refs.GiveBack(a.Refs)
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
		m.closeTile(s, false)
	}
	graph := ""
	if m.cfg.Client != nil {
		graph = m.cfg.Client.Graph()
	}
	m.setErr(note.NoAccess(a.ID, graph, a.Err))
	if len(m.tiles.All()) > 0 {
		return nil
	}
	m.focus = focusPicker
	m.note.Say("")
	return m.act(m.picker.Reload(""), m.picker)
}

// onSessionAction acts on what an open session reported.
func (m *Model) onSessionAction(a session.Action) tea.Cmd {
	switch a := a.(type) {
	case session.Restore:
		m.restore(a)
	case session.Fill:
		m.composer.SetValue(a.Text)
	case session.Refused:
		return m.act(m.key.Refused(a.Err, false, fundingOf(m.tiles.Focused())), nil)
	case session.Accepted:
		m.key.Forget()
		if acc := m.account; acc != nil && acc.Kind != client.AccountMember && !a.Replayed {
			acc.TurnsToday++ // the host counted it; the next look-up says so too
		}
	case session.Unanswered:
		m.setErr(a.Err)
		m.note.HideErr() // kept in the errors list, read whole there
	case session.AskHeld:
		m.push(dialog.NewHeld(&m.Context, a.Gen, a.Steers, a.Texts))
	case session.Unchanged:
		m.dirty = false
	case session.RedrawStreams:
		m.redraw(nil)
	case session.Notify:
		return m.notices.Notify(a.Text)
	case session.LogError:
		m.note.LogError(a.Text, a.At)
	case session.Offer:
		if s := m.tiles.Of(a.Gen); s != nil && s == m.tiles.Focused() { // a tile without the focus shows it when the focus comes
			d := dialog.NewOffer(&m.Context, s.Gen(), a.Holder)
			if a.FromText { // enter on text found the person's other terminal driving: the text waits in the composer
				d.FromText()
			}
			m.overlays.Offer(d, m.width, m.high)
		}
	case session.CloseOffer:
		m.overlays.Drop(dialog.Is[*dialog.Offer])
	case session.FocusTile:
		m.focusTile(a.Tile)
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
	case session.KeepFocus: // off a pane that has nothing left to show
		if m.focus == focusQueue && len(m.tiles.Focused().LaneItems()) == 0 || m.focus == focusEntries && !m.transcript.HasSelectable() {
			m.focus = focusSession
		}
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
