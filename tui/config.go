package tui

import (
	"context"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// DefaultFlushEvery is how often the streaming tail is rendered again as
// markdown while deltas arrive.
const DefaultFlushEvery = 60 * time.Millisecond

// Config is what the UI starts with.
type Config struct {
	Client     *client.Client       // speaks to the host; required
	Context    context.Context      // ends every request and stream (default Background)
	SessionID  string               // open this session at start ("" shows the picker)
	SessionIDs []string             // open these sessions at start, as a wall of tiles (SessionID is the first)
	New        bool                 // start a new session at start
	NewSession client.CreateRequest // what a new session is made with (title, profile, model)
	Watch      bool                 // read-only: never claim, never send
	Chime      bool                 // SessionID is another person's: only chime into its room
	NoClaim    bool                 // open sessions without claiming (ctrl+t claims)
	ClaimTTL   time.Duration        // the ttl of every lease this UI claims or renews (0: the host's)
	Principal  string               // the person, when known (else asked of the host)
	Editor     string               // the command $EDITOR names (default vi)
	EditorLent func(lent bool)      // told when the terminal is lent to $EDITOR and given back (job control), or nil
	Theme      theme.Set            // the styles for both backgrounds
	Now        func() time.Time     // the clock for ages (default time.Now)
	Location   *time.Location       // where times are shown (default time.Local)
	Banner     string               // lines under the header (the demo's instructions)
	FlushEvery time.Duration        // the streaming tail's throttle (default DefaultFlushEvery)
	PollEvery  time.Duration        // how often the picker lists the sessions again while it shows (default DefaultPollEvery)
	NoBell     bool                 // no bell when a run settles or a chime arrives unfocused
	Desktop    string               // the desktop notification: DesktopOSC9 (default), DesktopOSC777 or DesktopOff
	// OnConnState, when set, hears every connection change of the open
	// session's stream (for the debug log), from the stream's goroutine; it
	// must not block.
	OnConnState func(client.ConnState)
	Keys        *ui.KeyMap // the keys (default DefaultKeyMap); every hint and the help follow it
	Drafts      Drafts     // keeps drafts per session between runs (nil: not kept)
	History     History    // keeps the input history per session and across them between runs (nil: for this run only)
	Light       bool       // start with the light styles, until the terminal says its background
	DebugLog    string     // the debug log's path, named in the errors overlay ("" when off)
	// ModelKeyEnv names the variable the model key is read from at start,
	// for hints ("" is VEHICLE_MODEL_KEY).
	ModelKeyEnv string
	// SaveModelKey, when set, saves the model key the person gives in the
	// key dialog in the OS keyring; nil offers no saving.
	SaveModelKey func(key string) error
	// ContextRefs are ids of what the person has open, attached to the
	// first text command sent (the seed's contextRefs).
	ContextRefs []string
	// Recent keeps which sessions were open last on this host and graph:
	// the picker offers them again (nil: not kept).
	Recent Recent
	// Continue opens the sessions open last (Recent), else the newest
	// session of the graph, at start.
	Continue bool
	// Tmux says the UI runs inside tmux ($TMUX): a copy goes through
	// tmux's own buffer (tmux load-buffer -w -), not as OSC 52, which tmux
	// drops under its default set-clipboard external.
	Tmux bool
}
