package client_test

import (
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// TestLostDeleteRereadsTheMirror: when a delete's answer is lost, whether
// the mirrored document goes to the Trash is judged from the session as it
// was just before the delete, not from a snapshot the caller took earlier,
// and a session whose last mirror write failed still has its document
// trashed (an earlier write made it).
func TestLostDeleteRereadsTheMirror(t *testing.T) {
	srv := vehicletest.NewServer(t)
	ctx := ctxT(t)
	direct := dial(t, srv, adaToken, "demo")
	prompt := func(id string, since int64, settled string) {
		t.Helper()
		if _, err := direct.Prompt(ctx, id, "remember me"); err != nil {
			t.Fatal(err)
		}
		waitFor(t, direct, id, since, settled)
		waitFor(t, direct, id, since, client.EvRunSettled)
	}
	cases := []struct {
		name    string
		prepare func(t *testing.T) (id string, known *client.Snapshot)
		trashed bool
	}{
		{"a snapshot from before the first mirror write", func(t *testing.T) (string, *client.Snapshot) {
			cr, err := direct.Create(ctx, client.CreateRequest{})
			if err != nil {
				t.Fatal(err)
			}
			snap, err := direct.Inspect(ctx, cr.Session.SessionID)
			if err != nil {
				t.Fatal(err)
			}
			prompt(cr.Session.SessionID, cr.Cursor, client.EvMirrorWritten)
			return cr.Session.SessionID, snap
		}, true},
		{"the last mirror write failed", func(t *testing.T) (string, *client.Snapshot) {
			id := openSession(t, direct, true)
			snap, err := direct.Inspect(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			srv.Host.FailMirror("gardend is restarting")
			defer srv.Host.FailMirror("")
			prompt(id, snap.Cursor, client.EvMirrorFailed)
			return id, nil
		}, true},
		{"the only mirror write failed", func(t *testing.T) (string, *client.Snapshot) {
			cr, err := direct.Create(ctx, client.CreateRequest{})
			if err != nil {
				t.Fatal(err)
			}
			srv.Host.FailMirror("gardend is restarting")
			defer srv.Host.FailMirror("")
			prompt(cr.Session.SessionID, cr.Cursor, client.EvMirrorFailed)
			return cr.Session.SessionID, nil
		}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			id, known := tc.prepare(t)
			var dropped atomic.Bool
			proxy := httptest.NewServer(dropFirstAnswer(srv.URL, "/"+id, &dropped))
			defer proxy.Close()
			c := dial(t, &vehicletest.Server{URL: proxy.URL, Host: srv.Host}, adaToken, "demo",
				client.WithRetry(client.RetryPolicy{Attempts: 3, Base: 1, Max: 1}))
			var opts []client.DeleteOption
			if known != nil {
				opts = append(opts, client.KnownSnapshot(known))
			}
			before := len(srv.Trashed())
			out, err := c.Delete(ctx, id, opts...)
			if err != nil || !dropped.Load() || !out.AnswerLost {
				t.Fatalf("delete: %+v, %v (answer dropped: %v)", out, err, dropped.Load())
			}
			trashed := srv.Trashed()[before:]
			if !tc.trashed {
				if out.MirrorTrashed || out.MirrorErr != nil || len(trashed) != 0 {
					t.Fatalf("a session never mirrored: outcome %+v, host trashed %+v", out, trashed)
				}
				return
			}
			want := vehicletest.TrashedDoc{Graph: "demo", DocumentID: client.MirrorDocumentID(id), Principal: "user:ada"}
			if !out.MirrorTrashed || out.MirrorErr != nil || len(trashed) != 1 || trashed[0] != want {
				t.Fatalf("the mirrored document is not in the Trash: outcome %+v, host trashed %+v", out, trashed)
			}
		})
	}
}
