package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sync"
	"testing"
)

// built holds vehicle and vehicle-tui, built once for the tests that run
// them; TestMain removes the folder.
var built struct {
	once sync.Once
	dir  string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		_ = os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// buildVehicle builds vehicle and this program into one folder, as they
// ship, and returns vehicle's path: the tests run `vehicle ...`, which
// becomes vehicle-tui.
func buildVehicle(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go tool on PATH to build the binaries")
	}
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "vehicle-tui-test")
		for _, pkg := range []string{".", "../vehicle"} {
			if built.err == nil {
				built.err = goBuild(built.dir, pkg)
			}
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return filepath.Join(built.dir, "vehicle"+exeSuffix())
}

// goBuild builds the command in pkg into dir.
func goBuild(dir, pkg string) error {
	name := filepath.Base(pkg)
	if pkg == "." {
		name = "vehicle-tui"
	}
	out, err := exec.Command("go", "build", "-o", filepath.Join(dir, name+exeSuffix()), pkg).CombinedOutput()
	if err != nil {
		return fmt.Errorf("go build %s: %v\n%s", pkg, err, out)
	}
	return nil
}

// exeSuffix is what a program's name ends with here.
func exeSuffix() string {
	if runtime.GOOS == "windows" {
		return ".exe"
	}
	return ""
}

// ptyEnv is the environment of the UI in a pty: its own home and state
// folders under home, a 256-colour terminal, this PATH, and extra.
func ptyEnv(home string, extra ...string) []string {
	return append([]string{"HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "state"), "TERM=xterm-256color",
		"PATH=" + os.Getenv("PATH")}, extra...)
}

// cliEnv is a clean environment with its own folders.
func cliEnv(t *testing.T) []string {
	home := t.TempDir()
	return []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "XDG_RUNTIME_DIR=" + home, "NO_COLOR=1"}
}

// TestGOMAXPROCSNotRefreshed: the UI's binary keeps sysmon from reading the
// cgroup's CPU limit again and again (godebug.go).
func TestGOMAXPROCSNotRefreshed(t *testing.T) {
	bin := filepath.Join(filepath.Dir(buildVehicle(t)), "vehicle-tui"+exeSuffix())
	out, err := exec.Command("go", "version", "-m", bin).CombinedOutput()
	if err != nil {
		t.Fatalf("go version -m: %v\n%s", err, out)
	}
	if !regexp.MustCompile(`DefaultGODEBUG=\S*updatemaxprocs=0`).Match(out) {
		t.Errorf("vehicle-tui is built without updatemaxprocs=0:\n%s", out)
	}
}
