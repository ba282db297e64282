package picker

import "github.com/sophia-labs/vehicle/client/wire"

// What the picker holds, read by the root and its tests.

// Asked is the number of the last listing asked for.
func (p *Picker) Asked() int { return p.asked }

// Opened counts the picker's openings and closings: what is asked in one
// opening is dropped in the next.
func (p *Picker) Opened() int { return p.opened }

// Polls is how many polls were scheduled.
func (p *Picker) Polls() int { return p.polls }

// Shown reports whether the picker shows (as Sync was last told).
func (p *Picker) Shown() bool { return p.open }

// Loading reports whether a listing the person asked for is under way.
func (p *Picker) Loading() bool { return p.loading }

// Sessions is the sessions listed, newest first.
func (p *Picker) Sessions() []wire.Summary { return p.all }

// SelectedID is the selected session's id, "" when none.
func (p *Picker) SelectedID() string {
	s, _ := p.selected()
	return s.SessionID
}

// Peeked is how many of a listed session's last turns an inspection read;
// ok is false when none was kept.
func (p *Picker) Peeked(id string) (turns int, ok bool) {
	pk, ok := p.peeks[id]
	if !ok {
		return 0, false
	}
	return len(pk.turns), true
}

// Filter is the filter's text.
func (p *Picker) Filter() string { return p.filter.String() }

// Marked is how many sessions are marked to open together.
func (p *Picker) Marked() int { return len(p.marks) }

// OfferLive reports whether the marks are the last wall offered again,
// untouched: enter alone opens them.
func (p *Picker) OfferLive() bool { return p.offerLive }

// Recovering reports whether the listing came back after its failure screen
// a moment ago: the failure screen's retry key is no letter of the filter yet.
func (p *Picker) Recovering() bool {
	return !p.recovered.IsZero() && p.filter.String() == "" && p.ctx.Now().Sub(p.recovered) < retryGrace
}

// Modes are the picker's modes, each of which takes keys its own way (the
// typing-safety harness has a case for each).
func Modes() []string {
	return []string{"loading", "failed", "recovered", "empty", "list", "filtered", "marked", "last wall"}
}

// Mode is the picker's mode now, one of Modes.
func (p *Picker) Mode() string {
	switch facts := p.Facts(); {
	case facts == "listing failed":
		return "failed"
	case p.Recovering():
		return "recovered"
	case p.Loading() && len(p.Sessions()) == 0:
		return "loading"
	case p.OfferLive():
		return "last wall"
	case p.Marked() > 0:
		return "marked"
	case p.Filter() != "":
		return "filtered"
	case len(p.Sessions()) == 0:
		return "empty"
	}
	return "list"
}
