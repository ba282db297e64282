package wire

import "time"

// applySession folds session.*, room.policy and queue.*.
func (s *State) applySession(ev Event, at time.Time) Change {
	switch ev.Type {
	case EvSessionRenamed:
		var v TitleValue
		if ev.Decode(&v) != nil {
			return 0
		}
		if v.Title != nil && *v.Title == "" {
			v.Title = nil
		}
		s.Session.Title = v.Title
		return ChangeSession
	case EvSessionDeleted:
		var v TrashValue
		if ev.Decode(&v) != nil {
			return 0
		}
		s.Deleted, s.TrashedAs = true, v.TrashedAs
		return ChangeSession | s.closeStreams() | s.fact(ev.Type, "", v.TrashedAs, at)
	case EvSessionForked, EvSessionCloned:
		var v BranchValue
		if ev.Decode(&v) != nil || v.SessionID == "" {
			return 0
		}
		return s.fact(ev.Type, v.SessionID, v.Parent.EntryID, at)
	case EvSessionShutdown:
		s.Session.Body = "dormant"
		return ChangeSession | s.fact(ev.Type, "", "", at)
	case EvSessionRevived:
		return s.fact(ev.Type, "", "", at)
	case EvRoomPolicy:
		var v PolicyValue
		if ev.Decode(&v) != nil || v.Policy == "" {
			return 0
		}
		s.Session.RoomPolicy = v.Policy
		return ChangeSession
	case EvQueueUpdated:
		var v QueueValue
		if ev.Decode(&v) != nil {
			return 0
		}
		s.Queue = v.Queue
		return ChangeQueue
	case EvQueueStranded:
		return s.fact(ev.Type, "", valueText(ev.Value), at)
	}
	return 0
}
