package panes

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestQueueDropsACancelledItem shows a command the host cancelled as
// "cancelled: enter sends again" and drops it on x and enter (it is the
// person's own), giving the keys back.
func TestQueueDropsACancelledItem(t *testing.T) {
	q := NewQueue(uitest.Context())
	it := LaneItem{CommandID: "q1", Op: wire.OpFollowUp, Text: "and the census", Cancelled: true}
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
	it := LaneItem{CommandID: "c2", Op: wire.OpFollowUp, Text: "look in the archive"}
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

// lane is a focused queue lane of items, this terminal driving, laid out
// at 80 cells in limit lines.
func lane(ctx *ui.Context, limit int, items ...LaneItem) *Queue {
	q := NewQueue(ctx)
	q.Set(QueueView{Items: items, Driving: true})
	q.SetFocused(true)
	q.SetSize(80, limit)
	return q
}

// queued is n queued follow-ups, c0 first.
func queued(n int) []LaneItem {
	out := make([]LaneItem, n)
	for i := range out {
		out[i] = LaneItem{CommandID: fmt.Sprintf("c%d", i), Op: wire.OpFollowUp, Text: fmt.Sprintf("follow-up %d", i)}
	}
	return out
}

// TestQueueWordsEachItem says what each kind of waiting command is, the
// selected one marked, the id when this terminal did not send it.
func TestQueueWordsEachItem(t *testing.T) {
	q := lane(uitest.Context(), 6,
		LaneItem{CommandID: "c1", Op: wire.OpFollowUp, Text: "and the census"},
		LaneItem{CommandID: "c2", Op: wire.OpSteer, Text: "shorter please"},
		LaneItem{CommandID: "c3", Op: wire.OpPrompt},
		LaneItem{CommandID: "c4", Op: "re\x1b[2Jview", Text: "odd"},
		LaneItem{CommandID: "c5", Op: wire.OpFollowUp, Text: "lost", Unconfirmed: true},
	)
	want := []string{
		"▸ ⧗ queued follow-up · and the census",
		"  ⧗ steer, after this turn · shorter please",
		"  ⧗ queued prompt · c3",
		"  ⧗ queued re␛[2Jview · odd",
		"  ✗ no answer yet: enter sends the same request again · lost",
	}
	view := q.View()
	uitest.CheckInert(t, view)
	lines := strings.Split(xansi.Strip(view), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("the lane draws\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	q.Update(uitest.Key(tea.KeyDown))
	q.SetSize(80, 6)
	if v := xansi.Strip(q.View()); !strings.Contains(v, "▸ ⧗ steer, after this turn · shorter please") {
		t.Errorf("↓ did not mark the steer:\n%s", v)
	}
	if got := q.Hint(); got != "queue: ↑↓ select · x↵ cancels · esc back" {
		t.Errorf("the lane's hint is %q", got)
	}
	if len(q.ShortHelp()) != 5 || len(q.FullHelp()) != 1 {
		t.Errorf("the lane's keys are %v", q.ShortHelp())
	}
}

// TestQueueWindow: more items than lines end with a line saying how many
// more wait; the selected item is kept in view, above that line.
func TestQueueWindow(t *testing.T) {
	q := lane(uitest.Context(), 3, queued(6)...)
	v := strings.Split(xansi.Strip(q.View()), "\n")
	if len(v) != 3 || !strings.HasPrefix(v[0], "▸ ⧗ queued follow-up · follow-up 0") ||
		strings.TrimRight(v[2], " ") != "  … and 4 more queued" {
		t.Errorf("six items in three lines:\n%s", strings.Join(v, "\n"))
	}
	for limit := 2; limit <= 4; limit++ {
		for sel := range 6 {
			q.Scroll(-10)
			q.Scroll(sel)
			q.SetSize(80, limit)
			v := xansi.Strip(q.View())
			if n := strings.Count(v, "\n") + 1; n > limit || !strings.Contains(v, fmt.Sprintf("▸ ⧗ queued follow-up · follow-up %d", sel)) {
				t.Errorf("item %d selected, %d lines: the mark is not on screen:\n%s", sel, limit, v)
			}
		}
	}
	q.Scroll(10)
	q.SetSize(80, 3)
	if v := xansi.Strip(q.View()); !strings.Contains(v, "▸ ⧗ queued follow-up · follow-up 5") || strings.Contains(v, "more queued") {
		t.Errorf("the last selected, in three lines:\n%s", v)
	}
	q.Scroll(-10)
	q.Update(uitest.Key(tea.KeyUp))
	q.SetSize(80, 0)
	if v := q.View(); v != "" {
		t.Errorf("a lane of no lines draws %q", v)
	}
}

// TestQueueSendsAgain: enter on a cancelled item sends its text again as a
// new command, on an unconfirmed one sends the same request again (unless
// a send is on its way), and on a queued one does nothing.
func TestQueueSendsAgain(t *testing.T) {
	cancelled := LaneItem{CommandID: "c1", Op: wire.OpFollowUp, Text: "again", Cancelled: true}
	lost := LaneItem{CommandID: "c2", Op: wire.OpFollowUp, Text: "lost", Unconfirmed: true}
	q := lane(uitest.Context(), 4, cancelled, lost, queued(1)[0])
	if _, act := q.Update(uitest.Key(tea.KeyEnter)); act != (SendAgain{Item: cancelled}) {
		t.Errorf("enter on a cancelled item: %#v", act)
	}
	q.Update(uitest.Key(tea.KeyDown))
	if _, act := q.Update(uitest.Key(tea.KeyEnter)); act != (Resend{}) {
		t.Errorf("enter on an unconfirmed item: %#v", act)
	}
	q.Set(QueueView{Items: []LaneItem{cancelled, lost}, Sending: true, Driving: true})
	if _, act := q.Update(uitest.Key(tea.KeyEnter)); act != nil {
		t.Errorf("enter on an unconfirmed item while sending: %#v", act)
	}
	q.Set(QueueView{Items: queued(1), Driving: true})
	q.SetSize(80, 4)
	if _, act := q.Update(uitest.Key(tea.KeyEnter)); act != nil {
		t.Errorf("enter on a queued item: %#v", act)
	}
	if _, act := q.Update(uitest.Key(tea.KeyDelete)); len(actions(act)) != 2 || actions(act)[0] != (CancelQueued{Item: queued(1)[0]}) {
		t.Errorf("delete, not text, cancels at once: %#v", act)
	}
	if cmd, act := q.Update(tea.WindowSizeMsg{}); cmd != nil || act != nil {
		t.Errorf("a message not a key acted: %#v", act)
	}
}

// TestQueueCancelNeedsTheDriver: only the driver cancels a queued command;
// the person drops an unconfirmed item of theirs whoever drives; an empty
// lane cancels nothing.
func TestQueueCancelNeedsTheDriver(t *testing.T) {
	q := lane(uitest.Context(), 4, queued(1)...)
	q.Set(QueueView{Items: queued(1), Driver: Driver{Rel: wire.LeaseMyOtherClient}})
	if _, act := q.Update(uitest.Press('x')); act != (ui.Note{Text: "x: only the driver may cancel a queued command: your other terminal drives · ctrl+t takes over · typing goes to the composer"}) {
		t.Errorf("x while another terminal drives: %#v", act) // said at once: no x↵ is proposed
	}
	if _, act := q.Update(uitest.Key(tea.KeyEnter)); act != (ui.Note{Text: "only the driver may cancel a queued command: your other terminal drives · ctrl+t takes over"}) {
		t.Errorf("x↵ while another terminal drives: %#v", act)
	}
	q.Set(QueueView{Items: queued(1), Driver: Driver{Rel: wire.LeaseOther, Holder: "user:bo"}})
	if _, act := q.Update(uitest.Press('x')); act != (ui.Note{Text: "x: only the driver may cancel a queued command: user:bo drives · typing goes to the composer"}) {
		t.Errorf("x while another person drives: %#v", act)
	}
	ctx := uitest.Context()
	ctx.Watch = true
	w := lane(ctx, 4, queued(1)...)
	if _, act := w.Update(uitest.Press('x')); act != (ui.Note{Text: "x: watching read-only: only the driver may cancel a queued command · typing goes to the composer"}) {
		t.Errorf("x while watching: %#v", act)
	}
	lost := LaneItem{CommandID: "c2", Op: wire.OpFollowUp, Text: "lost", Unconfirmed: true}
	q.Set(QueueView{Items: []LaneItem{lost}})
	if _, act := q.Update(uitest.Press('x')); act != (ui.Note{Text: "x: enter drops “lost” · typing goes to the composer"}) {
		t.Errorf("x on an unconfirmed item proposed %#v", act)
	}
	if got := actions(second(q.Update(uitest.Key(tea.KeyEnter)))); len(got) != 3 || got[0] != (Forget{Item: lost}) {
		t.Errorf("x↵ on an unconfirmed item while another drives: %#v", got)
	}
	q.Set(QueueView{Driving: true})
	if _, act := q.Update(uitest.Press('x')); act != (ui.Note{Text: "x: enter cancels the marked command · typing goes to the composer"}) {
		t.Errorf("x on an empty lane proposed %#v", act)
	}
	if _, act := q.Update(uitest.Key(tea.KeyEnter)); act != nil {
		t.Errorf("x↵ on an empty lane: %#v", act)
	}
	q.Update(uitest.Press('x'))
	if !q.Armed() || q.Disarm() != "x" || q.Armed() {
		t.Error("Disarm did not give back the x")
	}
	q.Update(uitest.Press('x'))
	q.Reset()
	if q.Armed() {
		t.Error("Reset kept the x armed")
	}
	q.Update(uitest.Press('x'))
	q.SetFocused(false)
	if q.Armed() {
		t.Error("the lane lost the keys and kept the x armed")
	}
}
