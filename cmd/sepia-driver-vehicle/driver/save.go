package driver

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// Methods of the sessionStore and sessionWrite families that a vehicle
// store answers within what it can hold.
const (
	MethodSessionCheckpoints = "session.checkpoints"
)

// SaveResult is what session.save answers: {} when the store holds the
// session as saved, else Actions says what was written (the title) and what
// was skipped because a vehicle host cannot hold it.
type SaveResult struct {
	Actions []Action `json:"actions,omitempty"`
}

// Action is one part of a saved session: Path names it (title, messages,
// model, ...), Action is "renamed" or "skipped", Detail says why.
type Action struct {
	Path   string `json:"path"`
	Action string `json:"action"`
	Detail string `json:"detail,omitempty"`
}

// savedSession is the IR session.save takes, read loosely: a member absent
// is not compared.
type savedSession struct {
	ID        *string    `json:"id"`
	AgentID   *string    `json:"agentId"`
	Title     *string    `json:"title"`
	Model     *string    `json:"model"`
	Graph     *string    `json:"graph"`
	Profile   *string    `json:"profile"`
	CreatedAt *time.Time `json:"createdAt"`
	Parent    *Parent    `json:"parent"`
	Messages  *[]Message `json:"messages"`
}

// save answers session.save, the install path. A vehicle host has no
// import route: a session exists only as a conversation the host holds, so
// the driver can save a session of its own store (the round trip of
// session.get, e.g. with another title) and cannot install one it did not
// make (-32001, reason "no import path"). Of a session of its own, the
// title is written (renamed, as session.rename does); what the host fixes
// (the transcript, model, graph, profile, start, parent) is compared, and a
// difference is reported as skipped, never dropped in silence.
func (s *Server) save(ctx context.Context, params json.RawMessage) (any, error) {
	var p struct {
		Session *savedSession `json:"session"`
	}
	if err := decodeParams(MethodSessionSave, params, &p); err != nil {
		return nil, err
	}
	if p.Session == nil {
		return nil, errorf(CodeInvalidParams, "Invalid params: session.save needs \"session\", the session IR to save (as session.get answers it)")
	}
	in := p.Session
	id, err := checkSession(MethodSessionSave, sessionParams{ID: in.ID, AgentID: in.AgentID})
	if err != nil {
		return nil, err
	}
	st, err := s.store.get(ctx)
	if err != nil {
		return nil, err
	}
	snap, err := st.Inspect(ctx, id)
	if client.ErrorCode(err) == client.CodeNotFound {
		return nil, &Error{Code: CodeSessionNotFound,
			Message: fmt.Sprintf("session not found: %q is not a vehicle session of this graph, and a vehicle host cannot install one: "+
				"it has no import path (a session is a conversation the host holds, made by talking to it: vehicle ride --new); "+
				"session.save writes back a session of this store (its title)", id),
			Data: map[string]any{"id": id, "reason": "no import path"}}
	}
	if err != nil {
		return nil, err
	}
	res := SaveResult{Actions: skippedParts(in, snap)}
	have := summaryIR(snap.Session)
	if in.Title != nil && *in.Title != have.Title {
		title := in.Title
		if *title == "" {
			title = nil // "" clears it, as session.rename does
		}
		if _, err := st.Rename(ctx, id, title); err != nil {
			return nil, err
		}
		res.Actions = append([]Action{{Path: "title", Action: "renamed"}}, res.Actions...)
	}
	return res, nil
}

// skippedParts lists the members of a saved session that differ from what
// the host holds and cannot be written to it.
func skippedParts(in *savedSession, snap *client.Snapshot) []Action {
	have := summaryIR(snap.Session)
	fixed := "fixed when the session was created; a vehicle host does not change it"
	var out []Action
	skip := func(path, detail string) { out = append(out, Action{Path: path, Action: "skipped", Detail: detail}) }
	if in.Messages != nil && !sameMessages(*in.Messages, messagesIR(snap.Transcript)) {
		skip("messages", "the transcript is the host's own record of the conversation and is not rewritten; "+
			"to change it, talk to the session, or fork it before a message (vehicle ride, op fork)")
	}
	if in.Model != nil && *in.Model != have.Model {
		skip("model", fixed)
	}
	if in.Graph != nil && *in.Graph != have.Graph {
		skip("graph", fixed)
	}
	if in.Profile != nil && *in.Profile != have.Profile {
		skip("profile", fixed)
	}
	if in.CreatedAt != nil && !in.CreatedAt.Equal(have.CreatedAt) {
		skip("createdAt", fixed)
	}
	if in.Parent != nil && (have.Parent == nil || *in.Parent != *have.Parent) {
		skip("parent", fixed)
	}
	return out
}

// sameMessages reports whether two transcripts have the same messages: the
// same ids, roles and text, in order.
func sameMessages(a, b []Message) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].ID != b[i].ID || a[i].Role != b[i].Role || a[i].Text != b[i].Text {
			return false
		}
	}
	return true
}

// checkpoints answers session.checkpoints, a read of the sessionStore
// family: a vehicle session has no workspace snapshots a client can reach
// (a chat session has no workspace; an agent session's lives on the host,
// and the protocol hands out no snapshot of it), so the list is empty for
// every session that exists, and -32001 for one that does not.
func (s *Server) checkpoints(ctx context.Context, params json.RawMessage) (any, error) {
	var p sessionParams
	if err := decodeParams(MethodSessionCheckpoints, params, &p); err != nil {
		return nil, err
	}
	if _, err := s.snapshot(ctx, MethodSessionCheckpoints, p); err != nil {
		return nil, err
	}
	return []any{}, nil
}
