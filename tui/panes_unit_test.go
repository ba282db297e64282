package tui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
)

// Each pane on its own: what its Update does with a key or a message, and
// the text its View draws.

// TestQueuePaneDropsACancelledItem shows a command the host cancelled as
// "cancelled: enter sends again" and drops it on x at once (it is the
// person's own), giving the focus back.
func TestQueuePaneDropsACancelledItem(t *testing.T) {
	m := driven(t, 80, 24)
	m.sess.returned = []laneItem{{commandID: "q1", op: client.OpFollowUp, text: "and the census", cancelled: true}}
	m.focus = focusQueue
	m.queue.SetSize(80, 4)
	view := xansi.Strip(m.queue.View())
	if !strings.Contains(view, "▸ ✗ cancelled: enter sends again · and the census") {
		t.Fatalf("the lane draws:\n%s", view)
	}
	cmd, acted := m.queue.Update(press('x'))
	if cmd != nil || !acted || len(m.sess.returned) != 0 {
		t.Errorf("x on a cancelled item: cmd %v, acted %v, left %d", cmd != nil, acted, len(m.sess.returned))
	}
	if m.note != "dropped “and the census”" {
		t.Errorf("the note is %q", m.note)
	}
	m.queue.SetSize(80, 4)
	if v := m.queue.View(); v != "" {
		t.Errorf("an empty lane draws %q", v)
	}
}

// TestQueuePaneWordsACancelAnswer says which text was cancelled.
func TestQueuePaneWordsACancelAnswer(t *testing.T) {
	m := driven(t, 80, 24)
	m.sess.texts["q2"] = "look in the archive"
	m.queue.Update(cancelledMsg{gen: m.gen, commandID: "q2"})
	if m.note != "cancelled “look in the archive”" {
		t.Errorf("the note is %q", m.note)
	}
	m.queue.Update(cancelledMsg{gen: m.gen + 1, commandID: "q2"})
	m.note = ""
	m.queue.Update(cancelledMsg{gen: m.gen - 1, commandID: "q2"})
	if m.note != "" {
		t.Errorf("another session's answer spoke: %q", m.note)
	}
}

// TestLeasePaneSaysWhoDrivesAndTheTimeLeft draws the lease from the
// state, and changes with a lease event at once.
func TestLeasePaneSaysWhoDrivesAndTheTimeLeft(t *testing.T) {
	m := driven(t, 100, 24)
	m.lease.SetSize(100, 1)
	if v := xansi.Strip(m.lease.View()); !strings.Contains(v, "● you drive from this terminal · until 10:30 · 60m left") {
		t.Errorf("the lease pane draws %q", v)
	}
	feed(m, on(m, event(5, client.EvLeaseClaimed, `{"principal":"user:ada","clientId":"cli-other","expiresAt":"2026-10-14T10:30:00Z"}`)))
	if v := xansi.Strip(m.lease.View()); !strings.Contains(v, "◐ your other terminal drives (cli-other)") ||
		!strings.Contains(v, "ctrl+t takes over") {
		t.Errorf("after another terminal's claim the lease pane draws %q", v)
	}
}

// TestLeasePaneTickOfAnOldLease changes nothing and asks no redraw.
func TestLeasePaneTickOfAnOldLease(t *testing.T) {
	m := driven(t, 80, 24)
	cmd, redraw := m.lease.onTick(leaseTickMsg{gen: m.gen, expires: t0.Add(-time.Hour)})
	if cmd != nil || redraw {
		t.Errorf("an old lease's tick: cmd %v, redraw %v", cmd != nil, redraw)
	}
}

// TestAccountPaneKeepsWarningsFirst keeps the limits that bite when the
// pane has room for little else.
func TestAccountPaneKeepsWarningsFirst(t *testing.T) {
	m := driven(t, 80, 24)
	acc := &client.Account{Kind: client.AccountAnonymous, Principal: "visitor:v1", TurnsPerDay: 5, TurnsToday: 4}
	m.accountP.Update(accountMsg{acc: acc})
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
	m.accountP.Update(accountMsg{err: errBoom})
	if m.account != acc {
		t.Error("a failed look-up dropped the account")
	}
}

// errBoom is a failure.
var errBoom = &client.Error{Status: 500, Code: "internal", Message: "boom"}

// TestStatusPaneErrorFirst puts the last error, with its code, before
// the connection, and the errors key at the right.
func TestStatusPaneErrorFirst(t *testing.T) {
	m := driven(t, 100, 24)
	m.note = "sending…"
	m.status.SetSize(100, 1)
	if v := xansi.Strip(m.status.View()); !strings.Contains(v, "● live · idle · sending…") || !strings.HasSuffix(strings.TrimRight(v, " "), "f1 help") {
		t.Errorf("the status line draws %q", v)
	}
	m.setErr(errBoom)
	v := xansi.Strip(m.status.View())
	if !strings.HasPrefix(v, "✗ internal: boom · ● live") || !strings.HasSuffix(strings.TrimRight(v, " "), "f3 errors") {
		t.Errorf("with an error the status line draws %q", v)
	}
	m.setErr(nil)
	m.note = ""
	m.focus = focusQueue
	if v := xansi.Strip(m.status.View()); !strings.Contains(v, "queue: ↑↓ select · x cancels · esc back") {
		t.Errorf("with the queue focused the status line draws %q", v)
	}
}

// TestComposerWalksTheHistory brings back what was sent on ↑ over an empty
// draft, and takes the editor's answer.
func TestComposerWalksTheHistory(t *testing.T) {
	m := driven(t, 80, 24)
	c := &m.composer
	c.history.add("first")
	c.history.add("second")
	c.Update(keyUp)
	if c.value() != "second" {
		t.Errorf("↑ shows %q", c.value())
	}
	c.Update(keyUp)
	c.Update(keyDown)
	if c.value() != "second" {
		t.Errorf("↑↑↓ shows %q", c.value())
	}
	c.Update(keyDown)
	if c.value() != "" {
		t.Errorf("↓ past the newest shows %q", c.value())
	}
	c.Update(editorDoneMsg{text: "from the editor"})
	if c.value() != "from the editor" || !strings.Contains(c.View(), "from the editor") {
		t.Errorf("the editor's text: value %q", c.value())
	}
	if cmd, _ := c.Update(keyCtrlE); cmd == nil {
		t.Error("the editor key opened nothing")
	}
}

// TestComposerOfAWatcherTakesNothing keeps a read-only terminal's composer
// empty.
func TestComposerOfAWatcherTakesNothing(t *testing.T) {
	cfg := testConfig(t)
	cfg.Watch = true
	m := opened(t, cfg, 80, 24, snapshot(lease("user:bo", "cli-bo")), nil)
	for _, msg := range append(typing("hi"), tea.PasteMsg{Content: "pasted"}) {
		m.composer.Update(msg)
	}
	if v := m.composer.value(); v != "" {
		t.Errorf("a watcher's composer took %q", v)
	}
}

// TestPickerPaneFiltersAndOpens filters on what is typed, clears on esc,
// ignores an older listing, and asks the root to open the chosen session.
func TestPickerPaneFiltersAndOpens(t *testing.T) {
	m := newModel(t, testConfig(t), 80, 24)
	p := &m.picker
	list := []client.Summary{summary("s1", "Leases", t0, nil), summary("s2", "Census", t0, nil)}
	p.asked = 2
	p.Update(sessionsMsg{gen: 1, list: list[:1]})
	if len(p.all) != 0 {
		t.Fatal("an older listing's answer was taken")
	}
	p.Update(sessionsMsg{gen: 2, list: list})
	for _, msg := range typing("cens") {
		p.Update(msg)
	}
	p.SetSize(80, 10)
	view := xansi.Strip(p.View())
	if !strings.Contains(view, "Census") || strings.Contains(view, "Leases") {
		t.Fatalf("filtered on cens the picker draws:\n%s", view)
	}
	cmd, _ := p.Update(keyEnter)
	if cmd == nil {
		t.Fatal("enter opened nothing")
	}
	if got, ok := cmd().(openMsg); !ok || got.id != "s2" {
		t.Errorf("enter asked %#v", got)
	}
	p.Update(keyEsc)
	if p.filter.String() != "" || len(p.visible()) != 2 {
		t.Errorf("esc left the filter %q", p.filter.String())
	}
}
