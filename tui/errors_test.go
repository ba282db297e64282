package tui

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

// TestFailedListingIsItsOwnScreen is trap 6: a listing that fails shows
// what failed and what to do, never "No sessions yet", and r lists again;
// every error can be read whole.
func TestFailedListingIsItsOwnScreen(t *testing.T) {
	srv, _ := host(t)
	cases := []struct {
		name string
		opts []client.Option
		url  string
		want []string
	}{
		{"unauthorized", []client.Option{client.WithToken("not-a-token")}, srv.URL,
			[]string{"(HTTP 401)", "gardend did not accept the token in use", "Run vehicle login"}},
		{"wrong mount", []client.Option{client.WithToken("ada-token"), client.WithMount("/wrong")}, srv.URL,
			[]string{"(HTTP 404)", "gardend answered 404 at " + srv.URL + "/wrong", "--mount or VEHICLE_MOUNT"}},
		{"unreachable", nil, "http://127.0.0.1:9",
			[]string{"Nothing answered at http://127.0.0.1:9", "--gardend or VEHICLE_GARDEND"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cl, err := client.New(c.url, append([]client.Option{client.WithGraph("demo"), client.WithClientID("cli-x")}, c.opts...)...)
			if err != nil {
				t.Fatal(err)
			}
			h := drive(t, c.name, hostConfig(t, cl), 80, 24)
			got := h.see(append([]string{"✗ Your sessions could not be listed.", "r tries again"}, c.want...)...)
			if strings.Contains(got, "No sessions yet") || strings.Contains(got, "0 sessions") {
				t.Errorf("a failed listing looks like an empty one:\n%s", got)
			}
			asked := h.m.picker.Asked()
			h.send(press('r'))
			if h.m.picker.Asked() != asked+1 {
				t.Error("r did not list again")
			}
			h.see("listing your sessions again…")
			h.until("the second answer", func(string) bool { return !h.m.picker.Loading() })
			h.send(keyF3)
			whole := h.see("Errors, newest first")
			if len(h.m.errLog) == 0 || !strings.Contains(strings.Join(strings.Fields(whole), " "), firstWords(h.m.errLog[0], 6)) {
				t.Errorf("the errors overlay does not show the last error %q:\n%s", h.m.errLog, whole)
			}
		})
	}
}

// firstWords is the first n words of s, for finding wrapped text.
func firstWords(s string, n int) string {
	f := strings.Fields(s)
	return strings.Join(f[:min(n, len(f))], " ")
}

// TestMissingSessionSaysSo: a session asked for at start that the host does
// not have says not_found on the picker it falls back to, after the listing
// comes back too; and ctrl+c there says that a second one quits rather than
// seeming to do nothing behind the error.
func TestMissingSessionSaysSo(t *testing.T) {
	srv, _ := host(t)
	cfg := hostConfig(t, person(t, srv, "ada-token", "cli-x"))
	cfg.SessionID = "s99"
	h := drive(t, "missing", cfg, 100, 24)
	h.until("the listing after the failed open", func(string) bool {
		return h.m.picker.Asked() > 0 && !h.m.picker.Loading()
	})
	h.see("not_found")
	h.send(keyCtrlC)
	h.see("ctrl+c again quits")
}

// TestErrorsNameTheDebugLog: with a debug log on, the errors overlay says
// where it is, so the whole story of a failure can be found.
func TestErrorsNameTheDebugLog(t *testing.T) {
	srv, _ := host(t)
	cfg := hostConfig(t, person(t, srv, "ada-token", "cli-x"))
	cfg.SessionID = "s99"
	cfg.DebugLog = "/tmp/state/vehicle/debug.log"
	h := drive(t, "log", cfg, 100, 24)
	h.see("not_found")
	h.send(keyF3)
	h.see("Errors, newest first", "The debug log has every request: /tmp/state/vehicle/debug.log")
}
