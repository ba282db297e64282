package client

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
	Isolation string  `json:"isolation,omitempty"` // an agent session's box
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
