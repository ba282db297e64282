package ui

// Spot is a part of the screen the mouse can point at, as the layout
// (tui/screen) knows where it went.
type Spot int

const (
	SpotNone     Spot = iota // nothing the mouse acts on
	SpotList                 // the session picker's list
	SpotBody                 // an open session's transcript, or a tile of the wall
	SpotQueue                // the queue lane
	SpotRoom                 // the room pane
	SpotComposer             // the composer
)
