package wire

import "bytes"

// LazyTail is how many items at the end of a lazy snapshot NewStateLazy folds
// at once, their texts decoded: more than a screen shows.
const LazyTail = 64

// textRef is a text: decoded (s), or the bounds of its JSON string in the
// state's snapshot bytes (raw), decoded when it is read.
type textRef struct {
	s   string
	raw span
}

// NewStateLazy is NewState for a lazy snapshot, for a first frame that needs
// only the end of a long transcript: it folds the last LazyTail items (a few
// more when the first of them is a tool result, to keep it with its call),
// their texts decoded, and keeps the items before them as bytes until
// FoldEarlier folds them. Entries then hold only the end of the transcript
// (Earlier says how many items are not folded yet). An item whose bytes do
// not decode becomes an entry marked Unreadable, its bytes as its text. The
// state keeps snap's bytes and takes its Commands over (they are long in a
// long session): the caller may keep snap but must not read its Commands.
// The commands snap kept as bytes are decoded, all at once and put before
// Commands, when the state needs one: an earlier user turn to pair with its
// command, or an event naming a command that may be among them.
func NewStateLazy(me Me, snap *LazySnapshot) *State {
	if snap == nil {
		return NewState(me, nil)
	}
	head := snap.Snapshot
	head.Transcript, head.Commands = nil, nil
	s := NewState(me, &head)
	s.Commands = snap.Commands[:len(snap.Commands):len(snap.Commands)]
	if snap.Items == nil {
		return s
	}
	s.lazy = snap.Items.store
	s.earlierCmds = snap.earlierCmds
	items := snap.Items.items
	from := s.foldStart(items, len(items)-LazyTail)
	s.earlier = items[:from:from]
	s.Entries = make([]Entry, 0, len(items)-from+8)
	s.foldItems(items[from:], from)
	s.nextKey = int64(len(items)) * ItemKeys
	s.snapshotTurns()
	s.pairSnapshot(len(s.Entries))
	s.DecodeText(0, len(s.Entries))
	return s
}

// foldStart moves a fold's first item back from i (clamped to items) past
// tool results, which belong with the assistant message before them.
func (s *State) foldStart(items []span, i int) int {
	i = min(max(i, 0), len(items))
	for ; i > 0 && i < len(items); i-- {
		var h itemHead
		if !readHead(s.lazy, items[i], &h) || h.Role != RoleToolResult {
			break
		}
	}
	return i
}

// foldItems folds items, the first at position pos in the snapshot's
// transcript, at the end of Entries, leaving texts in s.lazy.
func (s *State) foldItems(items []span, pos int) {
	for k, sp := range items {
		var h itemHead
		text, ok := "", readHead(s.lazy, sp, &h)
		if ok && h.Role == RoleUser && bytes.HasPrefix(s.lazy.Slice(h.text), []byte(`"[`)) {
			// A chime's turn: its author is in its first line.
			text, ok = decodeText(s.lazy.Slice(h.text))
			h.text = span{}
		}
		if !ok {
			raw := s.lazy.Slice(sp)
			s.putEntry(Entry{Key: itemKey(pos+k, 0), Kind: EntryMessage, Unreadable: true, Text: unreadableText(raw), Rev: 1})
			continue
		}
		s.addHead(&h, text, pos+k)
	}
}

// Earlier is how many items of a lazy snapshot are not folded yet: they come
// before Entries[0].
func (s *State) Earlier() int { return len(s.earlier) }

// FoldEarlier folds at least n more of the items before Entries[0] (all when
// fewer are left) and puts their entries in front, their texts left lazy
// (Entry.Lazy). It returns how many entries it put in front: every index into
// Entries held before moves up by that much. Putting entries in front does
// not copy Entries each time (free slots are kept before them), so a fold
// costs about what its own items do: scrolling up, fold a few thousand items
// at a time, ahead of the window.
func (s *State) FoldEarlier(n int) (added int) {
	if len(s.earlier) == 0 || n <= 0 {
		return 0
	}
	from := s.foldStart(s.earlier, len(s.earlier)-n)
	part := &State{Me: s.Me, byEntry: make(map[string]int32), names: s.names, lazy: s.lazy}
	part.Entries = make([]Entry, 0, len(s.earlier)-from+8)
	part.foldItems(s.earlier[from:], from)
	s.earlier = s.earlier[:from:from]
	added = len(part.Entries)
	s.front += int32(added)
	for id, j := range part.byEntry {
		s.byEntry[id] = j - s.front
	}
	for k := range s.streams {
		s.streams[k].index += added
	}
	s.names = part.names
	s.prepend(part.Entries)
	s.pairSnapshot(added)
	return added
}

// prepend puts es before Entries[0], in the free slots before it when there
// are enough, else in a new backing array with as many free slots before the
// entries as there are entries (and some after them, for new ones). The
// free slots are let go once nothing is left to fold.
func (s *State) prepend(es []Entry) {
	defer func() {
		if len(s.earlier) == 0 {
			s.room = nil
		}
	}()
	free := cap(s.room) - cap(s.Entries)
	if len(s.Entries) > 0 && free >= len(es) && free < len(s.room) && &s.room[free] == &s.Entries[0] {
		copy(s.room[free-len(es):free], es)
		s.Entries = s.room[free-len(es) : free+len(s.Entries)]
		return
	}
	n := len(es) + len(s.Entries)
	buf := make([]Entry, 2*n+n/8+16)
	copy(buf[n:], es)
	copy(buf[n+len(es):], s.Entries)
	s.room, s.Entries = buf, buf[n:2*n]
}

// Lazy reports whether the entry's text is not decoded yet: Text is empty
// until State.DecodeText decodes it, and State.EntryText reads it.
func (e *Entry) Lazy() bool { return e.text != span{} }

// EntryText is the text of Entries[i]: Text, or for a lazy entry its text
// decoded from the snapshot's bytes without keeping it (for a search). A
// text that does not decode is its bytes, quoted.
func (s *State) EntryText(i int) string {
	e := &s.Entries[i]
	if !e.Lazy() {
		return e.Text
	}
	raw := s.lazy.Slice(e.text)
	if t, ok := decodeText(raw); ok && e.Kind == EntryTool {
		return clipToolText(t)
	} else if ok {
		return t
	}
	return unreadableText(raw)
}

// DecodeText decodes, in place, the text of the lazy entries in
// Entries[from:to] (clamped to Entries): call it for the entries about to be
// drawn. Their Rev does not change, as their text is the same; an entry whose
// text does not decode becomes Unreadable, its Rev bumped, and
// ChangeTranscript is returned.
func (s *State) DecodeText(from, to int) Change {
	from, to = max(from, 0), min(to, len(s.Entries))
	var ch Change
	for i := from; i < to; i++ {
		e := &s.Entries[i]
		if !e.Lazy() {
			continue
		}
		raw := s.lazy.Slice(e.text)
		t, ok := decodeText(raw)
		e.text = span{}
		if !ok {
			t, e.Unreadable = unreadableText(raw), true
			e.Rev++
			ch = ChangeTranscript
		}
		if e.Kind == EntryMessage && e.Role == RoleUser && !e.Unreadable {
			e.Author, t = s.attribution(t)
		}
		if e.Kind == EntryTool {
			t = clipToolText(t)
		}
		e.Text = t
	}
	return ch
}

// undecoded is how many entries' texts are still in the snapshot's bytes.
func (s *State) undecoded() int {
	n := 0
	for i := range s.Entries {
		if s.Entries[i].Lazy() {
			n++
		}
	}
	return n
}
