package client

import (
	"bytes"
	"encoding/json"
)

// A long session's snapshot lists every command it ever took, most of them
// settled long ago. A lazy snapshot decodes only the last lazyCommands of
// them; the earlier ones stay as bytes in the answer (which the state keeps
// anyway) until the state needs one: to pair an earlier user turn with its
// command, or when an event names a command not among the decoded ones.
// Then all of them are decoded at once and put before Commands.

// lazyCommands is how many of a lazy snapshot's last commands are decoded on
// open: more than the user turns of the items NewStateLazy folds at once.
const lazyCommands = 512

// earlierCommands are the commands a lazy snapshot kept as bytes: the
// commands array's bounds in the answer and how many of its first elements
// are not decoded. noPair says pairing stopped for good, so they pair no
// turn when decoded.
type earlierCommands struct {
	array  span
	n      int
	noPair bool
}

// decodeCommands decodes the commands array at data[v]: a short one whole,
// a long one only its last lazyCommands elements, the earlier ones kept as
// bytes (each element is checked for nesting only until it is decoded).
func (snap *LazySnapshot) decodeCommands(data []byte, v span) error {
	raw := data[v.start:v.end]
	n := countElements(data, v)
	if n <= lazyCommands {
		snap.Commands = make([]Command, 0, n)
		return json.Unmarshal(raw, &snap.Commands)
	}
	cut := n - lazyCommands
	snap.Commands = make([]Command, lazyCommands)
	var derr error
	i := 0
	err := eachElement(data[:v.end], int(v.start), func(e span) {
		if i >= cut && derr == nil {
			derr = json.Unmarshal(data[e.start:e.end], &snap.Commands[i-cut])
		}
		i++
	})
	if err != nil {
		return err
	}
	if derr != nil {
		return derr
	}
	snap.earlierCmds = earlierCommands{array: v, n: cut}
	return nil
}

// unfoldCommands decodes the commands kept as bytes and puts them before
// Commands, moving the indexes unpaired keeps; the text commands among them
// that reached delivery go before the unpaired ones, as snapshotTurns lists
// them, unless pairing stopped. It reports whether unpaired has any.
func (s *State) unfoldCommands() bool {
	e := s.earlierCmds
	if e.n == 0 {
		return len(s.unpaired) > 0
	}
	s.earlierCmds = earlierCommands{}
	cs := make([]Command, e.n, e.n+len(s.Commands)+8)
	i := 0
	_ = eachElement(s.lazy[:e.array.end], int(e.array.start), func(v span) {
		if i < e.n {
			// Scanned at open: an element with a field of the wrong type
			// keeps what decoded of it.
			_ = json.Unmarshal(s.lazy[v.start:v.end], &cs[i])
		}
		i++
	})
	s.Commands = append(cs, s.Commands...)
	for k := range s.unpaired {
		s.unpaired[k] += int32(e.n)
	}
	if !e.noPair {
		var turns []int32
		for k := range cs[:e.n] {
			if deliveredTurn(&cs[k]) {
				turns = append(turns, int32(k))
			}
		}
		s.unpaired = append(turns, s.unpaired...)
	}
	return len(s.unpaired) > 0
}

// mayHoldCommand reports whether the commands kept as bytes may hold id:
// false only when its JSON string is not in their bytes.
func (s *State) mayHoldCommand(id string) bool {
	e := s.earlierCmds
	if e.n == 0 {
		return false
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; c < 0x20 || c >= 0x80 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' || c == '/' {
			return true // it may be written escaped
		}
	}
	return bytes.Contains(s.lazy[e.array.start:e.array.end], []byte(`"`+id+`"`))
}

// stopPairing stops pairing the snapshot's turns with its commands for good.
func (s *State) stopPairing() {
	s.unpaired = nil
	s.earlierCmds.noPair = true
}

// morePairs reports whether commands kept as bytes may pair earlier turns.
func (s *State) morePairs() bool {
	return s.earlierCmds.n > 0 && !s.earlierCmds.noPair
}
