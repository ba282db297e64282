package panes

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Resolve asks to accept (or reject) a pending chime; the person confirmed.
type Resolve struct {
	action
	Chime  wire.Chime
	Accept bool
}

// SetPolicy asks to set the room's policy; the person confirmed.
type SetPolicy struct {
	action
	Policy string
}

// RoomView is what the room pane shows.
type RoomView struct {
	Known   bool         // the session's state has arrived
	Chimes  []wire.Chime // the pending chimes, oldest first
	Policy  string       // the room's policy
	Driving bool         // this terminal holds the lease
	Driver  Driver       // who drives when this terminal does not
	// Reach is the keys that bring the focus to the pane from where it is
	// now ("tab", "esc, then tab"), for the hint; "" when none do.
	Reach string
}

// Room is the open session's room: the pending chimes, newest last, and
// the room's policy. It takes no room while no chime waits, unless it has
// the focus. Its actions act only on the chime marked on screen.
type Room struct {
	ctx     *ui.Context
	v       RoomView
	focused bool
	width   int
	limit   int    // the most lines it may take
	sel     int    // the selected chime
	first   int    // the first chime shown
	shown   string // the chime id marked on screen as selected, "" when none
	guard   ui.Guard
}

// NewRoom is the room pane of ctx.
func NewRoom(ctx *ui.Context) *Room { return &Room{ctx: ctx} }

// Reset forgets the selection, for another session.
func (r *Room) Reset() { r.sel, r.guard = 0, ui.Guard{} }

// Set says what the pane shows.
func (r *Room) Set(v RoomView) { r.v = v }

// SetFocused gives the pane the keys (or takes them: a key armed is
// forgotten).
func (r *Room) SetFocused(on bool) {
	if !on {
		r.guard = ui.Guard{}
	}
	r.focused = on
}

// Disarm forgets a proposed key and returns its text.
func (r *Room) Disarm() string { return r.guard.Disarm() }

// Armed reports whether a key is proposed, waiting for enter.
func (r *Room) Armed() bool { return r.guard.Armed() }

// Selected is the index of the selected chime.
func (r *Room) Selected() int { return r.sel }

// SetSize gives the pane its width and the most lines it may take, and
// places the window of chimes so that the selected one shows.
func (r *Room) SetSize(width, limit int) {
	r.width, r.limit = width, limit
	r.first, r.shown = 0, ""
	if !r.v.Known || limit <= 0 {
		return
	}
	chimes := r.v.Chimes
	r.sel = min(max(r.sel, 0), max(len(chimes)-1, 0))
	sel := -1
	if r.focused {
		sel = r.sel
	}
	r.first = ui.Window(len(chimes), limit-1, sel)
	visible := limit - 1
	if r.first > 0 && limit > 2 {
		visible-- // the "… older" line
	}
	if sel >= r.first && sel < min(len(chimes), r.first+visible) {
		r.shown = chimes[sel].ChimeID
	}
}

// View draws the pane as SetSize placed it.
func (r *Room) View() string { return strings.Join(r.Lines(), "\n") }

// Lines is the pane's lines: a header and the chimes in the window.
func (r *Room) Lines() []string {
	lines, _ := r.rows()
	return lines
}

// ChimeAt is the index of the chime drawn on line y of the pane (0 is its
// header); ok is false for a line that shows no chime.
func (r *Room) ChimeAt(y int) (i int, ok bool) {
	_, of := r.rows()
	if y < 0 || y >= len(of) || of[y] < 0 {
		return 0, false
	}
	return of[y], true
}

// rows is the pane's lines and, for each, the index of the chime it
// shows (-1 for the header and the "older" line).
func (r *Room) rows() (out []string, of []int) {
	if !r.v.Known || r.limit <= 0 {
		return nil, nil
	}
	chimes := r.v.Chimes
	if len(chimes) == 0 && !r.focused {
		return nil, nil
	}
	out, of = []string{r.header(len(chimes))}, []int{-1}
	if r.first > 0 && r.limit > 2 {
		out = append(out, r.ctx.Styles.Notice.Render(ui.Pad(fmt.Sprintf("  … %d older", r.first), r.width)))
		of = append(of, -1)
	}
	for i := r.first; i < len(chimes) && len(out) < r.limit; i++ {
		lines := []string{r.chimeLine(chimes[i], false)}
		if chimes[i].ChimeID == r.shown && r.focused {
			lines = r.selectedChime(chimes[i], r.limit-len(out)-(len(chimes)-1-i))
		}
		for _, l := range lines {
			out, of = append(out, l), append(of, i)
		}
	}
	return out, of
}

// selectedChime is the selected chime, its text wrapped on up to three
// lines (within room) when it is longer than a line: the driver reads it
// whole before deciding.
func (r *Room) selectedChime(c wire.Chime, room int) []string {
	st := r.ctx.Styles
	head, text := "▸ "+r.chimeHead(c), ui.SanitizeLine(c.Text)
	if room <= 1 || xansi.StringWidth(head+"  "+text) <= r.width {
		return []string{r.chimeLine(c, true)}
	}
	out := []string{st.Selected.Render(ui.Pad(head, r.width))}
	w := max(r.width-4, 10)
	lines := ui.WrapPlain(text, w)
	rows := min(room-1, 3, len(lines))
	for k := 0; k < rows; k++ {
		l := lines[k]
		if k == rows-1 && rows < len(lines) {
			l = xansi.Truncate(l, w-2, "") + " …"
		}
		out = append(out, st.Selected.Render(ui.Pad("    "+l, r.width)))
	}
	return out
}

// chimeHead is a chime's author and time.
func (r *Room) chimeHead(ch wire.Chime) string {
	who := ui.TitleLine(ch.Author)
	if who == "" {
		who = "someone"
	}
	if ch.ReceivedAt.IsZero() {
		return who
	}
	return who + " · " + ch.ReceivedAt.In(r.ctx.Location).Format("15:04")
}

// header is the pane's first line: how many chimes wait, the policy, and
// what the keys do.
func (r *Room) header(n int) string {
	k := &r.ctx.Keys
	head := "chimes"
	if n > 0 {
		head += fmt.Sprintf(" · %d pending", n)
	}
	head += " · room " + r.v.Policy
	var hint string
	switch {
	case r.ctx.Watch || !r.v.Driving:
		hint = r.v.Driver.decides(r.ctx)
	case r.focused && n > 0:
		hint = ui.Proposes(k.Accept) + " accept · " + ui.Proposes(k.Reject) + " reject · " +
			ui.Proposes(k.Expand) + " read · " + ui.Proposes(k.Policy) + " policy · " + ui.KeyName(k.Back) + " back"
	case r.focused:
		hint = ui.Proposes(k.Policy) + " policy: " + PolicyMeaning(r.v.Policy) + " · " + ui.KeyName(k.Back) + " back"
	default:
		reach := r.v.Reach
		if reach == "" {
			reach = ui.KeyName(k.Panes) // from the composer
		}
		hint = reach + ", then " + ui.Proposes(k.Accept) + " accept · " + ui.Proposes(k.Reject) + " reject"
	}
	mark := "✉ " // the focus is marked in words too, not by colour alone (NO_COLOR)
	if r.focused {
		mark = "▸ ✉ "
	}
	line := r.ctx.Styles.AuthorLabel.Render(mark+head) + r.ctx.Styles.KeyDesc.Render(" · "+hint)
	return ui.Pad(line, r.width)
}

// chimeLine is one pending chime on one line: its author, when it came,
// its text.
func (r *Room) chimeLine(c wire.Chime, selected bool) string {
	st := r.ctx.Styles
	text := ui.TitleLine(c.Text)
	if selected {
		return st.Selected.Render(ui.Pad("▸ "+r.chimeHead(c)+"  "+text, r.width))
	}
	who, when, _ := strings.Cut(r.chimeHead(c), " · ")
	if when != "" {
		when = " · " + when
	}
	return ui.Pad("  "+st.AuthorLabel.Render(who)+st.Time.Render(when)+"  "+st.Body.Render(text), r.width)
}

// ShortHelp lists the room pane's keys.
func (r *Room) ShortHelp() []key.Binding {
	k := &r.ctx.Keys
	return []key.Binding{k.Up, k.Down, k.Accept, k.Reject, k.Expand, k.Policy, k.PolicyBack, k.Back}
}

// FullHelp lists the room pane's keys.
func (r *Room) FullHelp() [][]key.Binding { return [][]key.Binding{r.ShortHelp()} }

// Update handles the keys the pane binds; an action taken reports ui.Done,
// and the keys go back to the composer.
func (r *Room) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok || !r.v.Known {
		return nil, nil
	}
	return r.guard.Guarded(k, func(k tea.KeyPressMsg) (tea.Cmd, ui.Action) { return nil, r.onKey(k) })
}

// onKey handles a key of the pane's key map; a key that is text proposes
// what it does first, and acts once enter confirms it.
func (r *Room) onKey(msg tea.KeyPressMsg) ui.Action {
	keys, chimes := &r.ctx.Keys, r.v.Chimes
	if why := r.refusal(msg); why != "" {
		return r.guard.Refuse(msg, why) // nothing is proposed that this person cannot do now
	}
	if what := r.proposal(msg); what != "" {
		if ok, note := r.guard.Confirm(msg, what); !ok {
			return note
		}
	}
	switch {
	case key.Matches(msg, keys.Up):
		r.sel = max(r.sel-1, 0)
	case key.Matches(msg, keys.Down):
		r.sel = min(r.sel+1, max(len(chimes)-1, 0))
	case key.Matches(msg, keys.Accept, keys.Reject):
		return r.resolveSelected(msg)
	case key.Matches(msg, keys.Expand):
		if len(chimes) > 0 && chimes[min(r.sel, len(chimes)-1)].ChimeID == r.shown {
			c := chimes[min(r.sel, len(chimes)-1)]
			return ui.Show{Overlay: dialog.NewReading(r.ctx, "Chime from "+ui.SanitizeLine(r.chimeHead(c)), ui.Sanitize(c.Text))}
		}
	case key.Matches(msg, keys.Policy, keys.PolicyBack):
		return r.stepPolicy(msg)
	}
	return nil
}

// refusal says why a key of the pane cannot act now (no chime waits, or
// this terminal does not drive); "" when it can.
func (r *Room) refusal(msg tea.KeyPressMsg) string {
	keys := &r.ctx.Keys
	switch {
	case key.Matches(msg, keys.Accept, keys.Reject) && len(r.v.Chimes) == 0:
		return "no chime waits"
	case key.Matches(msg, keys.Accept, keys.Reject):
		return mayDrive(r.ctx, r.v.Driving, r.v.Driver, "accept or reject a chime")
	case key.Matches(msg, keys.Policy, keys.PolicyBack):
		return mayDrive(r.ctx, r.v.Driving, r.v.Driver, "set the room's policy")
	}
	return ""
}

// stepPolicy sets the room's next policy (or the one before), once
// confirmed.
func (r *Room) stepPolicy(msg tea.KeyPressMsg) ui.Action {
	d := 1
	if key.Matches(msg, r.ctx.Keys.PolicyBack) {
		d = -1
	}
	p := NextPolicy(r.v.Policy, d)
	return ui.Batch{SetPolicy{Policy: p}, ui.Done{}}
}

// resolveSelected accepts or rejects the selected chime, once confirmed.
func (r *Room) resolveSelected(msg tea.KeyPressMsg) ui.Action {
	chimes := r.v.Chimes
	c := chimes[min(r.sel, len(chimes)-1)]
	if c.ChimeID != r.shown {
		return ui.Note{Text: "the selected chime is not on screen: " + ui.KeyName(r.ctx.Keys.Up) + ui.KeyName(r.ctx.Keys.Down) + " brings it back"}
	}
	accept := key.Matches(msg, r.ctx.Keys.Accept)
	return ui.Batch{Resolve{Chime: c, Accept: accept}, ui.Done{}}
}

// proposal says what a key of the pane that is text does, for the note
// that proposes it; "" for the keys that are not text.
func (r *Room) proposal(msg tea.KeyPressMsg) string {
	keys, chimes := &r.ctx.Keys, r.v.Chimes
	if msg.Key().Text == "" {
		return ""
	}
	chime := "the marked chime"
	if len(chimes) > 0 {
		chime = ChimeName(chimes[min(r.sel, len(chimes)-1)])
	}
	switch {
	case key.Matches(msg, keys.Accept):
		return "accepts " + chime
	case key.Matches(msg, keys.Reject):
		return "rejects " + chime
	case key.Matches(msg, keys.Expand):
		return "reads " + chime + " whole"
	case key.Matches(msg, keys.Policy, keys.PolicyBack):
		d := 1
		if key.Matches(msg, keys.PolicyBack) {
			d = -1
		}
		p := NextPolicy(r.v.Policy, d)
		return "sets the room to " + p + ": " + PolicyMeaning(p)
	}
	return ""
}

// Possessive is a collaborator's name with 's, for notes (ui.Possessive).
func Possessive(author string) string { return ui.Possessive(author) }

// PolicyMeaning says what a room policy does with a chime
// (ui.PolicyMeaning).
func PolicyMeaning(p string) string { return ui.PolicyMeaning(p) }

// ChimeName names a chime for notes (ui.ChimeName).
func ChimeName(c wire.Chime) string { return ui.ChimeName(c) }

// NextPolicy is the policy d steps from p (1 forward, -1 back).
func NextPolicy(p string, d int) string {
	order := []string{wire.PolicyObserve, wire.PolicyMute, wire.PolicySuggest, wire.PolicyCoDrive}
	i := 2 // suggest, the default
	for k, q := range order {
		if q == p {
			i = k
		}
	}
	return order[(i+d+len(order))%len(order)]
}

// Select selects chime i (kept in range when the pane is laid out).
func (r *Room) Select(i int) { r.sel = i }

// Scroll moves the selection d chimes down (up when negative), as the
// mouse wheel does over the pane.
func (r *Room) Scroll(d int) {
	r.sel = min(max(r.sel+d, 0), max(len(r.v.Chimes)-1, 0))
}
