package acp

import (
	"context"
	"fmt"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/sophia-labs/vehicle/client"
)

// replay sends a loaded session's transcript as updates: user turns as
// user_message_chunk, replies as agent_message_chunk, tool calls as
// tool_call and their results as tool_call_update. The transcript is read
// an item at a time from the snapshot's compressed answer, so a long
// session is never held decoded.
func (s *session) replay(ctx context.Context, snap *client.LazySnapshot) error {
	type call struct{ id, name string }
	var open []call // tool calls waiting for their result
	items := snap.Items
	for i := 0; i < items.Len(); i++ {
		if i%256 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		it, err := items.Item(i)
		if err != nil {
			s.update(sdk.UpdateAgentMessageText(fmt.Sprintf("\n[item %d of the transcript could not be read: %v]\n", i+1, err)))
			continue
		}
		switch it.Role {
		case client.RoleUser:
			s.update(userTurn(it.Text))
		case client.RoleAssistant:
			if it.Text != "" {
				s.update(sdk.UpdateAgentMessageText(it.Text))
			}
			for _, c := range it.ToolCalls {
				s.update(toolStart(c.ID, c.Name, c.Arguments, sdk.ToolCallStatusInProgress))
				open = append(open, call{c.ID, c.Name})
			}
		case client.RoleToolResult:
			if len(open) == 0 {
				continue
			}
			j := 0
			for k, c := range open {
				if c.name == it.ToolName {
					j = k
					break
				}
			}
			s.update(toolEnd(open[j].id, it.IsError, it.Text, true))
			open = append(open[:j], open[j+1:]...)
		}
	}
	return nil
}
