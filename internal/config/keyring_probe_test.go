//go:build unix && !darwin && !ios

package config

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestProbeKeyringWithoutBus: with no session bus, or one reached by
// starting a program, the keyring is "no keyring" at once, and the probed
// keyring refuses every call without calling go-keyring.
func TestProbeKeyringWithoutBus(t *testing.T) {
	cases := []struct {
		name string
		env  map[string]string
		says string
	}{
		{"no address", map[string]string{"XDG_RUNTIME_DIR": t.TempDir()}, "DBUS_SESSION_BUS_ADDRESS is not set"},
		{"autolaunch", map[string]string{"DBUS_SESSION_BUS_ADDRESS": "autolaunch:"}, "would start a program"},
		{"unixexec", map[string]string{"DBUS_SESSION_BUS_ADDRESS": "unix:path=/x;unixexec:path=/bin/dbus-daemon"}, "would start a program"},
		{"a dead socket", map[string]string{"DBUS_SESSION_BUS_ADDRESS": "unix:path=" + filepath.Join(t.TempDir(), "none")}, "cannot reach"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			kr := SystemKeyring(MapEnv(tc.env), time.Second)
			err := KeyringAvailable(kr)
			if err == nil || !IsKeyringUnavailable(err) || !strings.Contains(err.Error(), "no keyring") || !strings.Contains(err.Error(), tc.says) {
				t.Fatalf("Available = %v; want no keyring, %q", err, tc.says)
			}
			if _, err := kr.Get(KeyringService, "https://g.example"); !IsKeyringUnavailable(err) {
				t.Errorf("Get = %v", err)
			}
			if err := kr.Set(KeyringService, "https://g.example", "t"); !IsKeyringUnavailable(err) {
				t.Errorf("Set = %v", err)
			}
		})
	}
}
