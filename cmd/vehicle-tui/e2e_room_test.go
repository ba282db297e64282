package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// hostURL waits for the address `vehicle demo --listen` prints and returns
// it.
func (term *terminal) hostURL() string {
	term.t.Helper()
	demoHostLine := regexp.MustCompile(`vehicle demo host: (http://127\.0\.0\.1:[0-9]+)`)
	deadline := time.Now().Add(e2eLimit)
	for time.Now().Before(deadline) {
		term.mu.Lock()
		m := demoHostLine.FindStringSubmatch(term.raw.String())
		term.mu.Unlock()
		if m != nil {
			return m[1]
		}
		select {
		case <-term.read:
			term.t.Fatalf("vehicle demo ended before printing its address; the screen:\n%s", term.screen())
		case <-time.After(20 * time.Millisecond):
		}
	}
	term.t.Fatalf("vehicle demo printed no address in %v", e2eLimit)
	return ""
}

// TestEndToEndRoom is two people on one demo host, each in a pty: Ada's
// `vehicle demo --listen` drives session s1; Bo chimes into it from his
// own `vehicle --session s1 --chime`. Ada's screen shows the chime, she
// accepts it, and her screen and a watching terminal of hers show the turn
// attributed to Bo (Bo cannot read Ada's session: his screen shows what the
// room did with his chime). Then co-drive: Bo's next chime goes in at once.
func TestEndToEndRoom(t *testing.T) {
	bin := buildVehicle(t)
	home := t.TempDir()
	env := func(token string) []string {
		return []string{"HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "state"), "TERM=xterm-256color",
			"PATH=" + os.Getenv("PATH"), "EDITOR=true", "VEHICLE_TOKEN=" + token}
	}
	ada := startTerminal(t, bin, 36, 100, env("ada-token"), "demo", "--listen", "127.0.0.1:0")
	ada.waitFor("Welcome to vehicle", "you drive from this terminal", "room suggest")
	url := ada.hostURL()
	at := []string{"--gardend", url, "--graph", "demo", "--session", "s1"}

	bo := startTerminal(t, bin, 24, 100, env("bo-token"), append(at, "--chime")...)
	bo.waitFor("chiming into s1", "not yours")
	bo.typeText("Try the archive.")
	bo.waitFor("┃ Try the archive.")
	bo.typeText("\r")
	bo.waitFor("you → chime", "chime sent: waiting for the driver")

	ada.waitFor("✉ chimes · 1 pending", "Bo · ", "Try the archive.")
	ada.typeText("\t")
	ada.waitFor("a accept · x reject")
	ada.typeText("a")
	ada.waitFor("a again accepts Bo's chime")
	ada.typeText("a")
	ada.waitFor("Bo (collaborator)", "Bo suggests: Try the archive.", "idle")

	watch := startTerminal(t, bin, 36, 100, env("ada-token"), append([]string{"watch"}, at...)...)
	watch.waitFor("read-only", "Bo (collaborator)", "Try the archive.")

	ada.typeText("\t")
	ada.waitFor("p policy: chimes wait for the driver")
	ada.typeText("pp")
	ada.waitFor("room co-drive")
	ada.typeText("\x1b[O") // the terminal reports it lost the focus
	bo.typeText("Straight in.")
	bo.waitFor("┃ Straight in.")
	bo.typeText("\r")
	bo.waitFor("chime submitted: in at once (co-drive)")
	ada.waitFor("Straight in.", "Bo suggests: Straight in.", "idle")
	watch.waitFor("Straight in.")
	ada.waitRaw("\a\x1b]9;vehicle: Bo chimes in “Welcome to vehicle”: Straight in.\a",
		"\a\x1b]9;vehicle: the run settled in “Welcome to vehicle”\a")
}

// waitRaw waits until the program has written every text to its terminal.
func (term *terminal) waitRaw(texts ...string) {
	term.t.Helper()
	deadline := time.Now().Add(e2eLimit)
	for {
		term.mu.Lock()
		raw := term.raw.String()
		term.mu.Unlock()
		missing := ""
		for _, want := range texts {
			if !strings.Contains(raw, want) {
				missing = want
			}
		}
		if missing == "" {
			return
		}
		if time.Now().After(deadline) {
			term.t.Fatalf("waited %v for the program to write %q", e2eLimit, missing)
		}
		select {
		case <-term.read:
			term.t.Fatalf("the program ended before writing %q", missing)
		case <-time.After(20 * time.Millisecond):
		}
	}
}
