package vehicletest

import (
	"encoding/json"
	"time"
)

// The host's wire types. The host decodes requests and encodes every answer
// and event with these, never with the client's structs, so that a wrong
// JSON tag on either side shows: wire_test.go checks these against the
// examples of docs/protocol.md, as the client's tests check its own types.

// wireFrame is one answer, or one event of a session.
type wireFrame struct {
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

// wireSummary is a session as frames and listings carry it.
type wireSummary struct {
	SessionID  string      `json:"sessionId"`
	GraphID    string      `json:"graphId"`
	Title      *string     `json:"title"`
	Preview    string      `json:"preview"`
	Profile    string      `json:"profile"`
	Isolation  string      `json:"isolation,omitempty"`
	Access     string      `json:"access"`
	Funding    string      `json:"funding"`
	Model      string      `json:"model"`
	Parent     *wireParent `json:"parent,omitempty"`
	Status     string      `json:"status"`
	Body       string      `json:"body"`
	Lease      *wireLease  `json:"lease"`
	RoomPolicy string      `json:"roomPolicy"`
	Budget     wireBudget  `json:"budget"`
	Turns      int         `json:"turns"`
	CreatedAt  time.Time   `json:"createdAt"`
	UpdatedAt  time.Time   `json:"updatedAt"`
}

// displayTitle is the title, else the preview, else the session id.
func (s wireSummary) displayTitle() string {
	switch {
	case s.Title != nil && *s.Title != "":
		return *s.Title
	case s.Preview != "":
		return s.Preview
	}
	return s.SessionID
}

// wireParent names the session a fork or clone came from.
type wireParent struct {
	SessionID string `json:"sessionId"`
	Kind      string `json:"kind"`
	EntryID   string `json:"entryId,omitempty"`
}

// wireLease is the driver's lease (also lease.claimed's and lease.renewed's value).
type wireLease struct {
	Principal string    `json:"principal"`
	ClientID  string    `json:"clientId"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// wireBudget is a session's per-run cap.
type wireBudget struct {
	MaxTurns   int     `json:"maxTurns"`
	MaxCostUSD float64 `json:"maxCostUsd"`
}

// wireSnapshot is inspect's answer.
type wireSnapshot struct {
	Session    wireSummary      `json:"session"`
	Cursor     int64            `json:"cursor"`
	Commands   []wireCommand    `json:"commands"`
	Queue      []wireQueueItem  `json:"queue"`
	Chimes     []wireChime      `json:"chimes"`
	Stats      *wireStats       `json:"stats,omitempty"`
	Tools      []string         `json:"tools,omitempty"`
	Transcript []wireTranscript `json:"transcript"`
	Mirror     wireMirror       `json:"mirror"`
}

// wireStats are a live body's counts (costUsd first, as the host always wrote them).
type wireStats struct {
	CostUSD float64 `json:"costUsd"`
	Turns   int     `json:"turns"`
}

// wireCommand is one accepted command in a snapshot.
type wireCommand struct {
	CommandID   string `json:"commandId"`
	RequestID   string `json:"requestId"`
	Op          string `json:"op"`
	Status      string `json:"status"`
	Disposition string `json:"disposition,omitempty"`
	Error       string `json:"error,omitempty"`
}

// wireQueueItem is a command waiting in pi's queue.
type wireQueueItem struct {
	CommandID string `json:"commandId"`
	Op        string `json:"op"`
}

// wireChime is a pending chime in a snapshot.
type wireChime struct {
	ChimeID    string    `json:"chimeId"`
	Author     string    `json:"author"`
	Text       string    `json:"text"`
	ReceivedAt time.Time `json:"receivedAt"`
}

// wireTranscript is one transcript item of a snapshot; toolResult items
// always carry isError.
type wireTranscript struct {
	EntryID   string         `json:"entryId"`
	Role      string         `json:"role"`
	Text      string         `json:"text"`
	ToolCalls []wireToolCall `json:"toolCalls"`
	ToolName  string         `json:"toolName,omitempty"`
	IsError   *bool          `json:"isError,omitempty"`
	Timestamp time.Time      `json:"timestamp"`
}

// wireToolCall is one tool call of an assistant message, with its
// arguments as the model gave them (a JSON object).
type wireToolCall struct {
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments,omitempty"`
}

// wireMirror is inspect's mirror state.
type wireMirror struct {
	State      string     `json:"state"`
	DocumentID string     `json:"documentId,omitempty"`
	Folder     string     `json:"folder,omitempty"`
	Reason     string     `json:"reason,omitempty"`
	WrittenAt  *time.Time `json:"writtenAt,omitempty"`
	Error      string     `json:"error,omitempty"`
}

// wireCreated answers create.
type wireCreated struct {
	Session wireSummary `json:"session"`
	Lease   *wireLease  `json:"lease"`
	Cursor  int64       `json:"cursor"`
}

// wireSessions answers list.
type wireSessions struct {
	Sessions []wireSummary `json:"sessions"`
}

// wireSessionValue answers rename, and is session.created's value.
type wireSessionValue struct {
	Session wireSummary `json:"session"`
}

// wireDeleted answers delete.
type wireDeleted struct {
	SessionID string         `json:"sessionId"`
	TrashedAs string         `json:"trashedAs"`
	Mirror    *wireMirrorRef `json:"mirror,omitempty"`
}

// wireMirrorRef names a mirrored document.
type wireMirrorRef struct {
	DocumentID string `json:"documentId"`
	GraphID    string `json:"graphId"`
}

// wireClaimed answers claim.
type wireClaimed struct {
	Lease        wireLease  `json:"lease"`
	TookOverFrom *wireLease `json:"tookOverFrom,omitempty"`
}

// wireReleased answers release.
type wireReleased struct {
	SessionID string `json:"sessionId"`
}

// wireAccepted answers prompt, follow_up, steer and abort.
type wireAccepted struct {
	CommandID   string `json:"commandId"`
	Op          string `json:"op"`
	Status      string `json:"status"`
	Disposition string `json:"disposition,omitempty"`
}

// wireCancelled answers cancel.
type wireCancelled struct {
	CommandID string `json:"commandId"`
}

// wireBranched answers fork and clone.
type wireBranched struct {
	Session      wireSummary `json:"session"`
	Lease        *wireLease  `json:"lease"`
	SelectedText string      `json:"selectedText,omitempty"`
}

// wirePolicy answers set_room_policy, and is room.policy's value.
type wirePolicy struct {
	Policy string `json:"policy"`
}

// wireChimeResult answers chime, accept_chime and reject_chime.
type wireChimeResult struct {
	ChimeID   string `json:"chimeId,omitempty"`
	Status    string `json:"status,omitempty"`
	CommandID string `json:"commandId,omitempty"`
	Reason    string `json:"reason,omitempty"`
}

// wireClosed answers shutdown.
type wireClosed struct {
	SessionID string `json:"sessionId,omitempty"`
	Reason    string `json:"reason"`
}

// wireWatch answers a long-poll.
type wireWatch struct {
	Events []wireFrame `json:"events"`
	Cursor int64       `json:"cursor"`
	More   bool        `json:"more"`
}

// wireGranted answers POST /account/grants.
type wireGranted struct {
	Principal  string  `json:"principal"`
	BalanceUSD float64 `json:"balanceUsd"`
	Replayed   bool    `json:"replayed,omitempty"`
}

// wireLeaseHeld is lease_held's details.
type wireLeaseHeld struct {
	Holder      wireHolder `json:"holder"`
	CanTakeOver bool       `json:"canTakeOver"`
}

// wireHolder is what a lease_held refusal says of the holder: its client
// and when its lease ends, never its principal.
type wireHolder struct {
	ClientID  string    `json:"clientId"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// wireDoorsDetails is model_key_required's and out_of_credit's details.
type wireDoorsDetails struct {
	Doors wireDoors `json:"doors"`
}
