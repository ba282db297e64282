package tui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// TestFramesWhileStreamingBig (issue 36, "Layout"): while a reply streams
// past what the client keeps (its start cut), every frame has its
// transcript rows, the composer and the status line: after pgup scrolled
// the window up over the reply (which left it blank in 14 of 40 frames of
// a 20 MB stream), and after a resize, which draws a bounded part of the
// reply at once and the rest at the flushes after (it drew the reply again
// whole, holding the terminal's stale frame, with no composer or status,
// for 4-5 s).
func TestFramesWhileStreamingBig(t *testing.T) {
	t.Parallel()
	srv, _ := host(t, vehicletest.WithLimits(vehicletest.Limits{DeltaDelay: 3 * time.Millisecond}))
	w, h := 100, 30
	a := adaDrives(t, srv, "Big", w, h)
	a.see("● live")
	a.send(typing("a long one #kib 960")...)
	a.send(keyEnter)
	a.see("● live · running", "Paragraph ")
	paged, resized, deadline := false, false, time.After(2*time.Minute)
	for frames := 0; ; frames++ {
		s := screen(a.m)
		checkBigFrame(t, s, w, h)
		es := a.m.tiles.Focused().State().Entries
		reply := es[len(es)-1]
		switch {
		case strings.Contains(s, "● live · idle"):
			if !paged || !resized {
				t.Fatalf("the reply ended after %d frames (paged up %v, resized %v)", frames, paged, resized)
			}
			return
		case !paged && reply.Streaming && len(reply.Text) > 400<<10: // cut soon: its lines go from under the window
			a.send(keyPgUp, keyPgUp)
			paged = true
			continue
		case paged && !resized && reply.Streaming && reply.Cut > 0:
			w, h, resized = 80, 24, true
			a.send(tea.WindowSizeMsg{Width: w, Height: h})
			if !a.m.transcript.StreamsBehind() {
				t.Fatal("the resize drew the whole streaming reply again at once, not a bounded part")
			}
			continue
		}
		select {
		case msg := <-a.msgs:
			a.send(msg)
		case <-deadline:
			t.Fatalf("the reply did not end; the screen:\n%s", s)
		}
	}
}

// checkBigFrame fails unless frame s is h lines of w cells with transcript
// rows under its header, the composer (or its hint) and the status line.
func checkBigFrame(t *testing.T, s string, w, h int) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	rows, lease := 0, -1
	for i, l := range lines {
		if strings.HasPrefix(l, "── ") {
			lease = i
			break
		}
		if i > 0 && strings.TrimSpace(l) != "" && !strings.Contains(l, "ctrl+end follows") {
			rows++
		}
	}
	composer := false
	for _, l := range lines[max(lease, 0):] {
		composer = composer || strings.HasPrefix(l, "┃")
	}
	status := lines[len(lines)-1]
	if len(lines) != h || lease < 0 || rows < h/3 || !composer || !strings.Contains(status, "● live") ||
		!strings.Contains(status, "f1 help") {
		t.Fatalf("a frame at %dx%d: %d lines, %d transcript rows, lease line %d, composer %v, status %q:\n%s",
			w, h, len(lines), rows, lease, composer, status, s)
	}
}

// TestEightyColumnsKeepHelpAndRoom (issue 36, "Layout"): at 80 columns,
// with this terminal's lease, a run under way and a long note, the lease
// line keeps the room's policy and the status line keeps "f1 help" (the
// run's state goes first: the run's own line says it).
func TestEightyColumnsKeepHelpAndRoom(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a := adaDrives(t, srv, "Eighty", 80, 24)
	a.see("● live")
	a.send(typing("think #hold")...)
	a.send(keyEnter)
	a.see("● live · running")
	a.m.note.Say("the host cancelled your follow-up: back in the composer, where enter sends it again")
	a.send(tea.WindowSizeMsg{Width: 80, Height: 24}) // lays the screen out again
	s := screen(a.m)
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	lease, status := "", lines[len(lines)-1]
	for _, l := range lines {
		if strings.HasPrefix(l, "── ● you drive") {
			lease = l
		}
	}
	if !strings.HasSuffix(lease, "room suggest ──") || !strings.HasSuffix(status, "f1 help") ||
		!strings.HasPrefix(status, "● live · the host cancelled") {
		t.Fatalf("at 80 columns the lease line is %q and the status line %q:\n%s", lease, status, s)
	}
	if !srv.Proceed(a.m.cfg.SessionID) {
		t.Fatal("no run held")
	}
}
