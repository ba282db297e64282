package client

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
)

// DeleteOutcome reports both halves of a delete: the session moved to the
// host's trash, and the mirrored document put in the workspace's Trash.
type DeleteOutcome struct {
	Deleted Deleted
	// MirrorTrashed is true when the mirrored document went to the Trash.
	MirrorTrashed bool
	// MirrorErr says why the document could not be trashed (the session is
	// deleted all the same); nil when it was, or when there was no mirror.
	MirrorErr error
}

// Delete deletes the session and, when the answer names a mirrored document,
// puts that document in the workspace's Trash through gardend with the
// person's own credential. A refused delete is the error; a failed trash call
// is MirrorErr in the outcome.
func (c *Client) Delete(ctx context.Context, id string) (*DeleteOutcome, error) {
	d, err := c.DeleteSession(ctx, id, "")
	if err != nil {
		return nil, err
	}
	out := &DeleteOutcome{Deleted: *d}
	if d.Mirror != nil && d.Mirror.DocumentID != "" {
		if err := c.TrashDocument(ctx, d.Mirror.GraphID, d.Mirror.DocumentID); err != nil {
			out.MirrorErr = err
		} else {
			out.MirrorTrashed = true
		}
	}
	return out, nil
}

// TrashDocument puts a graph document in the workspace's Trash with gardend's
// own route (not under the service's mount).
func (c *Client) TrashDocument(ctx context.Context, graph, documentID string) error {
	if graph == "" {
		graph = c.graph
	}
	u := c.gardend.String() + "/navigation/" + url.PathEscape(graph) + "/documents/" + url.PathEscape(documentID)
	cl := call{method: http.MethodDelete, url: u, retry: true}
	if _, err := c.send(ctx, cl); err != nil {
		return fmt.Errorf("the session is deleted, but its mirrored document %q in graph %q is not in the Trash: %w; trash it by hand in the workspace (or try the delete of that document again)", documentID, graph, err)
	}
	return nil
}
