package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// envRealKeyring names the variable .ci/run sets when it has started a
// session bus with an unlocked Secret Service for the tests.
const envRealKeyring = "VEHICLE_TEST_KEYRING"

// noBusEnv is an environment with no session bus to find: no
// DBUS_SESSION_BUS_ADDRESS, and a runtime folder without a bus socket.
func noBusEnv(t *testing.T) []string {
	var env []string
	for _, kv := range cliEnv(t) {
		if !strings.HasPrefix(kv, "DBUS_SESSION_BUS_ADDRESS=") {
			env = append(env, kv)
		}
	}
	return env
}

// leftBehind lists the live processes, other than pid itself, in the
// session pid leads or whose environment holds mark (a daemon that left the
// session still carries the environment it was started with).
func leftBehind(t *testing.T, pid int, mark string) []string {
	t.Helper()
	dirs, err := os.ReadDir("/proc")
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	var left []string
	for _, d := range dirs {
		p, err := strconv.Atoi(d.Name())
		if err != nil || p == pid {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", d.Name(), "stat"))
		if err != nil {
			continue
		}
		stat := string(b)
		end := strings.LastIndexByte(stat, ')')
		fields := strings.Fields(stat[end+1:])
		if len(fields) < 4 || fields[0] == "Z" {
			continue // gone, or a zombie waiting for its parent
		}
		environ, _ := os.ReadFile(filepath.Join("/proc", d.Name(), "environ"))
		if fields[3] == strconv.Itoa(pid) || bytes.Contains(environ, []byte(mark)) {
			left = append(left, stat[:end+1])
		}
	}
	return left
}

// TestNoProcessOutlivesACommand runs login, logout and a ride with no
// session bus, each in a session of its own, and checks that no process of
// that session is left when it ends: no D-Bus autolaunch daemon. login
// says "no keyring" before it reads a token.
func TestNoProcessOutlivesACommand(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Skip("counts processes through /proc")
	}
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildStamped(t)
	mark := "VEHICLE_TEST_MARK=" + strconv.FormatInt(time.Now().UnixNano(), 36)
	env := append(noBusEnv(t), mark)
	cases := []struct {
		args  []string
		stdin string
		says  string
	}{
		{[]string{"login", "--gardend", "https://sophia.example.com", "--with-token"}, "tok\n", "no keyring"},
		{[]string{"logout", "--gardend", "https://sophia.example.com"}, "", "no keyring"},
		{[]string{"ride", "--gardend", "http://127.0.0.1:9", "--graph", "demo", "--new"}, "", "keyring"},
	}
	for _, tc := range cases {
		cmd := exec.Command(bin, tc.args...)
		cmd.Env = env
		cmd.Stdin = strings.NewReader(tc.stdin)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		out, _ := cmd.CombinedOutput()
		if !strings.Contains(string(out), tc.says) {
			t.Errorf("%v: the output does not say %q:\n%s", tc.args, tc.says, out)
		}
		if left := leftBehind(t, cmd.Process.Pid, mark); len(left) > 0 {
			t.Errorf("%v left processes behind: %v", tc.args, left)
		}
	}
}

// TestRealKeyring logs in, rides with the stored token and logs out through
// the system's Secret Service. .ci/run starts one (a private session bus and
// an unlocked gnome-keyring) and sets VEHICLE_TEST_KEYRING=1; elsewhere the
// test is skipped.
func TestRealKeyring(t *testing.T) {
	t.Parallel()
	if os.Getenv(envRealKeyring) != "1" {
		t.Skip("set " + envRealKeyring + "=1 with a session bus and an unlocked Secret Service (.ci/run does)")
	}
	bin := buildStamped(t)
	srv, err := vehicletest.Listen("127.0.0.1:0", vehicletest.WithDeterministicIDs())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	env := append(cliEnv(t), "DBUS_SESSION_BUS_ADDRESS="+os.Getenv("DBUS_SESSION_BUS_ADDRESS"))
	run := func(stdin string, args ...string) cliRun { return runBinary(t, bin, env, stdin, args...) }

	r := run("ada-token\n", "login", "--gardend", srv.URL, "--with-token")
	if r.code != 0 || !strings.Contains(r.err, "stored the token") {
		t.Fatalf("login: exit %d\n%s", r.code, r.err)
	}
	r = run("", "ride", "--gardend", srv.URL, "--graph", "demo", "--new")
	if r.code != 0 || !strings.Contains(r.stdout, `"kind":"keyring"`) || strings.Contains(r.stdout+r.err, "ada-token") {
		t.Fatalf("ride with the stored token: exit %d\n%s%s", r.code, r.stdout, r.err)
	}
	r = run("", "logout", "--gardend", srv.URL)
	if r.code != 0 || !strings.Contains(r.err, "removed the token") {
		t.Fatalf("logout: exit %d\n%s", r.code, r.err)
	}

	// On a terminal, login prompts and the token typed is not echoed.
	term := ptytest.Start(t, bin, 24, 120, append(env, "TERM=xterm-256color"), "login", "--gardend", srv.URL)
	term.WaitFor("Token for", "(typing is not shown)")
	term.Type("ada-token\r")
	if err := term.Wait(); err != nil {
		t.Fatalf("login on a terminal: %v\n%s", err, term.Screen())
	}
	<-term.Done()
	if !strings.Contains(term.Screen(), "stored the token") {
		t.Errorf("login on a terminal did not store the token:\n%s", term.Screen())
	}
	if strings.Contains(term.Screen(), "ada-token") {
		t.Errorf("the token was echoed:\n%s", term.Screen())
	}
	r = run("", "logout", "--gardend", srv.URL)
	if r.code != 0 || !strings.Contains(r.err, "removed the token") {
		t.Fatalf("logout after the terminal login: exit %d\n%s", r.code, r.err)
	}

	// ctrl+c at the prompt ends login with nothing stored.
	term = ptytest.Start(t, bin, 24, 120, append(env, "TERM=xterm-256color"), "login", "--gardend", srv.URL)
	term.WaitFor("Token for", "(typing is not shown)")
	term.Type("\x03")
	if err := term.WaitEnd(); err == nil {
		t.Errorf("login ended well after ctrl+c:\n%s", term.Screen())
	}
	if !strings.Contains(term.Screen(), "login cancelled: no token stored") {
		t.Errorf("login did not say it was cancelled:\n%s", term.Screen())
	}
	r = run("", "logout", "--gardend", srv.URL)
	if r.code != 0 || !strings.Contains(r.err, "nothing to remove") {
		t.Errorf("a second logout: exit %d\n%s", r.code, r.err)
	}
}
