package tui

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
)

// requestTimeout bounds one request the UI makes (streams are not bounded).
const requestTimeout = 30 * time.Second

// The UI's commands: every request and every stream read happens here, in a
// tea.Cmd, never in Update.

// whoami is the person's principal: known, else the host's account answer,
// else "" (the state then learns it from a lease).
func whoami(ctx context.Context, c *client.Client, known string) string {
	if known != "" {
		return known
	}
	a, err := c.Account(ctx)
	if err != nil {
		return ""
	}
	return a.Principal
}

// listSessions lists the person's sessions, newest first.
func listSessions(ctx context.Context, c *client.Client, gen int, principal, selectID string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		p := whoami(ctx, c, principal)
		list, err := c.List(ctx)
		sortNewest(list)
		return sessionsMsg{gen: gen, principal: p, list: list, err: err, selectID: selectID}
	}
}

// sortNewest orders sessions by their last change, newest first.
func sortNewest(list []client.Summary) {
	sort.SliceStable(list, func(i, j int) bool { return list[i].UpdatedAt.After(list[j].UpdatedAt) })
}

// openSession learns who the person is, claims the lease unless watching
// (never taking it over), and reads the snapshot.
func openSession(ctx context.Context, c *client.Client, gen int, id, principal string, watch bool) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		m := openedMsg{gen: gen, id: id, principal: whoami(ctx, c, principal)}
		if !watch {
			m.claim, m.claimErr = c.Claim(ctx, id)
			if m.claim != nil && m.principal == "" {
				m.principal = m.claim.Lease.Principal
			}
		}
		if m.lazy, m.err = c.InspectLazy(ctx, id); m.lazy != nil {
			m.snap = &m.lazy.Snapshot
		}
		return m
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
		return streamOpenedMsg{gen: gen, stream: s, err: err}
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
			return connMsg{gen: gen, state: cs}
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

// sendText posts a prompt, follow_up or steer; when claim is set it first
// claims the lease quietly (never taking over). Every attempt is the same
// request (out's requestId), so the host never runs it twice.
func sendText(ctx context.Context, c *client.Client, gen int, id string, out outgoing, claim bool) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		if claim {
			if _, err := c.Claim(ctx, id); err != nil {
				return sentMsg{gen: gen, out: out, err: err}
			}
		}
		acc, err := c.Send(ctx, id, out.op, out.textRequest())
		if client.ErrorCode(err) == client.CodeLeaseRequired && !claim {
			// The lease expired since this terminal last used it: claim it
			// again, quietly, and send the same request once more (a
			// refusal is not remembered by the host).
			if _, cerr := c.Claim(ctx, id); cerr == nil {
				acc, err = c.Send(ctx, id, out.op, out.textRequest())
			}
		}
		return sentMsg{gen: gen, out: out, acc: acc, err: err}
	}
}

// abortRun stops the run under way.
func abortRun(ctx context.Context, c *client.Client, gen int, id string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		_, err := c.Abort(ctx, id)
		return abortedMsg{gen: gen, err: err}
	}
}

// claimLease claims the lease, taking it over from another terminal of the
// same person when takeover is set (the person asked for it).
func claimLease(ctx context.Context, c *client.Client, gen int, id string, takeover bool) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		var opts []client.ClaimOption
		if takeover {
			opts = append(opts, client.Takeover())
		}
		cl, err := c.Claim(ctx, id, opts...)
		return claimedMsg{gen: gen, claim: cl, err: err, takeover: takeover}
	}
}

// createSession starts a new session held by this client.
func createSession(ctx context.Context, c *client.Client, req client.CreateRequest) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		cr, err := c.Create(ctx, req)
		return createdMsg{created: cr, err: err}
	}
}

// renameSession sets or clears a session's title.
func renameSession(ctx context.Context, c *client.Client, id, title string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		var t *string
		if strings.TrimSpace(title) != "" {
			t = &title
		}
		s, err := c.Rename(ctx, id, t)
		return renamedMsg{session: s, err: err}
	}
}

// deleteSession deletes a session and trashes its mirrored document.
func deleteSession(ctx context.Context, c *client.Client, id, title string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		out, err := c.Delete(ctx, id)
		return deletedMsg{id: id, title: title, outcome: out, err: err}
	}
}

// cloneSession starts a copy of a session.
func cloneSession(ctx context.Context, c *client.Client, id string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		b, err := c.Clone(ctx, id)
		if err == nil && b.Lease != nil && b.Lease.ClientID == c.ClientID() {
			// The copy is not opened from the picker: the lease the clone
			// gave this terminal is not left behind.
			_ = c.Release(ctx, b.Session.SessionID)
		}
		return clonedMsg{branched: b, err: err}
	}
}

// flushAfter is the streaming tail's throttle: one tick, scheduled only when
// a delta arrived and none is pending.
func flushAfter(d time.Duration, gen int) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return flushMsg{gen: gen} })
}

// editDraft opens the draft in the person's editor, suspending the UI, and
// hands the edited text back.
func editDraft(editor, draft string) tea.Cmd {
	e := &editorRun{editor: editor, draft: draft}
	return tea.Exec(e, func(err error) tea.Msg {
		return editorDoneMsg{text: e.result, err: err}
	})
}

// editorRun is $EDITOR on a temporary file holding the draft.
type editorRun struct {
	editor string
	draft  string
	result string
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// Run writes the draft, runs the editor on it and reads it back.
func (e *editorRun) Run() error {
	f, err := os.CreateTemp("", "vehicle-draft-*.md")
	if err != nil {
		return errors.New("cannot make a file for the editor: " + err.Error())
	}
	path := f.Name()
	defer os.Remove(path)
	if _, err := f.WriteString(e.draft); err != nil {
		f.Close()
		return errors.New("cannot write the draft for the editor: " + err.Error())
	}
	f.Close()
	args := strings.Fields(e.editor)
	if len(args) == 0 {
		args = []string{"vi"}
	}
	cmd := exec.Command(args[0], append(args[1:], path)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = e.stdin, e.stdout, e.stderr
	if err := cmd.Run(); err != nil {
		return errors.New("the editor " + args[0] + " failed (" + err.Error() + "); set $EDITOR to one that works")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return errors.New("cannot read the edited draft: " + err.Error())
	}
	e.result = strings.TrimRight(string(b), "\n")
	return nil
}

// SetStdin sets the editor's input.
func (e *editorRun) SetStdin(r io.Reader) { e.stdin = r }

// SetStdout sets the editor's output.
func (e *editorRun) SetStdout(w io.Writer) { e.stdout = w }

// SetStderr sets the editor's error output.
func (e *editorRun) SetStderr(w io.Writer) { e.stderr = w }
