package session

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// openedLazy is a session opened lazily from a snapshot of n items (a
// question and an answer each two), read as the program reads one.
func openedLazy(t *testing.T, n int) *Session {
	t.Helper()
	items := make([]client.TranscriptItem, 0, n)
	for i := 0; i < n; i++ {
		it := client.TranscriptItem{EntryID: fmt.Sprintf("e%d", i+1), Role: "user", Text: fmt.Sprintf("Question %d", i/2),
			Timestamp: uitest.Now.Add(time.Duration(i) * time.Second)}
		if i%2 == 1 {
			it.Role, it.Text = "assistant", fmt.Sprintf("## Answer %d\n\nA lease gives **one driver** at a time.", i/2)
		}
		items = append(items, it)
	}
	snap := uitest.Snapshot(uitest.Lease("user:ada", "cli-me"))
	snap.Cursor, snap.Transcript = int64(n), items
	data, err := json.Marshal(snap)
	if err != nil {
		t.Fatal(err)
	}
	frame, err := json.Marshal(client.Frame{Protocol: client.Protocol, Type: client.TypeSessionSnapshot, Value: data})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Length", strconv.Itoa(len(frame)))
		_, _ = w.Write(frame)
	}))
	defer srv.Close()
	c, err := client.New(srv.URL, client.WithGraph("demo"), client.WithClientID("cli-me"))
	if err != nil {
		t.Fatal(err)
	}
	ls, err := c.InspectLazy(context.Background(), "s1")
	if err != nil {
		t.Fatal(err)
	}
	ctx := uitest.Context()
	ctx.ClientID = "cli-me"
	s := New(&Config{Client: c, UI: ctx, Parent: t.Context()}, "s1", 1, &view{})
	s.Update(OpenedMsg{Gen: 1, Principal: "user:ada", Lazy: ls, Snap: &ls.Snapshot}, focused)
	return s
}

// TestFoldAfterOpenOnlyUpToALimit: the background fold is asked for a
// session of up to foldAllUpTo earlier items, and not for a longer one,
// which stays as bytes (and small in memory) until it is needed. The limit
// is foldAllUpTo (about 12,000 exchanges) or, to spare the test a session
// that long, a smaller one set on the session.
func TestFoldAfterOpenOnlyUpToALimit(t *testing.T) {
	t.Parallel()
	s := openedLazy(t, 2000)
	if s.State().Earlier() == 0 {
		t.Fatal("nothing left to fold at open")
	}
	for _, tc := range []struct {
		upTo  int // 0: foldAllUpTo
		folds bool
	}{{0, true}, {2000, true}, {1000, false}} {
		s.lazy.UpTo = tc.upTo
		msg := s.startLazy()()
		_, batch := msg.(tea.BatchMsg)
		if batch != tc.folds {
			t.Errorf("limit %d (%d items left): the fold after open asked %v, want %v",
				tc.upTo, s.State().Earlier(), batch, tc.folds)
		}
	}
}
