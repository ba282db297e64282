package tui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
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

// pollTickMsg says a poll is due; opened is the opening of the picker it
// was scheduled in (a tick of an earlier opening is dropped).
type pollTickMsg struct{ opened int }

// restMsg says the selection rested on a session for restDelay.
type restMsg struct {
	gen int
	id  string
}

// peekMsg answers the inspection of a listed session.
type peekMsg struct {
	opened int       // the opening of the picker it was asked in
	id     string    // the session
	rev    time.Time // the revision (updatedAt) it was asked for
	snap   *client.Snapshot
	size   int // the answer's length in bytes
	err    error
}

// sync tells the picker, after every message, whether it shows: the first
// poll is scheduled when it opens, and every poll, rest and inspection of
// an opening ends when it closes (their late answers are dropped). While it
// shows, a selection that moved to another session waits for its rest.
// Nothing is scheduled before Init (start).
func (p *picker) sync(open bool) tea.Cmd {
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
	if id := p.selectedID(); id != p.restOn {
		p.restOn = id
		cmd = tea.Batch(cmd, p.rest(id))
	}
	return cmd
}

// selectedID is the selected session's id, "" when none.
func (p *picker) selectedID() string {
	s, _ := p.selected()
	return s.SessionID
}

// schedulePoll asks for the next poll after pollEvery.
func (p *picker) schedulePoll() tea.Cmd {
	p.polls++
	opened, every := p.opened, p.c.cfg.PollEvery
	if every <= 0 {
		every = DefaultPollEvery
	}
	return tea.Tick(every, func(time.Time) tea.Msg { return pollTickMsg{opened: opened} })
}

// onPollTick lists the sessions again, unless the picker closed since the
// tick was scheduled; while a listing the person asked for is under way it
// only schedules the next poll.
func (p *picker) onPollTick(msg pollTickMsg) tea.Cmd {
	if !p.open || msg.opened != p.opened {
		return nil
	}
	if p.loading {
		return p.schedulePoll()
	}
	p.asked++
	list := listSessions(p.c.cfg.Context, p.c.cfg.Client, p.asked, p.c.me.Principal, "")
	opened := p.opened
	return func() tea.Msg {
		m, _ := list().(sessionsMsg)
		m.poll = opened
		return m
	}
}

// onPolled takes a poll's answer: it schedules the next poll and keeps the
// list shown when the poll failed. A poll of an earlier opening is dropped.
func (p *picker) onPolled(msg sessionsMsg) tea.Cmd {
	if !p.open || msg.poll != p.opened {
		return nil
	}
	next := p.schedulePoll()
	if msg.gen != p.asked {
		return next
	}
	if msg.err != nil {
		p.pollErr = msg.err
		return next
	}
	p.pollErr = nil
	for id, pk := range p.peeks {
		if pk.err != nil {
			delete(p.peeks, id) // a failed inspection is tried again after each poll
		}
	}
	p.take(msg)
	return tea.Batch(next, p.peekNext())
}

// rest schedules the preview's fetch for the session the selection moved to.
func (p *picker) rest(id string) tea.Cmd {
	p.restGen++
	p.resting = ""
	if id == "" {
		return nil
	}
	gen := p.restGen
	return tea.Tick(restDelay, func(time.Time) tea.Msg { return restMsg{gen: gen, id: id} })
}

// onRest fetches the preview of the session the selection rests on.
func (p *picker) onRest(msg restMsg) tea.Cmd {
	if !p.open || msg.gen != p.restGen {
		return nil
	}
	p.resting = msg.id
	return p.peekNext()
}

// peekNext inspects the next session whose peek is missing or older than
// its listing, one at a time: first the one the selection rests on when
// the preview shows, then those on screen that may hold chimes.
func (p *picker) peekNext() tea.Cmd {
	if !p.open || p.peeking != "" || p.c.cfg.Client == nil {
		return nil
	}
	if s, ok := p.selected(); ok && p.resting == s.SessionID && previewWidth(p.c.width) > 0 && p.stale(s) {
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
func (p *picker) stale(s client.Summary) bool {
	pk, ok := p.peeks[s.SessionID]
	return !ok || pk.rev.Before(s.UpdatedAt) && !p.c.cfg.Now().Before(pk.at.Add(peekAgain(pk.size)))
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
func mayChime(s client.Summary) bool {
	return s.Funding == "" || s.Funding == "member"
}

// inspect reads a session's snapshot for its peek.
func (p *picker) inspect(s client.Summary) tea.Cmd {
	p.peeking = s.SessionID
	ctx, c, opened, id, rev := p.c.cfg.Context, p.c.cfg.Client, p.opened, s.SessionID, s.UpdatedAt
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		ls, err := c.InspectLazy(ctx, id)
		size := 0
		if err == nil {
			size = ls.Items.Size()
		}
		snap, err := peekSnapshot(ls, err)
		return peekMsg{opened: opened, id: id, rev: rev, snap: snap, size: size, err: err}
	}
}

// onPeek keeps what an inspection says and inspects the next session.
func (p *picker) onPeek(msg peekMsg) tea.Cmd {
	if !p.open || msg.opened != p.opened {
		return nil
	}
	p.peeking = ""
	if p.peeks == nil {
		p.peeks = map[string]*peek{}
	}
	pk := newPeek(msg, p.previewW)
	pk.at, pk.size = p.c.cfg.Now(), msg.size
	p.peeks[msg.id] = pk
	return p.peekNext()
}

// pendingChimes is a listed session's pending chimes, when an inspection
// told them.
func (p *picker) pendingChimes(id string) (int, bool) {
	pk, ok := p.peeks[id]
	if !ok || pk.err != nil {
		return 0, false
	}
	return pk.chimes, true
}

// prunePeeks drops the peeks of sessions no longer listed.
func (p *picker) prunePeeks() {
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

// pickerShown reports whether the screen is the session picker's.
func (m *Model) pickerShown() bool {
	if m.focus == focusVisit && m.visit != nil {
		return false
	}
	return m.focus == focusPicker || m.sess == nil
}

// start is sync at Init: from now on the commands it returns are run.
func (p *picker) start(open bool) tea.Cmd {
	p.started = true
	return p.sync(open)
}
