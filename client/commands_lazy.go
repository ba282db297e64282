package client

import (
	"bytes"
	"encoding/json"
	"slices"
)

// A long session's snapshot lists every command it ever took, most of them
// settled long ago. A lazy snapshot decodes only the last lazyCommands of
// them; the earlier ones stay as bytes in the answer (which the state keeps
// anyway), with where each starts, until the state needs them: to pair
// earlier user turns with their commands (unfoldChunk at a time, the latest
// first), or all at once when an event names a command that may be among
// them. Decoded commands go before Commands.

const (
	lazyCommands = 512  // decoded on open: more than the turns of the items folded at once
	unfoldChunk  = 4096 // decoded at a time to pair earlier turns
)

// earlierCommands are the commands a lazy snapshot kept as bytes: where each
// starts in the answer, and a hash of each one's id, to tell an id that is
// not among them without decoding them. noPair says pairing stopped for
// good, so they pair no turn when decoded.
type earlierCommands struct {
	starts []uint32
	ids    []uint32 // a hash of each one's id, sorted
	noPair bool
}

// decodeCommands decodes the commands, the elements els of store: a short
// list whole, a long one only its last lazyCommands elements, the earlier
// ones kept as bytes.
func (snap *LazySnapshot) decodeCommands(store *packed, els []span) error {
	n := len(els)
	cut := max(n-lazyCommands, 0)
	snap.Commands = make([]Command, n-cut)
	for i, el := range els[cut:] {
		if err := decodeCommand(store.slice(el), &snap.Commands[i]); err != nil {
			return err
		}
	}
	if cut == 0 {
		return nil
	}
	e := earlierCommands{starts: make([]uint32, cut), ids: make([]uint32, cut)}
	for i, el := range els[:cut] {
		e.starts[i] = el.start
		e.ids[i] = commandIDHash(store.slice(el))
	}
	slices.Sort(e.ids)
	snap.earlierCmds = e
	return nil
}

// commandIDHash is idHash of a command's id, read from its bytes (0 for
// none).
func commandIDHash(raw []byte) uint32 {
	var h uint32
	_, _ = eachField(raw, 0, func(key []byte, v span) {
		val := raw[v.start:v.end]
		if string(key) != "commandId" || len(val) < 2 || val[0] != '"' {
			return
		}
		if bytes.IndexByte(val, '\\') < 0 {
			h = idHash(val[1 : len(val)-1])
		} else if id, ok := jsonString(val, true); ok {
			h = idHash([]byte(id))
		}
	})
	return h
}

// idHash is the FNV-1a hash of a command id.
func idHash(id []byte) uint32 {
	h := uint32(2166136261)
	for _, c := range id {
		h = (h ^ uint32(c)) * 16777619
	}
	return h
}

// decodeCommand decodes one command: its fields read straight from the
// bytes when each is one of Command's, by its exact name, as a string or
// null; anything else through encoding/json.
func decodeCommand(raw []byte, c *Command) error {
	ok := true
	end, err := eachField(raw, 0, func(key []byte, v span) {
		val := raw[v.start:v.end]
		switch string(key) {
		case "commandId":
			c.CommandID, ok = jsonString(val, ok)
		case "requestId":
			c.RequestID, ok = jsonString(val, ok)
			if c.RequestID == c.CommandID {
				c.RequestID = c.CommandID // one string for both
			}
		case "op":
			c.Op, ok = commandWord(val, ok)
		case "status":
			c.Status, ok = commandWord(val, ok)
		case "disposition":
			c.Disposition, ok = commandWord(val, ok)
		case "error":
			c.Error, ok = jsonString(val, ok)
		default:
			ok = false
		}
	})
	if ok && err == nil && skipSpace(raw, end) == len(raw) {
		return nil
	}
	*c = Command{}
	return json.Unmarshal(raw, c)
}

// commandWord is jsonString for an op, a status or a disposition: the
// usual ones, which commands repeat, are shared strings, so decoding them
// allocates nothing.
func commandWord(val []byte, ok bool) (string, bool) {
	if len(val) > 2 && val[0] == '"' {
		w := val[1 : len(val)-1]
		for _, c := range [...]string{OpPrompt, OpFollowUp, OpSteer, OpAbort, StatusAccepted, StatusQueued,
			StatusDelivered, StatusCompleted, StatusAborted, StatusFailed, StatusCancelled, StatusInterrupted,
			"started", "steered"} {
			if string(w) == c {
				return c, ok
			}
		}
	}
	return jsonString(val, ok)
}

// unfoldCommands decodes the last k commands kept as bytes (all of them
// when fewer) and puts them before Commands, moving the indexes unpaired
// keeps; the text commands among them that reached delivery go before the
// unpaired ones, as snapshotTurns lists them, unless pairing stopped.
func (s *State) unfoldCommands(k int) {
	e := &s.earlierCmds
	k = min(k, len(e.starts))
	if k == 0 {
		return
	}
	from := len(e.starts) - k
	cs := make([]Command, k, k+len(s.Commands)+8)
	for i, st := range e.starts[from:] {
		// Scanned at open: a command that does not decode keeps what did.
		if end := s.lazy.valueEnd(st); end > int(st) {
			_ = decodeCommand(s.lazy.slice(span{st, uint32(end)}), &cs[i])
		}
	}
	e.starts = e.starts[:from:from]
	if from == 0 {
		e.starts, e.ids = nil, nil
	}
	s.Commands = append(cs, s.Commands...)
	for j := range s.unpaired {
		s.unpaired[j] += int32(k)
	}
	if e.noPair {
		return
	}
	var turns []int32
	for j := range cs[:k] {
		if deliveredTurn(&cs[j]) {
			turns = append(turns, int32(j))
		}
	}
	s.unpaired = append(turns, s.unpaired...)
}

// morePairs reports whether commands kept as bytes may pair earlier turns.
func (s *State) morePairs() bool {
	return len(s.earlierCmds.starts) > 0 && !s.earlierCmds.noPair
}

// nextPairs decodes earlier commands, a chunk at a time, until unpaired
// has one or none are left to pair; it reports whether unpaired has one.
func (s *State) nextPairs() bool {
	for len(s.unpaired) == 0 && s.morePairs() {
		s.unfoldCommands(unfoldChunk)
	}
	return len(s.unpaired) > 0
}

// mayHoldCommand reports whether the commands kept as bytes may hold id:
// false when none of them has an id of the same hash.
func (s *State) mayHoldCommand(id string) bool {
	ids := s.earlierCmds.ids
	_, found := slices.BinarySearch(ids, idHash([]byte(id)))
	return len(s.earlierCmds.starts) > 0 && found
}

// stopPairing stops pairing the snapshot's turns with its commands for good.
func (s *State) stopPairing() {
	s.unpaired = nil
	s.earlierCmds.noPair = true
}
