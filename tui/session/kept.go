package session

import "github.com/sophia-labs/vehicle/tui/ui"

// What a session keeps between runs (the root keeps it on disk through its
// Config.Drafts): the composer's text, and a message sent with no answer
// yet, which the next run sends again as the same request.

// KeptDraft is what is kept of a session between runs (ui.KeptDraft): the
// composer's text, and a message sent with no answer yet, which the next
// run sends again as the same request, so the host runs it once.
type KeptDraft = ui.KeptDraft

// Kept is what to keep of the session whose composer holds text: with it,
// the message sent with no answer yet, if any.
func (s *Session) Kept(text string) KeptDraft {
	k := KeptDraft{Text: text}
	if u := s.Unanswered(); u != nil {
		k.RequestID, k.Request, k.Op, k.Refs = u.RequestID, u.Text, u.Op, u.Refs
	}
	return k
}

// TakeKept takes back what an earlier run kept of the session: a message
// with no answer waits in the queue lane, where enter on an empty composer
// sends the same request again (unless the stream shows the host had it);
// the draft goes in the composer (Fill) when the tile has the focus and the
// person has not begun writing (blank), else it is the tile's draft, marked.
func (s *Session) TakeKept(k KeptDraft, focused, blank bool) ui.Action {
	var act ui.Action
	send := ui.KeyName(s.cfg.UI.Keys.Send)
	if k.RequestID != "" && s.unconfirmed == nil && !s.cfg.UI.Watch {
		s.KeepUnanswered(Outgoing{Op: k.Op, RequestID: k.RequestID, Text: k.Request, Refs: k.Refs, Kept: true})
		if focused {
			act = ui.Note{Text: "your message with no answer is back in the queue lane: " + send +
				" on an empty composer sends it again (the same request: it runs once)"}
		}
		if s.state != nil {
			act = ui.Join(act, s.ConfirmFromStream()) // the host had it: said so, nothing sent again
		}
	}
	switch {
	case k.Text == "":
		return act
	case !focused: // a tile without the focus: its composer is its draft
		if s.draft == "" {
			s.draft = k.Text
			s.Mark(false, NeedDraft)
		}
		return act
	case !blank:
		return act
	}
	note := "your draft is back in the composer"
	switch {
	case k.Shared:
		note = "your draft is back in the composer, and open in another of your terminals too: send it from one only"
	case s.unconfirmed != nil && s.unconfirmed.Kept:
		note = "your draft is back in the composer, and your message with no answer in the queue lane (" +
			send + " on an empty composer sends it again: the same request)"
	}
	return ui.Join(act, Fill{Text: k.Text}, ui.Note{Text: note})
}
