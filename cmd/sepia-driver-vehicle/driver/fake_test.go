package driver

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// fakeStore is an in-memory Store for tests that need no host.
type fakeStore struct {
	mu       sync.Mutex
	sessions map[string]*client.Snapshot
	busy     map[string]bool
	locked   map[string]bool
	fail     error // every call fails with it when set
	renamed  int   // renames carried out
}

// newFakeStore holds sessions s1 (n messages), s2 (two) and s3 (none).
func newFakeStore(n int) *fakeStore {
	f := &fakeStore{sessions: map[string]*client.Snapshot{}, busy: map[string]bool{}, locked: map[string]bool{}}
	t0 := time.Date(2026, 10, 14, 9, 0, 0, 0, time.UTC)
	for i, id := range []string{"s1", "s2", "s3"} {
		count := []int{n, 2, 0}[i]
		title := "Session " + id
		snap := &client.Snapshot{Session: client.Summary{SessionID: id, GraphID: "demo", Title: &title,
			Preview: "hello", Profile: "chat", Model: "m", CreatedAt: t0, UpdatedAt: t0.Add(time.Hour)}}
		for j := range count {
			it := client.TranscriptItem{EntryID: fmt.Sprintf("%s-e%d", id, j+1), Role: "user",
				Text: fmt.Sprintf("message %d", j+1), Timestamp: t0.Add(time.Duration(j) * time.Second)}
			if j%2 == 1 {
				it.Role = "assistant"
				it.ToolCalls = []client.ToolCall{{ID: "t1", Name: "search_documents"}}
			}
			snap.Transcript = append(snap.Transcript, it)
		}
		f.sessions[id] = snap
	}
	f.sessions["s2"].Session.Parent = &client.Parent{SessionID: "s1", Kind: "fork", EntryID: "s1-e2"}
	return f
}

// find returns the session, or not_found. Called with f.mu held.
func (f *fakeStore) find(id string) (*client.Snapshot, error) {
	if f.fail != nil {
		return nil, f.fail
	}
	s, ok := f.sessions[id]
	if !ok {
		return nil, &client.Error{Status: 404, Code: client.CodeNotFound, Message: "no such session " + id}
	}
	return s, nil
}

// List lists the sessions by id.
func (f *fakeStore) List(context.Context) ([]client.Summary, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail != nil {
		return nil, f.fail
	}
	var out []client.Summary
	for _, id := range slices.Sorted(maps.Keys(f.sessions)) {
		out = append(out, f.sessions[id].Session)
	}
	return out, nil
}

// Inspect returns a copy of the snapshot.
func (f *fakeStore) Inspect(_ context.Context, id string) (*client.Snapshot, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, err := f.find(id)
	if err != nil {
		return nil, err
	}
	cp := *s
	return &cp, nil
}

// Rename sets the title, or refuses a locked session.
func (f *fakeStore) Rename(_ context.Context, id string, title *string) (*client.Summary, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, err := f.find(id)
	if err != nil {
		return nil, err
	}
	if f.locked[id] {
		return nil, &client.Error{Status: 409, Code: client.CodeLeaseHeld, Message: "another client holds the lease"}
	}
	s.Session.Title = title
	f.renamed++
	sum := s.Session
	return &sum, nil
}

// Delete removes the session, or refuses a busy one.
func (f *fakeStore) Delete(_ context.Context, id string, _ ...client.DeleteOption) (*client.DeleteOutcome, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, err := f.find(id); err != nil {
		return nil, err
	}
	if f.busy[id] {
		return nil, &client.Error{Status: 409, Code: client.CodeSessionRunning, Message: "a run is under way: abort it first"}
	}
	delete(f.sessions, id)
	return &client.DeleteOutcome{Deleted: client.Deleted{SessionID: id, TrashedAs: "trash/" + id,
		Mirror: &client.MirrorRef{DocumentID: "sophia-conversation-" + id, GraphID: "demo"}}, MirrorTrashed: true}, nil
}

// fakeServer is a Server over st.
func fakeServer(st Store) *Server {
	return New(Options{Resolver: func(context.Context) (Store, error) { return st, nil }})
}

// pipeSpawn serves srv in this process over pipes: a Spawn for the contract
// suite that needs no binary.
func pipeSpawn(srv *Server) func(t *testing.T) (io.WriteCloser, io.Reader, func() error) {
	return func(t *testing.T) (io.WriteCloser, io.Reader, func() error) {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		done := make(chan error, 1)
		go func() {
			err := srv.Serve(context.Background(), inR, outW)
			outW.Close()
			done <- err
		}()
		t.Cleanup(func() { inW.Close(); inR.Close() })
		var once sync.Once
		var werr error
		return inW, outR, func() error {
			once.Do(func() { werr = <-done })
			return werr
		}
	}
}
