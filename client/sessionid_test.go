package client

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// sessionCalls is every way the client names a session in a route.
func sessionCalls() map[string]func(c *Client, id string) error {
	ctx := context.Background()
	calls := map[string]func(c *Client, id string) error{
		"Inspect":       func(c *Client, id string) error { _, err := c.Inspect(ctx, id); return err },
		"InspectLazy":   func(c *Client, id string) error { _, err := c.InspectLazy(ctx, id); return err },
		"Rename":        func(c *Client, id string) error { t := "x"; _, err := c.Rename(ctx, id, &t); return err },
		"Delete":        func(c *Client, id string) error { _, err := c.Delete(ctx, id); return err },
		"Watch":         func(c *Client, id string) error { _, err := c.Watch(ctx, id, 0, 0); return err },
		"Capsule":       func(c *Client, id string) error { _, err := c.Capsule(ctx, id); return err },
		"Claim":         func(c *Client, id string) error { _, err := c.Claim(ctx, id); return err },
		"Release":       func(c *Client, id string) error { return c.Release(ctx, id) },
		"Prompt":        func(c *Client, id string) error { _, err := c.Prompt(ctx, id, "hi"); return err },
		"Abort":         func(c *Client, id string) error { _, err := c.Abort(ctx, id); return err },
		"Cancel":        func(c *Client, id string) error { _, err := c.Cancel(ctx, id, "c1"); return err },
		"Shutdown":      func(c *Client, id string) error { _, err := c.Shutdown(ctx, id); return err },
		"Fork":          func(c *Client, id string) error { _, err := c.Fork(ctx, id, "e1"); return err },
		"Clone":         func(c *Client, id string) error { _, err := c.Clone(ctx, id); return err },
		"Chime":         func(c *Client, id string) error { _, err := c.Chime(ctx, id, "hi"); return err },
		"AcceptChime":   func(c *Client, id string) error { _, err := c.AcceptChime(ctx, id, "k1"); return err },
		"SetRoomPolicy": func(c *Client, id string) error { _, err := c.SetRoomPolicy(ctx, id, "mute"); return err },
		"Stream": func(c *Client, id string) error {
			s, err := c.Stream(ctx, id, StreamOptions{})
			if s != nil {
				s.Close()
			}
			return err
		},
	}
	for _, r := range Routes() {
		if strings.Contains(r.Path, "{id}") {
			calls["Call "+r.Op] = func(c *Client, id string) error { _, err := c.Call(ctx, r.Op, id, nil); return err }
		}
	}
	return calls
}

// TestDotSessionIDsAreRefusedBeforeAnyRequest: ".", ".." and "" never reach
// the wire (DELETE /g/demo/sessions/.. is DELETE /g/demo/ behind a proxy that
// folds dot segments); every other id is one escaped path segment.
func TestDotSessionIDsAreRefusedBeforeAnyRequest(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	h := func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Method+" "+r.RequestURI)
		mu.Unlock()
		writeFrame(w, 404, Frame{Type: TypeError, Code: CodeNotFound, Message: "no such session"})
	}
	c := newTestClient(t, h)
	for name, call := range sessionCalls() {
		for _, id := range []string{"", ".", ".."} {
			mu.Lock()
			seen = nil
			mu.Unlock()
			err := call(c, id)
			if !errors.Is(err, ErrBadSessionID) {
				t.Errorf("%s(%q): got %v, want ErrBadSessionID", name, id, err)
			}
			mu.Lock()
			if len(seen) > 0 {
				t.Errorf("%s(%q) sent %v", name, id, seen)
			}
			mu.Unlock()
		}
		mu.Lock()
		seen = nil
		mu.Unlock()
		_ = call(c, "a/../b?c#d %")
		mu.Lock()
		if len(seen) == 0 {
			t.Errorf("%s sent nothing for a good id", name)
		}
		for _, s := range seen {
			if !strings.Contains(s, "/g/demo/sessions/a%2F..%2Fb%3Fc%23d%20%25") {
				t.Errorf("%s: %s is not the id as one escaped segment", name, s)
			}
		}
		mu.Unlock()
	}
}

func TestTrashDocumentRefusesDotSegments(t *testing.T) {
	var mu sync.Mutex
	n := 0
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		n++
		mu.Unlock()
		w.WriteHeader(204)
	})
	for _, tc := range [][2]string{{"demo", ".."}, {"demo", "."}, {"..", "doc"}, {"demo", ""}} {
		if err := c.TrashDocument(context.Background(), tc[0], tc[1]); err == nil {
			t.Errorf("TrashDocument(%q, %q) was not refused", tc[0], tc[1])
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if n != 0 {
		t.Errorf("%d requests sent", n)
	}
}
