package transcript

import (
	"fmt"
	"strings"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// The window: the lines of the entries from the top place down (or the
// tail, or the page turned, when following), exactly the pane's height,
// with the marker line while scrolled up.

// view is the window: exactly height lines.
func (t *Transcript) view(es []wire.Entry) []string {
	var out []string
	switch {
	case t.follow && t.jump:
		out = t.jumpView(es)
	case t.follow:
		out = t.tail(es)
	default:
		out = t.from(es)
	}
	for len(out) < t.height {
		out = append(out, "")
	}
	if !t.follow {
		out[len(out)-1] = t.marker(es)
	}
	return out
}

// tail is the last height lines.
func (t *Transcript) tail(es []wire.Entry) []string {
	var chunks [][]string
	n := 0
	for i := len(es) - 1; i >= 0 && n < t.height; i-- {
		l := t.entryLines(es, i)
		chunks = append(chunks, l)
		n += len(l)
	}
	// Only the last height lines are copied (a streaming reply's entry is
	// all its lines, drawn again at every frame).
	skip := max(n-t.height, 0)
	out := make([]string, 0, n-skip)
	for k := len(chunks) - 1; k >= 0; k-- {
		c := chunks[k]
		if skip >= len(c) {
			skip -= len(c)
			continue
		}
		out, skip = append(out, c[skip:]...), 0
	}
	return out
}

// from is height lines from the top anchor; when fewer are left under it
// (the entries under it shrank: a streaming reply's start cut, a reply
// drawn whole), the last height lines, never a window of blank lines.
func (t *Transcript) from(es []wire.Entry) []string {
	top := t.at(es)
	out := t.fromPlace(es, top)
	if len(out) < t.height && (top.idx > 0 || top.off > 0) {
		return t.tail(es)
	}
	return out
}

// fromPlace is height lines from top.
func (t *Transcript) fromPlace(es []wire.Entry, top place) []string {
	out := make([]string, 0, t.height)
	off := top.off
	for i := top.idx; i < len(es) && len(out) < t.height; i++ {
		l := t.entryLines(es, i)
		if off < len(l) {
			out = append(out, l[off:]...)
		}
		off = 0
	}
	if len(out) > t.height {
		out = out[:t.height]
	}
	return out
}

// marker is the line shown while scrolled up: where the window is, the
// messages added since, and the key that follows the end.
func (t *Transcript) marker(es []wire.Entry) string {
	parts := []string{t.position(es)}
	if t.unseen > 0 {
		word := "messages"
		if t.unseen == 1 {
			word = "message"
		}
		parts = append(parts, fmt.Sprintf("↓ %d new %s", t.unseen, word))
	}
	if !t.aside { // the keys act on the focused tile: an unfocused one names none
		parts = append(parts, ui.KeyName(t.ctx.Keys.Bottom)+" follows")
	}
	s := " " + strings.Join(parts, " · ") + " "
	return t.r.st.Marker.Render(xansi.Truncate(s, t.width, "…"))
}

// SetAside says whether the transcript is a tile of the wall without the
// focus, whose lines name no key (the keys act on the focused tile).
func (t *Transcript) SetAside(on bool) { t.aside = on }
