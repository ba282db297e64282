package client

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// TestDeleteRefusesAHostileMirror plays a hostile host: its delete answer
// names a document that is not the session's record. The client sends no
// DELETE for it, and the outcome reports the refusal; the session's own
// record is still trashed when that is what the answer names.
func TestDeleteRefusesAHostileMirror(t *testing.T) {
	for _, tc := range []struct {
		name   string
		mirror string
		trash  string // the trash call expected, "" for none
	}{
		{"another document", `{"documentId":"quarterly-report-2026","graphId":"finance"}`, ""},
		{"another graph", `{"documentId":"sophia-conversation-s1","graphId":"finance"}`, ""},
		{"another session's record", `{"documentId":"sophia-conversation-s2","graphId":"demo"}`, ""},
		{"a path in the id", `{"documentId":"../../finance/documents/x","graphId":"demo"}`, ""},
		{"its own record", `{"documentId":"sophia-conversation-s1","graphId":"demo"}`, "/navigation/demo/documents/sophia-conversation-s1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var mu sync.Mutex
			var trashed []string
			c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
				if strings.HasPrefix(r.URL.Path, "/navigation/") {
					mu.Lock()
					trashed = append(trashed, r.Method+" "+r.URL.EscapedPath())
					mu.Unlock()
					w.WriteHeader(http.StatusNoContent)
					return
				}
				writeFrame(w, 200, Frame{Type: TypeSessionDeleted,
					Value: json.RawMessage(`{"sessionId":"s1","trashedAs":"trash/s1","mirror":` + tc.mirror + `}`)})
			})
			out, err := c.Delete(context.Background(), "s1", KnownSnapshot(&Snapshot{}))
			if err != nil {
				t.Fatal(err)
			}
			mu.Lock()
			defer mu.Unlock()
			if tc.trash == "" {
				var refused *MirrorRefusedError
				if len(trashed) != 0 || out.MirrorTrashed || !errors.As(out.MirrorErr, &refused) {
					t.Fatalf("a hostile mirror: trash calls %q, outcome %+v", trashed, out)
				}
				if refused.Own != (MirrorRef{DocumentID: "sophia-conversation-s1", GraphID: "demo"}) ||
					!strings.Contains(out.MirrorErr.Error(), "refused") {
					t.Fatalf("refusal %+v: %v", refused, out.MirrorErr)
				}
				return
			}
			if len(trashed) != 1 || trashed[0] != "DELETE "+tc.trash || !out.MirrorTrashed || out.MirrorErr != nil {
				t.Fatalf("its own record: trash calls %q, outcome %+v", trashed, out)
			}
		})
	}
}
