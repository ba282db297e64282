package vehicletest

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sophia-labs/vehicle/client"
)

// Session access and funding.
const (
	accessReader  = "reader"
	accessWriter  = "writer"
	fundingMember = "member"
	fundingBYOK   = "byok"
	fundingCredit = "credit"
)

// session is one conversation and its durable log.
type session struct {
	id, graph      string
	owner          string // principal
	ownerKind      string
	title          *string
	profile        string
	isolation      string
	access         string
	funding        string
	model          string
	parent         *wireParent
	budget         wireBudget
	roomPolicy     string
	lease          *wireLease
	leaseTTL       time.Duration
	leaseAnnounced time.Time   // the expiresAt last announced by an event
	leaseStop      func() bool // stops the lease's timer; nil when none is armed
	idleStop       func() bool // stops the idle body's timer; nil when none is armed
	idleSince      time.Time   // when the body last became idle
	createdAt      time.Time
	updatedAt      time.Time
	live           bool
	deleted        bool

	events     []wireFrame
	subs       map[*subscriber]struct{}
	notify     chan struct{} // closed and replaced at every durable event
	requests   map[string]stored
	commands   []*command
	byCommand  map[string]*command
	queue      []*command
	chimes     []*pendingChime
	transcript []wireTranscript
	ownFrom    int // a fork's first own item: the history before it is its source's
	run        *run

	turns      int     // user turns accepted (prompts, follow-ups, steers)
	modelTurns int     // model turns over every run
	costUSD    float64 // cost over every run
	mirrored   bool
	mirrorAt   time.Time
	mirrorErr  string // the last write's failure, until a write succeeds
	mirrorSum  string // the fingerprint of the record last written (mirrorRecord)
	modelKey   string // the newest X-Model-Key of a byok session, in memory only
}

// command is one accepted command.
type command struct {
	id, requestID string
	op            string
	status        string
	disposition   string
	err           string
	text          string
	refs          []string
}

func (c *command) open() bool {
	switch c.status {
	case client.StatusAccepted, client.StatusQueued, client.StatusDelivered:
		return true
	}
	return false
}

// pendingChime is a chime waiting for the driver's decision.
type pendingChime struct {
	id, author, text string
	at               time.Time
}

func (h *Host) newSession(rq *request, profile, access, funding string) *session {
	now := h.now()
	s := &session{
		id: h.newID("s"), graph: rq.graph, owner: rq.caller.principal, ownerKind: rq.caller.kind,
		profile: profile, access: access, funding: funding,
		roomPolicy: client.DefaultRoomPolicy, leaseTTL: h.cfg.limits.LeaseTTL,
		createdAt: now, updatedAt: now,
		subs: map[*subscriber]struct{}{}, notify: make(chan struct{}),
		requests: map[string]stored{}, byCommand: map[string]*command{},
	}
	if profile == client.ProfileAgent {
		s.isolation = h.cfg.isolation
	}
	h.sessions[s.id] = s
	return s
}

// summary describes the session as frames and listings carry it.
func (h *Host) summary(s *session) wireSummary {
	sum := wireSummary{
		SessionID: s.id, GraphID: s.graph, Title: s.title, Preview: s.preview(),
		Profile: s.profile, Isolation: s.isolation, Access: s.access, Funding: s.funding,
		Model: s.model, Parent: s.parent, Status: "idle", Body: "dormant",
		RoomPolicy: s.roomPolicy, Budget: s.budget, Turns: s.turns,
		CreatedAt: s.createdAt, UpdatedAt: s.updatedAt,
	}
	if s.run != nil {
		sum.Status = "running"
	}
	if s.live {
		sum.Body = "live"
	}
	if s.lease != nil {
		l := *s.lease
		sum.Lease = &l
	}
	return sum
}

// preview is the session's first user text: a fork's own first message
// once something is said in it, else the first of the history it begins
// with; trimmed to about 80 characters.
func (s *session) preview() string {
	if p := preview(s.transcript[s.ownFrom:]); p != "" {
		return p
	}
	return preview(s.transcript)
}

// preview is the first user text of items, trimmed to about 80 characters.
func preview(items []wireTranscript) string {
	for _, it := range items {
		if it.Role == "user" {
			return clip(strings.Join(strings.Fields(it.Text), " "), 80, "…")
		}
	}
	return ""
}

// clip cuts s to at most n runes, adding the ellipsis when it cut.
func clip(s string, n int, ellipsis string) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n])) + ellipsis
}

// clipBytes cuts s to at most n bytes on a rune boundary.
func clipBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// emit appends a durable event, hands it to the streams and wakes the
// long-polls. Called with h.mu held.
func (h *Host) emit(s *session, typ string, value any) wireFrame {
	now := h.now()
	f := wireFrame{
		Protocol: client.Protocol, Type: typ, Seq: int64(len(s.events)) + 1,
		At: now.Format(time.RFC3339Nano), SessionID: s.id, Value: mustJSON(value),
	}
	s.events = append(s.events, f)
	s.updatedAt = now
	h.fanout(s, f)
	close(s.notify)
	s.notify = make(chan struct{})
	return f
}

// emitDelta hands an ephemeral message.delta to the streams only.
func (h *Host) emitDelta(s *session, v wireDelta) {
	h.fanout(s, wireFrame{Protocol: client.Protocol, Type: client.EvMessageDelta, SessionID: s.id, Value: mustJSON(v)})
}

// cursor is the seq of the session's last event.
func (s *session) cursor() int64 { return int64(len(s.events)) }

// addMessage records a transcript item and announces it.
func (h *Host) addMessage(s *session, it wireTranscript, messageID string, usage *wireUsage) {
	s.transcript = append(s.transcript, it)
	h.emit(s, client.EvMessageCompleted, wireMessage{
		EntryID: it.EntryID, MessageID: messageID, Role: it.Role, Text: it.Text, ToolCalls: it.ToolCalls,
		ToolName: it.ToolName, IsError: it.IsError, Usage: usage, Timestamp: it.Timestamp,
	})
}

// addCommand registers an accepted command.
func (s *session) addCommand(c *command) {
	s.commands = append(s.commands, c)
	s.byCommand[c.id] = c
}

// openCommands reports whether a command is still accepted, queued or delivered.
func (s *session) openCommands() bool {
	for _, c := range s.commands {
		if c.open() {
			return true
		}
	}
	return false
}

// materialize brings the body back when it is dormant.
func (h *Host) materialize(s *session) {
	if s.live {
		return
	}
	s.live = true
	h.emit(s, client.EvBodyMaterialized, bodyValue(s))
}

func bodyValue(s *session) wireBodyMaterialized {
	if s.profile == client.ProfileAgent {
		return wireBodyMaterialized{Kind: "rpc", Isolation: s.isolation}
	}
	return wireBodyMaterialized{Kind: "in-process"}
}

// announceNew starts a new session's log: session.created with the summary
// as created (body live, lease given when claimed), body.materialized and
// lease.claimed.
func (h *Host) announceNew(s *session, principal, clientID string, claim bool) *wireLease {
	s.live = true
	if claim {
		l := wireLease{Principal: principal, ClientID: clientID, ExpiresAt: h.now().Add(s.leaseTTL)}
		s.lease, s.leaseAnnounced = &l, l.ExpiresAt
		h.armLease(s)
	}
	h.emit(s, client.EvSessionCreated, wireSessionValue{Session: h.summary(s)})
	h.emit(s, client.EvBodyMaterialized, bodyValue(s))
	h.armIdle(s)
	if s.lease == nil {
		return nil
	}
	l := *s.lease
	h.emit(s, client.EvLeaseClaimed, l)
	return &l
}

// tools are the tools of the session's body.
func (s *session) tools() []string {
	t := []string{"list_documents", "read_document", "search_documents"}
	if s.access == accessWriter {
		t = append(t, "create_document", "write_document")
	}
	if s.profile == client.ProfileAgent {
		t = append(t, "bash", "edit", "read", "write")
	}
	return t
}

func (s *session) queueItems() []wireQueueItem {
	q := make([]wireQueueItem, 0, len(s.queue))
	for _, c := range s.queue {
		q = append(q, wireQueueItem{CommandID: c.id, Op: c.op})
	}
	return q
}

func (h *Host) queueUpdated(s *session) {
	h.emit(s, client.EvQueueUpdated, wireQueue{Queue: s.queueItems()})
}
