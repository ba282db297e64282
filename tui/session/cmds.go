package session

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
)

// requestTimeout bounds one request a session makes (its stream is not
// bounded).
const requestTimeout = 30 * time.Second

// sendText posts a prompt, follow_up or steer; when claim is set it first
// claims the lease quietly for ttl (never taking over). Every attempt is
// the same request (out's requestId), so the host never runs it twice.
func sendText(ctx context.Context, c *client.Client, gen int, id string, out Outgoing, claim bool, ttl time.Duration) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		if claim {
			if _, err := c.Claim(ctx, id, claimOptions(ttl)...); err != nil {
				return SentMsg{Gen: gen, Out: out, Err: err}
			}
		}
		acc, err := c.Send(ctx, id, out.Op, out.TextRequest())
		if client.ErrorCode(err) == client.CodeLeaseRequired && !claim {
			// The lease expired since this terminal last used it: claim it
			// again, quietly, and send the same request once more (a
			// refusal is not remembered by the host).
			if _, cerr := c.Claim(ctx, id, claimOptions(ttl)...); cerr == nil {
				acc, err = c.Send(ctx, id, out.Op, out.TextRequest())
			}
		}
		return SentMsg{Gen: gen, Out: out, Acc: acc, Err: err}
	}
}

// claimLease claims the lease for ttl, taking it over from another
// terminal of the same person when takeover is set (the person asked for
// it).
func claimLease(ctx context.Context, c *client.Client, gen int, id string, takeover bool, ttl time.Duration) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		opts := claimOptions(ttl)
		if takeover {
			opts = append(opts, client.Takeover())
		}
		cl, err := c.Claim(ctx, id, opts...)
		return ClaimedMsg{Gen: gen, Claim: cl, Err: err, Takeover: takeover}
	}
}

// claimOptions are a claim's options for a lease of ttl (0: the host's),
// then extra.
func claimOptions(ttl time.Duration, extra ...client.ClaimOption) []client.ClaimOption {
	if ttl > 0 {
		return append([]client.ClaimOption{client.TTL(ttl)}, extra...)
	}
	return extra
}

// renewLease claims the lease this terminal holds again, which renews it
// (for ttl: 0 is the host's).
func renewLease(ctx context.Context, c *client.Client, gen int, id string, ttl time.Duration) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		cl, err := c.Claim(ctx, id, claimOptions(ttl)...)
		return ClaimedMsg{Gen: gen, Claim: cl, Err: err, Renewal: true}
	}
}

// abortRun cancels the held commands (each while still queued), then stops
// the run under way.
func abortRun(ctx context.Context, c *client.Client, gen int, id string, held []string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		var ok []string
		for _, cid := range held {
			if _, err := c.Cancel(ctx, id, cid); err == nil {
				ok = append(ok, cid)
			}
		}
		_, err := c.Abort(ctx, id)
		return AbortedMsg{Gen: gen, Err: err, Held: ok}
	}
}

const (
	notesPage = 500      // the host's page of events
	notesMax  = 40 * 500 // the most events read for notes on open
)

// readNotes reads the session's events up to upTo (at most notesMax of
// them, the latest) and collects the notes they make, as me sees them.
func readNotes(ctx context.Context, c *client.Client, gen int, id string, me client.Me, upTo int64) tea.Cmd {
	if upTo <= 0 {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		n := client.NewNotes(me, upTo)
		since := max(upTo-notesMax, 0)
		for pages := 0; pages < notesMax/notesPage+1; pages++ {
			res, err := c.Watch(ctx, id, since, 0)
			if err != nil {
				return NotesMsg{Gen: gen, Placed: n.Placed(), Err: err}
			}
			done := len(res.Events) == 0
			for _, ev := range res.Events {
				done = n.Apply(ev) || done
			}
			if done || res.Cursor <= since {
				break
			}
			since = res.Cursor
		}
		return NotesMsg{Gen: gen, Placed: n.Placed()}
	}
}

// readFacts reads the session's summary again, from the listing of the
// person's sessions (a summary each, no transcript).
func readFacts(ctx context.Context, c *client.Client, gen int, id string) tea.Cmd {
	if c == nil {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		list, err := c.List(ctx)
		if err != nil {
			return FactsMsg{Gen: gen}
		}
		for i := range list {
			if list[i].SessionID == id {
				return FactsMsg{Gen: gen, Summary: &list[i]}
			}
		}
		return FactsMsg{Gen: gen}
	}
}

// openStream opens the session's event stream after since; connection
// changes go to states, newest first when the UI falls behind, and to
// observe when it is not nil.
func openStream(ctx context.Context, c *client.Client, gen int, id string, since int64, states chan client.ConnState, observe func(client.ConnState)) tea.Cmd {
	return func() tea.Msg {
		s, err := c.Stream(ctx, id, client.StreamOptions{Since: since, OnState: func(cs client.ConnState) {
			if observe != nil {
				observe(cs)
			}
			offerLatest(states, cs)
		}})
		return StreamOpenedMsg{Gen: gen, Stream: s, Err: err}
	}
}

// offerLatest puts v in ch without blocking, dropping the oldest value when
// ch is full.
func offerLatest(ch chan client.ConnState, v client.ConnState) {
	for {
		select {
		case ch <- v:
			return
		default:
		}
		select {
		case <-ch:
		default:
		}
	}
}

// nextConn waits for the next connection change, or for ctx to end.
func nextConn(ctx context.Context, states chan client.ConnState, gen int) tea.Cmd {
	return func() tea.Msg {
		select {
		case cs := <-states:
			return ConnMsg{Gen: gen, State: cs}
		case <-ctx.Done():
			return nil
		}
	}
}

// closeStream closes a stream the UI no longer reads, and, when release is
// set, gives the lease up.
func closeStream(ctx context.Context, c *client.Client, s *client.Stream, id string, release bool) tea.Cmd {
	return func() tea.Msg {
		if s != nil {
			_ = s.Close()
		}
		if release {
			ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			defer cancel()
			_ = c.Release(ctx, id)
		}
		return nil
	}
}

// probeCursor asks the host for the last event this terminal saw (seq
// cursor): a host that restarted with another state has none, and its
// stream resumes with nothing to replay, so the session must be read again.
func probeCursor(ctx context.Context, c *client.Client, gen int, id string, cursor int64) tea.Cmd {
	if cursor <= 0 {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		res, err := c.Watch(ctx, id, cursor-1, 0)
		if err != nil {
			return ForgotMsg{Gen: gen, Forgot: client.ErrorCode(err) == client.CodeNotFound}
		}
		for _, ev := range res.Events {
			if ev.Seq == cursor {
				return ForgotMsg{Gen: gen}
			}
		}
		return ForgotMsg{Gen: gen, Forgot: true}
	}
}

// resolveChime accepts or rejects a pending chime (the driver's).
func resolveChime(ctx context.Context, c *client.Client, gen int, id string, ch client.Chime, accept bool) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		var res *client.ChimeResult
		var err error
		if accept {
			res, err = c.AcceptChime(ctx, id, ch.ChimeID)
		} else {
			res, err = c.RejectChime(ctx, id, ch.ChimeID)
		}
		return ResolvedMsg{Gen: gen, Accept: accept, Chime: ch, Res: res, Err: err}
	}
}

// setPolicy sets the room's policy (the driver's).
func setPolicy(ctx context.Context, c *client.Client, gen int, id, policy string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		p, err := c.SetRoomPolicy(ctx, id, policy)
		if p == "" {
			p = policy
		}
		return PolicyMsg{Gen: gen, Policy: p, Err: err}
	}
}

// cancelQueued cancels a queued command (the driver's).
func cancelQueued(ctx context.Context, c *client.Client, gen int, id, commandID string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		_, err := c.Cancel(ctx, id, commandID)
		return CancelledMsg{Gen: gen, CommandID: commandID, Err: err}
	}
}

// openSession learns who the person is, claims the lease for ttl unless
// watching (never taking it over), and reads the snapshot.
func openSession(ctx context.Context, c *client.Client, gen int, id, principal string, watch bool, ttl time.Duration) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		m := OpenedMsg{Gen: gen, ID: id, Principal: Whoami(ctx, c, principal)}
		if !watch {
			m.Claim, m.ClaimErr = c.Claim(ctx, id, claimOptions(ttl)...)
			if m.Claim != nil && m.Principal == "" {
				m.Principal = m.Claim.Lease.Principal
			}
		}
		if m.Lazy, m.Err = c.InspectLazy(ctx, id); m.Lazy != nil {
			m.Snap = &m.Lazy.Snapshot
		}
		return m
	}
}

// Whoami is the person's principal: known, else the host's account answer,
// else "" (the state then learns it from a lease).
func Whoami(ctx context.Context, c *client.Client, known string) string {
	if known != "" {
		return known
	}
	a, err := c.Account(ctx)
	if err != nil {
		return ""
	}
	return a.Principal
}
