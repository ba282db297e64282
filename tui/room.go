package tui

import "github.com/sophia-labs/vehicle/client"

// roomPolicy is the open session's room policy, suggest when the host
// named none.
func roomPolicy(s *client.State) string {
	if p := s.Session.RoomPolicy; p != "" {
		return p
	}
	return client.DefaultRoomPolicy
}
