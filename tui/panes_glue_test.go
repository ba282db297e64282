package tui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
)

// Each pane on its own: what its Update does with a key or a message, and
// the text its View draws.

// TestCancelAnswerSaysWhichText says which text was cancelled.
func TestCancelAnswerSaysWhichText(t *testing.T) {
	t.Parallel()
	m := driven(t, 80, 24)
	m.tiles.Focused().Remember("q2", "look in the archive")
	feed(m, session.CancelledMsg{Gen: m.tiles.Gen(), CommandID: "q2"})
	if m.note.Text() != "cancelled “look in the archive”" {
		t.Errorf("the note is %q", m.note.Text())
	}
	feed(m, session.CancelledMsg{Gen: m.tiles.Gen() + 1, CommandID: "q2"})
	m.note.Say("")
	feed(m, session.CancelledMsg{Gen: m.tiles.Gen() - 1, CommandID: "q2"})
	if m.note.Text() != "" {
		t.Errorf("another session's answer spoke: %q", m.note.Text())
	}
}

// TestLeasePaneSaysWhoDrivesAndTheTimeLeft draws the lease from the
// state, and changes with a lease event at once.
func TestLeasePaneSaysWhoDrivesAndTheTimeLeft(t *testing.T) {
	t.Parallel()
	m := driven(t, 100, 24)
	m.lease.SetSize(100, 1)
	if v := xansi.Strip(m.lease.View()); !strings.Contains(v, "● you drive from this terminal · until 10:30:00 · 60m left") {
		t.Errorf("the lease pane draws %q", v)
	}
	// Narrow (40 columns), the time left comes first, not cut off.
	m.lease.SetSize(40, 1)
	if v := xansi.Strip(m.lease.View()); !strings.Contains(v, "● you drive · 60m left · until 10:3") || xansi.StringWidth(v) != 40 {
		t.Errorf("at 40 columns the lease pane draws %q", v)
	}
	m.lease.SetSize(100, 1)
	feed(m, on(m, event(5, client.EvLeaseClaimed, `{"principal":"user:ada","clientId":"cli-other","expiresAt":"2026-10-14T10:30:00Z"}`)))
	if v := xansi.Strip(m.lease.View()); !strings.Contains(v, "◐ your other terminal drives (cli-other)") ||
		!strings.Contains(v, "ctrl+t takes over") {
		t.Errorf("after another terminal's claim the lease pane draws %q", v)
	}
}

// TestLeasePaneTickOfAnOldLease changes nothing and asks no redraw.
func TestLeasePaneTickOfAnOldLease(t *testing.T) {
	t.Parallel()
	m := driven(t, 80, 24)
	m.dirty = true
	cmd := m.onData(session.LeaseTickMsg{Gen: m.tiles.Gen(), Expires: t0.Add(-time.Hour)})
	if cmd != nil || m.dirty {
		t.Errorf("an old lease's tick: cmd %v, redraw %v", cmd != nil, m.dirty)
	}
}

// TestAccountPaneKeepsWarningsFirst keeps the limits that bite when the
// pane has room for little else.
func TestAccountPaneKeepsWarningsFirst(t *testing.T) {
	t.Parallel()
	m := driven(t, 80, 24)
	acc := &client.Account{Kind: client.AccountAnonymous, Principal: "visitor:v1", TurnsPerDay: 5, TurnsToday: 4}
	feed(m, accountMsg{acc: acc})
	if m.account != acc {
		t.Fatal("the pane did not keep the account")
	}
	m.accountP.SetSize(80, 8)
	all := xansi.Strip(m.accountP.View())
	if !strings.Contains(all, "◆ visitor visitor:v1") || !strings.Contains(all, "⚠ the next turn is your last today (5/5, UTC)") {
		t.Fatalf("the account pane draws:\n%s", all)
	}
	m.accountP.SetSize(80, 1)
	if one := xansi.Strip(m.accountP.View()); !strings.HasPrefix(one, "⚠ the next turn is your last today") {
		t.Errorf("in one line the pane draws %q", one)
	}
	feed(m, accountMsg{err: errBoom})
	if m.account != acc {
		t.Error("a failed look-up dropped the account")
	}
}

// errBoom is a failure.
var errBoom = &client.Error{Status: 500, Code: "internal", Message: "boom"}

// TestStatusPaneErrorFirst puts the last error, with its code, before
// the connection, and the errors key at the right.
func TestStatusPaneErrorFirst(t *testing.T) {
	t.Parallel()
	m := driven(t, 100, 24)
	m.note.Say("sending…")
	m.syncPanes()
	if v := xansi.Strip(m.status.View()); !strings.Contains(v, "● live · idle · sending…") || !strings.HasSuffix(strings.TrimRight(v, " "), "f1 help") {
		t.Errorf("the status line draws %q", v)
	}
	m.setErr(errBoom)
	m.syncPanes()
	v := xansi.Strip(m.status.View())
	if !strings.HasPrefix(v, "✗ internal: boom · ● live") || !strings.HasSuffix(strings.TrimRight(v, " "), "f3 errors") {
		t.Errorf("with an error the status line draws %q", v)
	}
	m.setErr(nil)
	m.note.Say("")
	m.focus = focusQueue
	m.syncPanes()
	if v := xansi.Strip(m.status.View()); !strings.Contains(v, "queue: ↑↓ select · x↵ cancels · esc back") {
		t.Errorf("with the queue focused the status line draws %q", v)
	}
}

// TestComposerOfAWatcherTakesNothing keeps a read-only terminal's composer
// empty.
func TestComposerOfAWatcherTakesNothing(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t)
	cfg.Watch = true
	m := opened(t, cfg, 80, 24, snapshot(lease("user:bo", "cli-bo")), nil)
	for _, msg := range append(typing("hi"), tea.PasteMsg{Content: "pasted"}) {
		m.composer.Update(msg)
	}
	if v := m.composer.Value(); v != "" {
		t.Errorf("a watcher's composer took %q", v)
	}
}

// TestPaneSizeIsItsOwn: a pane given a width other than the screen's draws
// at that width, and the screen and the other panes keep theirs.
func TestPaneSizeIsItsOwn(t *testing.T) {
	t.Parallel()
	m := driven(t, 100, 24)
	feed(m, chimeArrives(m, 5, "c1", "Bo", "Try the archive."))
	screen(m)
	status := xansi.StringWidth(strings.Split(m.status.View(), "\n")[0])
	m.lease.SetSize(33, 1)
	if w := xansi.StringWidth(m.lease.View()); w != 33 {
		t.Errorf("the lease line is %d cells wide, not 33", w)
	}
	if m.width != 100 || xansi.StringWidth(m.status.View()) != status {
		t.Errorf("sizing the lease line changed the screen (%d) or the status line (%d, was %d)", m.width,
			xansi.StringWidth(m.status.View()), status)
	}
	for _, l := range m.room.Lines() {
		if w := xansi.StringWidth(l); w != 100 {
			t.Errorf("the room pane has a line %d cells wide, not 100", w)
		}
	}
}
