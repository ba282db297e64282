package tui

import (
	"cmp"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/picker"
	"github.com/sophia-labs/vehicle/tui/session"
)

// A session opens lazily (client.InspectLazy, client.NewStateLazy): only the
// end of its transcript is folded into entries, the items before it stay as
// the snapshot's bytes, and an entry's text is decoded when it is drawn.
// Scrolling near the first entry folds earlier items, a chunk at a time,
// ahead of the window; going to the first message or searching folds them
// all. A fold puts entries in front; the transcript keeps every entry by its
// key (client.Entry.Key), which a fold does not change, so nothing moves.

// startLazy readies s's lazy bookkeeping after open and counts, off the
// loop, the entries not folded yet, then folds them a chunk at a time once
// the first frame is drawn; nil when everything is folded.
func startLazy(s *session.Session) tea.Cmd {
	s.Lazy = session.Lazy{UpTo: s.Lazy.UpTo}
	if s.State.Earlier() == 0 {
		return nil
	}
	s.Lazy.Earlier, s.Lazy.Count = -1, s.State.CountEarlier()
	count, gen := s.Lazy.Count, s.Gen
	counted := func() tea.Msg { return session.EarlierCountMsg{Gen: gen, N: count()} }
	if s.State.Earlier() > cmp.Or(s.Lazy.UpTo, foldAllUpTo) {
		return counted
	}
	return tea.Batch(counted, tea.Tick(foldAfter, func(time.Time) tea.Msg { return session.FoldStepMsg{Gen: gen} }))
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
// nothing is left; the chain ends with the session.
func (m *Model) onFoldStep(msg session.FoldStepMsg) tea.Cmd {
	s := m.current(msg.Gen)
	if s == nil || s.State == nil || s.State.Earlier() == 0 {
		m.dirty = false
		return nil
	}
	viewOf(s).FoldEarlier(foldStep)
	if s.State.Earlier() == 0 {
		return nil
	}
	gen := msg.Gen
	return func() tea.Msg { return session.FoldStepMsg{Gen: gen} }
}

// onEarlierCount keeps the count of the entries not folded at open.
func (m *Model) onEarlierCount(msg session.EarlierCountMsg) {
	m.dirty = false
	if s := m.current(msg.Gen); s != nil && s.Lazy.Earlier < 0 {
		s.Lazy.Earlier, s.Lazy.Count = msg.N, nil
	}
}

// The session is the transcript's Source: its state's entries, with the
// lazy bookkeeping around them.

// peekSnapshot is a lazily read snapshot with only the transcript's last
// picker.PreviewTurns items decoded: what the picker's preview shows of it. An item
// among them that does not decode is the error, as it is for Inspect.
func peekSnapshot(ls *client.LazySnapshot, err error) (*client.Snapshot, error) {
	if err != nil {
		return nil, err
	}
	snap, n := ls.Snapshot, ls.Items.Len()
	snap.Transcript = make([]client.TranscriptItem, 0, min(n, picker.PreviewTurns))
	for i := max(n-picker.PreviewTurns, 0); i < n; i++ {
		it, err := ls.Items.Item(i)
		if err != nil {
			return nil, err
		}
		snap.Transcript = append(snap.Transcript, it)
	}
	return &snap, nil
}
