package wire

// countChunk is how many items CountEarlier folds at a time into a scratch
// state, so that counting never holds more entries than that.
const countChunk = 2048

// CountEarlier returns a function that counts the entries the items not
// folded yet (Earlier) make once folded, as FoldEarlier would make them. The
// function reads only the snapshot's bytes, never the state, so it may run on
// another goroutine while the state is used and folded; it costs about what
// folding those items would, a chunk of them at a time, keeping none.
func (s *State) CountEarlier() func() int {
	lazy, items, me := s.lazy, s.earlier, s.Me
	return func() int {
		n := 0
		for len(items) > 0 {
			part := &State{Me: me, byEntry: make(map[string]int32), lazy: lazy}
			from := part.foldStart(items, len(items)-countChunk)
			part.Entries = make([]Entry, 0, len(items)-from+8)
			part.foldItems(items[from:], from)
			n += len(part.Entries)
			items = items[:from]
		}
		return n
	}
}
