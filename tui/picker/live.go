package picker

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// The live picker: while it shows, the list is asked for again every
// Config.PollEvery, and the sessions on screen are inspected for what the listing
// does not carry (pending chimes, the last turns), once per revision.

// DefaultPollEvery is how often the picker lists the sessions again while
// it shows.
const DefaultPollEvery = 4 * time.Second

// restDelay is how long the selection rests on a session before its
// preview is fetched.
const restDelay = 150 * time.Millisecond

// PollTickMsg says a poll is due; Opened is the opening of the picker it
// was scheduled in (a tick of an earlier opening is dropped).
type PollTickMsg struct{ Opened int }

// RestMsg says the selection rested on a session for restDelay.
type RestMsg struct {
	Gen int
	ID  string
}

// Sync tells the picker, after every message, whether it shows: the first
// poll is scheduled when it opens, and every poll, rest and inspection of
// an opening ends when it closes (their late answers are dropped). While it
// shows, a selection that moved to another session waits for its rest.
// Nothing is scheduled before Init (start).
func (p *Picker) Sync(open bool) tea.Cmd {
	if !p.started {
		return nil // before Init: the program runs no command yet
	}
	var cmd tea.Cmd
	if open != p.open {
		p.open = open
		p.opened++
		p.peeking, p.pollErr, p.restOn = "", nil, ""
		if !open {
			p.restGen++
			return nil
		}
		cmd = p.schedulePoll()
	}
	if !open {
		return nil
	}
	if id := p.SelectedID(); id != p.restOn {
		p.restOn = id
		cmd = tea.Batch(cmd, p.rest(id))
	}
	return cmd
}

// schedulePoll asks for the next poll after pollEvery.
func (p *Picker) schedulePoll() tea.Cmd {
	p.polls++
	opened := p.opened
	return tea.Tick(p.every, func(time.Time) tea.Msg { return PollTickMsg{Opened: opened} })
}

// onPollTick lists the sessions again, unless the picker closed since the
// tick was scheduled; while a listing the person asked for is under way it
// only schedules the next poll.
func (p *Picker) onPollTick(msg PollTickMsg) (tea.Cmd, ui.Action) {
	if !p.open || msg.Opened != p.opened {
		return nil, nil
	}
	if p.loading {
		return p.schedulePoll(), nil
	}
	p.asked++
	return nil, List{Gen: p.asked, Poll: p.opened}
}

// onPolled takes a poll's answer: it schedules the next poll and keeps the
// list shown when the poll failed. A poll of an earlier opening is dropped.
func (p *Picker) onPolled(msg ListedMsg) (tea.Cmd, ui.Action) {
	if !p.open || msg.Poll != p.opened {
		return nil, nil
	}
	next := p.schedulePoll()
	if msg.Gen != p.asked {
		return next, nil
	}
	if msg.Err != nil {
		p.pollErr = msg.Err
		return next, nil
	}
	p.pollErr = nil
	for id, pk := range p.peeks {
		if pk.err != nil {
			delete(p.peeks, id) // a failed inspection is tried again after each poll
		}
	}
	return next, ui.Join(p.take(msg), p.peekNext())
}

// rest schedules the preview's fetch for the session the selection moved to.
func (p *Picker) rest(id string) tea.Cmd {
	p.restGen++
	p.resting = ""
	if id == "" {
		return nil
	}
	gen := p.restGen
	return tea.Tick(restDelay, func(time.Time) tea.Msg { return RestMsg{Gen: gen, ID: id} })
}

// onRest fetches the preview of the session the selection rests on.
func (p *Picker) onRest(msg RestMsg) (tea.Cmd, ui.Action) {
	if !p.open || msg.Gen != p.restGen {
		return nil, nil
	}
	p.resting = msg.ID
	return nil, p.peekNext()
}

// peekNext inspects the next session whose peek is missing or older than
// its listing, one at a time: first the one the selection rests on when
// the preview shows, then those on screen that may hold chimes.
func (p *Picker) peekNext() ui.Action {
	if !p.open || p.peeking != "" {
		return nil
	}
	if s, ok := p.selected(); ok && p.resting == s.SessionID && previewWidth(p.width) > 0 && p.stale(s) {
		return p.inspect(s)
	}
	list := p.visible()
	for i := p.offset; i < len(list) && i < p.offset+max(p.height-2, 1); i++ {
		if s := list[i]; mayChime(s) && p.stale(s) {
			return p.inspect(s)
		}
	}
	return nil
}

// stale reports whether s has no peek yet, or one older than its listing
// and old enough to read again (see peekAgain).
func (p *Picker) stale(s wire.Summary) bool {
	pk, ok := p.peeks[s.SessionID]
	return !ok || pk.rev.Before(s.UpdatedAt) && !p.ctx.Now().Before(pk.at.Add(peekAgain(pk.size)))
}

// peekAgain is how long a session's peek is kept before its snapshot is
// read again, however often the session changes: nothing under a MiB, 15 s
// a MiB above it. The snapshot carries the whole transcript, so a long
// session under way would otherwise be downloaded whole at every poll.
func peekAgain(size int) time.Duration {
	return time.Duration(size>>20) * 15 * time.Second
}

// mayChime reports whether a session can hold pending chimes: a public
// session (funded by a key or credit) takes none.
func mayChime(s wire.Summary) bool {
	return s.Funding == "" || s.Funding == "member"
}

// inspect asks the root to read a session's snapshot for its peek.
func (p *Picker) inspect(s wire.Summary) ui.Action {
	p.peeking = s.SessionID
	return Inspect{Opened: p.opened, ID: s.SessionID, Rev: s.UpdatedAt}
}

// onPeek keeps what an inspection says and inspects the next session.
func (p *Picker) onPeek(msg PeekMsg) ui.Action {
	if !p.open || msg.Opened != p.opened {
		return nil
	}
	p.peeking = ""
	if p.peeks == nil {
		p.peeks = map[string]*peek{}
	}
	pk := newPeek(msg)
	pk.at, pk.size = p.ctx.Now(), msg.Size
	p.peeks[msg.ID] = pk
	return p.peekNext()
}

// pendingChimes is a listed session's pending chimes, when an inspection
// told them.
func (p *Picker) pendingChimes(id string) (int, bool) {
	pk, ok := p.peeks[id]
	if !ok || pk.err != nil {
		return 0, false
	}
	return pk.chimes, true
}

// prunePeeks drops the peeks of sessions no longer listed.
func (p *Picker) prunePeeks() {
	listed := make(map[string]bool, len(p.all))
	for _, s := range p.all {
		listed[s.SessionID] = true
	}
	for id := range p.peeks {
		if !listed[id] {
			delete(p.peeks, id)
		}
	}
}

// Start is Sync at Init: from now on the commands it returns are run.
func (p *Picker) Start(open bool) tea.Cmd {
	p.started = true
	return p.Sync(open)
}
