// Package client speaks Vehicle ride v2 over HTTP: frames, errors, the typed
// routes and verbs, watching by SSE with a long-poll fallback, and the session
// state reducer that folds a snapshot and its events into what a UI shows.
package client

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
	TypeSessionCreated  = "session.created"
	TypeSessionList     = "session.list"
	TypeSessionSnapshot = "session.snapshot"
	TypeSessionRenamed  = "session.renamed"
	TypeSessionDeleted  = "session.deleted"
	TypeDriverClaimed   = "driver.claimed"
	TypeDriverReleased  = "driver.released"
	TypeCommandAccepted = "command.accepted"
	TypeCommandCanceled = "command.cancelled"
	TypeSessionForked   = "session.forked"
	TypeSessionCloned   = "session.cloned"
	TypeRoomPolicy      = "room.policy"
	TypeChimeAccepted   = "chime.accepted"
	TypeChimeRejected   = "chime.rejected"
	TypeClosed          = "closed"
	TypeWatchCompleted  = "watch.completed"
	TypeSessionCapsule  = "session.capsule"
	TypeError           = "error"
	TypeAccountGranted  = "account.granted"
	TypeReady           = "ready"
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
	EvCommandCancelled   = TypeCommandCanceled
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
	if s.Preview != "" {
		return s.Preview
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

// ToolCall is one tool call of an assistant message.
type ToolCall struct {
	ID   string `json:"id"`
	Name string `json:"name"`
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
type Deleted struct {
	SessionID string     `json:"sessionId"`
	TrashedAs string     `json:"trashedAs"`
	Mirror    *MirrorRef `json:"mirror,omitempty"`
	Replayed  bool       `json:"-"`
}

// Account is what GET /account answers. Kind is member, account or anonymous.
type Account struct {
	Kind            string  `json:"kind"`
	Principal       string  `json:"principal,omitempty"`
	Email           string  `json:"email,omitempty"`
	EmailVerified   bool    `json:"emailVerified,omitempty"`
	TurnsToday      int     `json:"turnsToday"`
	TurnsPerDay     int     `json:"turnsPerDay,omitempty"`
	SessionMaxTurns int     `json:"sessionMaxTurns,omitempty"`
	Credit          *Credit `json:"credit,omitempty"`
	Doors           *Doors  `json:"doors,omitempty"`
	BYOK            *BYOK   `json:"byok,omitempty"`
}

// Account kinds.
const (
	AccountMember    = "member"
	AccountAccount   = "account"
	AccountAnonymous = "anonymous"
)

// Credit is a Sophia account's credit.
type Credit struct {
	BalanceUSD    float64  `json:"balanceUsd"`
	GrantedUSD    float64  `json:"grantedUsd"`
	SpentUSD      float64  `json:"spentUsd"`
	DefaultModel  string   `json:"defaultModel"`
	Models        []string `json:"models"`
	PoolOpenToday bool     `json:"poolOpenToday"`
}

// Doors says how a public caller can pay for a conversation.
type Doors struct {
	BYOK    Door `json:"byok"`
	Account Door `json:"account"`
}

// Door is one way in: the header to send and what it means.
type Door struct {
	Header      string `json:"header"`
	Description string `json:"description,omitempty"`
}

// BYOK describes the own-key door.
type BYOK struct {
	Provider     string `json:"provider"`
	DefaultModel string `json:"defaultModel"`
}

// Granted answers POST /account/grants.
type Granted struct {
	Principal  string  `json:"principal"`
	BalanceUSD float64 `json:"balanceUsd"`
	Replayed   bool    `json:"replayed,omitempty"`
}

// Capsule is the bounded, safe hand-over of a session.
type Capsule struct {
	Schema     string              `json:"schema"`
	Identity   CapsuleIdentity     `json:"identity"`
	Posture    CapsulePosture      `json:"posture"`
	Commands   CapsuleCommands     `json:"commands"`
	Milestones []CapsuleMilestone  `json:"milestones"`
	Transcript []CapsuleTranscript `json:"transcript"`
	Authority  CapsuleAuthority    `json:"authority"`
}

// CapsuleIdentity names the session.
type CapsuleIdentity struct {
	SessionID string  `json:"sessionId"`
	GraphID   string  `json:"graphId"`
	Profile   string  `json:"profile"`
	Access    string  `json:"access"`
	Model     string  `json:"model"`
	Parent    *Parent `json:"parent,omitempty"`
}

// CapsulePosture is where the session stands.
type CapsulePosture struct {
	Status      string `json:"status"`
	Cursor      int64  `json:"cursor"`
	LeaseHolder *Lease `json:"leaseHolder"`
	Budget      Budget `json:"budget"`
}

// CapsuleCommands counts commands by status and lists the last 16 without text.
type CapsuleCommands struct {
	Counts map[string]int   `json:"counts"`
	Last   []CapsuleCommand `json:"last"`
}

// CapsuleCommand is a command without its text.
type CapsuleCommand struct {
	CommandID string `json:"commandId"`
	Op        string `json:"op"`
	Status    string `json:"status"`
}

// CapsuleMilestone is a landmark event: ids, statuses and counts only.
type CapsuleMilestone struct {
	Seq       int64  `json:"seq"`
	Type      string `json:"type"`
	RunID     string `json:"runId,omitempty"`
	CommandID string `json:"commandId,omitempty"`
	Status    string `json:"status,omitempty"`
	Turns     int    `json:"turns,omitempty"`
}

// CapsuleTranscript is one of the last 32 transcript items: assistant text (at
// most 4 KiB), user turns as their length only, tool results as name and flag.
type CapsuleTranscript struct {
	EntryID   string   `json:"entryId"`
	Role      string   `json:"role"`
	Text      string   `json:"text,omitempty"`
	Length    int      `json:"length,omitempty"`
	ToolNames []string `json:"toolNames,omitempty"`
	ToolName  string   `json:"toolName,omitempty"`
	IsError   bool     `json:"isError,omitempty"`
}

// CapsuleAuthority says what the capsule lets its holder do: nothing.
type CapsuleAuthority struct {
	Mutations bool `json:"mutations"`
}

// Event values the client renders.
type (
	// LeaseValue is the value of lease.claimed and lease.renewed.
	LeaseValue = Lease
	// LeaseEndValue is the value of lease.released, lease.expired and lease.revoked.
	LeaseEndValue struct {
		ClientID string `json:"clientId"`
		By       string `json:"by,omitempty"`
		Reason   string `json:"reason,omitempty"`
	}
	// CommandValue is the value of command.* events.
	CommandValue struct {
		CommandID   string `json:"commandId"`
		Op          string `json:"op,omitempty"`
		Status      string `json:"status,omitempty"`
		Disposition string `json:"disposition,omitempty"`
		Error       string `json:"error,omitempty"`
	}
	// RunValue is the value of run.started, run.ended and run.error.
	RunValue struct {
		RunID   string   `json:"runId"`
		Tools   []string `json:"tools,omitempty"`
		Message string   `json:"message,omitempty"`
	}
	// RunSettledValue is the value of run.settled.
	RunSettledValue struct {
		RunID      string `json:"runId"`
		Aborted    bool   `json:"aborted"`
		Reason     string `json:"reason,omitempty"`
		StopReason string `json:"stopReason,omitempty"`
		Usage      Usage  `json:"usage"`
	}
	// Usage counts a run's turns and cost.
	Usage struct {
		Turns   int     `json:"turns"`
		CostUSD float64 `json:"costUsd"`
	}
	// MessageValue is the value of message.completed.
	MessageValue struct {
		EntryID   string     `json:"entryId"`
		MessageID string     `json:"messageId,omitempty"`
		Role      string     `json:"role"`
		Text      string     `json:"text"`
		ToolCalls []ToolCall `json:"toolCalls,omitempty"`
		ToolName  string     `json:"toolName,omitempty"`
		IsError   bool       `json:"isError,omitempty"`
		Usage     *Usage     `json:"usage,omitempty"`
		Timestamp time.Time  `json:"timestamp"`
	}
	// DeltaValue is the value of the ephemeral message.delta.
	DeltaValue struct {
		RunID     string `json:"runId"`
		MessageID string `json:"messageId"`
		Delta     string `json:"delta"`
	}
	// ToolValue is the value of tool.started and tool.result.
	ToolValue struct {
		ToolCallID string `json:"toolCallId"`
		ToolName   string `json:"toolName"`
		IsError    bool   `json:"isError,omitempty"`
	}
	// QueueValue is the value of queue.updated.
	QueueValue struct {
		Queue []QueueItem `json:"queue"`
	}
	// BudgetValue is the value of budget.exceeded.
	BudgetValue struct {
		Reason  string  `json:"reason"`
		Turns   int     `json:"turns"`
		CostUSD float64 `json:"costUsd"`
	}
	// PolicyValue is the value of room.policy.
	PolicyValue struct {
		Policy string `json:"policy"`
	}
	// ChimeValue is the value of chime.received.
	ChimeValue struct {
		ChimeID string `json:"chimeId"`
		Author  string `json:"author"`
		Text    string `json:"text"`
	}
	// ChimeResolvedValue is the value of chime.resolved.
	ChimeResolvedValue struct {
		ChimeID   string `json:"chimeId"`
		Accepted  bool   `json:"accepted"`
		CommandID string `json:"commandId,omitempty"`
		By        string `json:"by"`
	}
	// TitleValue is the value of session.renamed.
	TitleValue struct {
		Title *string `json:"title"`
	}
	// TrashValue is the value of session.deleted.
	TrashValue struct {
		TrashedAs string `json:"trashedAs"`
	}
	// BranchValue is the value of session.forked and session.cloned.
	BranchValue struct {
		SessionID string `json:"sessionId"`
		Parent    Parent `json:"parent"`
	}
	// MirrorValue is the value of mirror.written and mirror.failed.
	MirrorValue struct {
		DocumentID string `json:"documentId"`
		Created    bool   `json:"created,omitempty"`
		Message    string `json:"message,omitempty"`
	}
	// BodyValue is the value of body.materialized, body.exited and body.notice.
	BodyValue struct {
		Kind       string `json:"kind,omitempty"`
		Isolation  string `json:"isolation,omitempty"`
		Code       *int   `json:"code,omitempty"`
		Signal     string `json:"signal,omitempty"`
		StderrTail string `json:"stderrTail,omitempty"`
		Message    string `json:"message,omitempty"`
	}
)

// Decode unmarshals the frame's value into v.
func (f *Frame) Decode(v any) error {
	if len(f.Value) == 0 {
		return nil
	}
	return json.Unmarshal(f.Value, v)
}
