package driver

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// watchStore is a fakeStore that counts inspects and answers Watch with an
// event when the session changed after the cursor.
type watchStore struct {
	*fakeStore
	inspects int
	cursor   map[string]int64 // the session's latest seq
}

// Inspect counts the call and sets the cursor.
func (w *watchStore) Inspect(ctx context.Context, id string) (*client.Snapshot, error) {
	w.inspects++
	snap, err := w.fakeStore.Inspect(ctx, id)
	if err == nil {
		snap.Cursor = w.cursor[id]
	}
	return snap, err
}

// Watch answers one event when the session moved past since.
func (w *watchStore) Watch(_ context.Context, id string, since int64, _ time.Duration) (*client.WatchResult, error) {
	if w.cursor[id] > since {
		return &client.WatchResult{Events: []client.Event{{Seq: since + 1}}, Cursor: since + 1}, nil
	}
	return &client.WatchResult{Cursor: since}, nil
}

func TestHistoryKeepsTheSnapshotWhileNothingChanges(t *testing.T) {
	st := &watchStore{fakeStore: newFakeStore(10), cursor: map[string]int64{"s1": 7}}
	srv := fakeServer(st)
	page := func(before string) HistoryPage {
		params := `{"id":"s1","limit":3}`
		if before != "" {
			params = fmt.Sprintf(`{"id":"s1","limit":3,"before":%q}`, before)
		}
		line := srv.HandleLine(context.Background(), []byte(`{"jsonrpc":"2.0","id":1,"method":"session.history","params":`+params+`}`))
		var r struct{ Result HistoryPage }
		if err := json.Unmarshal(line, &r); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		return r.Result
	}
	p := page("")
	for p.HasMore {
		p = page(*p.NextBefore)
	}
	if st.inspects != 1 {
		t.Errorf("paging an unchanged session inspected it %d times, want once", st.inspects)
	}
	st.mu.Lock()
	snap := st.sessions["s1"]
	snap.Transcript = append(snap.Transcript, client.TranscriptItem{EntryID: "s1-e11", Role: "user", Text: "new"})
	st.mu.Unlock()
	st.cursor["s1"] = 8
	if p := page(""); p.Total != 11 || p.Messages[2].ID != "s1-e11" || st.inspects != 2 {
		t.Errorf("after a change: total %d, last %q, %d inspects; want 11, s1-e11, 2", p.Total, p.Messages[2].ID, st.inspects)
	}
}

func TestSnapshotCacheIsBounded(t *testing.T) {
	var c snapshotCache
	for i := range snapshotCacheSize + 3 {
		c.put(fmt.Sprint(i), &client.Snapshot{})
	}
	if len(c.snaps) != snapshotCacheSize || len(c.order) != snapshotCacheSize || c.get("0") != nil || c.get("6") == nil {
		t.Errorf("kept %d snapshots (%v), want the last %d", len(c.snaps), c.order, snapshotCacheSize)
	}
	c.drop("6")
	if c.get("6") != nil || len(c.order) != snapshotCacheSize-1 {
		t.Errorf("drop left %v", c.order)
	}
}
