// Package manage is what the program does with the person's sessions
// beside opening them: starting one, renaming, deleting, cloning, forking
// before an entry, exporting a transcript (its requests, as tea.Cmds: it
// holds the client, as an open session does), and what their answers say;
// and, at a start with --continue, which sessions to open. It is the
// picker's glue: the picker and the session's palette ask for these, and
// their answers list the sessions again, select the one made, or open it.
//
// The root makes a request through it and routes it the answer (Update);
// what the root must do comes back as a closed set of actions (Action),
// with ui's own (Note, Failed). It reads the shared ui.Context and never
// writes it; it imports no other component.
package manage

import (
	"context"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// requestTimeout bounds one request (streams are not bounded).
const requestTimeout = 30 * time.Second

// Manager makes the requests, and keeps the new session last asked for
// and what --continue waits for.
type Manager struct {
	ctx    *ui.Context
	c      *client.Client
	parent context.Context       // every request ends with it
	base   client.CreateRequest  // what a new session is made with, as the command line said
	asked  *client.CreateRequest // the last new session asked for, made again once a key cures its refusal
	newest bool                  // --continue with nothing kept: open the newest session listed
	recent bool                  // --continue: the sessions kept not read yet
	early  *Listing              // a listing that came before them, held for Recent

	watched map[string]bool // the sessions opened to watch (Watch): opened without claiming their lease
}

// New is the manager of c's sessions, its requests ended with parent; a
// new session is made with base (the command line's title, profile, model,
// lease: see NewRequest).
func New(ctx *ui.Context, c *client.Client, parent context.Context, base client.CreateRequest) *Manager {
	return &Manager{ctx: ctx, c: c, parent: parent, base: base}
}

// NewRequest is what a new session is made with: the command line's
// request, its lease as the command line says (noClaim makes it without
// the lease: the next message claims it; ttl is the lease's when the
// request names none).
func NewRequest(base client.CreateRequest, noClaim bool, ttl time.Duration) client.CreateRequest {
	if noClaim {
		no := false
		base.Claim = &no
	}
	if base.TTLMs == 0 && ttl > 0 {
		base.TTLMs = ttl.Milliseconds()
	}
	return base
}

// Start starts a session made with what the new-session form gave (title,
// profile, model, budget, the lease's ttl), claimed or not as the command
// line says, and keeps it to make again (Again).
func (m *Manager) Start(form client.CreateRequest) tea.Cmd {
	req := m.base
	req.Title, req.Profile, req.Model, req.MaxTurns, req.MaxCostUSD = form.Title, form.Profile, form.Model, form.MaxTurns, form.MaxCostUSD
	req.TTLMs = form.TTLMs
	m.asked = &req
	return m.Create(req)
}

// Again makes the new session last asked for again, once a key cured its
// refusal: the form's, else the command line's.
func (m *Manager) Again() tea.Cmd {
	if m.asked != nil {
		return m.Create(*m.asked)
	}
	return m.Create(m.base)
}

// Update words the answer of a request, and says what the root does next:
// list again (Reload), open what was made (Created, Forked), show a
// delete's outcome (Deleted), or give a refusal its due (CreateRefused,
// ExportFailed).
func (m *Manager) Update(msg Msg) ui.Action {
	switch msg := msg.(type) {
	case RenamedMsg:
		if msg.Err != nil {
			return failed(msg.Err)
		}
		return ui.Join(ui.Failed{}, ui.Note{Text: "renamed to “" + ui.TitleLine(msg.Session.DisplayTitle()) + "”"},
			Reload{Select: msg.Session.SessionID})
	case ClonedMsg:
		if msg.Err != nil {
			return failed(msg.Err)
		}
		s := msg.Branched.Session
		return ui.Join(ui.Failed{}, ui.Note{Text: "cloned as “" + ui.TitleLine(s.DisplayTitle()) + "” (" + ui.SanitizeLine(s.SessionID) + ")"},
			Reload{Select: s.SessionID})
	case DeletedMsg:
		if msg.Err != nil {
			return failed(msg.Err)
		}
		said := "deleted “" + ui.SanitizeLine(msg.Title) + "”"
		if msg.Outcome.MirrorErr != nil {
			said += ": its mirrored document is not in the Trash"
		}
		return ui.Join(ui.Failed{}, ui.Note{Text: said}, Deleted{ID: msg.ID, Title: msg.Title, Outcome: *msg.Outcome})
	case CreatedMsg:
		if msg.Err != nil {
			return ui.Join(failed(msg.Err), CreateRefused{Err: msg.Err, Meaning: profileRefusal(client.ErrorCode(msg.Err))})
		}
		return Created{ID: msg.Created.Session.SessionID, TTLMs: msg.TTLMs}
	case ForkedMsg:
		return m.forked(msg)
	case WatchedMsg:
		return m.watchedAnswer(msg)
	case ExportedMsg:
		if msg.Err != nil {
			return ui.Join(failed(msg.Err), ExportFailed{Line: msg.line})
		}
		return ui.Join(ui.Failed{}, ui.Note{Text: "exported " + strconv.Itoa(msg.Entries) + " entries to " + ui.SanitizeLine(msg.Path)})
	}
	return nil
}

// failed shows a refused or failed request on the status line, dropping
// the note it replaces.
func failed(err error) ui.Action { return ui.Join(ui.Failed{Err: err}, ui.Note{}) }

// forked opens the new session (Forked), with the message handed back by
// selectedText for its composer.
func (m *Manager) forked(msg ForkedMsg) ui.Action {
	if msg.Err != nil {
		return Forked{Gen: msg.Gen, Err: msg.Err}
	}
	b := msg.Branched
	f := Forked{Gen: msg.Gen, ID: b.Session.SessionID, Said: "forked as " + ui.SanitizeLine(b.Session.SessionID)}
	if b.SelectedText != "" {
		_, text := SplitAttribution(b.SelectedText)
		text, stripped := ui.HostDraft(text)
		f.Text = text
		f.Said += ": the message is back in the composer"
		if stripped {
			f.Said = "forked as " + ui.SanitizeLine(b.Session.SessionID) + ": the message is back, its escapes and hidden characters taken out"
		}
	}
	return f
}

// SplitAttribution takes an accepted chime's attribution line off a text:
// "[Bo collaborator]\n…" is Bo's, and the rest is the message.
func SplitAttribution(text string) (author, rest string) {
	line, rest, ok := strings.Cut(text, "\n")
	if !ok || !strings.HasPrefix(line, "[") || !strings.HasSuffix(line, " collaborator]") {
		return "", text
	}
	return strings.TrimSuffix(strings.TrimPrefix(line, "["), " collaborator]"), rest
}

// profileRefusal says what a create refused for its profile means and
// what to do; "" for any other refusal.
func profileRefusal(code string) string {
	const chat = "vehicle --new without --profile agent"
	switch code {
	case client.CodeForbiddenProfile:
		return "An agent session (a body with read, write, edit and bash in its own folder) is for an owner " +
			"of the graph only. Start a chat session instead: " + chat + "."
	case client.CodeIsolationUnavailable:
		return "This host cannot make the box an agent's body runs in. A chat session needs no box: " + chat +
			"; or ask the host's operator to fix its isolation."
	case client.CodeNotImplemented:
		return "This host's isolation tier is not implemented for agent sessions. A chat session needs no box: " + chat + "."
	}
	return ""
}
