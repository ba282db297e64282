package wire

import "fmt"

// MirrorDocumentID is the id of the Garden document a session is mirrored
// to, as the protocol fixes it: sophia-conversation-<sessionId>, on the
// session's graph.
func MirrorDocumentID(sessionID string) string { return "sophia-conversation-" + sessionID }

// DeleteOutcome reports both halves of a delete: the session moved to the
// host's trash, and the mirrored document put in the workspace's Trash.
type DeleteOutcome struct {
	Deleted Deleted
	// AnswerLost is true when the host's answer to the delete was lost and
	// the retry found the session gone (not_found), which an inspect then
	// confirmed: the delete is done, but Deleted.TrashedAs is unknown ("")
	// and Deleted.ConfirmedBy says the client made that answer.
	AnswerLost bool
	// MirrorTrashed is true when the mirrored document went to the Trash.
	MirrorTrashed bool
	// MirrorErr says why the document could not be trashed (the session is
	// deleted all the same); nil when it was, or when there was no mirror.
	// A mirror that names another document than the session's own is never
	// trashed: MirrorErr is then a *MirrorRefusedError.
	MirrorErr error
}

// MirrorRefusedError is a delete's answer whose mirror names another
// document than the session's own record: MirrorDocumentID(sessionID) in
// the client's graph. The client trashes nothing else with the person's
// credential, whatever a host says.
type MirrorRefusedError struct {
	SessionID string    // the session deleted
	Named     MirrorRef // the document the host named
	Own       MirrorRef // the only document the client trashes after this delete
}

// Error says what was refused and why.
func (e *MirrorRefusedError) Error() string {
	return fmt.Sprintf("vehicle: the session is deleted, but the host asked to put document %q of graph %q in the Trash, "+
		"which is not its record (%q in graph %q): refused, nothing was trashed; tell whoever runs this host",
		e.Named.DocumentID, e.Named.GraphID, e.Own.DocumentID, e.Own.GraphID)
}
