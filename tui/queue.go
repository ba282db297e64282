package tui

import (
	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/panes"
)

// laneLook is how far back from the newest command the lane looks for
// steers waiting to be delivered.
const laneLook = 64

// laneItems are the open session's waiting commands: pi's queue, then the
// steers waiting for the turn under way to end.
func (c *common) laneItems() (out []panes.LaneItem) {
	s := c.sess
	if s == nil || s.State == nil {
		return nil
	}
	seen := make(map[string]bool, len(s.State.Queue))
	for _, q := range s.State.Queue {
		seen[q.CommandID] = true
		out = append(out, panes.LaneItem{CommandID: q.CommandID, Op: q.Op, Text: s.Texts[q.CommandID]})
	}
	defer func() { out = append(append(out, s.Returned...), s.UnconfirmedItem()...) }()
	if s.State.Run != client.RunRunning {
		return out
	}
	cs := s.State.Commands
	var steers []panes.LaneItem
	for i := len(cs) - 1; i >= 0 && i >= len(cs)-laneLook; i-- { // steers wait among the latest commands
		if c := cs[i]; c.Op == client.OpSteer && c.Status == client.StatusAccepted && !seen[c.CommandID] {
			steers = append([]panes.LaneItem{{CommandID: c.CommandID, Op: c.Op, Text: s.Texts[c.CommandID]}}, steers...)
		}
	}
	return append(out, steers...)
}
