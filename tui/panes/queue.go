package panes

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// LaneItem is one command waiting behind the run (ui.LaneItem: the open
// session makes the person's own).
type LaneItem = ui.LaneItem

// Resend asks to send the unconfirmed request again, unchanged.
type Resend struct{ action }

// SendAgain asks to send a cancelled item's text again, as a new command.
type SendAgain struct {
	action
	Item LaneItem
}

// Forget drops a cancelled or unconfirmed item of the person's from the
// lane.
type Forget struct {
	action
	Item LaneItem
}

// CancelQueued asks the host to cancel a queued command; the person
// confirmed.
type CancelQueued struct {
	action
	Item LaneItem
}

// QueueView is what the lane shows.
type QueueView struct {
	Items   []LaneItem
	Sending bool   // a send is on its way: enter waits for it
	Driving bool   // this terminal holds the lease
	Driver  Driver // who drives when this terminal does not
}

// Queue is the queue lane under the transcript: one line per waiting
// command, the person's cancelled and unconfirmed ones with them.
type Queue struct {
	ctx     *ui.Context
	v       QueueView
	focused bool
	width   int
	limit   int // the most lines it may take
	sel     int // the selected item
	first   int // the first item shown
	guard   ui.Guard
}

// NewQueue is the queue lane of ctx.
func NewQueue(ctx *ui.Context) *Queue { return &Queue{ctx: ctx} }

// Reset forgets the selection, for another session.
func (q *Queue) Reset() { q.sel, q.guard = 0, ui.Guard{} }

// Set says what the lane shows.
func (q *Queue) Set(v QueueView) { q.v = v }

// SetFocused gives the lane the keys (or takes them: a key armed is
// forgotten).
func (q *Queue) SetFocused(on bool) {
	if !on {
		q.guard = ui.Guard{}
	}
	q.focused = on
}

// Disarm forgets a proposed key and returns its text.
func (q *Queue) Disarm() string { return q.guard.Disarm() }

// Armed reports whether a key is proposed, waiting for enter.
func (q *Queue) Armed() bool { return q.guard.Armed() }

// SetSize gives the lane its width and the most lines it may take, and
// keeps the selected item in range and in view: above the "… and N more"
// line when items follow it.
func (q *Queue) SetSize(width, limit int) {
	q.width, q.limit, q.first = width, limit, 0
	q.sel = min(max(q.sel, 0), max(len(q.v.Items)-1, 0))
	if q.focused && limit > 0 {
		above := limit - 1 // the lines above the selected item
		if q.sel < len(q.v.Items)-1 && limit > 1 {
			above-- // the "… and N more" line under it
		}
		q.first = max(q.sel-above, 0)
	}
}

// View draws the lane as SetSize placed it.
func (q *Queue) View() string { return strings.Join(q.Lines(), "\n") }

// Lines is the lane's lines, at most its limit.
func (q *Queue) Lines() []string {
	items := q.v.Items
	if len(items) == 0 || q.limit <= 0 {
		return nil
	}
	var out []string
	for i := q.first; i < len(items) && len(out) < q.limit; i++ {
		if len(out) == q.limit-1 && len(items)-i > 1 {
			out = append(out, q.ctx.Styles.Notice.Render(ui.Pad(fmt.Sprintf("  … and %d more queued", len(items)-i), q.width)))
			break
		}
		out = append(out, q.line(items[i], q.focused && i == q.sel))
	}
	return out
}

// line is one waiting command.
func (q *Queue) line(it LaneItem, selected bool) string {
	st, send := q.ctx.Styles, ui.KeyName(q.ctx.Keys.Send)
	what := "queued " + OpWord(it.Op)
	switch {
	case it.Author != "":
		what = "queued chime from " + ui.TitleLine(it.Author)
	case it.Op == wire.OpSteer:
		what = "steer, after this turn"
	}
	text := ui.SanitizeLine(it.Text)
	if text == "" {
		text = ui.SanitizeLine(it.CommandID)
	}
	if it.Cancelled || it.Unconfirmed {
		what = "cancelled: " + send + " sends again"
		if it.Failed {
			what = "failed: " + send + " sends again"
		}
		if it.Unconfirmed {
			what = "no answer yet: " + send + " sends the same request again"
		}
		if selected {
			return st.Selected.Render(ui.Pad("▸ ✗ "+what+" · "+text, q.width))
		}
		return ui.Pad("  "+st.StatusError.Render("✗ "+what)+st.Time.Render(" · ")+st.Body.Render(text), q.width)
	}
	if selected {
		return st.Selected.Render(ui.Pad("▸ ⧗ "+what+" · "+text, q.width))
	}
	return ui.Pad("  "+st.StatusWarn.Render("⧗ "+what)+st.Time.Render(" · ")+st.Body.Render(text), q.width)
}

// OpWord is an op in the person's words (ui.OpWord).
func OpWord(op string) string { return ui.OpWord(op) }

// ShortHelp lists the queue lane's keys.
func (q *Queue) ShortHelp() []key.Binding {
	k := &q.ctx.Keys
	return []key.Binding{k.Up, k.Down, k.Send, k.CancelQueued, k.Back}
}

// FullHelp lists the queue lane's keys.
func (q *Queue) FullHelp() [][]key.Binding { return [][]key.Binding{q.ShortHelp()} }

// Hint says what the keys do in the lane, for the status line.
func (q *Queue) Hint() string {
	k := &q.ctx.Keys
	return "queue: " + ui.KeyName(k.Up) + ui.KeyName(k.Down) + " select · " + ui.KeyName(k.CancelQueued) +
		"↵ cancels · " + ui.KeyName(k.Back) + " back"
}

// Update handles the keys the lane binds; an action taken reports ui.Done,
// and the keys go back to the composer.
func (q *Queue) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, nil
	}
	return q.guard.Guarded(k, func(k tea.KeyPressMsg) (tea.Cmd, ui.Action) { return nil, q.onKey(k) })
}

// onKey handles a key of the lane's key map; a key that is text proposes
// what it does first, and acts once enter confirms it.
func (q *Queue) onKey(msg tea.KeyPressMsg) ui.Action {
	keys, items := &q.ctx.Keys, q.v.Items
	if msg.Key().Text != "" && key.Matches(msg, keys.CancelQueued) {
		what := "cancels the marked command"
		if len(items) > 0 {
			it := items[min(q.sel, len(items)-1)]
			what = "cancels the " + OpWord(it.Op) + " “" + ui.ClipRunes(ui.SanitizeLine(it.Text), 24) + "”"
			if it.Cancelled || it.Unconfirmed {
				what = "drops “" + ui.ClipRunes(ui.SanitizeLine(it.Text), 24) + "”"
			} else if why := mayDrive(q.ctx, q.v.Driving, q.v.Driver, "cancel a queued command"); why != "" {
				return q.guard.Refuse(msg, why) // nothing is proposed that this person cannot do now
			}
		}
		if ok, note := q.guard.Confirm(msg, what); !ok {
			return note
		}
	}
	switch {
	case key.Matches(msg, keys.Up):
		q.sel = max(q.sel-1, 0)
	case key.Matches(msg, keys.Down):
		q.sel = min(q.sel+1, max(len(items)-1, 0))
	case len(items) == 0:
	case key.Matches(msg, keys.Send):
		if it := items[min(q.sel, len(items)-1)]; it.Unconfirmed && !q.v.Sending {
			return Resend{}
		} else if it.Cancelled {
			return SendAgain{Item: it}
		}
	case key.Matches(msg, keys.CancelQueued):
		return q.cancel(items[min(q.sel, len(items)-1)])
	}
	return nil
}

// cancel drops a cancelled or unconfirmed item of the person's, or asks
// the host to cancel a queued command (confirmed already).
func (q *Queue) cancel(it LaneItem) ui.Action {
	if it.Cancelled || it.Unconfirmed {
		// drop it: it was cancelled already, or is the person's to drop
		return ui.Batch{Forget{Item: it}, ui.Note{Text: "dropped “" + ui.ClipRunes(ui.SanitizeLine(it.Text), 40) + "”"}, ui.Done{}}
	}
	if why := mayDrive(q.ctx, q.v.Driving, q.v.Driver, "cancel a queued command"); why != "" {
		return ui.Note{Text: why}
	}
	return ui.Batch{CancelQueued{Item: it}, ui.Done{}}
}

// ItemAt is the index of the item drawn on line y of the lane; ok is
// false for a line that shows none (the "… and N more" line).
func (q *Queue) ItemAt(y int) (i int, ok bool) {
	items := q.v.Items
	i = q.first + y
	if y < 0 || y >= q.limit || i >= len(items) || (y == q.limit-1 && len(items)-i > 1) {
		return 0, false
	}
	return i, true
}

// Select selects item i (kept in range when the lane is laid out).
func (q *Queue) Select(i int) { q.sel = i }

// Scroll moves the selection d items down (up when negative), as the mouse
// wheel does over the lane.
func (q *Queue) Scroll(d int) {
	q.sel = min(max(q.sel+d, 0), max(len(q.v.Items)-1, 0))
}
