package tui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
)

// The room's commands: chimes, the policy, the queue, the account and
// forks. Like every command of the UI, each runs outside Update.

// fetchAccount asks the host who the person is to it: a member, an account
// with credit, or a visitor, with their turns and limits.
func fetchAccount(ctx context.Context, c *client.Client) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		a, err := c.Account(ctx)
		return accountMsg{acc: a, err: err}
	}
}
