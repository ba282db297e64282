package debuglog

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/config"
)

// TestDebugLog: with VEHICLE_DEBUG=1 the requests, the stream, the
// long-poll and the lease changes go to debug.log in the state folder, and
// no credential does; the file is the user's alone.
func TestDebugLog(t *testing.T) {
	state := t.TempDir()
	env := config.MapEnv(map[string]string{EnvVar: "1", "XDG_STATE_HOME": state})
	if !Wanted(env, false) || Wanted(config.MapEnv(nil), false) || !Wanted(config.MapEnv(nil), true) {
		t.Fatal("VEHICLE_DEBUG=1 or --debug, and only they, ask for the log")
	}
	d, err := Open(env, "v-test")
	if err != nil {
		t.Fatal(err)
	}
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs())
	const modelKey = "sk-debug-never-log-me"
	opts := append([]client.Option{client.WithGraph("demo"), client.WithToken("ada-token"), client.WithModelKey(modelKey)}, d.ClientOptions()...)
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
	if _, err := c.Claim(ctx, id); err != nil {
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
	d.Close()

	b, err := os.ReadFile(filepath.Join(state, "vehicle", FileName))
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
	if d.Path() != filepath.Join(state, "vehicle", FileName) || !strings.Contains(logText, `msg="vehicle started" version=v-test`) {
		t.Errorf("path %s, log:\n%s", d.Path(), logText)
	}
	if st, _ := os.Stat(filepath.Join(state, "vehicle", FileName)); st.Mode().Perm() != 0o600 {
		t.Errorf("the log's mode is %04o", st.Mode().Perm())
	}
}

// FuzzDebugTaps feeds host bytes, as an SSE stream and as a JSON answer, to
// the debug log's taps in chunks: whatever a host sends, they never panic
// and never hold more than their bounds.
func FuzzDebugTaps(f *testing.F) {
	f.Add([]byte("event: lease.claimed\ndata: {}\n\n: keepalive\n"), uint8(3))
	f.Add([]byte(`{"type":"watch.completed","value":{"events":[{"type":"lease.revoked","seq":4}]}}`), uint8(7))
	f.Fuzz(func(t *testing.T, b []byte, chunk uint8) {
		d := &Log{l: newLogger(io.Discard)}
		n := int(chunk%64) + 1
		s := &sseTap{ReadCloser: io.NopCloser(bytes.NewReader(b)), log: d}
		j := &jsonTap{ReadCloser: io.NopCloser(bytes.NewReader(b)), log: d}
		buf := make([]byte, n)
		for _, r := range []io.Reader{s, j} {
			for {
				if _, err := r.Read(buf); err != nil {
					break
				}
			}
		}
		if len(s.line) > 256+n {
			t.Errorf("the SSE tap keeps a %d-byte partial line", len(s.line))
		}
		if j.buf.Len() > maxPeek+n {
			t.Errorf("the JSON tap keeps %d bytes", j.buf.Len())
		}
	})
}
