package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/cmd/sepia-driver-vehicle/driver"
	"github.com/sophia-labs/vehicle/cmd/sepia-driver-vehicle/drivertest"
	"github.com/sophia-labs/vehicle/internal/config"
)

// TestBinary runs the driver, as built for a release, as sepia would.
func TestBinary(t *testing.T) {
	t.Parallel()
	bin := builtBinary(t, "sepia-driver-vehicle")
	w := newWorld(t)
	w.populate(t)
	home := t.TempDir()
	envOf := func(w *world) []string {
		return []string{
			"PATH=" + os.Getenv("PATH"), "HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "state"),
			"VEHICLE_GARDEND=" + w.front.URL, "VEHICLE_GRAPH=demo", "VEHICLE_TOKEN=ada-token",
		}
	}
	spawn := drivertest.Command(bin, envOf(w))

	t.Run("Contract", func(t *testing.T) {
		// under the host's answers to the seed's open choices and the others
		for _, v := range vehicletest.Variants() {
			t.Run(v.Name, func(t *testing.T) {
				t.Parallel() // each variant has its own host and driver
				vw := newWorld(t, v.Options()...)
				vw.populate(t)
				drivertest.Run(t, drivertest.Command(bin, envOf(vw)), drivertest.Fixture{
					AgentID: driver.AgentID, SessionID: vw.plan, Messages: 6, PageSize: 4,
					RenameID: vw.fork, DeleteID: vw.spare, MissingID: "s99",
					Agent: &drivertest.Agent{Dir: filepath.Dir(builtBinary(t, "vehicle")), Env: envOf(vw)},
				})
			})
		}
	})
	t.Run("ShippedTOMLIsTheManifest", func(t *testing.T) {
		shipped, err := os.ReadFile("vehicle.driver.toml")
		if err != nil {
			t.Fatal(err)
		}
		c := drivertest.Start(t, spawn)
		r := c.Call("driver.manifest", map[string]any{})
		c.Close()
		if r.Error != nil {
			t.Fatalf("driver.manifest: %s", r.Raw)
		}
		fromWire, err := driver.ManifestTOML(r.Result)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(sourceVersion(fromWire), shipped) {
			t.Errorf("vehicle.driver.toml differs from what driver.manifest answers; rewrite it with\n"+
				"  go run ./cmd/sepia-driver-vehicle -driver-toml > cmd/sepia-driver-vehicle/vehicle.driver.toml\nwant:\n%s", fromWire)
		}
	})
	t.Run("SecretsStayOut", func(t *testing.T) {
		c := drivertest.Start(t, spawn)
		c.Send(`{"jsonrpc":"2.0","id":1,"method":"session.list"}`)
		out := c.Next()
		rest := c.Close()
		all := string(out) + string(bytes.Join(rest, nil))
		if strings.Contains(all, "ada-token") {
			t.Errorf("the token shows in the driver's output: %s", all)
		}
	})
}

func TestRunFlags(t *testing.T) {
	tests := []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"-version"}, 0, "sepia-driver-vehicle version " + config.ReadBuild("", "", "").String() + "\n"},
		{[]string{"--version"}, 0, "sepia-driver-vehicle version " + config.ReadBuild("", "", "").String() + "\n"},
		{[]string{"stray"}, 2, ""},
		{[]string{"-no-such-flag"}, 2, ""},
		{[]string{"-h"}, 0, ""},
	}
	for _, tc := range tests {
		var out, errw bytes.Buffer
		if code := run(context.Background(), tc.args, strings.NewReader(""), &out, &errw); code != tc.code || out.String() != tc.out {
			t.Errorf("run %v: code %d, out %q; want %d, %q", tc.args, code, out.String(), tc.code, tc.out)
		}
	}
	var out, errw bytes.Buffer
	if code := run(context.Background(), []string{"-driver-toml"}, strings.NewReader(""), &out, &errw); code != 0 {
		t.Fatalf("-driver-toml: code %d: %s", code, errw.String())
	}
	shipped, _ := os.ReadFile("vehicle.driver.toml")
	if string(sourceVersion(out.Bytes())) != string(shipped) {
		t.Errorf("-driver-toml prints something else than the shipped vehicle.driver.toml")
	}
}

func TestRunServesUntilEOF(t *testing.T) {
	var out, errw bytes.Buffer
	in := `{"jsonrpc":"2.0","id":1,"method":"driver.manifest"}` + "\n"
	if code := run(context.Background(), nil, strings.NewReader(in), &out, &errw); code != 0 {
		t.Fatalf("code %d: %s", code, errw.String())
	}
	var r struct {
		ID     int             `json:"id"`
		Result driver.Manifest `json:"result"`
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil || r.ID != 1 || r.Result.ID != driver.AgentID {
		t.Errorf("got %s (%v)", out.String(), err)
	}
}

// versionLine is the manifest's version in vehicle.driver.toml.
var versionLine = regexp.MustCompile(`(?m)^version = ".*"$`)

// sourceVersion is a manifest's TOML with the version of a build from
// source, as shipped: a build stamps its own.
func sourceVersion(toml []byte) []byte {
	return versionLine.ReplaceAll(toml, []byte(`version = "`+config.DevVersion+`"`))
}

// TestVersionStamped: a release build's -ldflags set the version that
// --version prints and driver.manifest reports.
func TestVersionStamped(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := builtBinary(t, "sepia-driver-vehicle") // built with stampFlags
	out, err := exec.Command(bin, "--version").Output()
	if err != nil || string(out) != "sepia-driver-vehicle version v3.2.1 (commit feedfacecafe, 2026-11-30)\n" {
		t.Errorf("--version: %q, %v", out, err)
	}
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"driver.manifest"}` + "\n")
	out, err = cmd.Output()
	if err != nil || !strings.Contains(string(out), `"version":"v3.2.1"`) {
		t.Errorf("driver.manifest: %s, %v", out, err)
	}
}
