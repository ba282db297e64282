package wire

import (
	"strconv"
	"strings"
	"time"

	"github.com/sophia-labs/vehicle/client/internal/snapshot"
)

// Me identifies this terminal: the person and this client's id. Principal
// may be empty; the state learns it from the first lease that names ClientID.
type Me struct {
	Principal string
	ClientID  string
}

// LeaseRelation says who holds a session's lease, seen from Me.
type LeaseRelation int

// Lease relations.
const (
	LeaseNone          LeaseRelation = iota // nobody holds it, or the lease has expired
	LeaseMine                               // this client holds it
	LeaseMyOtherClient                      // the same person holds it from another client
	LeaseOther                              // another person holds it
)

// String names the relation.
func (r LeaseRelation) String() string {
	switch r {
	case LeaseMine:
		return "mine"
	case LeaseMyOtherClient:
		return "my-other-client"
	case LeaseOther:
		return "other"
	default:
		return "none"
	}
}

// RunState says whether a run is under way.
type RunState int

// Run states.
const (
	RunIdle RunState = iota
	RunRunning
)

// String names the run state.
func (r RunState) String() string {
	if r == RunRunning {
		return "running"
	}
	return "idle"
}

// EntryKind says what a transcript entry is.
type EntryKind uint8

// Entry kinds.
const (
	EntryMessage EntryKind = iota // a user, assistant or tool result message
	EntryNotice                   // something that happened to the session, in words
	EntryTool                     // a tool call's chip
)

// String names the kind.
func (k EntryKind) String() string {
	switch k {
	case EntryNotice:
		return "notice"
	case EntryTool:
		return "tool"
	default:
		return "message"
	}
}

// Message roles.
const (
	RoleUser       = "user"
	RoleAssistant  = "assistant"
	RoleToolResult = "toolResult"
)

// Tool chip states.
const (
	ToolRunning = "running"
	ToolOK      = "ok"
	ToolError   = "error"
)

// Entry is one line-item of the transcript view. Entries only grow and are
// changed in place, so an entry's index is stable for the life of a State,
// but for State.FoldEarlier and State.FoldNotices, which put entries before
// others. Key is stable always; Rev says when what the entry shows changed.
type Entry struct {
	// Key identifies the entry for the life of its State, and is never
	// given to another: it does not change when earlier items are folded in
	// front of it, nor when a streamed message is replaced by its
	// message.completed. A snapshot's item at position p keys its entries
	// p*ItemKeys (its message, or a tool result's own chip) and
	// p*ItemKeys+1+j (the chip of its j-th tool call); entries made later
	// count on from the snapshot's last item, so an eager and a lazy state
	// of the same snapshot key the same items alike.
	Key        int64
	Kind       EntryKind
	IsError    bool       // a tool chip or tool result that failed
	Streaming  bool       // text so far from message.delta, not completed yet
	EntryID    string     // pi's entry id; for a chip, its tool result's entry id once known
	MessageID  string     // the message id of streamed or completed assistant text
	Role       string     // user | assistant | toolResult (messages)
	Author     string     // the collaborator of a user turn from an accepted chime
	Text       string     // message text (a chime turn without its attribution line), a tool result's text (at most MaxToolText bytes), a notice's detail
	ToolCalls  []ToolCall // an assistant message's tool calls
	ToolCallID string     // a chip's tool call id
	ToolArgs   string     // a chip's call arguments, as ToolCall.Arguments
	ToolName   string     // a chip's tool name
	ToolState  string     // a chip's state: ToolRunning, ToolOK or ToolError
	Notice     string     // an EntryNotice's text, e.g. "run aborted: budget"; "" when Event says what happened
	Event      string     // a notice made from an event: its type, for the UI to word (with Subject and Text)
	Subject    string     // what that event names: a fork's or clone's new session id, a body's exit code or signal
	Time       time.Time  // the transcript's own timestamp, or the event's time for chips and notices
	Rev        int        // the entry's version: 1 when made, bumped whenever what it shows may change (for render caches)
	Unreadable bool       // a snapshot item whose bytes do not decode: Text is those bytes, quoted
	CommandID  string     // a user turn's command, when the order of events says which one it is
	Failure    string     // a user turn's command failed: its error (command.failed)
	Cut        int64      // bytes of a streamed text's start not kept (StreamKeep); message.completed brings them

	text span // while Text is not decoded yet: its JSON string in the state's snapshot bytes
}

// Change is a bitmask of what an Apply changed; 0 means nothing a UI shows.
type Change uint32

// Changes Apply reports.
const (
	ChangeTranscript Change = 1 << iota // Entries
	ChangeLease                         // Session.Lease or Revoked
	ChangeRun                           // Run, RunID or Usage
	ChangeQueue                         // Queue
	ChangeChimes                        // Chimes
	ChangeSession                       // another field of Session, Deleted or TrashedAs
	ChangeMirror                        // Mirror
	ChangeCommands                      // Commands
	ChangeError                         // LastError
)

// changeNames names the Change bits in order.
const changeNames = "transcript lease run queue chimes session mirror commands error"

// Has reports whether c includes any bit of o.
func (c Change) Has(o Change) bool { return c&o != 0 }

// String lists the changes, e.g. "transcript|run", or "none".
func (c Change) String() string {
	if c == 0 {
		return "none"
	}
	var parts []string
	for i, name := range strings.Fields(changeNames) {
		if c&(1<<i) != 0 {
			parts = append(parts, name)
		}
	}
	if rest := c &^ (1<<len(strings.Fields(changeNames)) - 1); rest != 0 {
		parts = append(parts, "0x"+strconv.FormatUint(uint64(rest), 16))
	}
	return strings.Join(parts, "|")
}

// State is what a UI shows of one session: a snapshot with every later event
// folded in by Apply. It does no I/O, reads no clock and is not safe for
// concurrent use; the zero State is an empty one. Fields are for reading:
// change them only through Apply. Entries share their strings with the
// decoded snapshot and events.
type State struct {
	Me        Me
	Session   Summary // title, status, body, lease, room policy, budget, kept current
	Cursor    int64   // the seq of the last event applied
	Entries   []Entry
	Run       RunState
	RunID     string // the current or last run
	Usage     Usage  // of the current or last run
	Commands  []Command
	Queue     []QueueItem
	Chimes    []Chime // pending ones
	Mirror    Mirror
	Deleted   bool
	TrashedAs string
	Revoked   *LeaseEndValue // set when this client's lease was taken over, until it holds one again
	LastError string         // the last run.error, command.failed or extension.error message
	SeenAt    time.Time      // the newest event time seen: leases that expired before it count as none

	byEntry map[string]int32 // entry id -> index in Entries, less front
	streams []openText       // assistant messages being streamed
	done    [doneRing]string // message ids completed lately: later deltas for them are stale
	doneAt  int
	names   map[string]string // interned tool names and authors
	nextKey int64             // the Key of the next entry an event or a notice makes
	lazy    *snapshot.Answer  // a lazy snapshot's bytes, where entries' undecoded texts are
	earlier []span            // a lazy snapshot's items not folded yet, all before Entries[0]
	front   int32             // how many entries FoldEarlier has put before the first ones
	room    []Entry           // Entries' backing array with free slots before Entries[0], for FoldEarlier

	pending     []string         // delivered text commands whose user turn has not come yet, oldest first
	byCommand   map[string]int32 // command id -> index of its user turn in Entries, less front
	unpaired    []int32          // a snapshot's delivered text commands (indexes in Commands) not paired with a turn yet
	earlierCmds earlierCommands  // a lazy snapshot's commands before Commands[0], as bytes
	chimeCmds   []chimeCommand   // the commands accepted chimes became, lately, oldest first
}

// openText is an assistant message being streamed into Entries[index].
type openText struct {
	messageID string
	index     int
	text      *strings.Builder
}

const (
	doneRing      = 16   // completed message ids remembered against late deltas
	toolWindow    = 256  // how far back a tool result looks for its chip
	internMax     = 512  // distinct names interned per state
	internMaxSize = 128  // longer strings are not interned
	noticeMaxText = 4096 // the most of a tail or message a notice keeps
)

// NewState folds a snapshot into a new state for me. snap may be nil: the
// state is then empty, at cursor 0. The state copies what it changes, so snap
// may be kept by the caller.
func NewState(me Me, snap *Snapshot) *State {
	s := &State{Me: me, byEntry: make(map[string]int32)}
	if snap == nil {
		return s
	}
	s.Session = snap.Session
	if l := snap.Session.Lease; l != nil {
		c := *l
		s.Session.Lease = &c
		s.learnPrincipal(c)
	}
	s.Cursor = snap.Cursor
	s.SeenAt = snap.Session.UpdatedAt
	if snap.Session.Status == "running" {
		s.Run = RunRunning
	}
	s.Commands = append([]Command(nil), snap.Commands...)
	s.Queue = append([]QueueItem(nil), snap.Queue...)
	s.Chimes = append([]Chime(nil), snap.Chimes...)
	s.Mirror = snap.Mirror
	s.loadTranscript(snap.Transcript)
	s.nextKey = int64(len(snap.Transcript)) * ItemKeys
	s.snapshotTurns()
	s.pairSnapshot(len(s.Entries))
	return s
}

// Title is the session's title, else its preview, else its id.
func (s *State) Title() string { return s.Session.DisplayTitle() }

// Lease is the lease's holder and its relation to Me, as of the newest event
// seen. An expired lease counts as none. holder is a copy.
func (s *State) Lease() (rel LeaseRelation, holder *Lease) { return s.LeaseAt(s.SeenAt) }

// LeaseAt is Lease as of now, for a caller that keeps its own clock; a zero
// now never expires a lease.
func (s *State) LeaseAt(now time.Time) (rel LeaseRelation, holder *Lease) {
	l := s.Session.Lease
	if l == nil || l.ClientID == "" {
		return LeaseNone, nil
	}
	if !now.IsZero() && !l.ExpiresAt.IsZero() && l.ExpiresAt.Before(now) {
		return LeaseNone, nil
	}
	c := *l
	return s.relation(c), &c
}

// relation places a lease relative to Me.
func (s *State) relation(l Lease) LeaseRelation {
	samePerson := s.Me.Principal != "" && l.Principal == s.Me.Principal
	if s.Me.ClientID != "" && l.ClientID == s.Me.ClientID &&
		(samePerson || l.Principal == "" || s.Me.Principal == "") {
		return LeaseMine
	}
	if samePerson {
		return LeaseMyOtherClient
	}
	return LeaseOther
}

// learnPrincipal fills Me.Principal from a lease this client holds.
func (s *State) learnPrincipal(l Lease) {
	if s.Me.Principal == "" && s.Me.ClientID != "" && l.ClientID == s.Me.ClientID {
		s.Me.Principal = l.Principal
	}
}

// Apply folds one event into the state and says what changed. It never fails:
// an event of an unknown type, a value of the wrong shape, an event of another
// session, or one whose seq is not after Cursor changes nothing (0). Only
// message.delta, which has no seq, is applied without one.
func (s *State) Apply(ev Event) Change {
	if ev.Type == "" || (ev.SessionID != "" && s.Session.SessionID != "" && ev.SessionID != s.Session.SessionID) {
		return 0
	}
	if ev.Type == EvMessageDelta {
		return s.applyDelta(ev)
	}
	if ev.Seq <= s.Cursor {
		return 0
	}
	s.Cursor = ev.Seq
	at := parseEventTime(ev.At)
	if at.After(s.SeenAt) {
		s.SeenAt = at
	}
	if ch := s.applyFamily(ev, at); ch != 0 {
		return ch
	}
	return s.applyUnknown(ev, at)
}

// applyFamily hands an event to the fold of its type's family.
func (s *State) applyFamily(ev Event, at time.Time) Change {
	family, _, _ := strings.Cut(ev.Type, ".")
	switch family {
	case "lease":
		return s.applyLease(ev)
	case "command":
		return s.applyCommand(ev)
	case "run", "budget":
		return s.applyRun(ev, at)
	case "message", "tool":
		return s.applyTranscript(ev, at)
	case "session", "room", "queue":
		return s.applySession(ev, at)
	case "chime":
		return s.applyChime(ev, at)
	default:
		return s.applyOther(ev, at)
	}
}

// parseEventTime reads an RFC 3339 time; anything else is the zero time.
func parseEventTime(v string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, v)
	if err != nil {
		return time.Time{}
	}
	return t
}
