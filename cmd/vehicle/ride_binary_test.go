package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// Secrets of the binary test: a token and a model key that must never leave
// the process but toward the host.
const (
	secretToken = "tok-7f3a9c51-never-print-me"
	secretKey   = "sk-or-v1-5e1c2d-never-print-me"
)

// buildRideBinary is the vehicle binary, built once (builtBinaries).
func buildRideBinary(t testing.TB) string { return builtBinaries(t) }

// rideBinaryRun is one run of the built binary.
type rideBinaryRun struct {
	argv   []string
	stdout string
	stderr string
}

// runRideBinary runs the binary with env and the request lines, checks that the
// ride started, and returns what it printed and its argv as the system saw
// it (from /proc where there is one).
func runRideBinary(t *testing.T, bin string, env []string, lines []string, args ...string) rideBinaryRun {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"ride"}, args...)...)
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(stdout)
	first, err := br.ReadString('\n')
	if err != nil || !strings.Contains(first, `"type":"ready"`) {
		_ = cmd.Process.Kill()
		t.Fatalf("no ready (%v): %s\nstderr: %s", err, first, stderr.String())
	}
	argv := cmd.Args
	if b, err := os.ReadFile("/proc/" + strconv.Itoa(cmd.Process.Pid) + "/cmdline"); err == nil {
		argv = strings.Split(strings.TrimRight(string(b), "\x00"), "\x00")
	}
	_, _ = io.WriteString(stdin, strings.Join(lines, "\n")+"\n")
	_ = stdin.Close()
	rest, _ := io.ReadAll(br)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the ride failed: %v\nstderr: %s", err, stderr.String())
	}
	return rideBinaryRun{argv: argv, stdout: first + string(rest), stderr: stderr.String()}
}

// TestBinaryKeepsSecrets runs the built binary with a token and a model key
// in its environment and asserts neither appears in its output, its argv or
// any file under its HOME and XDG folders, while the host did get them.
func TestBinaryKeepsSecrets(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildRideBinary(t)
	sam := vehicletest.Person{Token: secretToken, Principal: "user:sam", Name: "Sam", Roles: map[string]string{"demo": vehicletest.RoleOwner}}
	srv, err := vehicletest.Listen("127.0.0.1:0", vehicletest.WithPeople(sam), vehicletest.WithPublicGraphs("pub"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	home := t.TempDir()
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home,
		"XDG_STATE_HOME=" + filepath.Join(home, "state"), "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_CACHE_HOME=" + filepath.Join(home, "cache"), "XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"VEHICLE_GARDEND=" + srv.URL, "VEHICLE_TOKEN=" + secretToken, "VEHICLE_MODEL_KEY=" + secretKey}
	requests := []string{
		`{"op":"prompt","requestId":"p1","text":"#tool what do we know"}`,
		`{"op":"watch","requestId":"w1","since":0,"waitMs":2000}`,
		`{"op":"inspect","requestId":"i1"}`, `{"op":"capsule","requestId":"c1"}`, `{"op":"account","requestId":"a1"}`,
		`{"op":"prompt","requestId":"bad"`,
	}
	rides := []rideBinaryRun{
		runRideBinary(t, bin, append(env, "VEHICLE_GRAPH=demo"), requests, "--new", "--follow"),
		runRideBinary(t, bin, env, requests[2:], "--graph", "pub", "--new", "--anonymous"),
	}
	for i, r := range rides {
		for _, secret := range []string{secretToken, secretKey} {
			if strings.Contains(r.stdout, secret) || strings.Contains(r.stderr, secret) || strings.Contains(strings.Join(r.argv, " "), secret) {
				t.Errorf("ride %d: a secret is in its stdout, stderr or argv", i)
			}
		}
		for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
			var f client.Frame
			if json.Unmarshal([]byte(l), &f) != nil || f.Protocol != client.Protocol {
				t.Errorf("ride %d: stdout has a line that is not a frame: %q", i, l)
			}
		}
	}
	checkRideFilesKeepSecrets(t, home)
	checkRideHostGotSecrets(t, srv)
	assertRidePerm(t, filepath.Join(home, "state", "vehicle"), 0o700)
	assertRidePerm(t, filepath.Join(home, "state", "vehicle", "visitor-id"), 0o600)
}

// checkRideFilesKeepSecrets walks root: no file may hold a secret.
func checkRideFilesKeepSecrets(t *testing.T, root string) {
	t.Helper()
	files := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		files++
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if bytes.Contains(b, []byte(secretToken)) || bytes.Contains(b, []byte(secretKey)) {
			t.Errorf("%s holds a secret", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files == 0 {
		t.Error("the rides wrote no file at all: the visitor id should be there")
	}
}

// checkRideHostGotSecrets asserts the secrets did reach the host, so the test
// above is not vacuous: the token from the member's ride, the model key on
// every request, and no token from the visitor's ride.
func checkRideHostGotSecrets(t *testing.T, srv *vehicletest.Server) {
	t.Helper()
	var member, visitor int
	for _, rq := range srv.Requests() {
		if !rq.ModelKey {
			t.Errorf("%s %s went without the model key", rq.Method, rq.Path)
		}
		switch {
		case rq.Authorization && rq.VisitorID == "":
			member++
		case !rq.Authorization && rq.VisitorID != "":
			visitor++
		default:
			t.Errorf("%s %s: authorization %v, visitor id %q", rq.Method, rq.Path, rq.Authorization, rq.VisitorID)
		}
	}
	if member == 0 || visitor == 0 {
		t.Errorf("member requests %d, visitor requests %d", member, visitor)
	}
}

// assertRidePerm asserts a file's permission bits.
func assertRidePerm(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != want {
		t.Errorf("%s: mode %04o, want %04o", path, st.Mode().Perm(), want)
	}
}
