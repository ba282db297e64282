package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
)

// lines types n numbered lines into the composer, a newline between them.
func lines(m *Model, n int) {
	for i := 1; i <= n; i++ {
		if i > 1 {
			feed(m, keyCtrlJ)
		}
		feed(m, typing(fmt.Sprintf("line %d", i))...)
	}
}

// rowsOf is the screen's lines.
func rowsOf(s string) []string { return strings.Split(strings.TrimSuffix(s, "\n"), "\n") }

// checkFrame checks what must hold at any draft: the screen is exactly the
// terminal's height, the header is first, the status line last, the
// composer's lines right above it and the lease pane above them.
func checkFrame(t *testing.T, m *Model, scr string, h int) {
	t.Helper()
	rows := rowsOf(scr)
	if len(rows) != h {
		t.Fatalf("%d lines on a screen of %d:\n%s", len(rows), h, scr)
	}
	prompt := func(r string) bool { return strings.HasPrefix(r, "┃") || strings.HasPrefix(r, "╎") } // with the keys, without
	if last := rows[h-1]; !strings.HasPrefix(rows[0], "vehicle · ") || !strings.Contains(last, " · ") || prompt(last) {
		t.Fatalf("the header or the status line is gone:\n%s", scr)
	}
	first := h - 1 - m.composer.Height()
	if c := rows[first]; !prompt(c) && !strings.HasPrefix(c, "  ↑") && !strings.HasPrefix(c, "  ↓") {
		t.Fatalf("line %d does not start a composer of %d lines:\n%s", first, m.composer.Height(), scr)
	}
	for i, r := range rows[:first] {
		if prompt(r) {
			t.Fatalf("a composer line at %d, above the composer's %d:\n%s", i, first, scr)
		}
		if strings.HasPrefix(r, "── ") {
			return
		}
	}
	t.Fatalf("no lease pane above the composer:\n%s", scr)
}

// TestComposerGrows: the composer grows with its draft, up to a third of
// the screen; a longer draft scrolls under a mark that counts the hidden
// lines; a send or a clear brings it back to one line. The transcript has
// the rest, and nothing overlaps.
func TestComposerGrows(t *testing.T) {
	t.Parallel()
	m := driven(t, 80, 24)
	empty := m.transcript.Height()
	if m.composer.Height() != 1 {
		t.Fatalf("an empty composer takes %d lines, want 1", m.composer.Height())
	}

	lines(m, 3)
	scr := screen(m)
	checkFrame(t, m, scr, 24)
	if m.composer.Height() != 3 || m.transcript.Height() != empty-2 || !strings.Contains(scr, "┃ line 1\n┃ line 2\n┃ line 3\n● live") {
		t.Fatalf("three lines: composer %d, transcript %d (was %d):\n%s", m.composer.Height(), m.transcript.Height(), empty, scr)
	}
	if strings.Contains(scr, "more line") {
		t.Fatalf("a mark with nothing hidden:\n%s", scr)
	}

	feed(m, keyCtrlJ)
	lines(m, 17) // 20 lines in all: line 1..17 of the second batch end the draft
	scr = screen(m)
	checkFrame(t, m, scr, 24)
	if m.composer.Height() != 8 {
		t.Fatalf("twenty lines at 80x24 take %d lines, want 8 (a third)", m.composer.Height())
	}
	if !strings.Contains(scr, "  ↑ 13 more lines\n┃ line 11\n") || !strings.Contains(scr, "┃ line 17\n● live") {
		t.Fatalf("the mark or the window is wrong:\n%s", scr)
	}
	if c := m.cursor; c == nil || c.Position.Y != 22 {
		t.Fatalf("the cursor is at %+v, want the line above the status line", c)
	}

	for range 10 {
		feed(m, keyUp)
	}
	scr = screen(m)
	checkFrame(t, m, scr, 24)
	if !strings.Contains(scr, "  ↑ 9 more lines · ↓ 4 more lines\n┃ line 7\n") {
		t.Fatalf("after moving up ten lines:\n%s", scr)
	}
	if c := m.cursor; c == nil || c.Position.Y != 16 {
		t.Fatalf("the cursor is at %+v, want the first line of the window (16)", c)
	}

	feed(m, keyEnter)
	scr = screen(m)
	checkFrame(t, m, scr, 24)
	if m.composer.Height() != 1 || m.transcript.Height() != empty || strings.Contains(scr, "more line") {
		t.Fatalf("after the send: composer %d, transcript %d (want 1, %d):\n%s", m.composer.Height(), m.transcript.Height(), empty, scr)
	}
}

// TestComposerClearShrinks: ctrl+c clears a long draft into the history and
// the composer is one line again.
func TestComposerClearShrinks(t *testing.T) {
	t.Parallel()
	m := driven(t, 80, 24)
	lines(m, 12)
	if m.composer.Height() != 8 {
		t.Fatalf("twelve lines take %d, want 8", m.composer.Height())
	}
	feed(m, tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	scr := screen(m)
	checkFrame(t, m, scr, 24)
	if m.composer.Height() != 1 || m.composer.Value() != "" || strings.Contains(scr, "more line") {
		t.Fatalf("after ctrl+c: %d lines, draft %q:\n%s", m.composer.Height(), m.composer.Value(), scr)
	}
}

// TestComposerGrowsSmall: at 40x12 the composer stops at four lines (the
// mark and three of the draft); soft-wrapped lines count; the header, the
// lease pane and the status line stay.
func TestComposerGrowsSmall(t *testing.T) {
	t.Parallel()
	m := driven(t, 40, 12)
	feed(m, typing(strings.Repeat("word ", 14))...) // 70 columns: two lines at 40
	if m.composer.Height() != 2 {
		t.Fatalf("a wrapped line takes %d lines, want 2:\n%s", m.composer.Height(), screen(m))
	}
	feed(m, keyCtrlJ)
	lines(m, 20)
	scr := screen(m)
	checkFrame(t, m, scr, 12)
	if m.composer.Height() != 4 || !strings.Contains(scr, "  ↑ 19 more lines\n┃ line 18\n┃ line 19\n┃ line 20\n● live") {
		t.Fatalf("at 40x12: composer %d:\n%s", m.composer.Height(), scr)
	}
	if m.transcript.Height() < 1 {
		t.Fatalf("no transcript left: %d", m.transcript.Height())
	}
	feed(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	scr = screen(m)
	checkFrame(t, m, scr, 24)
	if m.composer.Height() != 8 || !strings.Contains(scr, "┃ line 20\n● live") {
		t.Fatalf("resized to 80x24: composer %d:\n%s", m.composer.Height(), scr)
	}
}

// TestComposerAndRunLineSmall: at 40x12 a long draft and a run under way
// both fit, the status line last; at 20x8 the run's line gives way and the
// status line keeps the budget.
func TestComposerAndRunLineSmall(t *testing.T) {
	t.Parallel()
	m := driven(t, 40, 12)
	lines(m, 20)
	feed(m, on(m, event(5, client.EvRunStarted, `{"runId":"r1"}`)))
	scr := screen(m)
	checkFrame(t, m, scr, 12)
	rows := rowsOf(scr)
	if first := 12 - 1 - m.composer.Height(); !strings.HasPrefix(rows[first-1], " ⠋ 0s · turn 1/12") || m.transcript.Height() < 1 {
		t.Fatalf("the run's line is not above the composer, or no transcript is left:\n%s", scr)
	}
	feed(m, tea.WindowSizeMsg{Width: 20, Height: 8})
	scr = screen(m)
	checkFrame(t, m, scr, 8)
	if strings.Contains(scr, "turn 1/12") || !strings.Contains(rowsOf(scr)[7], "running") {
		t.Fatalf("at 20x8:\n%s", scr)
	}
}
