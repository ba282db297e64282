package transcript

import "github.com/sophia-labs/vehicle/theme"

// What the transcript holds, read by the root and its tests.

// Window is where the window's top is: the position of its first entry and
// the line in it (0, 0 while following the end from the start).
func (t *Transcript) Window() (first, line int) {
	es := t.entries()
	if t.follow {
		p, _ := t.followTop(es)
		return p.idx, p.off
	}
	p := t.at(es)
	return p.idx, p.off
}

// Width is the pane's width.
func (t *Transcript) Width() int { return t.width }

// SelectedIndex is the position of the selected entry, -1 when none.
func (t *Transcript) SelectedIndex() int { return t.selected(t.entries()) }

// Styles is the styles the transcript draws with.
func (t *Transcript) Styles() *theme.Styles { return t.r.st }

// Query is the search's query as typed.
func (b *Search) Query() string { return b.input.String() }

// SetQuery puts q in the bar, for the next search (a query the person
// typed in another session's bar).
func (b *Search) SetQuery(q string) {
	if q != b.input.String() {
		b.input.Set(q)
		b.idx, b.src, b.keys = nil, nil, nil
	}
}

// Status is the search's count as the bar says it: "3 of 17", that nothing
// matches, or "" with no query.
func (b *Search) Status() string { return b.status() }

// Indexed is how many entries the search's index holds.
func (b *Search) Indexed() int {
	if b.idx == nil {
		return 0
	}
	return b.idx.Len()
}

// Clear forgets the query and the index, as a new search begins.
func (b *Search) Clear() {
	b.idx, b.src, b.keys = nil, nil, nil
	b.input.Set("")
}
