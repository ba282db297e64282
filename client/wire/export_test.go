package wire

// What the external tests (package client_test) read of the internals.

// Undecoded is State.undecoded.
func (s *State) Undecoded() int { return s.undecoded() }

// Raw is Transcript.raw.
func (t *Transcript) Raw(i int) []byte { return t.raw(i) }

// Items is Transcript.all.
func (t *Transcript) Items() ([]TranscriptItem, error) { return t.all() }
