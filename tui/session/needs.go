package session

// Mark marks a tile whose session needs the person while another has
// the focus, and says why. A mark that asks more of the person (a failure,
// the lease) is not replaced by one that asks less (a run settled).
func (s *Session) Mark(focused bool, why string) {
	if !focused && needRank(why) >= needRank(s.needs) {
		s.needs = why
	}
}

// needRank is how much a mark asks of the person: 0 for none, 1 for news
// (a run settled), 2 for what waits on them (a chime, a draft), 3 for what
// went wrong (a failure, the lease taken or lapsing).
func needRank(why string) int {
	switch {
	case why == "":
		return 0
	case why == NeedSettled:
		return 1
	case why == NeedChime || why == NeedDraft:
		return 2
	}
	return 3
}

// The marks of a tile whose session needs the person.
const (
	NeedSettled = "the run settled"
	NeedChime   = "a chime waits for you"
	NeedDraft   = "a draft of yours waits here"
)
