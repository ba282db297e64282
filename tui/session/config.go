package session

import (
	"context"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Config is what every open session shares, given by the root once: the
// client its requests go through, the read-only context it reads (the
// keys its notes name, the clock, whether the UI only watches), and the
// lease's and the stream's settings.
type Config struct {
	Client      *client.Client
	UI          *ui.Context            // read, never written
	Parent      context.Context        // a session's requests end with it
	ClaimTTL    time.Duration          // the lease a claim asks for (0: the host's)
	FlushEvery  time.Duration          // how often the focused session's streaming text is drawn
	ResumeShown time.Duration          // how long a resume of the stream is said (0: ResumeShown)
	OnConnState func(client.ConnState) // sees every change of every stream's connection, when not nil
	// After starts the timers of the lease (its renewal, the lease line's
	// countdown): f runs once d has passed, unless stop is called first.
	// Nil is the quiet clock's (internal/quiettime); a test counts them.
	After func(d time.Duration, f func()) (stop func() bool)
}

// Place is what the root tells a session each time it hands it a message
// (Update): where its tile stands and what of the program's it needs.
type Place struct {
	Focused   bool      // its tile has the focus: the composer, the lease line and the room are its
	Throttled bool      // it is drawn and read at a glance's pace (another tile has the focus)
	Me        client.Me // who the person is
	LastKey   time.Time // when the person last pressed a key
	ModelKey  bool      // a model key goes with the requests
	Moved     bool      // the run's line moved since it was drawn: a frame drawn now shows it
}
