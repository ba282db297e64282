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
	for i := 0; a.m.picker.selectedID() != id && i < 2; i++ {
		a.send(keyUp) // Room changed last: first
	}
	a.send(tea.WindowSizeMsg{Width: 140, Height: 24})
	a.see("last turns · 2 chimes pending", "nothing said yet")
}

// TestLivePickerKeepsSelection: a session that appears above the selected
// one leaves the selection on the same session, and the filter as typed.
func TestLivePickerKeepsSelection(t *testing.T) {
	a, other, _, _, clk := livePicker(t, 80, 24)
	alpha := newSession(t, other, "Alpha")
	clk.advance(time.Second)
	newSession(t, other, "Beta")
	a.see("Beta", "Alpha")
	a.send(typing("a")...)
	a.send(keyDown)
	if got := a.m.picker.selectedID(); got != alpha {
		t.Fatalf("selected %q, want Alpha (%s)", got, alpha)
	}
	clk.advance(time.Second)
	newSession(t, other, "Gamma")
	s := a.see("Gamma")
	if !strings.HasPrefix(row(s, "Alpha"), "▸ ") || a.m.picker.selectedID() != alpha {
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
			pk := a.m.picker.peeks[id]
			return pk != nil && len(pk.turns) == 2
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
	a, other, _, _, _ := livePicker(t, 80, 24)
	id := newSession(t, other, "Open me")
	if err := other.Release(t.Context(), id); err != nil {
		t.Fatal(err)
	}
	a.see("Open me")
	a.until("two polls", func(string) bool { return a.m.picker.polls >= 2 })
	opened, asked := a.m.picker.opened, a.m.picker.asked
	a.send(keyEnter)
	a.see("Open me", "● you drive from this terminal")
	polls := a.m.picker.polls
	window := time.After(10 * livePoll)
	for done := false; !done; {
		select {
		case msg := <-a.msgs:
			a.send(msg)
		case <-window:
			done = true
		}
	}
	if a.m.picker.polls != polls || a.m.picker.open {
		t.Fatalf("polls went on after the picker closed: %d -> %d (open %v)", polls, a.m.picker.polls, a.m.picker.open)
	}
	list := a.m.picker.all
	_, cmd := a.m.Update(pollTickMsg{opened: opened})
	_, cmd2 := a.m.Update(sessionsMsg{gen: asked, poll: opened, list: []client.Summary{summary("zz", "Late", t0, nil)}})
	if cmd != nil || cmd2 != nil || a.m.picker.polls != polls || len(a.m.picker.all) != len(list) {
		t.Errorf("a late tick or answer acted: cmds %v %v, polls %d -> %d, list %d -> %d",
			cmd != nil, cmd2 != nil, polls, a.m.picker.polls, len(list), len(a.m.picker.all))
	}
	if strings.Contains(screen(a.m), "Late") {
		t.Error("a late listing is shown")
	}
	if _, cmd := a.m.Update(peekMsg{opened: opened, id: "zz", snap: snapshot(nil)}); cmd != nil || a.m.picker.peeks["zz"] != nil {
		t.Error("a late inspection is kept")
	}
}

// TestLivePickerScreens is the live picker's screens: a run under way and
// pending chimes at 80x24, the preview at 140x24, a failed poll.
func TestLivePickerScreens(t *testing.T) {
	running := func(m *Model) {
		list := sessions()
		sortNewest(list) // s4 s3 s2 s5 s1
		list[2].Status = "running"
		feed(m, sessionsMsg{gen: m.picker.asked, principal: "user:ada", list: list})
		snap := snapshot(nil)
		snap.Session.UpdatedAt = list[2].UpdatedAt
		snap.Chimes = []client.Chime{{ChimeID: "c1", Author: "Bo", Text: "hi"}, {ChimeID: "c2", Author: "Bo", Text: "and"}}
		feed(m, peekMsg{opened: m.picker.opened, id: "s2", rev: list[2].UpdatedAt, snap: snap}, keyDown, keyDown)
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
			id := m.picker.selectedID()
			feed(m, peekMsg{opened: m.picker.opened, id: id, err: &client.Error{Status: 404, Code: client.CodeNotFound}})
		}},
		{"poll failed", 80, 24, func(m *Model) {
			feed(m, pollTickMsg{opened: m.picker.opened})
			feed(m, sessionsMsg{gen: m.picker.asked, poll: m.picker.opened, err: &client.Error{Status: 503, Code: "unavailable"}})
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
			golden(t, got)
		})
	}
}

// TestPeeksPerRevision: the sessions on screen are inspected one at a time,
// once per revision; a session that changed is inspected again, the others
// not.
func TestPeeksPerRevision(t *testing.T) {
	m := picking(t, 140, 24)
	p := &m.picker
	answer := func(id string, rev time.Time) {
		t.Helper()
		if p.peeking != id {
			t.Fatalf("inspecting %q, want %q", p.peeking, id)
		}
		snap := snapshot(nil)
		snap.Session.SessionID, snap.Session.UpdatedAt = id, rev
		feed(m, peekMsg{opened: p.opened, id: id, rev: rev, snap: snap})
	}
	list := sessions()
	revs := map[string]time.Time{}
	for _, s := range list {
		revs[s.SessionID] = s.UpdatedAt
	}
	seen := map[string]bool{}
	for p.peeking != "" && !seen[p.peeking] {
		seen[p.peeking] = true
		answer(p.peeking, revs[p.peeking])
	}
	if len(seen) != len(list) || p.peeking != "" {
		t.Fatalf("inspected %v, then %q; want each of the %d sessions once", seen, p.peeking, len(list))
	}
	list[1].UpdatedAt = t0.Add(time.Second) // s2 changed: now first
	feed(m, pollTickMsg{opened: p.opened})
	sortNewest(list)
	feed(m, sessionsMsg{gen: p.asked, poll: p.opened, list: list})
	answer("s2", t0.Add(time.Second))
	if p.peeking != "" {
		t.Errorf("inspecting %q, which did not change", p.peeking)
	}
}

// TestPeekBounded: a long conversation keeps its last turns only, each
// cut, and a bounded number of wrapped lines.
func TestPeekBounded(t *testing.T) {
	snap := snapshot(nil)
	snap.Transcript = nil
	for i := range 50 {
		snap.Transcript = append(snap.Transcript, client.TranscriptItem{Role: "assistant",
			Text: strings.Repeat("word é\x1b[2J ", 1000) + string(rune('a'+i%26))})
	}
	pk := newPeek(peekMsg{id: "s1", snap: snap}, 56)
	if len(pk.turns) != previewTurns {
		t.Errorf("%d turns kept, want %d", len(pk.turns), previewTurns)
	}
	for _, tr := range pk.turns {
		if len(tr.text) > 3*previewTextMax || strings.Contains(tr.text, "\x1b") {
			t.Errorf("a turn of %d bytes, or not sanitised: %q", len(tr.text), tr.text[:40])
		}
	}
	if len(pk.lines) > previewLinesMax {
		t.Errorf("%d lines kept, over %d", len(pk.lines), previewLinesMax)
	}
	for _, l := range pk.lines {
		if xansi.StringWidth(l.text) > 54 {
			t.Errorf("a line wider than the pane: %q", l.text)
		}
	}
}

// BenchmarkPickerPreview is drawing the picker with the preview of a
// conversation at the bounds (6 turns of 2 KiB) at 140x40, and wrapping
// such a peek again (a resize).
func BenchmarkPickerPreview(b *testing.B) {
	snap := snapshot(nil)
	snap.Transcript = nil
	for range previewTurns {
		snap.Transcript = append(snap.Transcript, client.TranscriptItem{Role: "assistant", Text: strings.Repeat("lorem ipsum ", 200)})
	}
	m := New(testConfig(b))
	m.Update(tea.WindowSizeMsg{Width: 140, Height: 40})
	m.Init()
	list := sessions()
	feed(m, sessionsMsg{gen: m.picker.asked, principal: "user:ada", list: list})
	feed(m, peekMsg{opened: m.picker.opened, id: m.picker.selectedID(), rev: t0, snap: snap})
	b.Run("draw", func(b *testing.B) {
		for b.Loop() {
			m.compose()
		}
	})
	b.Run("wrap", func(b *testing.B) {
		pk := m.picker.peeks[m.picker.selectedID()]
		for b.Loop() {
			pk.wrap(56)
		}
	})
}

// TestBigPeekReadLessOften: a session whose snapshot is large is read again
// only once its peek is old enough for its size (15 s a MiB), however often
// its listing moves; a small one at the next poll.
func TestBigPeekReadLessOften(t *testing.T) {
	now := t0
	cfg := testConfig(t)
	cfg.Now = func() time.Time { return now }
	m := newModel(t, cfg, 140, 24)
	p := &m.picker
	p.c.cfg.Now = cfg.Now
	p.peeks = map[string]*peek{
		"big":   {rev: t0, at: t0, size: 10 << 20},
		"small": {rev: t0, at: t0, size: 200 << 10},
	}
	moved := func(id string) client.Summary {
		return client.Summary{SessionID: id, UpdatedAt: now.Add(time.Second)}
	}
	now = t0.Add(10 * time.Second)
	if p.stale(moved("big")) || !p.stale(moved("small")) {
		t.Fatalf("10 s on: big stale %v (want false), small stale %v (want true)", p.stale(moved("big")), p.stale(moved("small")))
	}
	now = t0.Add(150 * time.Second)
	if !p.stale(moved("big")) {
		t.Fatal("a 10 MiB peek is not read again after 150 s")
	}
	if p.stale(client.Summary{SessionID: "big", UpdatedAt: t0}) {
		t.Fatal("a peek whose session did not change is read again")
	}
	if peekAgain(0) != 0 || peekAgain(1<<20) != 15*time.Second {
		t.Fatalf("peekAgain: %v, %v", peekAgain(0), peekAgain(1<<20))
	}
}
