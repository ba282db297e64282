package client

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"testing"
)

// TestRenameFoldsTheTitle: a title of several lines is folded as the seed
// folds it (whitespace runs to one space, trimmed) before it is sent, by
// Rename and by Call (vehicle ride's rename); only whitespace clears it.
func TestRenameFoldsTheTitle(t *testing.T) {
	var mu sync.Mutex
	var sent []json.RawMessage
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		var body struct {
			Title json.RawMessage `json:"title"`
		}
		_ = json.Unmarshal(b, &body)
		mu.Lock()
		sent = append(sent, body.Title)
		mu.Unlock()
		writeFrame(w, 200, Frame{Type: TypeSessionRenamed, Value: json.RawMessage(`{"session":{"sessionId":"s1"}}`)})
	})
	ctx := context.Background()
	title := func(s string) *string { return &s }
	for _, tc := range []struct {
		name string
		call func() error
		want string
	}{
		{"Rename, two lines", func() error { _, err := c.Rename(ctx, "s1", title("  Plans\n\tfor\r\n the  week \n")); return err }, `"Plans for the week"`},
		{"Rename, only whitespace", func() error { _, err := c.Rename(ctx, "s1", title(" \n\t ")); return err }, `null`},
		{"Rename, nil", func() error { _, err := c.Rename(ctx, "s1", nil); return err }, `null`},
		{"Call, two lines", func() error {
			_, err := c.Call(ctx, OpRename, "s1", json.RawMessage(`{"title":"Plans\nfor  the week"}`))
			return err
		}, `"Plans for the week"`},
		{"Call, null", func() error { _, err := c.Call(ctx, OpRename, "s1", json.RawMessage(`{"title":null}`)); return err }, `null`},
	} {
		mu.Lock()
		sent = nil
		mu.Unlock()
		if err := tc.call(); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		mu.Lock()
		if len(sent) != 1 || string(sent[0]) != tc.want {
			t.Errorf("%s: sent title %s, want %s", tc.name, sent, tc.want)
		}
		mu.Unlock()
	}
}
