package client

import "bytes"

// LazyTail is how many entries at the end NewStateLazy decodes at once: more
// than a screen shows.
const LazyTail = 64

// textRef is a text: decoded (s), or the bounds of its JSON string in the
// state's snapshot bytes (raw), decoded when it is read.
type textRef struct {
	s   string
	raw span
}

// NewStateLazy is NewState for a lazy snapshot: every item is folded from its
// fields but its text, which stays in the snapshot's bytes until it is read,
// except for the last LazyTail entries, decoded at once. Read an entry's text
// with EntryText, or decode the entries about to be drawn with DecodeText;
// Entry.Text is empty until then (Entry.Lazy). An item whose bytes do not
// decode becomes an entry marked Unreadable, its bytes as its text. The state
// keeps snap's bytes; snap may be kept by the caller.
func NewStateLazy(me Me, snap *LazySnapshot) *State {
	if snap == nil {
		return NewState(me, nil)
	}
	head := snap.Snapshot
	head.Transcript = nil
	s := NewState(me, &head)
	if snap.Items != nil {
		s.loadLazy(snap.Items)
	}
	s.DecodeText(len(s.Entries)-LazyTail, len(s.Entries))
	return s
}

// loadLazy folds every item of t, leaving texts in t's bytes.
func (s *State) loadLazy(t *Transcript) {
	s.lazy = t.data
	s.Entries = make([]Entry, 0, t.Len()+t.Len()/4)
	for i, sp := range t.items {
		var h itemHead
		text, ok := "", readHead(t.data, sp, &h)
		if ok && h.role == RoleUser && bytes.HasPrefix(t.data[h.text.start:h.text.end], []byte(`"[`)) {
			// A chime's turn: its author is in its first line.
			text, ok = decodeText(t.data[h.text.start:h.text.end])
			h.text = span{}
		}
		if !ok {
			s.appendEntry(Entry{Kind: EntryMessage, Unreadable: true, Text: unreadableText(t.Raw(i)), Rev: 1})
			continue
		}
		s.addHead(&h, text)
	}
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
	raw := s.lazy[e.text.start:e.text.end]
	if t, ok := decodeText(raw); ok {
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
		raw := s.lazy[e.text.start:e.text.end]
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
		e.Text = t
	}
	return ch
}

// Undecoded is how many entries' texts are still in the snapshot's bytes.
func (s *State) Undecoded() int {
	n := 0
	for i := range s.Entries {
		if s.Entries[i].Lazy() {
			n++
		}
	}
	return n
}
