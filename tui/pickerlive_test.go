package tui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/tui/picker"
)

// livePoll is the tests' poll interval.
const livePoll = 20 * time.Millisecond

// livePicker drives Ada's picker at w x h on a real host, polling every
// livePoll; other is another terminal of Ada's.
func livePicker(t *testing.T, w, h int) (a *harness, other, bo *client.Client, srv *vehicletest.Server, clk *clock) {
	t.Helper()
	s, clk := host(t)
	ada := person(t, s, "ada-token", "cli-ada")
	other, bo = person(t, s, "ada-token", "cli-two"), person(t, s, "bo-token", "cli-bo")
	cfg := hostConfig(t, ada)
	cfg.PollEvery = livePoll
	return drive(t, "ada", cfg, w, h), other, bo, s, clk
}

// row is the screen's line that names title, "" when none does.
func row(s, title string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, title) && (strings.HasPrefix(l, "  ") || strings.HasPrefix(l, "▸ ")) {
			return l
		}
	}
	return ""
}

// rowMatches waits until title's row matches the pattern.
func rowMatches(a *harness, title, pattern string) string {
	a.t.Helper()
	re := regexp.MustCompile(pattern)
	s := a.until(title+"'s row to match "+pattern, func(s string) bool { return re.MatchString(row(s, title)) })
	return row(s, title)
}

// TestLivePickerShowsRuns: a run another terminal of the person starts
// shows as running after a poll, with who drives; it shows idle again once
// it ends.
func TestLivePickerShowsRuns(t *testing.T) {
	t.Parallel()
	a, other, _, srv, _ := livePicker(t, 80, 24)
	id := newSession(t, other, "Busy one")
	rowMatches(a, "Busy one", `idle\s+your other terminal`)
	if _, err := other.Prompt(t.Context(), id, "wait for me #hold"); err != nil {
		t.Fatal(err)
	}
	rowMatches(a, "Busy one", `running\s+your other terminal`)
	if !srv.Proceed(id) {
		t.Fatal("no run to let go")
	}
	rowMatches(a, "Busy one", `idle\s+your other terminal`)
}

// TestLivePickerCountsChimes: a chime pending in a session shows as its
// count in the list after a poll (the listing does not carry it: the
// session is inspected), and in the preview on a wide terminal.
func TestLivePickerCountsChimes(t *testing.T) {
	t.Parallel()
	a, other, bo, _, clk := livePicker(t, 80, 24)
	id := newSession(t, other, "Room")
	newSession(t, other, "Quiet")
	rowMatches(a, "Room", `idle\s+your other`)
	clk.advance(time.Second)
	if _, err := bo.Chime(t.Context(), id, "Try the archive."); err != nil {
		t.Fatal(err)
	}
	rowMatches(a, "Room", `idle\s+1\s+your other terminal`)
	clk.advance(time.Second)
	if _, err := bo.Chime(t.Context(), id, "And the census."); err != nil {
		t.Fatal(err)
	}
	rowMatches(a, "Room", `idle\s+2\s+your other terminal`)
	if r := row(screen(a.m), "Quiet"); !regexp.MustCompile(`idle\s+your other`).MatchString(r) {
		t.Errorf("a session without chimes shows a count: %q", r)
	}
	for i := 0; a.m.picker.SelectedID() != id && i < 2; i++ {
		a.send(keyUp) // Room changed last: first
	}
	a.send(tea.WindowSizeMsg{Width: 140, Height: 24})
	a.see("last turns · 2 chimes pending", "nothing said yet")
}

// TestLivePickerKeepsSelection: a session that appears above the selected
// one leaves the selection on the same session, and the filter as typed.
func TestLivePickerKeepsSelection(t *testing.T) {
	t.Parallel()
	a, other, _, _, clk := livePicker(t, 80, 24)
	alpha := newSession(t, other, "Alpha")
	clk.advance(time.Second)
	newSession(t, other, "Beta")
	a.see("Beta", "Alpha")
	a.send(typing("a")...)
	a.send(keyDown)
	if got := a.m.picker.SelectedID(); got != alpha {
		t.Fatalf("selected %q, want Alpha (%s)", got, alpha)
	}
	clk.advance(time.Second)
	newSession(t, other, "Gamma")
	s := a.see("Gamma")
	if !strings.HasPrefix(row(s, "Alpha"), "▸ ") || a.m.picker.SelectedID() != alpha {
		t.Errorf("the selection left Alpha when Gamma came above it:\n%s", s)
	}
	if !strings.Contains(s, "filter: a") {
		t.Errorf("the filter is gone after the poll:\n%s", s)
	}
	if strings.Index(s, "Gamma") > strings.Index(s, "Beta") {
		t.Errorf("Gamma is not listed first:\n%s", s)
	}
}

// TestLivePickerPreview: at 140 columns the selected session's last turn
// shows at the right of the list, sanitised; at 80 the list shows alone.
func TestLivePickerPreview(t *testing.T) {
	t.Parallel()
	for _, w := range []int{140, 80} {
		a, other, _, _, clk := livePicker(t, w, 24)
		id := newSession(t, other, "Chat")
		if _, err := other.Prompt(t.Context(), id, "hello there \x1b]52;c;Zm9v\x07 friend"); err != nil {
			t.Fatal(err)
		}
		// The picker may have read the session while its run went on; the
		// host's clock stands still, so a change after the run needs the
		// clock moved to give the session a newer updatedAt to read again.
		a.until("the run settled on the host", func(string) bool {
			snap, err := other.Inspect(t.Context(), id)
			return err == nil && len(snap.Transcript) == 2
		})
		clk.advance(time.Second)
		title := "Chat"
		if _, err := other.Rename(t.Context(), id, &title); err != nil {
			t.Fatal(err)
		}
		a.see("Chat")
		a.until("the session inspected after its run", func(string) bool {
			turns, ok := a.m.picker.Peeked(id)
			return ok && turns == 2
		})
		s := screen(a.m)
		if w == 80 {
			if strings.Contains(s, "hello there") || strings.Contains(s, "│") {
				t.Errorf("at 80 columns a preview shows:\n%s", s)
			}
			continue
		}
		s = a.see("last turns", "you", "hello there ␛]52;c;Zm9v␇ friend", "assistant")
		if strings.Contains(a.m.View().Content, "\x1b]52") {
			t.Error("the turn's OSC 52 reached the terminal")
		}
		if !strings.Contains(row(s, "Chat"), "│") {
			t.Errorf("the preview is not beside the list:\n%s", s)
		}
	}
}

// TestLivePickerStopsWhenClosed: opening a session closes the picker: no
// poll is scheduled after, and a late tick or answer changes nothing.
func TestLivePickerStopsWhenClosed(t *testing.T) {
	t.Parallel()
	a, other, _, _, _ := livePicker(t, 80, 24)
	id := newSession(t, other, "Open me")
	if err := other.Release(t.Context(), id); err != nil {
		t.Fatal(err)
	}
	a.see("Open me")
	a.until("two polls", func(string) bool { return a.m.picker.Polls() >= 2 })
	opened, asked := a.m.picker.Opened(), a.m.picker.Asked()
	a.send(keyEnter)
	a.see("Open me", "● you drive from this terminal")
	// Closed, the picker schedules nothing: the answers at hand schedule no
	// poll, and a tick of the opening that ended changes nothing (below).
	polls := a.m.picker.Polls()
	a.drain()
	if a.m.picker.Polls() != polls || a.m.picker.Shown() {
		t.Fatalf("polls went on after the picker closed: %d -> %d (open %v)", polls, a.m.picker.Polls(), a.m.picker.Shown())
	}
	list := a.m.picker.Sessions()
	_, cmd := a.m.Update(picker.PollTickMsg{Opened: opened})
	_, cmd2 := a.m.Update(picker.ListedMsg{Gen: asked, Poll: opened, List: []client.Summary{summary("zz", "Late", t0, nil)}})
	if cmd != nil || cmd2 != nil || a.m.picker.Polls() != polls || len(a.m.picker.Sessions()) != len(list) {
		t.Errorf("a late tick or answer acted: cmds %v %v, polls %d -> %d, list %d -> %d",
			cmd != nil, cmd2 != nil, polls, a.m.picker.Polls(), len(list), len(a.m.picker.Sessions()))
	}
	if strings.Contains(screen(a.m), "Late") {
		t.Error("a late listing is shown")
	}
	if _, cmd := a.m.Update(picker.PeekMsg{Opened: opened, ID: "zz", Snap: snapshot(nil)}); cmd != nil || peeked(a.m, "zz") {
		t.Error("a late inspection is kept")
	}
}

// TestLivePickerScreens is the live picker's screens: a run under way and
// pending chimes at 80x24, the preview at 140x24, a failed poll.
func TestLivePickerScreens(t *testing.T) {
	t.Parallel()
	running := func(m *Model) {
		list := sessions()
		sortNewest(list) // s4 s3 s2 s5 s1
		list[2].Status = "running"
		feed(m, picker.ListedMsg{Gen: m.picker.Asked(), Principal: "user:ada", List: list})
		snap := snapshot(nil)
		snap.Session.UpdatedAt = list[2].UpdatedAt
		snap.Chimes = []client.Chime{{ChimeID: "c1", Author: "Bo", Text: "hi"}, {ChimeID: "c2", Author: "Bo", Text: "and"}}
		feed(m, picker.PeekMsg{Opened: m.picker.Opened(), ID: "s2", Rev: list[2].UpdatedAt, Snap: snap}, keyDown, keyDown)
	}
	cases := []struct {
		name string
		w, h int
		do   func(m *Model)
	}{
		{"running and chimes", 80, 24, running},
		{"preview", 140, 24, running},
		{"preview loading", 140, 24, func(m *Model) {}},
		{"preview failed", 140, 24, func(m *Model) {
			id := m.picker.SelectedID()
			feed(m, picker.PeekMsg{Opened: m.picker.Opened(), ID: id, Err: &client.Error{Status: 404, Code: client.CodeNotFound}})
		}},
		{"poll failed", 80, 24, func(m *Model) {
			feed(m, picker.PollTickMsg{Opened: m.picker.Opened()})
			feed(m, picker.ListedMsg{Gen: m.picker.Asked(), Poll: m.picker.Opened(), Err: &client.Error{Status: 503, Code: "unavailable"}})
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := picking(t, c.w, c.h)
			c.do(m)
			got := screen(m)
			for _, l := range strings.Split(strings.TrimRight(got, "\n"), "\n") {
				if n := xansi.StringWidth(l); n > c.w {
					t.Errorf("a line is %d cells wide, over %d: %q", n, c.w, l)
				}
			}
			if n := strings.Count(got, "\n"); n != c.h {
				t.Errorf("%d lines, want %d", n, c.h)
			}
			drawnAs(t, m, headerOf, pickerOf)
		})
	}
}

// peeked reports whether the picker kept an inspection of session id.
func peeked(m *Model, id string) bool {
	_, ok := m.picker.Peeked(id)
	return ok
}
