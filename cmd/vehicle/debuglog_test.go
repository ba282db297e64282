package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// TestDebugLog: with VEHICLE_DEBUG=1 the requests, the stream, the
// long-poll and the lease changes go to debug.log in the state folder, and
// no credential does; nothing is written to the terminal's streams.
func TestDebugLog(t *testing.T) {
	state := t.TempDir()
	a, out, errw := testApp(map[string]string{envDebug: "1", "XDG_STATE_HOME": state})
	if err := a.startDebugLog(); err != nil {
		t.Fatal(err)
	}
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs())
	const modelKey = "sk-debug-never-log-me"
	opts := append([]client.Option{client.WithGraph("demo"), client.WithToken("ada-token"), client.WithModelKey(modelKey)}, a.clientOptions()...)
	c, err := client.New(srv.URL, opts...)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cr, err := c.Create(ctx, client.CreateRequest{Title: "logged"})
	if err != nil {
		t.Fatal(err)
	}
	id := cr.Session.SessionID
	if _, err := c.Claim(ctx, id, false); err != nil {
		t.Fatal(err)
	}
	st, err := c.Stream(ctx, id, client.StreamOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for st.Next() && st.Current().Type != client.EvLeaseClaimed {
	}
	st.Close()
	if _, err := c.Watch(ctx, id, 0, 0); err != nil {
		t.Fatal(err)
	}
	if err := c.Release(ctx, id); err != nil {
		t.Fatal(err)
	}
	a.log.close()

	b, err := os.ReadFile(filepath.Join(state, "vehicle", debugLogFile))
	if err != nil {
		t.Fatal(err)
	}
	logText := string(b)
	for _, want := range []string{"method=POST", "status=200", "requestId=", "duration=", "stream=sse", "stream=long-poll",
		"event=lease.claimed", "answer=driver.claimed", "answer=driver.released"} {
		if !strings.Contains(logText, want) {
			t.Errorf("the log lacks %q:\n%s", want, logText)
		}
	}
	for _, secret := range []string{"ada-token", modelKey} {
		if strings.Contains(logText, secret) {
			t.Errorf("the log holds a credential %q", secret)
		}
	}
	if out.Len() != 0 || errw.Len() != 0 {
		t.Errorf("the debug log wrote to the terminal: %q %q", out.String(), errw.String())
	}
	if st, _ := os.Stat(filepath.Join(state, "vehicle", debugLogFile)); st.Mode().Perm() != 0o600 {
		t.Errorf("the log's mode is %04o", st.Mode().Perm())
	}
}
