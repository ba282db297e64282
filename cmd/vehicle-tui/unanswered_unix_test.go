//go:build unix

package main

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// holdingProxy passes everything to target but, while hold is set, text
// commands, which it never answers: the host never sees them.
func holdingProxy(t *testing.T, target string) (*httptest.Server, *atomic.Bool) {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	rp := httputil.NewSingleHostReverseProxy(u)
	rp.FlushInterval = -1 // the event stream as it comes
	hold := &atomic.Bool{}
	done := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hold.Load() && r.Method == http.MethodPost && (strings.HasSuffix(r.URL.Path, "/prompt") || strings.HasSuffix(r.URL.Path, "/follow_up")) {
			select {
			case <-r.Context().Done():
			case <-done:
			}
			return
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { close(done); srv.Close() })
	return srv, hold
}

// TestUnansweredMessageOutlivesTheUI: a prompt still "sending…" (the host
// never answers) when the UI ends, by its terminal closing (SIGHUP, no
// question possible) or by ctrl+c (a question, answered by ctrl+c again),
// is kept with the draft by its requestId; the UI opened again shows it in
// the queue lane, and enter sends the same request: the host runs it once.
func TestUnansweredMessageOutlivesTheUI(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildVehicle(t)
	for _, how := range []string{"sighup", "ctrl+c"} {
		t.Run(how, func(t *testing.T) {
			srv := testHost(t)
			id := hangupSession(t, srv.URL)
			proxy, hold := holdingProxy(t, srv.URL)
			hold.Store(true)
			env := adaEnv(t)
			args := []string{"--gardend", proxy.URL, "--graph", "demo", "--session", id}
			term := ptytest.Start(t, bin, 30, 120, env, args...)
			term.WaitFor("you drive from this terminal")
			term.Type("hello there")
			term.WaitFor("┃ hello there")
			term.Type("\r")
			term.WaitFor("sending…")
			if how == "sighup" {
				term.Hangup()
				waitGone(t, term)
			} else {
				term.Type("\x03")
				term.WaitFor("ctrl+c again quits")
				term.Type("\x03")
				term.WaitFor("Not answered yet", "prompt “hello there”: sending…")
				term.Type("\x1b[B") // ↓: quit anyway (ctrl+c at the question stays)
				term.WaitFor("▸ quit anyway")
				term.Type("\r")
				term.WaitExit()
			}
			kept := keptDrafts(t, env)
			if !strings.Contains(kept, `"requestId":"`) || !strings.Contains(kept, `"request":"hello there"`) {
				t.Fatalf("the message was not kept with its request: %q", kept)
			}
			if n := accepted(srv, id); len(n) != 0 {
				t.Fatalf("the host took %v while it was held", n)
			}

			hold.Store(false) // the host answers again
			again := ptytest.Start(t, bin, 30, 120, env, args...)
			again.WaitFor("you drive from this terminal", "no answer yet: enter sends the same request again · hello there")
			again.Type("\r")
			again.WaitFor("You said: hello there")
			got := accepted(srv, id)
			if len(got) != 1 || !strings.Contains(kept, `"requestId":"`+got[0]+`"`) {
				t.Fatalf("the host accepted %v, want the one kept request (%s)", got, kept)
			}
		})
	}
}

// accepted is the ids of the commands the host accepted in session id.
func accepted(srv *vehicletest.Server, id string) []string {
	var out []string
	for _, ev := range srv.Events(id) {
		if ev.Type == client.EvCommandAccepted {
			var v client.CommandValue
			_ = ev.Decode(&v)
			out = append(out, v.CommandID)
		}
	}
	return out
}
