package vehicletest

// wireCapsule is the bounded, safe hand-over of a session.
type wireCapsule struct {
	Schema     string                  `json:"schema"`
	Identity   wireCapsuleIdentity     `json:"identity"`
	Posture    wireCapsulePosture      `json:"posture"`
	Commands   wireCapsuleCommands     `json:"commands"`
	Milestones []wireCapsuleMilestone  `json:"milestones"`
	Transcript []wireCapsuleTranscript `json:"transcript"`
	Authority  wireCapsuleAuthority    `json:"authority"`
}

// wireCapsuleIdentity names the session, and an agent session's box.
type wireCapsuleIdentity struct {
	SessionID string      `json:"sessionId"`
	GraphID   string      `json:"graphId"`
	Profile   string      `json:"profile"`
	Isolation string      `json:"isolation,omitempty"`
	Access    string      `json:"access"`
	Model     string      `json:"model"`
	Parent    *wireParent `json:"parent,omitempty"`
}

// wireCapsulePosture is where the session stands.
type wireCapsulePosture struct {
	Status      string     `json:"status"`
	Cursor      int64      `json:"cursor"`
	LeaseHolder *wireLease `json:"leaseHolder"`
	Budget      wireBudget `json:"budget"`
}

// wireCapsuleCommands counts commands by status and lists the last 16.
type wireCapsuleCommands struct {
	Counts map[string]int       `json:"counts"`
	Last   []wireCapsuleCommand `json:"last"`
}

// wireCapsuleCommand is a command without its text.
type wireCapsuleCommand struct {
	CommandID string `json:"commandId"`
	Op        string `json:"op"`
	Status    string `json:"status"`
}

// wireCapsuleMilestone is a landmark event: ids, statuses and counts only.
type wireCapsuleMilestone struct {
	Seq       int64  `json:"seq"`
	Type      string `json:"type"`
	RunID     string `json:"runId,omitempty"`
	CommandID string `json:"commandId,omitempty"`
	Status    string `json:"status,omitempty"`
	Turns     int    `json:"turns,omitempty"`
}

// wireCapsuleTranscript is one of the last transcript items, bounded.
type wireCapsuleTranscript struct {
	EntryID   string   `json:"entryId"`
	Role      string   `json:"role"`
	Text      string   `json:"text,omitempty"`
	Length    int      `json:"length,omitempty"`
	ToolNames []string `json:"toolNames,omitempty"`
	ToolName  string   `json:"toolName,omitempty"`
	IsError   bool     `json:"isError,omitempty"`
}

// wireCapsuleAuthority says what the capsule lets its holder do: nothing.
type wireCapsuleAuthority struct {
	Mutations bool `json:"mutations"`
}
