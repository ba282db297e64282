package picker

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Host is where the sessions are listed, for the words of a failed
// listing: gardend's address, the service's, the graph, and whether the
// person is a visitor.
type Host struct {
	Gardend string
	Service string
	Graph   string
	Visitor bool
}

// Actions the picker reports, beside ui.Note, ui.Failed and ui.Show.

// List asks the root to list the sessions: the listing numbered Gen (only
// the last one's answer is taken), SelectID selected once listed, Poll the
// opening of the picker that polled it (0 when the person asked).
type List struct {
	action
	Gen      int
	SelectID string
	Poll     int
}

// Inspect asks the root to read a listed session's snapshot for its peek,
// in the picker's opening Opened.
type Inspect struct {
	action
	Opened int
	ID     string
	Rev    time.Time // the session's updatedAt it is asked for
}

// Open asks the root to open a session.
type Open struct {
	action
	ID string
}

// OpenMany asks the root to open sessions together, as a wall of tiles.
type OpenMany struct {
	action
	IDs []string
}

// MaxMarks is how many sessions can be marked to open together.
const MaxMarks = 4

// Back goes back to the open session.
type Back struct{ action }

// New asks the root to start a new session.
type New struct{ action }

// Clone asks the root to clone a session.
type Clone struct {
	action
	Target wire.Summary
}

// Messages the root hands the picker.

// ListedMsg answers a listing.
type ListedMsg struct {
	Gen       int // the listing's number: an older listing than the last asked for is dropped
	Principal string
	List      []wire.Summary
	Err       error
	SelectID  string // select this session once listed
	Poll      int    // the picker's opening that polled it, 0 when not a poll
}

// PeekMsg answers the inspection of a listed session.
type PeekMsg struct {
	Opened int       // the opening of the picker it was asked in
	ID     string    // the session
	Rev    time.Time // the revision (updatedAt) it was asked for
	Snap   *wire.Snapshot
	Size   int // the answer's length in bytes
	Err    error
}

// New is the picker of ctx, listing the sessions of host, again every
// every while it shows (DefaultPollEvery when 0).
func NewPicker(ctx *ui.Context, host Host, every time.Duration) *Picker {
	if every <= 0 {
		every = DefaultPollEvery
	}
	return &Picker{ctx: ctx, host: host, every: every}
}

// Set tells the picker who the person is and which session is open ("" for
// none).
func (p *Picker) Set(me wire.Me, current string) { p.me, p.current = me, current }

// Reload lists the sessions again; selectID is selected at once in the
// list shown (an enter before the listing comes opens it, not the row the
// cursor was on), and again once listed.
func (p *Picker) Reload(selectID string) ui.Action {
	p.selectID(selectID)
	p.loading = true
	p.asked++
	return List{Gen: p.asked, SelectID: selectID}
}

// SetSize gives the list its width and height.
func (p *Picker) SetSize(width, height int) {
	p.width, p.height = width, height
	p.setPreviewWidth(previewWidth(width))
	p.keepInView(height)
}

// View draws the list, or what failed when the listing did.
func (p *Picker) View() string {
	if p.failed != nil {
		return strings.Join(ui.FitLines(p.loadFailure(p.failed, p.width), p.height), "\n")
	}
	pw := previewWidth(p.width)
	lines := p.view(area{width: p.width - pw, height: p.height, now: p.ctx.Now()})
	if pw > 0 {
		for i, l := range p.previewView(pw, p.height) {
			lines[i] = ui.Pad(lines[i], p.width-pw) + l
		}
	}
	return strings.Join(lines, "\n")
}

// Facts is the header's right side: how many sessions, or that the listing
// failed.
func (p *Picker) Facts() string {
	switch {
	case p.failed != nil:
		return "listing failed"
	case p.offerLive:
		return "your last wall, " + itoa(len(p.marks)) + " marked · " + ui.KeyName(p.ctx.Keys.Open) + " opens them again"
	case len(p.marks) > 0:
		return itoa(len(p.marks)) + " marked of " + itoa(len(p.all)) + " · " + ui.KeyName(p.ctx.Keys.Open) + " opens them"
	case len(p.all) == 1:
		return "1 session"
	}
	return itoa(len(p.all)) + " sessions"
}

// ShortHelp lists the keys of the picker's hint.
func (p *Picker) ShortHelp() []key.Binding {
	return Keys{K: &p.ctx.Keys, Watch: p.ctx.Watch, Empty: p.loaded && len(p.all) == 0,
		Marks: len(p.visible()) > 1 && len(p.marks) == 0, Failed: p.failed != nil}.ShortHelp()
}

// FullHelp lists every key of the picker, by column.
func (p *Picker) FullHelp() [][]key.Binding { return Keys{K: &p.ctx.Keys}.FullHelp() }

// Update handles the picker's keys, pastes into the filter, the wheel and
// the answers of the listings and inspections.
func (p *Picker) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return nil, p.onKey(msg)
	case tea.PasteMsg:
		p.dropOffer()
		p.filter.Insert(msg.Content)
		p.filterChanged()
	case tea.MouseWheelMsg:
		p.dropOffer()
		switch msg.Button {
		case tea.MouseWheelUp:
			p.move(-1)
		case tea.MouseWheelDown:
			p.move(1)
		}
	case ListedMsg:
		return p.onListed(msg)
	case PollTickMsg:
		return p.onPollTick(msg)
	case RestMsg:
		return p.onRest(msg)
	case PeekMsg:
		return nil, p.onPeek(msg)
	}
	return nil, nil
}

// Takes reports whether a listing's answer is one the picker takes: the
// last one asked for, or a poll of this opening.
func (p *Picker) Takes(msg ListedMsg) bool {
	return msg.Gen == p.asked && (msg.Poll == 0 || msg.Poll == p.opened)
}

// onKey handles a key in the session picker.
func (p *Picker) onKey(msg tea.KeyPressMsg) ui.Action {
	k := &p.ctx.Keys
	if p.failed != nil && key.Matches(msg, k.Retry) {
		return ui.Batch{ui.Failed{}, ui.Note{Text: "listing your sessions again…"}, p.Reload("")}
	}
	if p.justRecovered(msg) {
		// The failure screen's key, pressed as the list came back by itself:
		// it meant to list again, which happened; it is no letter to filter by.
		return ui.Note{Text: "your sessions are listed again: the listing came back by itself"}
	}
	if p.offerLive && !key.Matches(msg, k.Open) {
		// the last wall, marked for enter alone: any other key is the
		// person choosing for themselves (space keeps the marks to edit)
		p.offerLive = false
		if !key.Matches(msg, k.Mark) {
			p.marks = nil
			if key.Matches(msg, k.Back) {
				return ui.Note{Text: "marks cleared"}
			}
		}
	}
	switch {
	case key.Matches(msg, k.Up):
		p.move(-1)
	case key.Matches(msg, k.Down):
		p.move(1)
	case key.Matches(msg, k.Open):
		if len(p.marks) > 0 {
			ids := p.marks
			p.marks, p.offerLive = nil, false
			return OpenMany{IDs: ids}
		}
		return p.openSelected()
	case key.Matches(msg, k.Mark) && p.filter.String() == "":
		return p.toggleMark()
	case key.Matches(msg, k.New):
		if p.ctx.Watch {
			return ui.Note{Text: "watching read-only: start sessions without watch"}
		}
		return New{}
	case key.Matches(msg, k.Rename, k.Delete, k.Clone):
		return p.action(msg)
	case key.Matches(msg, k.Back):
		return p.back()
	default:
		if p.filter.Update(msg) {
			p.filterChanged()
		}
	}
	return nil
}

// back clears the filter, else goes back to the open session.
func (p *Picker) back() ui.Action {
	switch {
	case p.filter.String() != "":
		p.filter.Set("")
		p.filterChanged()
	case len(p.marks) > 0:
		p.marks = nil
		return ui.Note{Text: "marks cleared"}
	case p.current != "":
		return Back{}
	}
	return nil
}

// openSelected opens the selected session, or goes back to it when it is
// the open one.
func (p *Picker) openSelected() ui.Action {
	s, ok := p.selected()
	switch {
	case !ok:
		return nil
	case s.SessionID == p.current:
		return Back{}
	}
	return Open{ID: s.SessionID}
}

// action starts a rename, a delete or a clone of the selected session.
func (p *Picker) action(msg tea.KeyPressMsg) ui.Action {
	k := &p.ctx.Keys
	s, ok := p.selected()
	switch {
	case !ok:
		return nil
	case key.Matches(msg, k.Rename):
		return ui.Show{Overlay: dialog.NewRename(p.ctx, s)}
	case key.Matches(msg, k.Delete):
		return ui.Show{Overlay: dialog.NewDelete(p.ctx, s)}
	}
	return Clone{Target: s}
}

// onListed takes the last listing asked for, and inspects the sessions it
// shows.
func (p *Picker) onListed(msg ListedMsg) (tea.Cmd, ui.Action) {
	if msg.Poll != 0 {
		return p.onPolled(msg)
	}
	if msg.Gen != p.asked {
		return nil, nil
	}
	p.loading = false
	return nil, ui.Join(p.take(msg), p.peekNext())
}

// take shows a listing's answer: the sessions, or its failure.
func (p *Picker) take(msg ListedMsg) ui.Action {
	listingFailed := p.failed != nil
	p.failed = msg.Err
	if msg.Err != nil {
		return ui.Failed{Err: msg.Err}
	}
	p.setList(msg.List, msg.SelectID)
	if listingFailed {
		p.recovered = p.ctx.Now()
		return ui.Failed{} // the listing's own error; another (a session that failed to open) stays
	}
	return nil
}

// Click selects the session on line row of the picker's area (from its
// first line); a double click on the selected one opens it, as enter does.
func (p *Picker) Click(row int, double bool) (tea.Cmd, ui.Action) {
	if p.failed != nil {
		return nil, nil
	}
	p.dropOffer()
	i := p.offset + row - 2 // under the filter line and the columns' titles
	if i < p.offset || i >= len(p.visible()) || row-2 >= p.height-2 {
		return nil, nil
	}
	if double && i == p.sel {
		return nil, p.openSelected()
	}
	p.sel = i
	return nil, nil
}

// Offer marks the sessions open last, when they were several (a wall) and
// nothing is marked: enter opens them again; any other key clears the
// marks (space keeps them, to edit). The sessions not listed are left out.
// The cursor starts on the first of them, the session open last.
func (p *Picker) Offer(ids []string) {
	if len(ids) > 0 && p.sel == 0 { // the cursor starts where the person was: on the session open last
		p.startAt = ids[0]
		if p.loaded {
			p.selectID(ids[0])
		}
	}
	if len(ids) > 1 {
		p.offered = append([]string(nil), ids[:min(len(ids), MaxMarks)]...)
		p.applyOffer()
	}
}

// applyOffer marks the sessions offered once they are listed.
func (p *Picker) applyOffer() {
	if len(p.offered) == 0 || !p.loaded || len(p.marks) > 0 {
		return
	}
	p.marks, p.offered = p.offered, nil
	p.pruneMarks()
	if len(p.marks) < 2 {
		p.marks = nil
	}
	p.offerLive = len(p.marks) > 0
}

// dropOffer clears the marks of the last wall while untouched: the person
// chose otherwise (a click, the wheel).
func (p *Picker) dropOffer() {
	if p.offerLive {
		p.marks, p.offerLive = nil, false
	}
}

// selectID selects session id when the list shown has it.
func (p *Picker) selectID(id string) {
	if id == "" {
		return
	}
	for i, s := range p.visible() {
		if s.SessionID == id {
			p.sel = i
			return
		}
	}
}
