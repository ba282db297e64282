package client

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
)

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
	snap, err := c.snapshotBeforeDelete(ctx, id, o.snapshot)
	if err != nil {
		return nil, err
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
		out.Deleted = Deleted{SessionID: id, ConfirmedBy: ConfirmedByInspect}
		ref, sure := mirroredRef(id, c.graph, snap)
		if ref != nil && !sure {
			return c.trashIfThere(ctx, out, *ref), nil
		}
		out.Deleted.Mirror = ref
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

// snapshotBeforeDelete is the session as Delete judges its mirror by, should
// the delete's answer be lost: the caller's snapshot when it already says the
// mirror was written (that cannot be undone), else the session read again
// now, since a snapshot taken earlier may predate the mirror's first write.
func (c *Client) snapshotBeforeDelete(ctx context.Context, id string, known *Snapshot) (*Snapshot, error) {
	if _, sure := mirroredRef(id, c.graph, known); sure {
		return known, nil
	}
	return c.Inspect(ctx, id)
}

// mirroredRef names the session's mirrored document, by the id the protocol
// fixes on the client's graph: sure when the snapshot says it was written at
// least once; not sure when the last write failed (an earlier one may have
// made the document, or none did); nil otherwise.
func mirroredRef(id, graph string, s *Snapshot) (ref *MirrorRef, sure bool) {
	if s == nil {
		return nil, false
	}
	ref = &MirrorRef{DocumentID: MirrorDocumentID(id), GraphID: graph}
	switch {
	case s.Mirror.State == "written" || s.Mirror.WrittenAt != nil:
		return ref, true
	case s.Mirror.State == "failed":
		return ref, false
	}
	return nil, false
}

// trashIfThere trashes a session's own document that may not exist (its
// mirror's last write failed): not_found means no write ever made it, and
// the outcome names no mirror.
func (c *Client) trashIfThere(ctx context.Context, out *DeleteOutcome, ref MirrorRef) *DeleteOutcome {
	err := c.trash(ctx, ref.GraphID, ref.DocumentID)
	switch {
	case err == nil:
		out.Deleted.Mirror, out.MirrorTrashed = &ref, true
	case ErrorCode(err) != CodeNotFound:
		out.Deleted.Mirror, out.MirrorErr = &ref, trashError(ref.GraphID, ref.DocumentID, err)
	}
	return out
}

// TrashDocument puts a graph document in the workspace's Trash with gardend's
// own route (not under the service's mount). A retry whose earlier answer was
// lost and that answers not_found counts as done.
func (c *Client) TrashDocument(ctx context.Context, graph, documentID string) error {
	if graph == "" {
		graph = c.graph
	}
	if err := c.trash(ctx, graph, documentID); err != nil {
		return trashError(graph, documentID, err)
	}
	return nil
}

// trash is gardend's DELETE of a document: nil when done, a lost answer's
// retry that answers not_found included.
func (c *Client) trash(ctx context.Context, graph, documentID string) error {
	if err := checkSegment("graph", graph); err != nil {
		return err
	}
	if err := checkSegment("document id", documentID); err != nil {
		return err
	}
	u := c.gardend.String() + "/navigation/" + url.PathEscape(graph) + "/documents/" + url.PathEscape(documentID)
	cl := call{op: "trash", session: "", method: http.MethodDelete, url: u, retry: true}
	if _, err := c.send(ctx, cl); err != nil && !lostThenNotFound(err) {
		return err
	}
	return nil
}

// trashError says that the session is deleted but its document is not in the
// Trash, and what to do.
func trashError(graph, documentID string, err error) error {
	return fmt.Errorf("the session is deleted, but its mirrored document %q in graph %q is not in the Trash: %w; trash it by hand in the workspace (or try the delete of that document again)", documentID, graph, err)
}
