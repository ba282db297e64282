package tui

import (
	"github.com/sophia-labs/vehicle/tui/panes"
)

// laneItems are the focused session's waiting commands
// (session.Session.LaneItems).
func (c *common) laneItems() []panes.LaneItem {
	if c.sess == nil {
		return nil
	}
	return c.sess.LaneItems()
}
