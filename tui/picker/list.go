// Package picker is the session picker: the person's sessions, newest first,
// filtered by what they type, with a preview of the selected one's last
// turns on a wide terminal, live while it shows (listed again every few
// seconds, the sessions on screen inspected for their chimes), and its own
// screen when the listing fails. It asks the root for every listing and
// inspection (List, Inspect) and reports what the person chose (Open, New,
// Clone, a dialog to show).
package picker

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/markdown"
)

// Picker columns' widths, in cells.
const (
	colStatus = 8
	colDriver = 20
	colAge    = 5
	colKind   = 20
	colChimes = 6
)

// Picker is the session picker: the person's sessions, newest first,
// filtered by what they type.
type Picker struct {
	ctx       *ui.Context
	host      Host          // where the sessions are listed
	every     time.Duration // how often it lists again while it shows
	me        wire.Me       // the person and this terminal
	current   string        // the open session's id, "" when none
	height    int           // the list's lines
	all       []wire.Summary
	filter    ui.LineInput
	marks     []string // sessions marked to open together, in the order marked
	offered   []string // the sessions open last, marked once listed
	offerLive bool     // the marks are the offer, untouched: enter opens them, any other key clears them
	sel       int      // index into the filtered list
	offset    int      // first row shown
	loaded    bool
	loading   bool
	asked     int   // listings asked for: only the last one's answer is taken
	failed    error // the last listing failed: its screen shows instead of the list
	// recovered is when a listing last came back after the failure screen
	// showed: its r, pressed a moment later, is no letter of the filter.
	recovered time.Time
	width     int // the screen's width

	// live: polled while it shows (pickerlive.go)
	started  bool   // Init ran: commands are run from now on
	open     bool   // the picker shows
	opened   int    // times it opened or closed: what is asked in one opening is dropped in the next
	polls    int    // polls scheduled, for tests
	pollErr  error  // the last poll failed: the list shown is older
	restGen  int    // the selection's moves: only the last one's rest counts
	restOn   string // the session the last rest was scheduled for
	resting  string // the session the selection rests on
	peeks    map[string]*peek
	peeking  string             // the session being inspected, "" when none
	previewW int                // the preview pane's width, 0 when it does not show
	md       *markdown.Renderer // draws the preview's replies, at mdWidth in mdStyle
	mdWidth  int
	mdStyle  string
	startAt  string // the session the cursor starts on once listed (the one open last), "" for the first
}

// setList replaces the sessions; selectID, when listed, becomes selected.
func (p *Picker) setList(list []wire.Summary, selectID string) {
	keep := selectID
	if keep == "" {
		if s, ok := p.selected(); ok {
			keep = s.SessionID
		}
	}
	if keep == "" {
		keep = p.startAt // the first listing: the session open last
	}
	p.startAt = ""
	p.all, p.loaded, p.loading = list, true, false
	p.prunePeeks()
	p.pruneMarks()
	p.applyOffer()
	p.sel = 0
	for i, s := range p.visible() {
		if s.SessionID == keep {
			p.sel = i
		}
	}
}

// visible is the sessions the filter lets through.
func (p *Picker) visible() []wire.Summary {
	f := strings.ToLower(strings.TrimSpace(p.filter.String()))
	if f == "" {
		return p.all
	}
	var out []wire.Summary
	for _, s := range p.all {
		if strings.Contains(strings.ToLower(ui.ClipRunes(s.DisplayTitle(), ui.LineRunes)+" "+ui.ClipRunes(s.SessionID, ui.LineRunes)), f) {
			out = append(out, s)
		}
	}
	return out
}

// selected is the selected session.
func (p *Picker) selected() (wire.Summary, bool) {
	v := p.visible()
	if p.sel < 0 || p.sel >= len(v) {
		return wire.Summary{}, false
	}
	return v[p.sel], true
}

// move moves the selection by d rows.
func (p *Picker) move(d int) {
	n := len(p.visible())
	if n == 0 {
		p.sel = 0
		return
	}
	p.sel = min(max(p.sel+d, 0), n-1)
}

// TakeBack takes text off the end of the filter, when the filter ends with
// it (a model key typed while the key dialog showed over the picker, moved
// into its field), and reports whether it did.
func (p *Picker) TakeBack(text string) bool {
	f := p.filter.String()
	if text == "" || !strings.HasSuffix(f, text) {
		return false
	}
	p.filter.Set(strings.TrimSuffix(f, text))
	p.filterChanged()
	return true
}

// filterChanged keeps the selection in range after the filter changed.
func (p *Picker) filterChanged() {
	p.sel, p.offset = 0, 0
}

// area is the part of the screen the list takes, and the time it is drawn
// at.
type area struct {
	width  int
	height int
	now    time.Time
}

// keepInView scrolls the list so that the selection is among its rows
// (the list area less its two title lines).
func (p *Picker) keepInView(height int) {
	rows := height - 2
	if p.sel < p.offset {
		p.offset = p.sel
	}
	if rows > 0 && p.sel >= p.offset+rows {
		p.offset = p.sel - rows + 1
	}
}

// view draws the picker's list area: exactly v.height lines.
func (p *Picker) view(v area) []string {
	c := pickerColumns(v.width)
	out := []string{p.filterLine(v), p.ctx.Styles.ColumnTitle.Render(ui.Pad(
		"  "+ui.Pad("session", c.title)+col(c.kind, "kind")+col(c.status, "status")+col(c.chimes, "chimes")+
			col(c.driver, "driver")+col(colAge, "age"), v.width))}
	list := p.visible()
	switch {
	case p.loading && !p.loaded:
		out = append(out, p.ctx.Styles.Notice.Render("  loading your sessions…"))
	case len(p.all) == 0 && p.ctx.Watch:
		out = append(out, p.ctx.Styles.Notice.Render("  No session of yours to watch here (watching starts none)."))
	case len(p.all) == 0:
		out = append(out, p.ctx.Styles.Notice.Render("  No sessions yet: "+ui.KeyName(p.ctx.Keys.New)+" starts one."))
	case len(list) == 0:
		out = append(out, p.ctx.Styles.Notice.Render("  No session matches the filter: "+ui.KeyName(p.ctx.Keys.Back)+" clears it."))
	}
	for i := p.offset; i < len(list) && len(out) < v.height; i++ {
		out = append(out, p.row(v, list[i], i == p.sel))
	}
	for len(out) < v.height {
		out = append(out, "")
	}
	return out[:v.height]
}

// filterLine shows the filter, or how to use it.
func (p *Picker) filterLine(v area) string {
	stale := ""
	if p.pollErr != nil {
		stale = p.ctx.Styles.StatusWarn.Render("  not refreshed (" + errCode(p.pollErr) + "): trying again")
	}
	if p.filter.String() == "" {
		return p.ctx.Styles.Notice.Render("  type to filter") + stale
	}
	return p.ctx.Styles.Filter.Render("  filter: ") + p.filter.View(p.ctx.Styles) + stale
}

// row draws one session.
func (p *Picker) row(v area, s wire.Summary, selected bool) string {
	title := ui.TitleLine(s.DisplayTitle())
	mark := "  "
	if selected {
		mark = "▸ "
	}
	if p.marked(s.SessionID) {
		mark = mark[:len(mark)-1] + "●"
	}
	c := pickerColumns(v.width)
	chimes := ""
	if n, ok := p.pendingChimes(s.SessionID); ok && n > 0 {
		chimes = strconv.Itoa(n)
	}
	line := mark + ui.Pad(title, c.title) + col(c.kind, ui.PickerKind(s)) + col(c.status, ui.NameLine(s.Status)) +
		col(c.chimes, chimes) + col(c.driver, driverText(s.Lease, p.me, v.now)) + col(colAge, age(v.now, s.UpdatedAt))
	if selected {
		return p.ctx.Styles.Selected.Render(ui.Pad(line, v.width))
	}
	return p.ctx.Styles.Row.Render(ui.Pad(line, v.width))
}

// minTitle is the fewest columns a session's title keeps: the driver and
// status columns narrow, then go, before the title does.
const minTitle = 12

// wantTitle is the title's width the kind column narrows for, down to
// minKind cells before it goes.
const (
	wantTitle = 20
	minKind   = 10
)

// columns is the picker's column widths at a terminal width (0: not shown).
type columns struct{ title, kind, status, chimes, driver int }

// pickerColumns fits the columns to width, the title keeping at least
// minTitle cells.
func pickerColumns(width int) columns {
	c := columns{kind: colKind, status: colStatus, chimes: colChimes, driver: colDriver}
	rest := func() int {
		return width - 2 - colAge - 1 - c.kind - sep(c.kind) - c.status - sep(c.status) - c.chimes - sep(c.chimes) -
			c.driver - sep(c.driver)
	}
	if r := rest(); r < wantTitle {
		c.kind = max(c.kind-(wantTitle-r), 0) // the profile and model narrow, then go: the info dialog has them
		if c.kind < minKind {
			c.kind = 0
		}
	}
	if rest() < minTitle {
		c.chimes = 0 // the preview and the session's room pane have them
	}
	if rest() < minTitle {
		c.driver = max(width-2-colAge-1-c.status-1-minTitle-1, 0)
		if c.driver < 6 {
			c.driver = 0
		}
	}
	if rest() < minTitle {
		c.status = 0
	}
	c.title = max(rest(), 1)
	return c
}

// sep is the space before a column, none for a column not shown.
func sep(w int) int {
	if w == 0 {
		return 0
	}
	return 1
}

// col is a column's cell: a space and s padded to w, nothing when w is 0.
func col(w int, s string) string {
	if w == 0 {
		return ""
	}
	return " " + ui.Pad(s, w)
}

// driverText says who drives a listed session, seen from me.
func driverText(l *wire.Lease, me wire.Me, now time.Time) string {
	if l == nil || l.ClientID == "" || (!l.ExpiresAt.IsZero() && l.ExpiresAt.Before(now)) {
		return "nobody"
	}
	switch {
	case l.ClientID == me.ClientID:
		return "this terminal"
	case me.Principal != "" && l.Principal == me.Principal:
		return "your other terminal"
	}
	return ui.NameLine(l.Principal)
}

// age is how long ago t was, in one short word.
func age(now, t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return "now"
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d/time.Minute))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh", int(d/time.Hour))
	}
	return fmt.Sprintf("%dd", int(d/(24*time.Hour)))
}

// pruneMarks drops the marks of sessions no longer listed.
func (p *Picker) pruneMarks() {
	kept := p.marks[:0]
	for _, id := range p.marks {
		for _, s := range p.all {
			if s.SessionID == id {
				kept = append(kept, id)
				break
			}
		}
	}
	p.marks = kept
}
