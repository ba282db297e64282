package tui

import (
	"context"
	"sort"
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
