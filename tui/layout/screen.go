// Package layout lays the terminal UI's screen out and draws it: the
// session picker's, an open session's (one transcript, or a wall of tiles)
// and the visit's. Every part's size is given here, in one place
// (Screen.Arrange), from the terminal's size and what each part needs; the
// drawing (Screen.Draw) only reads what was laid out. It remembers where
// each part went, so that a point of the screen names the part under it
// (Screen.SpotAt, Screen.TileAt) for the mouse.
//
// The root gives it the parts to lay out as a View each time: the
// components themselves, through the small interfaces below (it imports
// none of them), and the lines the root draws (the header's words, the
// context refs' chips). It reads the shared ui.Context and never writes
// it; it reports no actions: nothing happens in a layout.
package layout

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// The parts as the screen sees them.
type (
	// Sized is a part given a size (the picker, a tile's transcript).
	Sized interface{ SetSize(width, height int) }
	// Pane is a smaller pane: given the most lines it may take, it draws
	// as lines (the account, the room, the queue).
	Pane interface {
		SetSize(width, limit int)
		Lines() []string
	}
	// Line is a part of one line (the lease, the status line).
	Line interface {
		SetSize(width, height int)
		View() string
	}
	// Lines is a part drawn as lines of the screen's width (the run's line).
	Lines interface {
		SetSize(width, screenHeight int)
		Lines() []string
	}
	// Body is the focused session's transcript.
	Body interface {
		SetSize(width, height int)
		Width() int
		Height() int
		Lines() []string
	}
	// Bar is the transcript's search bar: one line while it shows.
	Bar interface {
		SetSize(width, height int)
		Height() int
		Active() bool
		View() string
	}
	// Composer is the input: as high as its draft, up to the limit it is
	// given.
	Composer interface {
		SetSize(width, limit int)
		Height() int
		View() string
		Cursor() *tea.Cursor
		Focused() bool
	}
	// Over draws the overlay on top, if one shows, over a screen's body
	// width wide (the overlay stack: dialog.Stack).
	Over interface {
		Over(body []string, width int) []string
	}
)

// Kind is which screen shows.
type Kind int

const (
	KindPicker  Kind = iota // the session picker
	KindSession             // an open session, or a wall of them
	KindVisit               // chiming into another person's room
)

// Screen is the screen's layout: its size, and where each part went.
type Screen struct {
	ctx    *ui.Context
	width  int
	height int
	banner []string // the banner's lines, made inert
	kind   Kind     // the screen laid out last
	at     spots    // where its parts went
	side   side     // the session's smaller panes' lines
	grid   grid     // the wall's tiles
	input  [2]int   // the width and limit the composer was given last
}

// New is the screen of ctx, with banner's lines under the header ("" for
// none).
func New(ctx *ui.Context, banner string) *Screen {
	s := &Screen{ctx: ctx}
	if banner != "" {
		for _, l := range strings.Split(banner, "\n") {
			s.banner = append(s.banner, ui.SanitizeLine(l))
		}
	}
	return s
}

// SetSize gives the screen the terminal's size, at least 20 x 6.
func (s *Screen) SetSize(width, height int) { s.width, s.height = max(width, 20), max(height, 6) }

// Size is the screen's width and height.
func (s *Screen) Size() (width, height int) { return s.width, s.height }

// Kind is the screen laid out last.
func (s *Screen) Kind() Kind { return s.kind }

// SizeFixed sizes the parts whose size is the terminal's alone, before
// anything reads them: the run's line (which shows only on a screen high
// enough) and the status line.
func (s *Screen) SizeFixed(activity Lines, status Line) {
	activity.SetSize(s.width, s.height)
	status.SetSize(s.width, 1)
}

// ComposerLimit is the most lines the composer grows to: a third of the
// screen (two at the least: a line of the draft and the mark of the rest).
func (s *Screen) ComposerLimit() int { return max(s.height/3, 2) }

// sizeComposer gives the composer the screen's width and its limit, when
// they changed since it was given them last (it counts its draft's lines
// again at each).
func (s *Screen) sizeComposer(c Composer) {
	if at := [2]int{s.width, s.ComposerLimit()}; at != s.input {
		c.SetSize(at[0], at[1])
		s.input = at
	}
}

// top is the lines over a screen's body: the header and the banner.
func (s *Screen) top() int { return 1 + len(s.banner) }

// header is the top line: what is shown on the left, facts on the right.
func (s *Screen) header(left, right string) string {
	st := s.ctx.Styles
	l := st.Header.Render("vehicle") + st.HeaderDim.Render(" · ") + st.Header.Render(left)
	r := st.HeaderDim.Render(right)
	gap := s.width - xansi.StringWidth(l) - xansi.StringWidth(r)
	if gap < 1 {
		return ui.Pad(l+" "+r, s.width)
	}
	return l + strings.Repeat(" ", gap) + r
}

// heading is the header and the banner.
func (s *Screen) heading(left, right string) []string {
	lines := []string{s.header(left, right)}
	for _, l := range s.banner {
		lines = append(lines, s.ctx.Styles.Banner.Render(ui.Pad(l, s.width)))
	}
	return lines
}

// Picker is what the session picker's screen shows.
type Picker struct {
	Facts    string   // the header's right: the graph, the picker's facts
	Composer Composer // not shown, sized for the screen that shows it next
	List     interface {
		Sized
		View() string
	}
	Note, Hint string // the status line's two lines: the note, the picker's keys
	Over       Over
}

// ArrangePicker lays the picker's screen out: the list takes what the
// header, the banner and the two lines under it leave.
func (s *Screen) ArrangePicker(p Picker) {
	s.kind, s.at, s.grid = KindPicker, spots{top: s.top()}, grid{}
	s.sizeComposer(p.Composer)
	p.List.SetSize(s.width, max(s.height-s.top()-2, 1))
}

// DrawPicker draws the picker's screen as laid out.
func (s *Screen) DrawPicker(p Picker) string {
	lines := s.heading("your sessions", p.Facts)
	top := len(lines)
	lines = append(lines, strings.Split(p.List.View(), "\n")...)
	lines = append(lines, p.Note, p.Hint)
	lines = append(lines[:top], p.Over.Over(lines[top:], s.width)...) // a dialog may cover the hints too
	return strings.Join(lines[:min(len(lines), s.height)], "\n")
}
