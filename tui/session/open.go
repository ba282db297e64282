package session

import (
	"errors"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Opening a session: the claim (unless watching) and the snapshot come in
// one answer (OpenedMsg); the session then reads its stream, the notes of
// its past events and the rest of a lazily read transcript, and keeps its
// lease.

// Open asks for the session: who the person is (principal, when it is not
// known yet), the claim of its lease unless watch, and its snapshot.
func (s *Session) Open(principal string, watch bool) tea.Cmd {
	return openSession(s.ctx, s.cfg.Client, s.gen, s.id, principal, watch, s.claimTTL())
}

// onOpened takes the snapshot and the claim's outcome and opens the
// stream. A session that could not be opened is reported (OpenFailed): the
// root takes its tile off the wall.
func (s *Session) onOpened(msg OpenedMsg, p Place) (tea.Cmd, ui.Action) {
	me, learnt := p.Me, ui.Action(nil)
	if msg.Principal != "" {
		me.Principal = msg.Principal
		learnt = Learnt{Principal: msg.Principal}
	}
	if msg.Err != nil {
		return nil, ui.Join(learnt, OpenFailed{Gen: s.gen, ID: s.id, Err: msg.Err})
	}
	if msg.Lazy != nil {
		s.state = client.NewStateLazy(me, msg.Lazy)
	} else {
		s.state = client.NewState(me, msg.Snap)
	}
	count := s.startLazy()
	act := ui.Join(learnt, s.ConfirmFromStream()) // a message kept from an earlier run that the host had taken
	s.cost.Base(msg.Snap)
	s.view.EntriesChanged()
	if p.Focused && s.onOpen != "" {
		act = ui.Join(act, ui.Note{Text: s.onOpen}, Opened{})
	} else {
		act = ui.Join(act, Opened{Opening: true})
	}
	act = ui.Join(act, s.claimOutcome(msg))
	keep := s.keepLease()
	return tea.Batch(s.openEvents(msg.Snap.Cursor), keep, s.readPastNotes(me, msg.Snap.Cursor), count),
		ui.Join(act, FetchAccount{Gen: s.gen})
}

// claimOutcome sets the role from the claim made while opening: drive when
// it succeeded; otherwise watch, offering a takeover when the lease is held
// by another terminal of the same person.
func (s *Session) claimOutcome(msg OpenedMsg) ui.Action {
	err := msg.ClaimErr
	if msg.Claim == nil && err == nil {
		s.role = s.unclaimedRole() // not claimed: watching, or --no-claim
		return nil
	}
	if err == nil {
		s.role = RoleDrive
		return nil
	}
	s.role = RoleWatch
	var e *client.Error
	if errors.As(err, &e) {
		if d, ok := e.LeaseHeld(); ok {
			if d.CanTakeOver {
				s.offer = d.Holder
				return Offer{Gen: s.gen, Holder: d.Holder}
			}
			return nil
		}
	}
	return ui.Failed{Err: err}
}

// unclaimedRole is the role in a session opened without a claim: watch,
// but for a session this terminal made with --no-claim, which is the
// person's own: its next message claims the lease.
func (s *Session) unclaimedRole() Role {
	if s.created && !s.cfg.UI.Watch {
		return RoleDrive
	}
	return RoleWatch
}

// TakeOver claims the lease, taking it from another terminal of the
// person's when one holds it: the person asked.
func (s *Session) TakeOver() (tea.Cmd, ui.Action) {
	if s == nil || s.state == nil || s.cfg.UI.Watch {
		return nil, nil
	}
	if gone := s.RefuseGone(); gone != nil {
		return nil, gone
	}
	rel, _ := s.state.Lease()
	switch {
	case s.reduced:
		return nil, ui.Note{Text: "your role here is viewer: you may read this session, not drive it"}
	case rel == client.LeaseMine:
		return nil, ui.Note{Text: "you already drive from this terminal"}
	}
	return s.Claim(rel == client.LeaseMyOtherClient || s.state.Revoked != nil), ui.Note{Text: "taking over…"}
}

// A session deleted while it is open (session.deleted, from another of the
// person's terminals or clients), or whose stream ended not_found, is gone:
// every request for it is not_found. The composer closes, and where it was
// a line says where the session went and what is left to do; nothing that
// would reach the host for it is sent.

// Gone reports whether the session no longer exists for this person.
func (s *Session) Gone() bool {
	return s != nil && (s.vanished || (s.state != nil && s.state.Deleted))
}

// TakesText reports whether the session's composer takes text handed back
// to it (a text given as the model key that is not one): it is open, not
// gone, and the UI does not only watch; false for no session (nil).
func (s *Session) TakesText() bool {
	return s != nil && s.state != nil && !s.Gone() && !s.cfg.UI.Watch
}

// GoneWords say where the session went and what is left to do.
func (s *Session) GoneWords() string {
	sessions := ui.KeyName(s.cfg.UI.Keys.Sessions)
	if s.state == nil || !s.state.Deleted {
		return "this session is gone (deleted elsewhere, or no longer yours): nothing more is sent here · " +
			sessions + " shows your sessions"
	}
	where := "the host's trash"
	if t := ui.NameLine(s.state.TrashedAs); t != "" {
		where += " (" + t + ")"
	}
	return "this session was deleted: it is in " + where + " and nothing more is sent here · " +
		sessions + " shows your sessions"
}

// GoneLines stand where the composer was, width cells wide: what GoneWords
// say, wrapped.
func (s *Session) GoneLines(width int) []string {
	var out []string
	for i, l := range ui.WrapPlain(s.GoneWords(), max(width-2, 10)) {
		lead := "✗ "
		if i > 0 {
			lead = "  "
		}
		out = append(out, ui.Pad(s.cfg.UI.Styles.StatusWarn.Render(lead+l), width))
	}
	return out
}

// RefuseGone says why nothing is sent when the session is gone; nil when
// it is not.
func (s *Session) RefuseGone() ui.Action {
	if !s.Gone() {
		return nil
	}
	return ui.Note{Text: "nothing is sent: this session is gone"}
}
