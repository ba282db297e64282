package client

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
)

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

// deleteOptions are what DeleteOptions set.
type deleteOptions struct {
	requestID string
	snapshot  *Snapshot
}

// DeleteOption adjusts a delete.
type DeleteOption func(*deleteOptions)

// DeleteRequestID sends the delete under this request id (default: a fresh
// one).
func DeleteRequestID(id string) DeleteOption {
	return func(o *deleteOptions) { o.requestID = id }
}

// KnownSnapshot hands Delete the caller's snapshot of the session, so that it
// knows the session's graph and whether it was mirrored without an inspect.
func KnownSnapshot(s *Snapshot) DeleteOption {
	return func(o *deleteOptions) { o.snapshot = s }
}

// Delete deletes the session (the host moves it to its trash) and, when the
// session was mirrored, puts its mirrored document in the workspace's Trash
// through gardend with the person's own credential. A refused delete is the
// error; a failed trash call is MirrorErr in the outcome.
//
// The protocol answers a repeated DELETE not_found. So that a delete whose
// answer was lost still ends as done, Delete learns beforehand whether the
// session was mirrored (from KnownSnapshot, else one inspect); when a retry
// of the delete answers not_found, it confirms with an inspect that the
// session is gone, trashes the mirrored document by the id the protocol fixes
// (MirrorDocumentID), and reports the delete as done with AnswerLost set.
func (c *Client) Delete(ctx context.Context, id string, opts ...DeleteOption) (*DeleteOutcome, error) {
	var o deleteOptions
	for _, f := range opts {
		f(&o)
	}
	snap := o.snapshot
	if snap == nil {
		s, err := c.Inspect(ctx, id)
		if err != nil {
			return nil, err
		}
		snap = s
	}
	body := DeleteRequest{RequestID: o.requestID}
	c.fill(&body.RequestID, &body.ClientID)
	var d Deleted
	f, err := c.do(ctx, OpDelete, id, body, body.RequestID)
	out := &DeleteOutcome{}
	switch _, derr := decodeInto(f, err, &d, &d.Replayed); {
	case derr == nil:
		out.Deleted = d
	case lostThenNotFound(err):
		if ierr := c.confirmGone(ctx, id); ierr != nil {
			return nil, fmt.Errorf("%w (the first answer was lost, and %v)", err, ierr)
		}
		out.AnswerLost = true
		out.Deleted = Deleted{SessionID: id, Mirror: mirroredRef(id, c.graph, snap), ConfirmedBy: ConfirmedByInspect}
	default:
		return nil, derr
	}
	if m := out.Deleted.Mirror; m != nil && m.DocumentID != "" {
		own := MirrorRef{DocumentID: MirrorDocumentID(id), GraphID: c.graph}
		if *m != own {
			out.MirrorErr = &MirrorRefusedError{SessionID: id, Named: *m, Own: own}
			return out, nil
		}
		if err := c.TrashDocument(ctx, m.GraphID, m.DocumentID); err != nil {
			out.MirrorErr = err
		} else {
			out.MirrorTrashed = true
		}
	}
	return out, nil
}

// lostThenNotFound reports a not_found that answered a retry: the earlier
// attempt's answer was lost, and the host may have done the request.
func lostThenNotFound(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == CodeNotFound && e.Attempts > 1
}

// confirmGone checks with an inspect that a session is gone.
func (c *Client) confirmGone(ctx context.Context, id string) error {
	_, err := c.Inspect(ctx, id)
	switch {
	case ErrorCode(err) == CodeNotFound:
		return nil
	case err == nil:
		return fmt.Errorf("session %s is still there: delete it again", id)
	}
	return fmt.Errorf("could not confirm that session %s is gone: %w", id, err)
}

// mirroredRef names the session's mirrored document, by the id the protocol
// fixes on the client's graph, when the snapshot says it was written at
// least once; nil otherwise.
func mirroredRef(id, graph string, s *Snapshot) *MirrorRef {
	if s == nil || (s.Mirror.State != "written" && s.Mirror.WrittenAt == nil) {
		return nil
	}
	return &MirrorRef{DocumentID: MirrorDocumentID(id), GraphID: graph}
}

// TrashDocument puts a graph document in the workspace's Trash with gardend's
// own route (not under the service's mount). A retry whose earlier answer was
// lost and that answers not_found counts as done.
func (c *Client) TrashDocument(ctx context.Context, graph, documentID string) error {
	if graph == "" {
		graph = c.graph
	}
	if err := checkSegment("graph", graph); err != nil {
		return err
	}
	if err := checkSegment("document id", documentID); err != nil {
		return err
	}
	u := c.gardend.String() + "/navigation/" + url.PathEscape(graph) + "/documents/" + url.PathEscape(documentID)
	cl := call{op: "trash", session: "", method: http.MethodDelete, url: u, retry: true}
	if _, err := c.send(ctx, cl); err != nil && !lostThenNotFound(err) {
		return fmt.Errorf("the session is deleted, but its mirrored document %q in graph %q is not in the Trash: %w; trash it by hand in the workspace (or try the delete of that document again)", documentID, graph, err)
	}
	return nil
}
