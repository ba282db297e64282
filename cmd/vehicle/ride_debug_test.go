package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/cli"
	"github.com/sophia-labs/vehicle/internal/debuglog"
)

// TestRideDebugLog: vehicle ride --debug (a flag the ride does not parse
// itself) writes its requests to the debug log, with no credential, and
// the ride still answers on stdout.
func TestRideDebugLog(t *testing.T) {
	state := t.TempDir()
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs())
	t.Setenv("XDG_STATE_HOME", state)
	t.Setenv("VEHICLE_TOKEN", "ada-token")
	a, out, errw := testApp(map[string]string{"XDG_STATE_HOME": state, "XDG_CONFIG_HOME": t.TempDir()})
	a.In = strings.NewReader(`{"op":"inspect","requestId":"i1"}` + "\n")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if code := a.execute(ctx, []string{"ride", "--debug", "--gardend", srv.URL, "--graph", "demo", "--new"}); code != cli.ExitOK {
		t.Fatalf("exit %d: %s", code, errw.String())
	}
	if !strings.Contains(out.String(), `"requestId":"i1"`) {
		t.Errorf("the ride did not answer:\n%s", out.String())
	}
	b, err := os.ReadFile(filepath.Join(state, "vehicle", debuglog.FileName))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"method=POST", "method=GET path=/services/vehicle/g/demo/sessions/s1", "answer=driver.released"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the log lacks %q:\n%s", want, b)
		}
	}
	if strings.Contains(string(b), "ada-token") {
		t.Error("the log holds the token")
	}
}
