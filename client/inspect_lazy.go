package client

import (
	"context"
	"fmt"

	"github.com/sophia-labs/vehicle/client/wire"
)

// InspectLazy returns the session's snapshot with its transcript kept as the
// answer's bytes (see LazySnapshot); NewStateLazy folds it. The answer is
// read a piece at a time and kept in compressed blocks as it arrives, so a
// long session never holds its answer whole. It fails as Inspect does; an
// item that does not decode fails only when it is read.
func (c *Client) InspectLazy(ctx context.Context, id string) (*LazySnapshot, error) {
	var sink packedSink
	f, err := c.doInto(ctx, OpInspect, id, nil, "", &sink)
	if err != nil {
		return nil, err
	}
	var snap *LazySnapshot
	if sink.pv != nil {
		snap, err = wire.DecodeLazyParts(f.Value, sink.pv.store, sink.pv.arrays)
	} else {
		snap, err = DecodeLazySnapshot(f.Value)
	}
	if err != nil {
		return nil, fmt.Errorf("vehicle: the host's %s frame does not decode: %w", f.Type, err)
	}
	return snap, nil
}
