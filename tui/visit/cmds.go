package visit

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// requestTimeout bounds a chime's request.
const requestTimeout = 30 * time.Second

// ChimedMsg answers a chime sent from this terminal (Gen is the
// generation of the open session it was sent again for, 0 for the
// visit's own).
type ChimedMsg struct {
	Gen int
	Out ui.Outgoing
	Res *client.ChimeResult
	Err error
}

// SendChime sends out to session id's room as a chime, under out's
// requestId: sent again, the host replays it instead of taking it twice.
func SendChime(ctx context.Context, c *client.Client, gen int, id string, out ui.Outgoing) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		res, err := chimeOnce(ctx, c, id, out)
		return ChimedMsg{Gen: gen, Out: out, Res: res, Err: err}
	}
}

// chimeOnce posts a chime with a fixed requestId and reads the room's
// answer.
func chimeOnce(ctx context.Context, c *client.Client, id string, out ui.Outgoing) (*client.ChimeResult, error) {
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
