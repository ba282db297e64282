package tui

import (
	"context"
	"sort"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/picker"
	"github.com/sophia-labs/vehicle/tui/session"
)

// requestTimeout bounds one request the UI makes (streams are not bounded).
const requestTimeout = 30 * time.Second

// The UI's commands: every request and every stream read happens here, in a
// tea.Cmd, never in Update.

// listSessions lists the person's sessions, newest first.
func listSessions(ctx context.Context, c *client.Client, a picker.List, principal string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		p := session.Whoami(ctx, c, principal)
		list, err := c.List(ctx)
		sortNewest(list)
		return picker.ListedMsg{Gen: a.Gen, Principal: p, List: list, Err: err, SelectID: a.SelectID, Poll: a.Poll}
	}
}

// sortNewest orders sessions by their last change, newest first.
func sortNewest(list []client.Summary) {
	sort.SliceStable(list, func(i, j int) bool { return list[i].UpdatedAt.After(list[j].UpdatedAt) })
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
