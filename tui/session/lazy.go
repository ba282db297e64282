package session

import (
	"cmp"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// A session opens lazily (client.InspectLazy, client.NewStateLazy): only the
// end of its transcript is folded into entries, the items before it stay as
// the snapshot's bytes, and an entry's text is decoded when it is drawn.
// Scrolling near the first entry folds earlier items, a chunk at a time,
// ahead of the window; going to the first message or searching folds them
// all. A fold puts entries in front; the transcript keeps every entry by its
// key (client.Entry.Key), which a fold does not change, so nothing moves.

// lazyOpen is what the session keeps of a lazily opened transcript beyond the
// state: how many entries the items not folded yet make, so the position
// line counts every message, and the notes that go after those items.
type lazyOpen struct {
	Earlier int                   // entries the items not folded at open make; -1 until counted
	Folded  int                   // entries folds have made since open, notes aside: earlier-folded are left
	Count   func() int            // counts earlier, nil once counted
	Notes   []client.PlacedNotice // notes placed after entries not folded yet
	UpTo    int                   // the most items folded after the first frame (0: foldAllUpTo; a test's knob)
}

// Entries is the transcript's entries so far, none before the snapshot.
func (s *Session) Entries() []client.Entry {
	if s.state == nil {
		return nil
	}
	return s.state.Entries
}

// Decode decodes entry i's text when it is still in the snapshot's bytes.
func (s *Session) Decode(i int) { s.state.DecodeText(i, i+1) }

// EntryText is entry i's text, decoded without being kept.
func (s *Session) EntryText(i int) string { return s.state.EntryText(i) }

// FoldEarlier folds at least n more items before the first entry (all of
// them when n < 0) and puts the notes that follow them in place. It returns
// how many entries came in front.
func (s *Session) FoldEarlier(n int) int {
	if s.state == nil || s.state.Earlier() == 0 {
		return 0
	}
	st := s.state
	if n < 0 {
		n = st.Earlier()
	}
	before := len(st.Entries)
	added := st.FoldEarlier(n)
	s.lazy.Folded += added
	placeNotes(s, added)
	return len(st.Entries) - before
}

// Hidden is how many entries come before Entries[0] and are not folded yet,
// the notes after them included; it counts them now when the count has not
// come.
func (s *Session) Hidden() int {
	l := &s.lazy
	if s.state == nil || s.state.Earlier() == 0 {
		return 0
	}
	if l.Earlier < 0 && l.Count != nil {
		l.Earlier, l.Count = l.Count(), nil
	}
	return max(l.Earlier-l.Folded, 0) + len(l.Notes)
}

// placeNotes puts the notes waiting for the entries a fold just made (the
// first added) in place; once everything is folded, the rest are dropped, as
// their entries are not in the transcript.
func placeNotes(s *Session, added int) {
	l, st := &s.lazy, s.state
	if len(l.Notes) == 0 {
		return
	}
	ids := make(map[string]bool, added)
	for i := range st.Entries[:added] {
		if id := st.Entries[i].EntryID; id != "" {
			ids[id] = true
		}
	}
	var now, wait []client.PlacedNotice
	for _, p := range l.Notes {
		if ids[p.After] || (p.After == "" && st.Earlier() == 0) {
			now = append(now, p)
		} else {
			wait = append(wait, p)
		}
	}
	if st.Earlier() == 0 {
		wait = nil
	}
	l.Notes = wait
	st.FoldNotices(now)
}

// holdNotes keeps back, from the notes of the events before an opened
// snapshot, those that go after entries not folded yet; it returns the
// others, to place now.
func (s *Session) holdNotes(placed []client.PlacedNotice) []client.PlacedNotice {
	st := s.state
	if st.Earlier() == 0 {
		return placed
	}
	ids := make(map[string]bool, len(st.Entries))
	for i := range st.Entries {
		if id := st.Entries[i].EntryID; id != "" {
			ids[id] = true
		}
	}
	var now []client.PlacedNotice
	for _, p := range placed {
		if p.After != "" && ids[p.After] {
			now = append(now, p)
		} else {
			s.lazy.Notes = append(s.lazy.Notes, p)
		}
	}
	return now
}

// startLazy readies s's lazy bookkeeping after open and counts, off the
// loop, the entries not folded yet, then folds them a chunk at a time once
// the first frame is drawn; nil when everything is folded.
func (s *Session) startLazy() tea.Cmd {
	s.lazy = lazyOpen{UpTo: s.lazy.UpTo}
	if s.state.Earlier() == 0 {
		return nil
	}
	s.lazy.Earlier, s.lazy.Count = -1, s.state.CountEarlier()
	count, gen := s.lazy.Count, s.gen
	counted := func() tea.Msg { return EarlierCountMsg{Gen: gen, N: count()} }
	if s.state.Earlier() > cmp.Or(s.lazy.UpTo, foldAllUpTo) {
		return counted
	}
	return tea.Batch(counted, tea.Tick(foldAfter, func(time.Time) tea.Msg { return FoldStepMsg{Gen: gen} }))
}

// The rest of a lazily opened transcript of up to foldAllUpTo items is
// folded after the first frame, foldStep items a message, so that a search
// or a jump to the top later finds it folded and the keys are never held
// for long in between. A longer one stays as bytes until scrolling, a jump
// or a search needs it: folded whole, a 50,000-exchange session holds
// about 195 MiB instead of 69.
const (
	foldAfter   = 100 * time.Millisecond // after the first frame
	foldStep    = 2048
	foldAllUpTo = 24576 // items: about 12,000 exchanges
)

// onFoldStep folds the next chunk and asks for the one after it, until
// nothing is left; the chain ends with the
func (s *Session) onFoldStep() (tea.Cmd, ui.Action) {
	if s.state == nil || s.state.Earlier() == 0 {
		return nil, Unchanged{}
	}
	s.view.FoldEarlier(foldStep)
	if s.state.Earlier() == 0 {
		return nil, nil
	}
	gen := s.gen
	return func() tea.Msg { return FoldStepMsg{Gen: gen} }, nil
}

// onEarlierCount keeps the count of the entries not folded at open.
func (s *Session) onEarlierCount(msg EarlierCountMsg) ui.Action {
	if s.lazy.Earlier < 0 {
		s.lazy.Earlier, s.lazy.Count = msg.N, nil
	}
	return Unchanged{}
}
