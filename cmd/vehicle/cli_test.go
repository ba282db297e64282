package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/internal/cli"
)

// exeSuffix is what a program's name ends with here.
func exeSuffix() string {
	if runtime.GOOS == "windows" {
		return ".exe"
	}
	return ""
}

// cliRun is one run of the binary.
type cliRun struct {
	code        int
	stdout, err string
}

// runBinary runs bin with args, env and stdin.
func runBinary(t *testing.T, bin string, env []string, stdin string, args ...string) cliRun {
	t.Helper()
	var out, errw bytes.Buffer
	var err error
	// A binary a test just wrote can be "busy" for a moment: a program
	// another test forks meanwhile holds its write descriptor until it
	// execs (close-on-exec). Nothing signals that; try again a few times.
	for try := 0; ; try++ {
		cmd := exec.Command(bin, args...)
		cmd.Env = env
		cmd.Stdin = strings.NewReader(stdin)
		out.Reset()
		errw.Reset()
		cmd.Stdout, cmd.Stderr = &out, &errw
		if err = cmd.Run(); !errors.Is(err, syscall.ETXTBSY) || try == 20 {
			break
		}
		time.Sleep(time.Duration(try+1) * 10 * time.Millisecond)
	}
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("cannot run %s: %v", bin, err)
	}
	return cliRun{code: code, stdout: out.String(), err: errw.String()}
}

// cliEnv is a clean environment with its own folders.
func cliEnv(t *testing.T) []string {
	home := t.TempDir()
	return []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "XDG_RUNTIME_DIR=" + home, "NO_COLOR=1"}
}

// TestCommandLine builds vehicle and checks the acceptance of its command
// line: the version, every subcommand in the help, each subcommand's own
// flags only, completion, the man page and the exit codes.
func TestCommandLine(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildStamped(t)
	env := cliEnv(t)
	run := func(stdin string, args ...string) cliRun { return runBinary(t, bin, env, stdin, args...) }

	t.Run("version", func(t *testing.T) {
		want := cliVersion + " (commit 0123456789ab, 2026-11-30T12:00:00Z)"
		for _, args := range [][]string{{"--version"}, {"version"}} {
			r := run("", args...)
			if r.code != 0 || !strings.Contains(r.stdout, "vehicle version "+want) {
				t.Errorf("%v: exit %d, %q", args, r.code, r.stdout)
			}
		}
	})
	t.Run("help lists every command", func(t *testing.T) {
		r := run("", "-h")
		for _, sub := range []string{"demo", "watch", "ride", "login", "logout", "config", "version", "man", "completion", "--gardend", "--debug"} {
			if !strings.Contains(r.stdout, sub) {
				t.Errorf("vehicle -h does not list %s:\n%s", sub, r.stdout)
			}
		}
		// fang's help: titled sections, no cobra "Usage:", no "[=true|false]"
		// after a switch, no escape sequences into a pipe.
		if !strings.Contains(r.stdout, "USAGE") || !strings.Contains(r.stdout, "FLAGS") || strings.Contains(r.stdout, "Usage:") ||
			strings.Contains(r.stdout, "[=true|false]") || strings.Contains(r.stdout, "\x1b") {
			t.Errorf("vehicle -h is not fang's plain help:\n%s", r.stdout)
		}
		for i, line := range strings.Split(r.stdout, "\n") {
			if strings.HasSuffix(line, " ") {
				t.Errorf("vehicle -h line %d ends in spaces (padded to %d columns): %q", i+1, len(line), line)
				break
			}
		}
	})
	t.Run("each command's own flags", func(t *testing.T) {
		cases := []struct {
			cmd      string
			has, not []string
		}{
			{"login", []string{"--gardend", "--with-token", "--no-check", "--mount"}, []string{"--session", "--chime"}},
			{"logout", []string{"--gardend"}, []string{"--no-check", "--mount", "--with-token"}},
			{"watch", []string{"--session", "--gardend", "--notify"}, []string{"--new", "--chime", "--title", "--no-claim"}},
			{"demo", []string{"--listen", "--no-tui"}, []string{"--gardend", "--session"}},
		}
		for _, tc := range cases {
			r := run("", tc.cmd, "-h")
			for _, f := range tc.has {
				if !strings.Contains(r.stdout, f) {
					t.Errorf("%s -h lacks %s:\n%s", tc.cmd, f, r.stdout)
				}
			}
			for _, f := range tc.not {
				if strings.Contains(r.stdout, f+" ") || strings.Contains(r.stdout, f+"\n") {
					t.Errorf("%s -h lists %s, which it does not take:\n%s", tc.cmd, f, r.stdout)
				}
			}
		}
	})
	t.Run("ride keeps its own help", func(t *testing.T) {
		r := run("", "ride", "-h")
		if r.code != 0 || !strings.Contains(r.stdout+r.err, "-session") || !strings.Contains(r.stdout+r.err, "-new") {
			t.Errorf("vehicle ride -h: exit %d\n%s%s", r.code, r.stdout, r.err)
		}
	})
	t.Run("exit codes", func(t *testing.T) {
		cases := []struct {
			args []string
			code int
		}{
			{[]string{"nosuch"}, cli.ExitUsage},
			{[]string{"--nosuch"}, cli.ExitUsage},
			{[]string{"logout", "stray"}, cli.ExitUsage},
			{[]string{"login", "--gardend"}, cli.ExitUsage},
			{[]string{"version", "extra"}, cli.ExitUsage},
			{[]string{"demo", "--no-tui"}, cli.ExitUsage},
			{[]string{"watch", "--session", "s1"}, cli.ExitFailed}, // not a terminal
			{[]string{"config", "nosuch"}, cli.ExitUsage},
			{[]string{"completion", "nosuch"}, cli.ExitUsage},
			{[]string{"config", "path"}, cli.ExitOK},
		}
		for _, tc := range cases {
			if r := run("", tc.args...); r.code != tc.code {
				t.Errorf("%v: exit %d, want %d; stderr %q", tc.args, r.code, tc.code, r.err)
			}
		}
	})
	t.Run("completion loads in bash", func(t *testing.T) {
		bash, err := exec.LookPath("bash")
		if err != nil {
			t.Skip("no bash")
		}
		script := run("", "completion", "bash")
		if script.code != 0 || !strings.Contains(script.stdout, "__start_vehicle") {
			t.Fatalf("completion bash: exit %d\n%s", script.code, script.err)
		}
		f := filepath.Join(t.TempDir(), "vehicle.bash")
		if err := os.WriteFile(f, []byte(script.stdout), 0o600); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(bash, "-c", "source "+f+" && complete -p vehicle").CombinedOutput()
		if err != nil || !strings.Contains(string(out), "vehicle") {
			t.Errorf("the script does not load: %v\n%s", err, out)
		}
		for _, shell := range []string{"zsh", "fish", "powershell"} {
			if r := run("", "completion", shell); r.code != 0 || !strings.Contains(r.stdout, "vehicle") {
				t.Errorf("completion %s: exit %d", shell, r.code)
			}
		}
	})
	t.Run("man", func(t *testing.T) {
		r := run("", "man")
		if r.code != 0 || !strings.HasPrefix(r.stdout, ".TH") || !strings.Contains(r.stdout, "login") || !strings.Contains(r.stdout, "with-token") {
			t.Errorf("vehicle man: exit %d\n%.400s", r.code, r.stdout)
		}
	})
}
