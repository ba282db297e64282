package driver

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// Watcher is a Store that can tell whether a session changed after a cursor
// (*client.Client is one). With it, session.history pages a long transcript
// from one snapshot instead of reading the whole session for every page.
type Watcher interface {
	Watch(ctx context.Context, id string, since int64, wait time.Duration) (*client.WatchResult, error)
}

// snapshotCacheSize bounds the snapshots kept for paging.
const snapshotCacheSize = 4

// snapshotCache keeps the latest snapshots read for session.history, each
// valid while the session has no event after its cursor.
type snapshotCache struct {
	mu    sync.Mutex
	snaps map[string]*client.Snapshot
	order []string // session ids, the least recently used first
}

// read returns the session's snapshot: the kept one when the store says
// nothing happened after its cursor, else a fresh one.
func (c *snapshotCache) read(ctx context.Context, st Store, id string) (*client.Snapshot, error) {
	w, ok := st.(Watcher)
	if !ok {
		return st.Inspect(ctx, id)
	}
	if snap := c.get(id); snap != nil {
		res, err := w.Watch(ctx, id, snap.Cursor, 0)
		if err == nil && len(res.Events) == 0 {
			return snap, nil
		}
	}
	snap, err := st.Inspect(ctx, id)
	if err != nil {
		c.drop(id)
		return nil, err
	}
	c.put(id, snap)
	return snap, nil
}

// get returns the kept snapshot of id, or nil.
func (c *snapshotCache) get(id string) *client.Snapshot {
	c.mu.Lock()
	defer c.mu.Unlock()
	snap := c.snaps[id]
	if snap != nil {
		c.touch(id)
	}
	return snap
}

// put keeps snap, dropping the least recently used beyond the bound.
func (c *snapshotCache) put(id string, snap *client.Snapshot) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.snaps == nil {
		c.snaps = map[string]*client.Snapshot{}
	}
	c.snaps[id] = snap
	c.touch(id)
	for len(c.order) > snapshotCacheSize {
		delete(c.snaps, c.order[0])
		c.order = c.order[1:]
	}
}

// drop forgets id.
func (c *snapshotCache) drop(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.snaps, id)
	c.order = slices.DeleteFunc(c.order, func(s string) bool { return s == id })
}

// touch moves id to the most recently used end. Called with c.mu held.
func (c *snapshotCache) touch(id string) {
	c.order = append(slices.DeleteFunc(c.order, func(s string) bool { return s == id }), id)
}
