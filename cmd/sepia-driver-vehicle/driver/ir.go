package driver

import (
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// AgentID is the driver's id, the agentId of every session it serves.
const AgentID = "vehicle"

// SessionSummary is a session of the IR without its messages: what
// session.list and session.summary answer (docs/sepia-driver.md).
type SessionSummary struct {
	ID        string    `json:"id"`
	AgentID   string    `json:"agentId"`
	Title     string    `json:"title"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
	Model     string    `json:"model"`
	Parent    *Parent   `json:"parent,omitempty"`
	Graph     string    `json:"graph"`
	Profile   string    `json:"profile"`
}

// Session is a whole session of the IR: what session.get answers.
type Session struct {
	SessionSummary
	Messages []Message `json:"messages"`
}

// Parent names the session a fork or a clone came from; MessageID is the
// message a fork was made before.
type Parent struct {
	ID        string `json:"id"`
	Kind      string `json:"kind"`
	MessageID string `json:"messageId,omitempty"`
}

// Message is one transcript entry: ID is the entry's id, Role is user,
// assistant or toolResult.
type Message struct {
	ID        string     `json:"id"`
	Role      string     `json:"role"`
	Text      string     `json:"text"`
	ToolCalls []ToolCall `json:"toolCalls,omitempty"`
	ToolName  string     `json:"toolName,omitempty"`
	IsError   bool       `json:"isError,omitempty"`
	Timestamp time.Time  `json:"timestamp"`
}

// ToolCall is one tool call of an assistant message: its id and the tool's
// name (the arguments are not carried).
type ToolCall struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// HistoryPage is what session.history answers: Messages in transcript order,
// the last of them just before the request's before (or the transcript's
// end). NextBefore is what to pass as before for the page before this one,
// nil when this page starts the transcript; Total counts the whole
// transcript.
type HistoryPage struct {
	Messages   []Message `json:"messages"`
	HasMore    bool      `json:"hasMore"`
	NextBefore *string   `json:"nextBefore"`
	Total      int       `json:"total"`
}

// Deletion is what session.delete answers: the session's place in the
// host's trash, and what became of its mirrored document.
type Deletion struct {
	ID        string          `json:"id"`
	Deleted   bool            `json:"deleted"`
	TrashedAs string          `json:"trashedAs"`
	Mirror    *MirrorDeletion `json:"mirror,omitempty"`
}

// MirrorDeletion reports the mirrored document of a deleted session: Trashed
// is true when it went to the workspace's Trash, else Error says why not.
type MirrorDeletion struct {
	DocumentID string `json:"documentId"`
	Graph      string `json:"graph"`
	Trashed    bool   `json:"trashed"`
	Error      string `json:"error,omitempty"`
}

// summaryIR converts the host's summary. The title is the session's own, or
// its preview (the first thing said) when it has none, as vehicle lists it.
func summaryIR(s client.Summary) SessionSummary {
	title := s.Preview
	if s.Title != nil && *s.Title != "" {
		title = *s.Title
	}
	out := SessionSummary{
		ID: s.SessionID, AgentID: AgentID, Title: title,
		CreatedAt: s.CreatedAt, UpdatedAt: s.UpdatedAt,
		Model: s.Model, Graph: s.GraphID, Profile: s.Profile,
	}
	if s.Parent != nil {
		out.Parent = &Parent{ID: s.Parent.SessionID, Kind: s.Parent.Kind, MessageID: s.Parent.EntryID}
	}
	return out
}

// messagesIR converts transcript items.
func messagesIR(items []client.TranscriptItem) []Message {
	out := make([]Message, len(items))
	for i, it := range items {
		m := Message{ID: it.EntryID, Role: it.Role, Text: it.Text, ToolName: it.ToolName,
			IsError: it.IsError, Timestamp: it.Timestamp}
		if len(it.ToolCalls) > 0 {
			m.ToolCalls = make([]ToolCall, len(it.ToolCalls))
			for j, tc := range it.ToolCalls {
				m.ToolCalls[j] = ToolCall{ID: tc.ID, Name: tc.Name}
			}
		}
		out[i] = m
	}
	return out
}

// deletionIR converts the outcome of a delete.
func deletionIR(id string, o *client.DeleteOutcome) Deletion {
	d := Deletion{ID: id, Deleted: true, TrashedAs: o.Deleted.TrashedAs}
	if m := o.Deleted.Mirror; m != nil {
		d.Mirror = &MirrorDeletion{DocumentID: m.DocumentID, Graph: m.GraphID, Trashed: o.MirrorTrashed}
		if o.MirrorErr != nil {
			d.Mirror.Error = o.MirrorErr.Error()
		}
	}
	return d
}
