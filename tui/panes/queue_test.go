package panes

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestQueueDropsACancelledItem shows a command the host cancelled as
// "cancelled: enter sends again" and drops it on x and enter (it is the
// person's own), giving the keys back.
func TestQueueDropsACancelledItem(t *testing.T) {
	q := NewQueue(uitest.Context())
	it := LaneItem{CommandID: "q1", Op: client.OpFollowUp, Text: "and the census", Cancelled: true}
	q.Set(QueueView{Items: []LaneItem{it}, Driving: true})
	q.SetFocused(true)
	q.SetSize(80, 4)
	view := xansi.Strip(q.View())
	if !strings.Contains(view, "▸ ✗ cancelled: enter sends again · and the census") {
		t.Fatalf("the lane draws:\n%s", view)
	}
	q.Update(uitest.Press('x'))
	cmd, act := q.Update(uitest.Key(tea.KeyEnter))
	got := actions(act)
	if cmd != nil || len(got) != 3 || got[0] != (Forget{Item: it}) || got[1] != (ui.Note{Text: "dropped “and the census”"}) ||
		got[2] != (ui.Done{}) {
		t.Errorf("x on a cancelled item: cmd %v, %#v", cmd != nil, act)
	}
	q.Set(QueueView{})
	q.SetSize(80, 4)
	if v := q.View(); v != "" {
		t.Errorf("an empty lane draws %q", v)
	}
}

// TestQueueCancelsOnEnter asks the host to cancel a queued command only
// once enter confirms the x.
func TestQueueCancelsOnEnter(t *testing.T) {
	q := NewQueue(uitest.Context())
	it := LaneItem{CommandID: "c2", Op: client.OpFollowUp, Text: "look in the archive"}
	q.Set(QueueView{Items: []LaneItem{it}, Driving: true})
	q.SetFocused(true)
	q.SetSize(80, 4)
	if _, act := q.Update(uitest.Press('x')); act != (ui.Note{Text: "x: enter cancels the follow-up “look in the archive” · typing goes to the composer"}) {
		t.Fatalf("the first x: %#v", act)
	}
	if _, act := q.Update(uitest.Press('x')); len(actions(act)) > 1 {
		t.Fatalf("a second x acted: %#v", act)
	}
	_, act := q.Update(uitest.Key(tea.KeyEnter))
	if got := actions(act); len(got) != 2 || got[0] != (CancelQueued{Item: it}) {
		t.Errorf("enter after x: %#v", act)
	}
}
