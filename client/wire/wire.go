package wire

import (
	"encoding/json"
	"time"
)

// Protocol is the protocol name every frame carries.
const Protocol = "sophia.vehicle-ride.v2"

// CapsuleSchema names the capsule's format.
const CapsuleSchema = "sophia.vehicle-session-capsule.v2"

// Frame is one answer of the host, or one event of a session. Error frames
// carry Code, Message and Details; events carry Seq, At and SessionID.
type Frame struct {
	Protocol  string          `json:"protocol"`
	Type      string          `json:"type"`
	RequestID string          `json:"requestId,omitempty"`
	Replayed  bool            `json:"replayed,omitempty"`
	Seq       int64           `json:"seq,omitempty"`
	At        string          `json:"at,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Code      string          `json:"code,omitempty"`
	Message   string          `json:"message,omitempty"`
	Details   json.RawMessage `json:"details,omitempty"`
	Value     json.RawMessage `json:"value,omitempty"`
}

// Event is a session event: a frame with a seq (from 1, per session), or an
// ephemeral message.delta with seq 0.
type Event = Frame

// Frame types of answers.
const (
	TypeSessionCreated   = "session.created"
	TypeSessionList      = "session.list"
	TypeSessionSnapshot  = "session.snapshot"
	TypeSessionRenamed   = "session.renamed"
	TypeSessionDeleted   = "session.deleted"
	TypeDriverClaimed    = "driver.claimed"
	TypeDriverReleased   = "driver.released"
	TypeCommandAccepted  = "command.accepted"
	TypeCommandCancelled = "command.cancelled"
	TypeSessionForked    = "session.forked"
	TypeSessionCloned    = "session.cloned"
	TypeRoomPolicy       = "room.policy"
	TypeChimeAccepted    = "chime.accepted"
	TypeChimeRejected    = "chime.rejected"
	TypeClosed           = "closed"
	TypeWatchCompleted   = "watch.completed"
	TypeSessionCapsule   = "session.capsule"
	TypeError            = "error"
	TypeAccountGranted   = "account.granted"
	TypeReady            = "ready"
)

// Event types beyond the answer types above that share their names.
const (
	EvSessionRevived     = "session.revived"
	EvSessionShutdown    = "session.shutdown"
	EvBodyMaterialized   = "body.materialized"
	EvBodyDormant        = "body.dormant"
	EvBodyExited         = "body.exited"
	EvBodyNotice         = "body.notice"
	EvLeaseClaimed       = "lease.claimed"
	EvLeaseRenewed       = "lease.renewed"
	EvLeaseReleased      = "lease.released"
	EvLeaseRevoked       = "lease.revoked"
	EvLeaseExpired       = "lease.expired"
	EvCommandDelivered   = "command.delivered"
	EvCommandCompleted   = "command.completed"
	EvCommandAborted     = "command.aborted"
	EvCommandFailed      = "command.failed"
	EvCommandInterrupted = "command.interrupted"
	EvRunStarted         = "run.started"
	EvRunEnded           = "run.ended"
	EvRunSettled         = "run.settled"
	EvRunError           = "run.error"
	EvMessageCompleted   = "message.completed"
	EvMessageDelta       = "message.delta"
	EvToolStarted        = "tool.started"
	EvToolResult         = "tool.result"
	EvQueueUpdated       = "queue.updated"
	EvQueueStranded      = "queue.stranded"
	EvBudgetExceeded     = "budget.exceeded"
	EvChimeReceived      = "chime.received"
	EvChimeResolved      = "chime.resolved"
	EvCompactionStarted  = "compaction.started"
	EvCompactionEnded    = "compaction.ended"
	EvRetryStarted       = "retry.started"
	EvExtensionError     = "extension.error"
	EvAbortSlow          = "abort.slow"
	EvMirrorWritten      = "mirror.written"
	EvMirrorFailed       = "mirror.failed"
	EvCommandCancelled   = TypeCommandCancelled
	EvCommandAccepted    = TypeCommandAccepted
	EvSessionCreated     = TypeSessionCreated
	EvSessionRenamed     = TypeSessionRenamed
	EvSessionDeleted     = TypeSessionDeleted
	EvSessionForked      = TypeSessionForked
	EvSessionCloned      = TypeSessionCloned
	EvRoomPolicy         = TypeRoomPolicy
)

// Limits and defaults of the protocol.
const (
	ReasonTakeover        = "takeover"
	MaxTextBytes          = 64 << 10
	MaxWatchWait          = 30 * time.Second
	MaxWatchEvents        = 500
	MaxTitleRunes         = 200
	DefaultMount          = "/services/vehicle"
	DefaultLeaseTTL       = 5 * time.Minute
	DefaultKeepalive      = 15 * time.Second
	DefaultMaxTurns       = 12
	DefaultMaxCostUSD     = 0.25
	DefaultRoomPolicy     = PolicySuggest
	DefaultProfile        = ProfileChat
	DefaultTranscriptText = 16 << 10
)

// Room policies.
const (
	PolicyObserve = "observe"
	PolicyMute    = "mute"
	PolicySuggest = "suggest"
	PolicyCoDrive = "co-drive"
)

// Profiles.
const (
	ProfileChat  = "chat"
	ProfileAgent = "agent"
)

// Command statuses.
const (
	StatusAccepted    = "accepted"
	StatusQueued      = "queued"
	StatusDelivered   = "delivered"
	StatusCompleted   = "completed"
	StatusAborted     = "aborted"
	StatusFailed      = "failed"
	StatusCancelled   = "cancelled"
	StatusInterrupted = "interrupted"
)

// Summary describes one session, as listings and frames carry it.
type Summary struct {
	SessionID  string    `json:"sessionId"`
	GraphID    string    `json:"graphId"`
	Title      *string   `json:"title"`
	Preview    string    `json:"preview"`
	Profile    string    `json:"profile"`
	Isolation  string    `json:"isolation,omitempty"`
	Access     string    `json:"access"`
	Funding    string    `json:"funding"`
	Model      string    `json:"model"`
	Parent     *Parent   `json:"parent,omitempty"`
	Status     string    `json:"status"`
	Body       string    `json:"body"`
	Lease      *Lease    `json:"lease"`
	RoomPolicy string    `json:"roomPolicy"`
	Budget     Budget    `json:"budget"`
	Turns      int       `json:"turns"`
	CreatedAt  time.Time `json:"createdAt"`
	UpdatedAt  time.Time `json:"updatedAt"`
}

// DisplayTitle is the title, else the preview, else the session id.
func (s Summary) DisplayTitle() string {
	if s.Title != nil && *s.Title != "" {
		return *s.Title
	}
	if p := plainPreview(s.Preview); p != "" {
		return p
	}
	return s.SessionID
}

// Parent names the session a fork or clone came from.
type Parent struct {
	SessionID string `json:"sessionId"`
	Kind      string `json:"kind"`
	EntryID   string `json:"entryId,omitempty"`
}

// Lease is the driver's lease: one principal's one client, until ExpiresAt.
type Lease struct {
	Principal string    `json:"principal"`
	ClientID  string    `json:"clientId"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// Budget is the per-run cap of a session.
type Budget struct {
	MaxTurns   int     `json:"maxTurns"`
	MaxCostUSD float64 `json:"maxCostUsd"`
}

// Snapshot is what inspect answers: the whole state of a session at Cursor.
type Snapshot struct {
	Session    Summary          `json:"session"`
	Cursor     int64            `json:"cursor"`
	Commands   []Command        `json:"commands"`
	Queue      []QueueItem      `json:"queue"`
	Chimes     []Chime          `json:"chimes"`
	Stats      json.RawMessage  `json:"stats,omitempty"`
	Tools      json.RawMessage  `json:"tools,omitempty"`
	Transcript []TranscriptItem `json:"transcript"`
	Mirror     Mirror           `json:"mirror"`
}

// Command is one accepted command and where it stands.
type Command struct {
	CommandID   string `json:"commandId"`
	RequestID   string `json:"requestId"`
	Op          string `json:"op"`
	Status      string `json:"status"`
	Disposition string `json:"disposition,omitempty"`
	Error       string `json:"error,omitempty"`
}

// QueueItem is a command waiting in pi's queue.
type QueueItem struct {
	CommandID string `json:"commandId"`
	Op        string `json:"op"`
}

// Chime is a collaborator's pending message.
type Chime struct {
	ChimeID    string    `json:"chimeId"`
	Author     string    `json:"author"`
	Text       string    `json:"text"`
	ReceivedAt time.Time `json:"receivedAt"`
}

// TranscriptItem is one entry of the active branch's transcript.
type TranscriptItem struct {
	EntryID   string     `json:"entryId"`
	Role      string     `json:"role"`
	Text      string     `json:"text"`
	ToolCalls []ToolCall `json:"toolCalls"`
	ToolName  string     `json:"toolName,omitempty"`
	IsError   bool       `json:"isError,omitempty"`
	Timestamp time.Time  `json:"timestamp"`
}

// ToolCall is one tool call of an assistant message. Arguments is the
// call's arguments as text (compact JSON for an object), at most
// MaxToolText bytes; "" when the host sent none.
type ToolCall struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Arguments string `json:"arguments,omitempty"`
}

// Mirror says where the session's record is mirrored in the graph, or why not.
type Mirror struct {
	State      string     `json:"state"`
	DocumentID string     `json:"documentId,omitempty"`
	Folder     string     `json:"folder,omitempty"`
	Reason     string     `json:"reason,omitempty"`
	WrittenAt  *time.Time `json:"writtenAt,omitempty"`
	Error      string     `json:"error,omitempty"`
}

// MirrorRef names a mirrored document, as a delete answer carries it.
type MirrorRef struct {
	DocumentID string `json:"documentId"`
	GraphID    string `json:"graphId"`
}

// WatchResult is one long-poll answer.
type WatchResult struct {
	Events []Event `json:"events"`
	Cursor int64   `json:"cursor"`
	More   bool    `json:"more"`
}

// Created answers create.
type Created struct {
	Session  Summary `json:"session"`
	Lease    *Lease  `json:"lease"`
	Cursor   int64   `json:"cursor"`
	Replayed bool    `json:"-"`
}

// Claimed answers claim; TookOverFrom names the revoked holder after a takeover.
type Claimed struct {
	Lease        Lease  `json:"lease"`
	TookOverFrom *Lease `json:"tookOverFrom,omitempty"`
	Replayed     bool   `json:"-"`
}

// Accepted answers prompt, follow_up, steer and abort.
type Accepted struct {
	CommandID   string `json:"commandId"`
	Op          string `json:"op"`
	Status      string `json:"status"`
	Disposition string `json:"disposition,omitempty"`
	Replayed    bool   `json:"-"`
}

// Cancelled answers cancel.
type Cancelled struct {
	CommandID string `json:"commandId"`
	Replayed  bool   `json:"-"`
}

// Closed answers shutdown (and ends a JSONL ride).
type Closed struct {
	SessionID string `json:"sessionId,omitempty"`
	Reason    string `json:"reason"`
}

// Branched answers fork and clone: the new session, its lease, and for a fork
// before the first message the text to send again.
type Branched struct {
	Session      Summary `json:"session"`
	Lease        *Lease  `json:"lease"`
	SelectedText string  `json:"selectedText,omitempty"`
	Replayed     bool    `json:"-"`
}

// ChimeResult answers chime, accept_chime and reject_chime. Status is pending
// or submitted for an accepted chime; Reason explains a rejection.
type ChimeResult struct {
	Accepted  bool   `json:"-"`
	ChimeID   string `json:"chimeId,omitempty"`
	Status    string `json:"status,omitempty"`
	CommandID string `json:"commandId,omitempty"`
	Reason    string `json:"reason,omitempty"`
	Replayed  bool   `json:"-"`
}

// Deleted answers delete. Mirror is set when the session was mirrored.
// ConfirmedBy is set only on an answer the client made itself, when the
// host's was lost (see DeleteOutcome.AnswerLost): ConfirmedByInspect, and no
// TrashedAs, which only the host's answer knows.
type Deleted struct {
	SessionID   string     `json:"sessionId"`
	TrashedAs   string     `json:"trashedAs,omitempty"`
	Mirror      *MirrorRef `json:"mirror,omitempty"`
	ConfirmedBy string     `json:"confirmedBy,omitempty"`
	Replayed    bool       `json:"-"`
}

// ConfirmedByInspect is Deleted.ConfirmedBy of a delete whose answer was
// lost: an inspect answered not_found after the retry did.
const ConfirmedByInspect = "inspect"

// Decode unmarshals the frame's value into v.
func (f *Frame) Decode(v any) error {
	if len(f.Value) == 0 {
		return nil
	}
	return json.Unmarshal(f.Value, v)
}
