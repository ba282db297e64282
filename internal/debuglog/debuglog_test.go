package debuglog

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/config"
)

// TestDebugLog: with VEHICLE_DEBUG=1 the requests and their answers (with
// their request ids), the stream's states, its events and the lease changes
// go to debug.log in the state folder, through the client's trace; no
// token, visitor id, model key or message text does, with each of them
// set. The file is the user's alone.
func TestDebugLog(t *testing.T) {
	const (
		token     = "ada-token"
		visitorID = "visitor-never-log-3c1d"
		modelKey  = "sk-debug-never-log-me"
		text      = "the secret recipe is 42 cows"
	)
	for _, tc := range []struct {
		name string
		cred client.Option
	}{
		{"token", client.WithToken(token)},
		{"visitor", client.WithVisitorID(visitorID)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			state := t.TempDir()
			env := config.MapEnv(map[string]string{EnvVar: "1", "XDG_STATE_HOME": state})
			if !Wanted(env, false) || Wanted(config.MapEnv(nil), false) || !Wanted(config.MapEnv(nil), true) {
				t.Fatal("VEHICLE_DEBUG=1 or --debug, and only they, ask for the log")
			}
			d, err := Open(env, "v-test")
			if err != nil {
				t.Fatal(err)
			}
			srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs(), vehicletest.WithPublicGraphs("demo"))
			opts := append([]client.Option{client.WithGraph("demo"), tc.cred, client.WithModelKey(modelKey)}, d.ClientOptions()...)
			c, err := client.New(srv.URL, opts...)
			if err != nil {
				t.Fatal(err)
			}
			rid := converse(t, c, text)
			d.Close()
			b, err := os.ReadFile(filepath.Join(state, "vehicle", FileName))
			if err != nil {
				t.Fatal(err)
			}
			logText := string(b)
			for _, want := range []string{"op=create", "op=prompt", "requestId=" + rid, "status=200", "answer=command.accepted",
				"duration=", "stream=sse", `msg="stream state"`, "mode=streaming", `msg="lease change"`, "event=lease.claimed",
				"answer=driver.claimed", "answer=driver.released", "event=run.settled", "op=watch"} {
				if !strings.Contains(logText, want) {
					t.Errorf("the log lacks %q:\n%s", want, logText)
				}
			}
			for _, secret := range []string{token, visitorID, modelKey, text, "42 cows"} {
				if strings.Contains(logText, secret) {
					t.Errorf("the log holds %q:\n%s", secret, logText)
				}
			}
			if d.Path() != filepath.Join(state, "vehicle", FileName) || !strings.Contains(logText, `msg="vehicle started" version=v-test`) {
				t.Errorf("path %s, log:\n%s", d.Path(), logText)
			}
			if st, _ := os.Stat(d.Path()); st.Mode().Perm() != 0o600 {
				t.Errorf("the log's mode is %04o", st.Mode().Perm())
			}
		})
	}
}

// converse creates a session, claims it, sends text and streams to the
// settle of its run, long-polls once and releases: every kind of line the
// log has. It returns the prompt's request id.
func converse(t *testing.T, c *client.Client, text string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cr, err := c.Create(ctx, client.CreateRequest{Title: "logged", Claim: new(bool)})
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
	defer st.Close()
	const rid = "prompt-req-1"
	if _, err := c.Send(ctx, id, client.OpPrompt, client.TextRequest{RequestID: rid, Text: text}); err != nil {
		t.Fatal(err)
	}
	for st.Next() && st.Current().Type != client.EvRunSettled {
	}
	if _, err := c.Watch(ctx, id, 0, 0); err != nil {
		t.Fatal(err)
	}
	if err := c.Release(ctx, id); err != nil {
		t.Fatal(err)
	}
	return rid
}

// TestDebugLogIsCappedAndPrivate: an older log of mode 0644 is made 0600 when
// opened, and a log that passes its cap is moved to debug.log.1 (0600 as
// well) and started anew.
func TestDebugLogIsCappedAndPrivate(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	if err := os.WriteFile(path, []byte("an older line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := open(path, 4096)
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Fatalf("an older 0644 log is still %04o", st.Mode().Perm())
	}
	for i := range 200 {
		d.Info("line", "n", i, "pad", strings.Repeat("x", 40))
	}
	d.Close()
	for _, p := range []string{path, path + ".1"} {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if st.Size() > 4096 || st.Mode().Perm() != 0o600 {
			t.Errorf("%s: %d bytes, mode %04o", p, st.Size(), st.Mode().Perm())
		}
	}
	if b, _ := os.ReadFile(path); !strings.Contains(string(b), "vehicle ended") {
		t.Errorf("the last lines are not in the new log:\n%s", b)
	}
	if err := os.Symlink(path, path+".link"); err == nil {
		if _, err := open(path+".link", 4096); err == nil {
			t.Error("a link was followed")
		}
	}
}
