package wire

import (
	"encoding/json"
	"strconv"
	"time"
)

// applyOther folds body.*, mirror.* and the events shown as notices (as
// facts: the event's type and what it names; the UI words them); any other
// type changes nothing.
func (s *State) applyOther(ev Event, at time.Time) Change {
	switch ev.Type {
	case EvBodyMaterialized, EvBodyDormant:
		var v BodyValue
		if ev.Decode(&v) != nil {
			return 0
		}
		s.Session.Body = "live"
		if ev.Type == EvBodyDormant {
			s.Session.Body = "dormant"
		}
		return ChangeSession | s.fact(ev.Type, bodyKind(v), "", at)
	case EvBodyExited:
		return s.applyExited(ev, at)
	case EvBodyNotice:
		return s.fact(ev.Type, "", valueText(ev.Value), at)
	case EvMirrorWritten, EvMirrorFailed:
		return s.applyMirror(ev, at)
	case EvExtensionError:
		msg := valueText(ev.Value)
		s.LastError = msg
		return ChangeError | s.fact(ev.Type, "", msg, at)
	case EvAbortSlow:
		return s.fact(ev.Type, "", valueText(ev.Value), at)
	case EvCompactionStarted:
		return s.fact(ev.Type, "", "", at)
	case EvCompactionEnded:
		return s.fact(ev.Type, "", valueText(ev.Value), at)
	case EvRetryStarted:
		return s.fact(ev.Type, "", valueText(ev.Value), at)
	}
	return 0
}

// bodyKind is what body.materialized names: its kind and, for an agent,
// its box ("rpc · bwrap"); "" when it names neither.
func bodyKind(v BodyValue) string {
	switch {
	case v.Kind != "" && v.Isolation != "":
		return v.Kind + " · " + v.Isolation
	case v.Kind != "":
		return v.Kind
	}
	return v.Isolation
}

// applyExited reports a body that died by itself, with its exit code or
// signal.
func (s *State) applyExited(ev Event, at time.Time) Change {
	var v BodyValue
	if ev.Decode(&v) != nil {
		return 0
	}
	subject := "" // the exit: "code 1" or "signal KILL", for the UI to word
	switch {
	case v.Code != nil:
		subject = "code " + strconv.Itoa(*v.Code)
	case v.Signal != "":
		subject = "signal " + v.Signal
	}
	s.Session.Body = "dormant"
	return ChangeSession | s.closeStreams() | s.fact(ev.Type, subject, v.StderrTail, at)
}

// applyMirror folds mirror.written and mirror.failed.
func (s *State) applyMirror(ev Event, at time.Time) Change {
	var v MirrorValue
	if ev.Decode(&v) != nil {
		return 0
	}
	m := s.Mirror
	m.DocumentID = orDefault(v.DocumentID, m.DocumentID)
	m.Reason = ""
	if ev.Type == EvMirrorWritten {
		m.State, m.Error = "written", ""
		if !at.IsZero() {
			w := at
			m.WrittenAt = &w
		}
	} else {
		m.State, m.Error = "failed", orDefault(v.Message, "the mirror write failed without a message")
	}
	s.Mirror = m
	if ev.Type == EvMirrorFailed {
		return ChangeMirror | s.fact(ev.Type, m.DocumentID, m.Error, at)
	}
	return ChangeMirror
}

// valueText is the message of a value shown generically: its "message",
// "error" or "reason" string, else "".
func valueText(raw json.RawMessage) string {
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil {
		return ""
	}
	for _, k := range [...]string{"message", "error", "reason"} {
		var v string
		if json.Unmarshal(fields[k], &v) == nil && v != "" {
			return v
		}
	}
	return ""
}

// knownEvent reports whether typ is one of the seed's event types; any
// other type is shown as a generic line with its type.
func knownEvent(typ string) bool {
	switch typ {
	case EvSessionCreated, EvSessionRevived, EvSessionShutdown, EvSessionForked, EvSessionCloned,
		EvSessionRenamed, EvSessionDeleted, EvBodyMaterialized, EvBodyDormant, EvBodyExited, EvBodyNotice,
		EvLeaseClaimed, EvLeaseRenewed, EvLeaseReleased, EvLeaseRevoked, EvLeaseExpired,
		EvCommandAccepted, EvCommandDelivered, EvCommandCompleted, EvCommandAborted, EvCommandFailed,
		EvCommandCancelled, EvCommandInterrupted, EvRunStarted, EvRunEnded, EvRunSettled, EvRunError,
		EvMessageCompleted, EvMessageDelta, EvToolStarted, EvToolResult, EvQueueUpdated, EvQueueStranded,
		EvBudgetExceeded, EvRoomPolicy, EvChimeReceived, EvChimeResolved, EvCompactionStarted,
		EvCompactionEnded, EvRetryStarted, EvExtensionError, EvAbortSlow, EvMirrorWritten, EvMirrorFailed:
		return true
	}
	return false
}

// applyUnknown says an event of a type the seed does not list, by its type
// and its message if it has one, so that nothing happens unseen.
func (s *State) applyUnknown(ev Event, at time.Time) Change {
	if knownEvent(ev.Type) {
		return 0
	}
	return s.fact(ev.Type, "", valueText(ev.Value), at)
}
