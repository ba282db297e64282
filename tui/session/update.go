package session

import (
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// Update handles a message for this session (the root hands it only the
// messages of its generation) and reports what the root must do. p says
// where the session stands.
func (s *Session) Update(msg Msg, p Place) (tea.Cmd, ui.Action) {
	switch msg := msg.(type) {
	case OpenedMsg:
		return s.onOpened(msg, p)
	case EventMsg:
		return s.onEvent(msg, p)
	case EventsMsg:
		return s.onEvents(msg, p)
	case StreamOpenedMsg:
		return s.onStreamOpened(msg, p)
	case ReopenMsg:
		return s.onReopen()
	case ConnMsg:
		return s.onConn(msg), nil
	case ResumeSaidMsg:
		s.conn.Settle(msg.Resume)
		return nil, nil
	case StreamEndMsg:
		return nil, s.onStreamEnd(msg, p)
	case SentMsg:
		return s.onSent(msg)
	case AbortedMsg:
		return nil, s.onAborted(msg)
	case ClaimedMsg:
		return nil, s.onClaimed(msg)
	case LeaseTickMsg:
		return s.onLeaseTick(msg, p)
	case LeaseShowMsg:
		return nil, s.onLeaseShow(msg, p)
	case FoldStepMsg:
		return s.onFoldStep()
	case EarlierCountMsg:
		return nil, s.onEarlierCount(msg)
	case NotesMsg:
		return nil, s.onNotes(msg)
	case FactsMsg:
		return nil, s.onFacts(msg)
	case ForgotMsg:
		return nil, s.onForgot(msg)
	case ResolvedMsg:
		return nil, s.onResolved(msg)
	case PolicyMsg:
		return nil, s.onPolicy(msg)
	case CancelledMsg:
		return nil, s.onCancelled(msg)
	}
	return nil, nil
}

// onForgot reads the session again when the host, after the stream
// resumed, no longer knows the last event this terminal saw (it restarted
// with another state).
func (s *Session) onForgot(msg ForgotMsg) ui.Action {
	if !msg.Forgot {
		return Unchanged{}
	}
	return Reload{Gen: s.gen, Note: "the host restarted with another state: " + ui.NameLine(s.id) + " was read again"}
}
