package wire

import "time"

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

// EventValue returns a pointer to a fresh value of the type the value of an
// event of type typ decodes into (for example *LeaseValue for
// lease.claimed), or nil for a type the client shows generically. Decode
// an Event's Value into it.
func EventValue(typ string) any {
	switch typ {
	case EvLeaseClaimed, EvLeaseRenewed:
		return &LeaseValue{}
	case EvLeaseReleased, EvLeaseExpired, EvLeaseRevoked:
		return &LeaseEndValue{}
	case EvCommandAccepted, EvCommandDelivered, EvCommandCompleted, EvCommandAborted,
		EvCommandFailed, EvCommandCancelled, EvCommandInterrupted:
		return &CommandValue{}
	case EvRunStarted, EvRunEnded, EvRunError:
		return &RunValue{}
	case EvRunSettled:
		return &RunSettledValue{}
	case EvMessageCompleted:
		return &MessageValue{}
	case EvMessageDelta:
		return &DeltaValue{}
	case EvToolStarted, EvToolResult:
		return &ToolValue{}
	case EvQueueUpdated:
		return &QueueValue{}
	case EvBudgetExceeded:
		return &BudgetValue{}
	case EvRoomPolicy:
		return &PolicyValue{}
	case EvChimeReceived:
		return &ChimeValue{}
	case EvChimeResolved:
		return &ChimeResolvedValue{}
	case EvSessionRenamed:
		return &TitleValue{}
	case EvSessionDeleted:
		return &TrashValue{}
	case EvSessionForked, EvSessionCloned:
		return &BranchValue{}
	case EvMirrorWritten, EvMirrorFailed:
		return &MirrorValue{}
	case EvBodyMaterialized, EvBodyExited, EvBodyNotice:
		return &BodyValue{}
	}
	return nil
}
