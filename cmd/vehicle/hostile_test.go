package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/internal/inert"
)

// hostileMessage is a refusal a host (or anyone who can put words in one)
// sends to take over the terminal: a new window title, a cleared screen, a
// clipboard write, and text hidden in zero-width and tag characters.
const hostileMessage = "refused\x1b]0;pwned\x07\x1b[2J\x1b]52;c;cm0gLXJmIC8=\x07 \u200brm\U000e0072\U000e006d"

// hostileHost answers every request with a refusal whose message is
// hostileMessage.
func hostileHost(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusForbidden)
		_ = json.NewEncoder(w).Encode(client.Frame{Protocol: client.Protocol, Type: client.TypeError,
			Code: client.CodeAccessReduced, Message: hostileMessage})
	}))
	t.Cleanup(srv.Close)
	return srv
}

// checkInertLines fails on any line of text that is not inert.
func checkInertLines(t *testing.T, what, text string) {
	t.Helper()
	if text == "" {
		t.Fatalf("%s is empty: the refusal was not told", what)
	}
	for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if !inert.IsInert(l, true) {
			t.Errorf("%s carries host text raw: %q", what, l)
		}
	}
	if !strings.Contains(text, "␛]0;pwned␇") {
		t.Errorf("%s does not show the escape inert: %q", what, text)
	}
}

// TestRideStderrIsInert plays a hostile host against vehicle ride: its
// refusal's escape sequences reach stderr only as visible pictures, and its
// error frame on stdout stays a valid JSON line.
func TestRideStderrIsInert(t *testing.T) {
	srv := hostileHost(t)
	r := startRide(t, srv.URL, "cli-ride-1", rideEnv(), "--session", "s1")
	if code := r.wait(); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	lines, _ := r.errw.Lines()
	checkInertLines(t, "stderr", strings.Join(lines, "\n"))
	frames := r.frames()
	if len(frames) != 1 || frames[0].Message != hostileMessage {
		t.Errorf("the error frame is not the host's: %+v", frames)
	}
}

// TestExportStderrIsInert plays the same host against vehicle export.
func TestExportStderrIsInert(t *testing.T) {
	srv := hostileHost(t)
	for k, v := range map[string]string{config.EnvGardend: srv.URL, config.EnvGraph: "demo", config.EnvToken: "ada-token",
		config.EnvKeyFile: "", config.EnvVisitor: "", config.EnvMount: client.DefaultMount} {
		t.Setenv(k, v)
	}
	t.Chdir(t.TempDir())
	code, _, stderr := runExportTest(t, "--session", "s1")
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr %q", code, stderr)
	}
	checkInertLines(t, "stderr", stderr)
}

// TestPrintedURLsHaveNoPassword gives vehicle ride and vehicle export a
// gardend address with a password in it, unreachable, malformed or local
// without a token: no frame, no diagnostic line and no error says the
// password.
func TestPrintedURLsHaveNoPassword(t *testing.T) {
	t.Parallel() // the unreachable address is tried again for a second and a half
	const password = "hunter2-in-the-url"
	for name, c := range map[string]struct {
		gardend string
		env     map[string]string
	}{
		"unreachable": {"http://ada:" + password + "@127.0.0.1:1", rideEnv()},
		"malformed":   {"ftp://ada:" + password + "@sophia.example.com", rideEnv()},
		"no token":    {"http://ada:" + password + "@127.0.0.1:1", map[string]string{}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := startRide(t, c.gardend, "cli-ride-1", c.env, "--new")
			r.wait()
			out, _ := r.out.Lines()
			errs, _ := r.errw.Lines()
			all := strings.Join(append(out, errs...), "\n")
			if strings.Contains(all, password) || !strings.Contains(all, "ada") && !strings.Contains(all, "127.0.0.1:1") &&
				!strings.Contains(all, "sophia.example.com") {
				t.Errorf("the ride printed the password, or not the address:\n%s", all)
			}
			env := map[string]string{config.EnvGardend: c.gardend, config.EnvGraph: "demo", config.EnvToken: c.env[config.EnvToken],
				"HOME": t.TempDir(), "XDG_CONFIG_HOME": t.TempDir()}
			_, stdout, stderr := runExportEnv(t, config.MapEnv(env), "--session", "s1")
			if strings.Contains(stdout+stderr, password) || !strings.Contains(stderr, "127.0.0.1:1") && !strings.Contains(stderr, "sophia.example.com") {
				t.Errorf("export printed the password, or not the address of its environment:\n%s%s", stdout, stderr)
			}
		})
	}
}
