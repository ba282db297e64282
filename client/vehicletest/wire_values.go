package vehicletest

import "time"

// Event values and the account object, as the host writes them.

// wireLeaseEnd is lease.released's, lease.expired's and lease.revoked's value.
type wireLeaseEnd struct {
	ClientID string `json:"clientId"`
	By       string `json:"by,omitempty"`
	Reason   string `json:"reason,omitempty"`
}

// wireCommandValue is the value of command.* events.
type wireCommandValue struct {
	CommandID   string `json:"commandId"`
	Op          string `json:"op,omitempty"`
	Status      string `json:"status,omitempty"`
	Disposition string `json:"disposition,omitempty"`
	Error       string `json:"error,omitempty"`
}

// wireRun is run.started's, run.ended's and run.error's value.
type wireRun struct {
	RunID   string   `json:"runId"`
	Tools   []string `json:"tools,omitempty"`
	Message string   `json:"message,omitempty"`
}

// wireSettled is run.settled's value.
type wireSettled struct {
	RunID      string    `json:"runId"`
	Aborted    bool      `json:"aborted"`
	Reason     string    `json:"reason,omitempty"`
	StopReason string    `json:"stopReason,omitempty"`
	Usage      wireUsage `json:"usage"`
}

// wireUsage counts turns and cost.
type wireUsage struct {
	Turns   int     `json:"turns"`
	CostUSD float64 `json:"costUsd"`
}

// wireMessage is message.completed's value.
type wireMessage struct {
	EntryID   string         `json:"entryId"`
	MessageID string         `json:"messageId,omitempty"`
	Role      string         `json:"role"`
	Text      string         `json:"text"`
	ToolCalls []wireToolCall `json:"toolCalls,omitempty"`
	ToolName  string         `json:"toolName,omitempty"`
	IsError   *bool          `json:"isError,omitempty"`
	Usage     *wireUsage     `json:"usage,omitempty"`
	Timestamp time.Time      `json:"timestamp"`
}

// wireDelta is the ephemeral message.delta's value.
type wireDelta struct {
	RunID     string `json:"runId"`
	MessageID string `json:"messageId"`
	Delta     string `json:"delta"`
}

// wireToolStarted is tool.started's value.
type wireToolStarted struct {
	ToolCallID string `json:"toolCallId"`
	ToolName   string `json:"toolName"`
}

// wireToolResult is tool.result's value, with isError always present.
type wireToolResult struct {
	ToolCallID string `json:"toolCallId"`
	ToolName   string `json:"toolName"`
	IsError    bool   `json:"isError"`
}

// wireQueue is queue.updated's value: pi's whole queue.
type wireQueue struct {
	Queue []wireQueueItem `json:"queue"`
}

// wireStranded is queue.stranded's value.
type wireStranded struct {
	CommandIDs []string `json:"commandIds"`
	Reason     string   `json:"reason"`
}

// wireBudgetExceeded is budget.exceeded's value.
type wireBudgetExceeded struct {
	Reason  string  `json:"reason"`
	Turns   int     `json:"turns"`
	CostUSD float64 `json:"costUsd"`
}

// wireChimeReceived is chime.received's value.
type wireChimeReceived struct {
	ChimeID string `json:"chimeId"`
	Author  string `json:"author"`
	Text    string `json:"text"`
}

// wireChimeResolved is chime.resolved's value.
type wireChimeResolved struct {
	ChimeID   string `json:"chimeId"`
	Accepted  bool   `json:"accepted"`
	CommandID string `json:"commandId,omitempty"`
	By        string `json:"by"`
}

// wireTitle is session.renamed's value.
type wireTitle struct {
	Title *string `json:"title"`
}

// wireTrash is session.deleted's value.
type wireTrash struct {
	TrashedAs string `json:"trashedAs"`
}

// wireBranch is session.forked's and session.cloned's value.
type wireBranch struct {
	SessionID string     `json:"sessionId"`
	Parent    wireParent `json:"parent"`
}

// wireMirrorWritten is mirror.written's value, with created always present.
type wireMirrorWritten struct {
	DocumentID string `json:"documentId"`
	Created    bool   `json:"created"`
}

// wireMirrorFailed is mirror.failed's value.
type wireMirrorFailed struct {
	DocumentID string `json:"documentId"`
	Message    string `json:"message"`
}

// wireBodyMaterialized is body.materialized's value: the body's kind and
// an agent's box.
type wireBodyMaterialized struct {
	Kind      string `json:"kind"`
	Isolation string `json:"isolation,omitempty"`
}

// wireBodyExited is body.exited's value: an exit code or a signal, and the
// tail of the body's stderr.
type wireBodyExited struct {
	Code       *int   `json:"code,omitempty"`
	Signal     string `json:"signal,omitempty"`
	StderrTail string `json:"stderrTail,omitempty"`
}

// wireMessageOnly is body.notice's value.
type wireMessageOnly struct {
	Message string `json:"message"`
}

// wireEmpty is the value of session.revived, session.shutdown and body.dormant.
type wireEmpty struct{}

// wireAbortSlow is abort.slow's value.
type wireAbortSlow struct {
	RunID    string `json:"runId"`
	WaitedMs int64  `json:"waitedMs"`
}

// wireCompactionStarted is compaction.started's value.
type wireCompactionStarted struct {
	Reason string `json:"reason"`
}

// wireCompactionEnded is compaction.ended's value.
type wireCompactionEnded struct {
	Aborted bool `json:"aborted"`
}

// wireRetry is retry.started's value.
type wireRetry struct {
	Attempt int    `json:"attempt"`
	DelayMs int64  `json:"delayMs"`
	Message string `json:"message"`
}

// wireExtensionError is extension.error's value.
type wireExtensionError struct {
	Extension string `json:"extension"`
	Message   string `json:"message"`
}

// wireAccount is GET /account's answer, unwrapped.
type wireAccount struct {
	Kind            string      `json:"kind"`
	Principal       string      `json:"principal,omitempty"`
	Email           string      `json:"email,omitempty"`
	EmailVerified   *bool       `json:"emailVerified,omitempty"`
	TurnsToday      int         `json:"turnsToday"`
	TurnsPerDay     int         `json:"turnsPerDay,omitempty"`
	SessionMaxTurns int         `json:"sessionMaxTurns,omitempty"`
	Credit          *wireCredit `json:"credit,omitempty"`
	Doors           *wireDoors  `json:"doors,omitempty"`
	BYOK            *wireBYOK   `json:"byok,omitempty"`
}

// wireCredit is an account's credit.
type wireCredit struct {
	BalanceUSD    float64  `json:"balanceUsd"`
	GrantedUSD    float64  `json:"grantedUsd"`
	SpentUSD      float64  `json:"spentUsd"`
	DefaultModel  string   `json:"defaultModel"`
	Models        []string `json:"models"`
	PoolOpenToday bool     `json:"poolOpenToday"`
}

// wireDoors says how a public caller can pay for a conversation.
type wireDoors struct {
	BYOK    wireDoor `json:"byok"`
	Account wireDoor `json:"account"`
}

// wireDoor is one way in: the header to send and what it means.
type wireDoor struct {
	Header      string `json:"header"`
	Description string `json:"description,omitempty"`
}

// wireBYOK describes the own-key door.
type wireBYOK struct {
	Provider     string `json:"provider"`
	DefaultModel string `json:"defaultModel"`
}
