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

// wireCapsuleSeed is the capsule with the seed's words for its fields
// (Choices.CapsuleSeedWords): the same content under other names.
type wireCapsuleSeed struct {
	Schema         string                  `json:"schema"`
	Identity       wireCapsuleSeedIdentity `json:"identity"`
	Posture        wireCapsuleSeedPosture  `json:"posture"`
	CommandSummary wireCapsuleCommands     `json:"commandSummary"`
	Milestones     []wireCapsuleMilestone  `json:"milestones"`
	Transcript     []wireCapsuleTranscript `json:"transcript"`
	Authority      wireCapsuleAuthority    `json:"authority"`
}

// wireCapsuleSeedIdentity is the identity in the seed's words: session,
// graph, profile, access, model, parent.
type wireCapsuleSeedIdentity struct {
	Session   string      `json:"session"`
	Graph     string      `json:"graph"`
	Profile   string      `json:"profile"`
	Isolation string      `json:"isolation,omitempty"`
	Access    string      `json:"access"`
	Model     string      `json:"model"`
	Parent    *wireParent `json:"parent,omitempty"`
}

// wireCapsuleSeedPosture is the posture in the seed's words: status,
// cursor, lease (holder), budget.
type wireCapsuleSeedPosture struct {
	Status string     `json:"status"`
	Cursor int64      `json:"cursor"`
	Lease  *wireLease `json:"lease"`
	Budget wireBudget `json:"budget"`
}

// seedWords is c under the seed's words.
func (c wireCapsule) seedWords() wireCapsuleSeed {
	id, p := c.Identity, c.Posture
	return wireCapsuleSeed{
		Schema: c.Schema,
		Identity: wireCapsuleSeedIdentity{Session: id.SessionID, Graph: id.GraphID, Profile: id.Profile,
			Isolation: id.Isolation, Access: id.Access, Model: id.Model, Parent: id.Parent},
		Posture:        wireCapsuleSeedPosture{Status: p.Status, Cursor: p.Cursor, Lease: p.LeaseHolder, Budget: p.Budget},
		CommandSummary: c.Commands, Milestones: c.Milestones, Transcript: c.Transcript, Authority: c.Authority,
	}
}
