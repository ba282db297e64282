package tea

import (
	"bytes"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// rowPool is lines a frame is made of: clean ones (plain, styled and
// reset, wide characters, combining marks inside) and lines that carry
// something to the next (a style left open, a link, a combining mark that
// begins the line, a control character, a string sequence).
var rowPool = []string{
	"",
	"plain text",
	"\x1b[1mbold\x1b[m and plain",
	"\x1b[38;5;212mpink\x1b[0m",
	"\x1b[38;2;10;20;30;48;5;4mtrue colour on blue\x1b[m tail",
	"wide 日本語 text",
	"e\u0301 accented",
	"\x1b[4:3mcurly\x1b[m",
	"\x1b[1mbold left open",
	"\x1b[31mred \x1b[1mbold\x1b[0;1m still bold",
	"\u0301 a mark first",
	"\x1b[1m\u0301 a styled mark first\x1b[m",
	"\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\",
	"tab\there",
	"carriage\rreturn",
	"\x1b_apc payload\x1b\\after",
	"\u200bzero width first",
	strings.Repeat("long line ", 20),
	"trailing wide at the edge 日日日日日日日日日日日日日日日日",
}

// TestDrawFrameAsWhole draws frames one after another, each made from the
// one before (rows scrolled, changed, inserted), and checks that the buffer
// holds the cells that drawing the whole frame gives, that every row whose
// cells changed is touched (the terminal renderer draws only those), and
// that in a clean frame where no row moved a row whose text did not change
// is not.
func TestDrawFrameAsWhole(t *testing.T) {
	for _, size := range [][2]int{{40, 12}, {13, 7}, {80, 3}} {
		w, h := size[0], size[1]
		for _, method := range []ansi.Method{ansi.WcWidth, ansi.GraphemeWidth} {
			rnd := rand.New(rand.NewSource(int64(w*100 + h)))
			s := &cursedRenderer{cellbuf: uv.NewScreenBuffer(w, h)}
			s.cellbuf.Method = method
			var rows, before []string
			var prev []uv.Line
			clean := rowPool[:8]
			for frame := range 400 {
				pool := clean
				if rnd.Intn(10) == 0 {
					pool = rowPool
				}
				switch rnd.Intn(5) {
				case 0: // scroll up by one to three
					n := min(1+rnd.Intn(3), len(rows))
					rows = rows[n:]
				case 1: // change a row
					if len(rows) > 0 {
						rows[rnd.Intn(len(rows))] = pool[rnd.Intn(len(pool))]
					}
				case 2: // the last row grows
					if len(rows) > 0 {
						rows[len(rows)-1] += pool[rnd.Intn(len(pool))]
					}
				case 3: // a row inserted
					i := rnd.Intn(len(rows) + 1)
					rows = append(rows[:i], append([]string{pool[rnd.Intn(len(pool))]}, rows[i:]...)...)
				}
				for len(rows) < h+rnd.Intn(3)-1 {
					rows = append(rows, pool[rnd.Intn(len(pool))])
				}
				content := strings.Join(rows, "\n")
				s.drawFrame(uv.NewStyledString(content), true, frame == 0)
				// A row whose new text an earlier row had moved (scrolled):
				// then every row is touched, for the terminal renderer's
				// scroll detection to see them all.
				moved := false
				for y := range h {
					if now := rowText(rows, y); now != rowText(before, y) && slices.Contains(before, now) {
						moved = true
					}
				}

				want := uv.NewScreenBuffer(w, h)
				want.Method = method
				want.Clear()
				uv.NewStyledString(content).Draw(want, want.Bounds())
				for y := range h {
					got, exp := s.cellbuf.Line(y), want.Line(y)
					for x := range w {
						if !got.At(x).Equal(exp.At(x)) {
							t.Fatalf("%dx%d method %d frame %d: row %d cell %d is %+v, want %+v\nframe %q", w, h, method, frame, y, x, *got.At(x), *exp.At(x), content)
						}
					}
					td := s.cellbuf.Touched[y]
					touched := td != nil && (td.FirstCell != -1 || td.LastCell != -1)
					if !touched && (frame == 0 || !sameCells(prev[y], got)) {
						t.Fatalf("%dx%d frame %d: row %d changed, not touched\nframe %q", w, h, frame, y, content)
					}
					if touched && !moved && s.rows.text != nil && len(before) > 0 && rowText(rows, y) == rowText(before, y) {
						t.Fatalf("%dx%d frame %d: row %d touched, its text %q unchanged", w, h, frame, y, rows[y])
					}
				}
				prev = copyLines(s.cellbuf.Lines)
				before = append(before[:0], splitRows(content, h)...)
				for len(before) < h {
					before = append(before, "") // as the renderer keeps the rows past the frame's end
				}
				if s.rows.text == nil {
					before = before[:0] // a whole frame: the next is compared with nothing
				}
				resetTouchedRows(s.cellbuf.RenderBuffer)
			}
		}
	}
}

// sameCells reports whether two rows hold equal cells.
func sameCells(a, b uv.Line) bool {
	if len(a) != len(b) {
		return false
	}
	for x := range a {
		if !a[x].Equal(&b[x]) {
			return false
		}
	}
	return true
}

// copyLines is a copy of a buffer's rows.
func copyLines(lines []uv.Line) []uv.Line {
	out := make([]uv.Line, len(lines))
	for y, l := range lines {
		out[y] = append(uv.Line(nil), l...)
	}
	return out
}

// resetTouchedRows marks every row untouched, as a render does.
func resetTouchedRows(b *uv.RenderBuffer) {
	for i := range b.Touched {
		b.Touched[i] = &uv.LineData{FirstCell: -1, LastCell: -1}
	}
}

// TestCleanRow checks which lines may be drawn on their own.
func TestCleanRow(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"", true},
		{"plain", true},
		{"\x1b[1mbold\x1b[m", true},
		{"\x1b[1mbold\x1b[0m after", true},
		{"\x1b[1mbold", false},
		{"\x1b[0;1mbold\x1b[m", true},
		{"\x1b[0;1m", false},
		{"\x1b]8;;x\x1b\\l\x1b]8;;\x1b\\", false},
		{"a\tb", false},
		{"a\rb", false},
		{"\u0301x", false},
		{"\x1b[m\u0301x", false},
		{"x\u0301", true},
		{"\xffbad", false},
		{"\u009bc1", false},
		{"日本", true},
	} {
		if got := cleanRow(c.line); got != c.want {
			t.Errorf("cleanRow(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}

// TestOnlyTheChangedRowRepainted draws a screen, then the same screen with
// one row's text changed: only that row is handed to the terminal renderer
// as touched, and what is written is that row's new text alone.
func TestOnlyTheChangedRowRepainted(t *testing.T) {
	rows := make([]string, 10)
	for i := range rows {
		rows[i] = fmt.Sprintf("\x1b[1mrow %d\x1b[m first", i)
	}
	first := strings.Join(rows, "\n")
	rows[6] = "\x1b[1mrow 6\x1b[m changed"
	second := strings.Join(rows, "\n")
	start := func() (*cursedRenderer, *bytes.Buffer) {
		var out bytes.Buffer
		s := newCursedRenderer(&out, []string{"TERM=xterm-256color"}, 40, 10)
		s.render(View{Content: first, AltScreen: true})
		if err := s.flush(false); err != nil {
			t.Fatal(err)
		}
		out.Reset()
		return s, &out
	}

	s, _ := start()
	s.drawFrame(uv.NewStyledString(second), true, false)
	for y, td := range s.cellbuf.Touched {
		if touched := td != nil && (td.FirstCell != -1 || td.LastCell != -1); touched != (y == 6) {
			t.Errorf("row %d touched: %v", y, touched)
		}
	}

	s, out := start()
	s.render(View{Content: second, AltScreen: true})
	if err := s.flush(false); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if !strings.Contains(got, "changed") || strings.Contains(got, "row") || strings.Contains(got, "first") {
		t.Fatalf("the frame with row 6 changed wrote %q; want only row 6's new text", got)
	}
}
