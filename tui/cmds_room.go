package tui

import (
	"context"
	"encoding/json"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
)

// The room's commands: chimes, the policy, the queue, the account and
// forks. Like every command of the UI, each runs outside Update.

// sendChime sends text to a session's room as a chime, under out's
// requestId: sent again, the host replays it instead of taking it twice.
func sendChime(ctx context.Context, c *client.Client, gen int, id string, out session.Outgoing, visit bool) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		res, err := chimeOnce(ctx, c, id, out)
		return chimedMsg{gen: gen, visit: visit, out: out, res: res, err: err}
	}
}

// chimeOnce posts a chime with a fixed requestId and reads the room's
// answer.
func chimeOnce(ctx context.Context, c *client.Client, id string, out session.Outgoing) (*client.ChimeResult, error) {
	body, err := json.Marshal(client.ChimeRequest{RequestID: out.RequestID, ClientID: c.ClientID(), Text: out.Text})
	if err != nil {
		return nil, err
	}
	f, err := c.Call(ctx, client.OpChime, id, body)
	if err != nil {
		return nil, err
	}
	var res client.ChimeResult
	if err := f.Decode(&res); err != nil {
		return nil, fmt.Errorf("the host's answer to a chime is not one (%v): try again", err)
	}
	res.Accepted, res.Replayed = f.Type == client.TypeChimeAccepted, f.Replayed
	return &res, nil
}

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

// forkBefore starts a new session with the history before an entry.
func forkBefore(ctx context.Context, c *client.Client, gen int, id, entryID string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		b, err := c.Fork(ctx, id, entryID)
		return forkedMsg{gen: gen, branched: b, err: err}
	}
}
