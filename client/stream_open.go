package client

import "context"

// Open inspects the session and opens its stream at the snapshot's cursor:
// the returned State holds the snapshot, and folding every event of the
// Stream into it (State.Apply) keeps it current, with no gap between the two.
// The history is not replayed: it comes in the snapshot. me.ClientID defaults
// to the client's id. The caller must Close the stream.
func (c *Client) Open(ctx context.Context, sessionID string, me Me, o StreamOptions) (*State, *Stream, error) {
	snap, err := c.Inspect(ctx, sessionID)
	if err != nil {
		return nil, nil, err
	}
	if me.ClientID == "" {
		me.ClientID = c.clientID
	}
	o.Since = snap.Cursor
	s, err := c.Stream(ctx, sessionID, o)
	if err != nil {
		return nil, nil, err
	}
	return NewState(me, snap), s, nil
}
