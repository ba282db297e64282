package wire

import "sort"

// A snapshot carries the transcript's messages but not the notices the
// events made (a run aborted, a lease revoked, a fork, a body that died):
// a reopened session would lose them. Notes replays the session's events
// into a scratch state, off the UI's loop, and says where each notice
// stood: after which transcript entry. State.FoldNotices puts them there.

// PlacedNotice is a notice entry and the entry id it came after ("" for
// one before every entry).
type PlacedNotice struct {
	After string
	Entry Entry
}

// Notes collects the notices of a session's events up to a cursor.
type Notes struct {
	scratch *State
	upTo    int64
}

// NewNotes collects the notices, as me sees them, of the events up to and
// including seq upTo (a snapshot's cursor: later events reach the state
// through Apply).
func NewNotes(me Me, upTo int64) *Notes {
	return &Notes{scratch: NewState(me, nil), upTo: upTo}
}

// Apply folds one event, in seq order from 1; events after upTo are
// ignored. It reports whether the events up to upTo are all in.
func (n *Notes) Apply(ev Event) (done bool) {
	if ev.Seq <= n.upTo {
		n.scratch.Apply(ev)
	}
	return n.scratch.Cursor >= n.upTo
}

// Placed is the notices so far, in order, each with the id of the last
// transcript entry before it.
func (n *Notes) Placed() []PlacedNotice {
	var out []PlacedNotice
	after := ""
	for _, e := range n.scratch.Entries {
		switch {
		case e.Kind == EntryNotice:
			out = append(out, PlacedNotice{After: after, Entry: e})
		case e.EntryID != "":
			after = e.EntryID
		}
	}
	return out
}

// FoldNotices puts notices into the transcript in place: each right after
// the entry it came after (after the notices already placed there), or
// first when it came before every entry. A notice whose entry is not in
// Entries (not folded yet, or gone from the branch) is left out. Call it
// once per state: the notices are not matched against ones already there.
// Every index into Entries held before may move; keys do not, and each
// notice gets a key of its own.
func (s *State) FoldNotices(ps []PlacedNotice) Change {
	type insert struct {
		at int
		e  Entry
	}
	var ins []insert
	for _, p := range ps {
		at := 0
		if p.After != "" {
			j, ok := s.byEntry[p.After]
			if !ok {
				continue
			}
			at = int(j+s.front) + 1
		} else if len(s.earlier) > 0 {
			continue // the first entries are not folded yet
		}
		e := p.Entry
		e.Key = s.newKey()
		ins = append(ins, insert{at: at, e: e})
	}
	if len(ins) == 0 {
		return 0
	}
	sort.SliceStable(ins, func(a, b int) bool { return ins[a].at < ins[b].at })
	out := make([]Entry, 0, len(s.Entries)+len(ins))
	shift := make([]int, len(s.Entries)) // how far each old entry moves
	k := 0
	for i := range s.Entries {
		for k < len(ins) && ins[k].at == i {
			out = append(out, ins[k].e)
			k++
		}
		shift[i] = k
		out = append(out, s.Entries[i])
	}
	for ; k < len(ins); k++ {
		out = append(out, ins[k].e)
	}
	s.Entries = out
	for i := range s.Entries {
		s.index(i)
	}
	for j := range s.streams {
		if x := s.streams[j].index; x >= 0 && x < len(shift) {
			s.streams[j].index += shift[x]
		}
	}
	return ChangeTranscript
}
