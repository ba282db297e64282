//go:build unix

package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// TestHangupKeepsTheDraftAndReleases closes the terminal of a TUI that
// drives a session with a draft in its composer: the UI ends by itself,
// keeps the draft, and releases the lease. Closing the terminal sends
// SIGHUP; under nohup (SIGHUP ignored) the UI sees its terminal gone
// instead, and ends the same way.
func TestHangupKeepsTheDraftAndReleases(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildVehicle(t)
	for _, nohup := range []bool{false, true} {
		t.Run(map[bool]string{false: "sighup", true: "nohup"}[nohup], func(t *testing.T) {
			srv := testHost(t)
			id := hangupSession(t, srv.URL)
			env := adaEnv(t)
			args := adaArgs(srv, id)
			prog := bin
			if nohup {
				prog, args = "/bin/sh", append([]string{"-c", `trap '' HUP; exec "$0" "$@"`, bin}, args...)
			}
			term := ptytest.Start(t, prog, 30, 120, env, args...)
			term.WaitFor("you drive from this terminal")
			term.Type("half a thought")
			term.WaitFor("half a thought")
			term.Hangup()
			waitGone(t, term)
			if evs := srv.Events(id); evs[len(evs)-1].Type != client.EvLeaseReleased {
				t.Errorf("the lease is still held: the last event is %s", evs[len(evs)-1].Type)
			}
			if got := keptDrafts(t, env); !strings.Contains(got, "half a thought") {
				t.Errorf("the draft was not kept: %q", got)
			}
		})
	}
}

// hangupSession creates a session of ada's on the host at url.
func hangupSession(t *testing.T, url string) string {
	t.Helper()
	c, err := client.New(url, client.WithGraph("demo"), client.WithToken("ada-token"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), ptytest.Limit)
	defer cancel()
	created, err := c.Create(ctx, client.CreateRequest{Title: "Hangup", Claim: new(bool)})
	if err != nil {
		t.Fatal(err)
	}
	return created.Session.SessionID
}

// waitGone waits, at most ptytest.Limit, for the program to exit after its
// terminal closed.
func waitGone(t *testing.T, term *ptytest.Terminal) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- term.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatal(err)
		}
	case <-time.After(ptytest.Limit):
		t.Fatalf("the UI outlived its terminal by %v", ptytest.Limit)
	}
}

// keptDrafts is the text of every draft kept in env's state folder.
func keptDrafts(t *testing.T, env []string) string {
	t.Helper()
	var state string
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "XDG_STATE_HOME="); ok {
			state = v
		}
	}
	files, _ := filepath.Glob(filepath.Join(state, "vehicle", "drafts", "*", "*.draft"))
	var all strings.Builder
	for _, f := range files {
		b, _ := os.ReadFile(f)
		all.Write(b)
	}
	return all.String()
}
