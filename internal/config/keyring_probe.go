//go:build unix && !darwin && !ios

package config

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/godbus/dbus/v5"
)

// secretService is the D-Bus name of the Secret Service (gnome-keyring,
// KeePassXC, KWallet's bridge), which go-keyring speaks to on this system.
const secretService = "org.freedesktop.secrets"

// probeKeyring finds out, without starting any process, whether a Secret
// Service is reachable: the session bus must be named by
// DBUS_SESSION_BUS_ADDRESS (or be at $XDG_RUNTIME_DIR/bus) on a transport
// that connects to a socket, and it must have or be able to start
// org.freedesktop.secrets. Without this, go-keyring falls back to D-Bus
// autolaunch, which leaves a dbus-daemon behind each command.
func probeKeyring(env Env, timeout time.Duration) error {
	addr := sessionBusAddress(env)
	if addr == "" {
		return errors.New("no keyring: no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set)")
	}
	if !connectsOnly(addr) {
		return fmt.Errorf("no keyring: the session bus address %q would start a program to reach the bus", addr)
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	conn, err := dbus.Connect(addr, dbus.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("no keyring: cannot reach the D-Bus session bus: %w", err)
	}
	defer conn.Close()
	var owned bool
	if err := conn.BusObject().CallWithContext(ctx, "org.freedesktop.DBus.NameHasOwner", 0, secretService).Store(&owned); err != nil {
		return fmt.Errorf("no keyring: the session bus does not answer: %w", err)
	}
	if owned {
		return nil
	}
	var names []string
	if err := conn.BusObject().CallWithContext(ctx, "org.freedesktop.DBus.ListActivatableNames", 0).Store(&names); err != nil {
		return fmt.Errorf("no keyring: the session bus does not answer: %w", err)
	}
	if slices.Contains(names, secretService) {
		return nil
	}
	return errors.New("no keyring: the session bus has no Secret Service (" + secretService + "); start gnome-keyring or another one")
}

// sessionBusAddress is DBUS_SESSION_BUS_ADDRESS, else the user bus socket
// at $XDG_RUNTIME_DIR/bus when there is one, else "".
func sessionBusAddress(env Env) string {
	if a, _ := env.lookup("DBUS_SESSION_BUS_ADDRESS"); strings.TrimSpace(a) != "" {
		return strings.TrimSpace(a)
	}
	if rt, _ := env.lookup("XDG_RUNTIME_DIR"); rt != "" {
		p := filepath.Join(rt, "bus")
		if st, err := os.Stat(p); err == nil && st.Mode().Type() == os.ModeSocket {
			return "unix:path=" + p
		}
	}
	return ""
}

// connectsOnly reports whether every address in a D-Bus address list uses a
// transport that connects to a socket (never autolaunch: or unixexec:,
// which start programs).
func connectsOnly(addr string) bool {
	for _, a := range strings.Split(addr, ";") {
		if a == "" {
			continue
		}
		transport, _, _ := strings.Cut(a, ":")
		switch transport {
		case "unix", "tcp", "nonce-tcp":
		default:
			return false
		}
	}
	return true
}
