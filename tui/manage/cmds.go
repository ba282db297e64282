package manage

import (
	"context"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
)

// Msg is the answer of one of the manager's requests.
type Msg interface{ isManageMsg() }

// CreatedMsg answers creating a session asked for with a lease of TTLMs.
type CreatedMsg struct {
	Created *client.Created
	Err     error
	TTLMs   int64
}

// RenamedMsg answers a rename.
type RenamedMsg struct {
	Session *client.Summary
	Err     error
}

// DeletedMsg answers a delete: both halves of it.
type DeletedMsg struct {
	ID      string
	Title   string
	Outcome *client.DeleteOutcome
	Err     error
}

// ClonedMsg answers a clone.
type ClonedMsg struct {
	Branched *client.Branched
	Err      error
}

// ForkedMsg answers a fork before a transcript entry of the open session
// of generation Gen.
type ForkedMsg struct {
	Gen      int
	Branched *client.Branched
	Err      error
}

func (CreatedMsg) isManageMsg()  {}
func (RenamedMsg) isManageMsg()  {}
func (DeletedMsg) isManageMsg()  {}
func (ClonedMsg) isManageMsg()   {}
func (ForkedMsg) isManageMsg()   {}
func (ExportedMsg) isManageMsg() {}

// Create starts a new session held by this client.
func (m *Manager) Create(req client.CreateRequest) tea.Cmd {
	ctx, c := m.parent, m.c
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		cr, err := c.Create(ctx, req)
		return CreatedMsg{Created: cr, Err: err, TTLMs: req.TTLMs}
	}
}

// Rename sets or clears a session's title.
func (m *Manager) Rename(id, title string) tea.Cmd {
	ctx, c := m.parent, m.c
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		var t *string
		if strings.TrimSpace(title) != "" {
			t = &title
		}
		s, err := c.Rename(ctx, id, t)
		return RenamedMsg{Session: s, Err: err}
	}
}

// Delete deletes a session and trashes its mirrored document.
func (m *Manager) Delete(id, title string) tea.Cmd {
	ctx, c := m.parent, m.c
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		out, err := c.Delete(ctx, id)
		return DeletedMsg{ID: id, Title: title, Outcome: out, Err: err}
	}
}

// Clone starts a copy of a session; the lease the copy gave this
// terminal is given up, as the copy is not opened from the picker.
func (m *Manager) Clone(id string) tea.Cmd {
	ctx, c := m.parent, m.c
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		b, err := c.Clone(ctx, id)
		if err == nil && b.Lease != nil && b.Lease.ClientID == c.ClientID() {
			_ = c.Release(ctx, b.Session.SessionID)
		}
		return ClonedMsg{Branched: b, Err: err}
	}
}

// Fork starts a new session with the history of session id (the open
// session of generation gen, whose requests end with ctx) before an entry.
func (m *Manager) Fork(ctx context.Context, gen int, id, entryID string) tea.Cmd {
	c := m.c
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		b, err := c.Fork(ctx, id, entryID)
		return ForkedMsg{Gen: gen, Branched: b, Err: err}
	}
}
