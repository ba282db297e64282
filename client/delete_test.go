package client_test

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// TestDeleteWithLostAnswer: the host deletes the session but the answer is
// lost on the way; the retry answers not_found, as the protocol says of a
// repeated DELETE. The delete is still reported done, and the mirrored
// document is trashed by the id the protocol fixes.
func TestDeleteWithLostAnswer(t *testing.T) {
	srv := vehicletest.NewServer(t)
	ctx := ctxT(t)
	direct := dial(t, srv, adaToken, "demo")
	mirrored := openSession(t, direct, true)
	mirroredToo := openSession(t, direct, true)
	plain := openSession(t, direct, false)

	for _, tc := range []struct {
		name   string
		id     string
		snap   bool // hand Delete the snapshot instead of letting it inspect
		mirror bool
	}{
		{"mirrored, inspected first", mirrored, false, true},
		{"mirrored, from the caller's snapshot", mirroredToo, true, true},
		{"never mirrored, the caller's snapshot read again", plain, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var dropped atomic.Bool
			proxy := httptest.NewServer(dropFirstAnswer(srv.URL, "/"+tc.id, &dropped))
			defer proxy.Close()
			c := dial(t, &vehicletest.Server{URL: proxy.URL, Host: srv.Host}, adaToken, "demo",
				client.WithRetry(client.RetryPolicy{Attempts: 3, Base: 1, Max: 1}))
			var opts []client.DeleteOption
			if tc.snap {
				snap, err := direct.Inspect(ctx, tc.id)
				if err != nil {
					t.Fatal(err)
				}
				opts = append(opts, client.KnownSnapshot(snap))
			}
			before, sent := len(srv.Trashed()), len(srv.Requests())
			out, err := c.Delete(ctx, tc.id, opts...)
			// A snapshot that says the mirror was written is enough; any
			// other is read again just before the delete.
			if got := sequence(srv.Requests()[sent:], tc.id); got != map[bool]string{
				true: "DELETE DELETE GET", false: "GET DELETE DELETE GET"}[tc.snap && tc.mirror] {
				t.Errorf("requests for the session: %s", got)
			}
			if err != nil {
				t.Fatalf("delete with a lost answer: %v", err)
			}
			if !dropped.Load() || !out.AnswerLost || out.Deleted.SessionID != tc.id {
				t.Fatalf("outcome %+v (answer dropped: %v)", out, dropped.Load())
			}
			// The answer is the client's own: it says so, and claims no trashedAs.
			if v, _ := json.Marshal(out.Deleted); out.Deleted.ConfirmedBy != client.ConfirmedByInspect ||
				!strings.Contains(string(v), `"confirmedBy":"inspect"`) || strings.Contains(string(v), "trashedAs") {
				t.Fatalf("the made answer: %s", v)
			}
			if _, err := direct.Inspect(ctx, tc.id); client.ErrorCode(err) != client.CodeNotFound {
				t.Fatalf("the session is not gone: %v", err)
			}
			trashed := srv.Trashed()[before:]
			if !tc.mirror {
				if out.Deleted.Mirror != nil || out.MirrorTrashed || len(trashed) != 0 {
					t.Fatalf("an unmirrored session's delete trashed %+v (%+v)", trashed, out)
				}
				return
			}
			want := vehicletest.TrashedDoc{Graph: "demo", DocumentID: client.MirrorDocumentID(tc.id), Principal: "user:ada"}
			if !out.MirrorTrashed || out.MirrorErr != nil || len(trashed) != 1 || trashed[0] != want {
				t.Fatalf("mirror not trashed: outcome %+v, host trashed %+v", out, trashed)
			}
		})
	}
}

// sequence is the methods of the requests for one session's own route.
func sequence(rs []vehicletest.Recorded, id string) string {
	var m []string
	for _, r := range rs {
		if strings.HasSuffix(r.Path, "/sessions/"+id) {
			m = append(m, r.Method)
		}
	}
	return strings.Join(m, " ")
}

// openSession creates a session; mirrored ones have had a settled run, so
// their record is written to the graph.
func openSession(t *testing.T, c *client.Client, mirrored bool) string {
	t.Helper()
	ctx := ctxT(t)
	cr, err := c.Create(ctx, client.CreateRequest{})
	if err != nil {
		t.Fatal(err)
	}
	id := cr.Session.SessionID
	if mirrored {
		if _, err := c.Prompt(ctx, id, "remember me"); err != nil {
			t.Fatal(err)
		}
		waitFor(t, c, id, cr.Cursor, client.EvMirrorWritten)
		waitFor(t, c, id, cr.Cursor, client.EvRunSettled)
	}
	return id
}
