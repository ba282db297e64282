package wire

import (
	"slices"

	"github.com/sophia-labs/vehicle/client/internal/snapshot"
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

// earlierCommands are the commands a lazy snapshot kept as bytes: where
// each lies in the answer, and, once an event asks for a command that is
// not decoded, a hash of each one's id, to tell an id that is not among
// them without decoding them all again. noPair says pairing stopped for
// good, so they pair no turn when decoded.
type earlierCommands struct {
	spans  []span
	ids    []uint32 // a hash of each one's id, sorted; nil until needed
	noPair bool
}

// decodeCommands decodes the commands, the elements els of store: a short
// list whole, a long one only its last lazyCommands elements, the earlier
// ones kept as bytes.
func (snap *LazySnapshot) decodeCommands(store *snapshot.Answer, els []span) error {
	n := len(els)
	cut := max(n-lazyCommands, 0)
	snap.Commands = make([]Command, n-cut)
	for i, el := range els[cut:] {
		if err := decodeCommand(store.Slice(el), &snap.Commands[i]); err != nil {
			return err
		}
	}
	if cut > 0 {
		snap.earlierCmds = earlierCommands{spans: els[:cut:cut]}
	}
	return nil
}

// idHash is the FNV-1a hash of a command id.
func idHash(id string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(id); i++ {
		h = (h ^ uint32(id[i])) * 16777619
	}
	return h
}

// decodeCommand decodes one command as Command is decoded; its op, status
// and disposition, which commands repeat, become shared strings.
func decodeCommand(raw []byte, c *Command) error {
	if err := decode(raw, c); err != nil {
		*c = Command{}
		return err
	}
	c.Op, c.Status, c.Disposition = commandWord(c.Op), commandWord(c.Status), commandWord(c.Disposition)
	if c.RequestID == c.CommandID {
		c.RequestID = c.CommandID // one string for both
	}
	return nil
}

// commandWord is the shared string of an op, a status or a disposition
// that commands repeat, or w.
func commandWord(w string) string {
	for _, c := range [...]string{OpPrompt, OpFollowUp, OpSteer, OpAbort, StatusAccepted, StatusQueued,
		StatusDelivered, StatusCompleted, StatusAborted, StatusFailed, StatusCancelled, StatusInterrupted,
		"started", "steered"} {
		if w == c {
			return c
		}
	}
	return w
}

// DecodeCommands decodes every command a lazy state still keeps as bytes
// (those before Commands' first) into Commands, as a search for an old
// command does. A state that keeps none is left as it is.
func (s *State) DecodeCommands() { s.unfoldCommands(len(s.earlierCmds.spans)) }

// unfoldCommands decodes the last k commands kept as bytes (all of them
// when fewer) and puts them before Commands, moving the indexes unpaired
// keeps; the text commands among them that reached delivery go before the
// unpaired ones, as snapshotTurns lists them, unless pairing stopped.
func (s *State) unfoldCommands(k int) {
	e := &s.earlierCmds
	k = min(k, len(e.spans))
	if k == 0 {
		return
	}
	from := len(e.spans) - k
	cs := make([]Command, k, k+len(s.Commands)+8)
	for i, sp := range e.spans[from:] {
		_ = decodeCommand(s.lazy.Slice(sp), &cs[i]) // one that does not decode is empty
	}
	e.spans = e.spans[:from:from]
	if from == 0 {
		e.spans, e.ids = nil, nil
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
	return len(s.earlierCmds.spans) > 0 && !s.earlierCmds.noPair
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
// false when none of them has an id of the same hash. The first call
// hashes their ids (decoding each once).
func (s *State) mayHoldCommand(id string) bool {
	e := &s.earlierCmds
	if len(e.spans) == 0 {
		return false
	}
	if e.ids == nil {
		e.ids = make([]uint32, len(e.spans))
		var c Command
		for i, sp := range e.spans {
			_ = decodeCommand(s.lazy.Slice(sp), &c)
			e.ids[i] = idHash(c.CommandID)
		}
		slices.Sort(e.ids)
	}
	_, found := slices.BinarySearch(e.ids, idHash(id))
	return found
}

// stopPairing stops pairing the snapshot's turns with its commands for good.
func (s *State) stopPairing() {
	s.unpaired = nil
	s.earlierCmds.noPair = true
}
