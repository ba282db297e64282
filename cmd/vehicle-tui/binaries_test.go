package main

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"testing"

	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/testbin"
	"github.com/sophia-labs/vehicle/internal/testexit"
)

// built is vehicle and this program, built once for the tests that run
// them, side by side as they ship.
var built = testbin.NewSet("vehicle-tui-test", "", ".", "../vehicle")

// TestMain builds the programs once, runs more tests at once than there
// are CPUs (most wait on a program in a pty) and ends without the race
// detector's sleep.
func TestMain(m *testing.M) {
	flag.Parse()
	testexit.Waiting()
	testexit.Exit(built.Main(m))
}

// buildVehicle waits for vehicle and this program and returns vehicle's
// path: the tests run `vehicle ...`, which becomes vehicle-tui.
func buildVehicle(t *testing.T) string {
	t.Helper()
	return built.Path(t, "vehicle")
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
	t.Parallel()
	bin := filepath.Join(filepath.Dir(buildVehicle(t)), "vehicle-tui"+exeSuffix())
	out, err := exec.Command("go", "version", "-m", bin).CombinedOutput()
	if err != nil {
		t.Fatalf("go version -m: %v\n%s", err, out)
	}
	if !regexp.MustCompile(`DefaultGODEBUG=\S*updatemaxprocs=0`).Match(out) {
		t.Errorf("vehicle-tui is built without updatemaxprocs=0:\n%s", out)
	}
}

// testHost is a reference host on loopback, closed when the test ends.
func testHost(t *testing.T) *vehicletest.Server {
	t.Helper()
	srv, err := vehicletest.Listen("127.0.0.1:0", vehicletest.WithDeterministicIDs())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return srv
}

// adaEnv is the environment of Ada's UI in a pty: folders of its own, a
// 256-colour terminal, her token, and an editor that does nothing.
func adaEnv(t *testing.T) []string {
	return append(cliEnv(t), "TERM=xterm-256color", "VEHICLE_TOKEN=ada-token", "EDITOR=true")
}

// adaArgs opens the session id on srv in the UI.
func adaArgs(srv *vehicletest.Server, id string) []string {
	return []string{"--gardend", srv.URL, "--graph", "demo", "--session", id}
}
