package main

import (
	"regexp"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// hostURL waits for the address `vehicle demo --listen` prints in term and
// returns it.
func hostURL(t *testing.T, term *ptytest.Terminal) string {
	t.Helper()
	demoHostLine := regexp.MustCompile(`vehicle demo host: (http://127\.0\.0\.1:[0-9]+)`)
	deadline := time.Now().Add(ptytest.Limit)
	for time.Now().Before(deadline) {
		m := demoHostLine.FindStringSubmatch(term.Raw())
		if m != nil {
			return m[1]
		}
		select {
		case <-term.Done():
			t.Fatalf("vehicle demo ended before printing its address; the screen:\n%s", term.Screen())
		case <-time.After(20 * time.Millisecond):
		}
	}
	t.Fatalf("vehicle demo printed no address in %v", ptytest.Limit)
	return ""
}

// TestEndToEndRoom is two people on one demo host, each in a pty: Ada's
// `vehicle demo --listen` drives session s1; Bo chimes into it from his
// own `vehicle --session s1 --chime`. Ada's screen shows the chime, she
// accepts it, and her screen and a watching terminal of hers show the turn
// attributed to Bo (Bo cannot read Ada's session: his screen shows what the
// room did with his chime). Then co-drive: Bo's next chime goes in at once.
func TestEndToEndRoom(t *testing.T) {
	t.Parallel()
	bin := buildVehicle(t)
	home := t.TempDir()
	env := func(token string) []string {
		return ptyEnv(home, "EDITOR=true", "VEHICLE_TOKEN="+token)
	}
	ada := ptytest.Start(t, bin, 36, 100, env("ada-token"), "demo", "--listen", "127.0.0.1:0")
	ada.WaitFor("Welcome to vehicle", "you drive from this terminal", "room suggest")
	url := hostURL(t, ada)
	at := []string{"--gardend", url, "--graph", "demo", "--session", "s1"}

	bo := ptytest.Start(t, bin, 24, 100, env("bo-token"), append(at, "--chime")...)
	bo.WaitFor("chiming into s1", "not yours")
	bo.Type("Try the archive.")
	bo.WaitFor("┃ Try the archive.")
	bo.Type("\r")
	bo.WaitFor("you → chime", "held for the driver to decide")

	ada.WaitFor("✉ chimes · 1 pending", "Bo · ", "Try the archive.")
	ada.Type("\t")
	ada.WaitFor("a↵ accept · x↵ reject")
	ada.Type("a")
	ada.WaitFor("a: enter accepts Bo's chime")
	ada.Type("\r")
	ada.WaitFor("Bo (collaborator)", "Bo suggests: Try the archive.", "idle")

	watch := ptytest.Start(t, bin, 36, 100, env("ada-token"), append([]string{"watch"}, at...)...)
	watch.WaitFor("read-only", "Bo (collaborator)", "Try the archive.")

	ada.Type("\t")
	ada.WaitFor("p↵ policy: chimes wait for the driver")
	ada.Type("p\r")
	ada.WaitFor("room co-drive")
	ada.Type("\x1b[O") // the terminal reports it lost the focus
	bo.Type("Straight in.")
	bo.WaitFor("┃ Straight in.")
	bo.Type("\r")
	bo.WaitFor("went in at once (co-drive) at")
	ada.WaitFor("Straight in.", "Bo suggests: Straight in.", "idle")
	watch.WaitFor("Straight in.")
	ada.WaitRaw("\a\x1b]9;vehicle: Bo chimes in “Welcome to vehicle”: Straight in.\a",
		"\a\x1b]9;vehicle: the run settled in “Welcome to vehicle”\a")
}
