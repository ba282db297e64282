package tea

import (
	"strings"
	"unicode/utf8"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// frameRows remembers the text of each row of the alt screen's cell buffer
// as the last frame drew it, so that the next frame parses only the rows
// whose text is new: a program that redraws a whole screen to change a few
// lines (or to scroll them) no longer pays for decoding every line's styled
// text into cells at every frame.
//
// A row's cells depend only on its text when every line of the frame starts
// and ends in the default pen with nothing carried over from one line to
// the next (see cleanRow); a frame with any other line is drawn whole, as
// before, and remembers nothing. The buffer handed to the terminal renderer
// holds the same cells either way; only the rows whose cells changed are
// marked touched, so the terminal renderer looks at those alone
// (touchChanged).
type frameRows struct {
	text   []string    // each row's text; nil when unknown
	method ansi.Method // the width method the rows were drawn with
	spare  []uv.Line   // the rows' slice of the frame before, reused
}

// drawFrame draws content into s.cellbuf, which was drawn by the last frame
// unless resized is true.
func (s *cursedRenderer) drawFrame(content *uv.StyledString, altScreen, resized bool) {
	buf := s.cellbuf
	w, h := buf.Width(), buf.Height()
	rows := splitRows(content.Text, h)
	clean := altScreen && w > 0 && allClean(rows)
	fr := &s.rows
	if !clean || resized || len(fr.text) != h || fr.method != buf.Method {
		buf.Clear()
		content.Draw(buf, buf.Bounds())
		fr.text = nil
		if clean {
			fr.text, fr.method = make([]string, h), buf.Method
			copy(fr.text, rows)
		}
		return
	}

	// Each row takes the cells of a row of the last frame with its text:
	// its own when it is unchanged, another when the text moved (scrolled);
	// the rest are drawn again in the rows left over.
	old := buf.Lines
	if cap(fr.spare) < h {
		fr.spare = make([]uv.Line, h)
	}
	lines := fr.spare[:h]
	used := make([]bool, h)
	kept := make([]bool, h) // the row's own cells, unchanged
	var moved map[string][]int
	for y := range h {
		lines[y] = nil
		if text := rowText(rows, y); text == fr.text[y] {
			lines[y], used[y], kept[y] = old[y], true, true
		} else if moved == nil {
			moved = make(map[string][]int, h)
		}
	}
	if moved != nil {
		for y := range h {
			if !used[y] {
				moved[fr.text[y]] = append(moved[fr.text[y]], y)
			}
		}
	}
	var redraw []int
	scrolled := false
	for y := range h {
		if lines[y] != nil {
			continue
		}
		text := rowText(rows, y)
		if from := moved[text]; len(from) > 0 {
			lines[y], used[from[0]] = old[from[0]], true
			moved[text] = from[1:]
			scrolled = true
			continue
		}
		redraw = append(redraw, y)
	}
	if scrolled {
		clear(kept) // every row touched: see touchChanged
	}
	free := 0
	for _, y := range redraw {
		for used[free] {
			free++
		}
		lines[y], used[free] = old[free], true
	}
	fr.spare, buf.Lines = old, lines
	for _, y := range redraw {
		row := buf.Lines[y]
		for x := range row {
			row[x] = uv.EmptyCell
		}
		uv.NewStyledString(rowText(rows, y)).Draw(buf, uv.Rect(0, y, w, 1))
	}
	touchChanged(buf.RenderBuffer, kept, w)
	for y := range h {
		fr.text[y] = rowText(rows, y)
	}
}

// touchChanged marks touched the rows whose cells are not the last frame's
// own (kept: the row's text did not change, nor did it move), and the
// others untouched: the terminal renderer hashes (for its scroll
// detection) and compares with the screen only the touched rows. An
// untouched row holds what the screen shows, since the renderer's model of
// the screen is updated wherever it draws, and a row it scrolls is one it
// repaints. A frame in which a row moved is touched whole (drawFrame): the
// scroll detection pairs the old rows with the new by their hashes, and an
// untouched row's old hash is not rehashed (it may be of what the row held
// before), which split the scrolled run and wrote a fifth more bytes. (A
// whole frame touches every row whose cells changed, and the first frame
// after the terminal renderer is made again is drawn whole: see reset.)
func touchChanged(buf *uv.RenderBuffer, kept []bool, w int) {
	for y := range kept {
		if kept[y] {
			if y < len(buf.Touched) {
				buf.Touched[y] = nil
			}
			continue
		}
		buf.TouchLine(0, y, w)
	}
}

// splitRows is the first h lines of a frame's text.
func splitRows(s string, h int) []string {
	rows := make([]string, 0, h)
	for len(rows) < h {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			return append(rows, s)
		}
		rows = append(rows, s[:i])
		s = s[i+1:]
	}
	return rows
}

// rowText is row y's text: "" past the frame's last line.
func rowText(rows []string, y int) string {
	if y < len(rows) {
		return rows[y]
	}
	return ""
}

// allClean reports whether every row is clean (cleanRow).
func allClean(rows []string) bool {
	for _, r := range rows {
		if !cleanRow(r) {
			return false
		}
	}
	return true
}

// cleanRow reports whether a line, begun in the default pen, draws the same
// cells wherever it is and leaves nothing to the next line: its only escape
// sequences are SGR, the last of them (if any) a reset; it has no other
// control character, only valid UTF-8 and no C1 code point; and it does not
// begin with a zero-width character, which would join the last cell of the
// line before.
func cleanRow(l string) bool {
	reset, first := true, true
	for i := 0; i < len(l); {
		c := l[i]
		switch {
		case c == ansi.ESC:
			if i+1 >= len(l) || l[i+1] != '[' {
				return false
			}
			j := i + 2
			for j < len(l) && (l[j] >= '0' && l[j] <= '9' || l[j] == ';' || l[j] == ':') {
				j++
			}
			if j >= len(l) || l[j] != 'm' {
				return false
			}
			p := l[i+2 : j]
			reset = p == "" || p == "0"
			i = j + 1
			continue
		case c < 0x20 || c == 0x7f:
			return false
		case c < utf8.RuneSelf:
			i++
		default:
			r, n := utf8.DecodeRuneInString(l[i:])
			if r == utf8.RuneError && n <= 1 || r < 0xa0 {
				return false
			}
			if first && ansi.StringWidth(l[i:i+n]) == 0 {
				return false
			}
			i += n
		}
		first = false
	}
	return reset
}
