package picker

import "github.com/sophia-labs/vehicle/tui/ui"

// toggleMark marks the selected session to open with the others marked,
// or unmarks it.
func (p *Picker) toggleMark() ui.Action {
	s, ok := p.selected()
	if !ok {
		return nil
	}
	for i, id := range p.marks {
		if id == s.SessionID {
			p.marks = append(p.marks[:i:i], p.marks[i+1:]...)
			return ui.Note{Text: p.marksNote()}
		}
	}
	if len(p.marks) == MaxMarks {
		return ui.Note{Text: "a wall shows up to " + itoa(MaxMarks) + " sessions: unmark one first (" +
			ui.KeyName(p.ctx.Keys.Mark) + ")"}
	}
	p.marks = append(p.marks, s.SessionID)
	return ui.Note{Text: p.marksNote()}
}

// marksNote says what is marked and what enter does with it.
func (p *Picker) marksNote() string {
	switch len(p.marks) {
	case 0:
		return "nothing marked: enter opens the selected session"
	case 1:
		return "1 session marked: " + ui.KeyName(p.ctx.Keys.Mark) + " marks more, " + ui.KeyName(p.ctx.Keys.Open) + " opens it"
	}
	return itoa(len(p.marks)) + " sessions marked: " + ui.KeyName(p.ctx.Keys.Open) + " opens them side by side"
}

// marked reports whether session id is marked.
func (p *Picker) marked(id string) bool {
	for _, m := range p.marks {
		if m == id {
			return true
		}
	}
	return false
}
