package drivertest

import (
	"encoding/json"
	"slices"
	"testing"
)

// Wire error codes the suite checks.
const (
	codeParseError      = -32700
	codeInvalidRequest  = -32600
	codeMethodNotFound  = -32601
	codeInvalidParams   = -32602
	codeSessionNotFound = -32001
	codeCapability      = -32004
)

// Fixture says what the store behind the driver holds, so the suite knows
// what to expect. Sessions named here must exist when Run starts.
type Fixture struct {
	// AgentID is the driver's id, as driver.manifest answers it.
	AgentID string
	// SessionID is a session the suite reads (never changes).
	SessionID string
	// Messages is how many messages SessionID has.
	Messages int
	// PageSize is the history limit the suite pages with (default 3).
	PageSize int
	// RenameID is a session the suite renames ("": skip renaming).
	RenameID string
	// DeleteID is a session the suite deletes ("": skip deleting).
	DeleteID string
	// MissingID is an id no session has (default "no-such-session").
	MissingID string
	// Agent runs the manifest's agentCommand, to check that it answers an
	// ACP initialize (nil: the check is skipped).
	Agent *Agent
}

// Run runs the contract suite: every subtest spawns its own driver.
func Run(t *testing.T, spawn Spawn, fx Fixture) {
	if fx.PageSize <= 0 {
		fx.PageSize = 3
	}
	if fx.MissingID == "" {
		fx.MissingID = "no-such-session"
	}
	s := &suite{spawn: spawn, fx: fx}
	t.Run("Handshake", s.handshake)
	t.Run("AgentAnswersInitialize", s.agentAnswersInitialize)
	t.Run("ClaimsWhatItServes", s.claimsWhatItServes)
	t.Run("List", s.list)
	t.Run("Get", s.get)
	t.Run("Summary", s.summary)
	t.Run("HistoryPaging", s.historyPaging)
	t.Run("NotFound", s.notFound)
	t.Run("Rename", s.rename)
	t.Run("Delete", s.delete)
	t.Run("Malformed", s.malformed)
	t.Run("Notifications", s.notifications)
	t.Run("Batch", s.batch)
	t.Run("Pipelined", s.pipelined)
	t.Run("EndOfInput", s.endOfInput)
}

// suite holds what every subtest shares.
type suite struct {
	spawn Spawn
	fx    Fixture
}

// result fails the test unless r is a success, and decodes its result.
func result[T any](t *testing.T, r Response) T {
	t.Helper()
	var v T
	if r.Error != nil {
		t.Fatalf("unexpected error %d: %s", r.Error.Code, r.Error.Message)
	}
	if err := json.Unmarshal(r.Result, &v); err != nil {
		t.Fatalf("the result does not decode as %T: %v: %s", v, err, r.Result)
	}
	return v
}

// wantError fails the test unless r is an error with code.
func wantError(t *testing.T, r Response, code int) {
	t.Helper()
	if r.Error == nil {
		t.Fatalf("want error %d, got result %s", code, r.Result)
	}
	if r.Error.Code != code {
		t.Fatalf("want error %d, got %d: %s", code, r.Error.Code, r.Error.Message)
	}
	if r.Error.Message == "" {
		t.Errorf("error %d has no message", code)
	}
}

// manifest is the part of driver.manifest the suite checks.
type manifest struct {
	ID           string          `json:"id"`
	Version      string          `json:"version"`
	Protocol     int             `json:"protocol"`
	Capabilities []string        `json:"capabilities"`
	AgentCommand string          `json:"agentCommand"`
	ConfigSchema json.RawMessage `json:"configSchema"`
}

func (s *suite) handshake(t *testing.T) {
	c := Start(t, s.spawn)
	m := result[manifest](t, c.Call("driver.manifest", map[string]any{}))
	if m.ID != s.fx.AgentID || m.Protocol != 1 || m.Version == "" || m.AgentCommand == "" {
		t.Errorf("manifest: want id %q, protocol 1, a version and an agentCommand; got %+v", s.fx.AgentID, m)
	}
	if !slices.Contains(m.Capabilities, "sessionStore") {
		t.Errorf("manifest: capabilities %v lack sessionStore", m.Capabilities)
	}
	var schema map[string]any
	if err := json.Unmarshal(m.ConfigSchema, &schema); err != nil {
		t.Errorf("manifest: configSchema is not a JSON object: %v", err)
	}
	if len(schema) > 0 && schema["type"] == nil && schema["properties"] == nil && schema["$schema"] == nil {
		t.Errorf("manifest: configSchema does not look like a JSON Schema: %s", m.ConfigSchema)
	}
	c.Close()
}

// summaryIR is the part of a session summary the suite checks.
type summaryIR struct {
	ID       string           `json:"id"`
	AgentID  string           `json:"agentId"`
	Title    *string          `json:"title"`
	Messages *json.RawMessage `json:"messages"`
}

// messageIR is the part of a message the suite checks.
type messageIR struct {
	ID        string `json:"id"`
	Role      string `json:"role"`
	Timestamp string `json:"timestamp"`
}

func (s *suite) list(t *testing.T) {
	c := Start(t, s.spawn)
	list := result[[]summaryIR](t, c.Call("session.list", map[string]any{}))
	i := slices.IndexFunc(list, func(x summaryIR) bool { return x.ID == s.fx.SessionID })
	if i < 0 {
		t.Fatalf("session.list does not list %q: %+v", s.fx.SessionID, list)
	}
	for _, x := range list {
		if x.AgentID != s.fx.AgentID || x.Title == nil {
			t.Errorf("session.list: %q has agentId %q (want %q) or no title", x.ID, x.AgentID, s.fx.AgentID)
		}
	}
	c.Close()
}

// session is the part of session.get's result the suite checks.
type session struct {
	ID       string      `json:"id"`
	AgentID  string      `json:"agentId"`
	Messages []messageIR `json:"messages"`
}

func (s *suite) get(t *testing.T) {
	c := Start(t, s.spawn)
	got := result[session](t, c.Call("session.get", map[string]any{"id": s.fx.SessionID}))
	if got.ID != s.fx.SessionID || got.AgentID != s.fx.AgentID {
		t.Errorf("session.get: id %q agentId %q, want %q %q", got.ID, got.AgentID, s.fx.SessionID, s.fx.AgentID)
	}
	if len(got.Messages) != s.fx.Messages {
		t.Errorf("session.get: %d messages, want %d", len(got.Messages), s.fx.Messages)
	}
	for _, m := range got.Messages {
		if m.ID == "" || m.Role == "" || m.Timestamp == "" {
			t.Errorf("session.get: a message lacks its id, role or timestamp: %+v", m)
		}
	}
	same := result[session](t, c.Call("session.get", map[string]any{"id": s.fx.SessionID, "agentId": s.fx.AgentID}))
	if same.ID != got.ID {
		t.Errorf("session.get with agentId %q answers %q, want %q", s.fx.AgentID, same.ID, got.ID)
	}
	c.Close()
}

func (s *suite) summary(t *testing.T) {
	c := Start(t, s.spawn)
	got := result[summaryIR](t, c.Call("session.summary", map[string]any{"id": s.fx.SessionID}))
	if got.ID != s.fx.SessionID || got.Messages != nil {
		t.Errorf("session.summary: want id %q and no messages, got %+v", s.fx.SessionID, got)
	}
	c.Close()
}

// page is session.history's result.
type page struct {
	Messages   []messageIR `json:"messages"`
	HasMore    bool        `json:"hasMore"`
	NextBefore *string     `json:"nextBefore"`
}

func (s *suite) historyPaging(t *testing.T) {
	c := Start(t, s.spawn)
	all := result[session](t, c.Call("session.get", map[string]any{"id": s.fx.SessionID}))
	var seen []messageIR
	params := map[string]any{"id": s.fx.SessionID, "limit": s.fx.PageSize}
	for n := 0; ; n++ {
		if n > s.fx.Messages+1 {
			t.Fatalf("session.history does not reach the start after %d pages", n)
		}
		p := result[page](t, c.Call("session.history", params))
		if len(p.Messages) > s.fx.PageSize || len(p.Messages) == 0 && s.fx.Messages > 0 {
			t.Fatalf("page %d has %d messages, want 1 to %d", n, len(p.Messages), s.fx.PageSize)
		}
		seen = append(append([]messageIR(nil), p.Messages...), seen...)
		if !p.HasMore {
			if p.NextBefore != nil {
				t.Errorf("the last page names a next page: %q", *p.NextBefore)
			}
			break
		}
		if p.NextBefore == nil {
			t.Fatalf("page %d has more but no nextBefore", n)
		}
		params["before"] = *p.NextBefore
	}
	if !slices.Equal(seen, all.Messages) {
		t.Errorf("the pages, joined, differ from session.get's messages:\npages %+v\nget   %+v", seen, all.Messages)
	}
	wantError(t, c.Call("session.history", map[string]any{"id": s.fx.SessionID, "limit": 0}), codeInvalidParams)
	c.Close()
}

func (s *suite) notFound(t *testing.T) {
	c := Start(t, s.spawn)
	for _, m := range []string{"session.get", "session.summary", "session.history"} {
		wantError(t, c.Call(m, map[string]any{"id": s.fx.MissingID}), codeSessionNotFound)
	}
	wantError(t, c.Call("session.get", map[string]any{}), codeInvalidParams)
	wantError(t, c.Call("session.get", map[string]any{"id": 7}), codeInvalidParams)
	c.Close()
}

func (s *suite) rename(t *testing.T) {
	if s.fx.RenameID == "" {
		t.Skip("the fixture names no session to rename")
	}
	c := Start(t, s.spawn)
	title := "renamed by the contract suite"
	result[json.RawMessage](t, c.Call("session.rename", map[string]any{"id": s.fx.RenameID, "title": title}))
	got := result[summaryIR](t, c.Call("session.summary", map[string]any{"id": s.fx.RenameID}))
	if got.Title == nil || *got.Title != title {
		t.Errorf("after session.rename the title is %v, want %q", got.Title, title)
	}
	wantError(t, c.Call("session.rename", map[string]any{"id": s.fx.MissingID, "title": "x"}), codeSessionNotFound)
	wantError(t, c.Call("session.rename", map[string]any{"id": s.fx.RenameID, "title": 5}), codeInvalidParams)
	c.Close()
}

func (s *suite) delete(t *testing.T) {
	if s.fx.DeleteID == "" {
		t.Skip("the fixture names no session to delete")
	}
	c := Start(t, s.spawn)
	result[json.RawMessage](t, c.Call("session.delete", map[string]any{"id": s.fx.DeleteID}))
	wantError(t, c.Call("session.get", map[string]any{"id": s.fx.DeleteID}), codeSessionNotFound)
	wantError(t, c.Call("session.delete", map[string]any{"id": s.fx.DeleteID}), codeSessionNotFound)
	list := result[[]summaryIR](t, c.Call("session.list", map[string]any{}))
	if slices.ContainsFunc(list, func(x summaryIR) bool { return x.ID == s.fx.DeleteID }) {
		t.Errorf("session.list still lists the deleted %q", s.fx.DeleteID)
	}
	c.Close()
}

// quote renders s as a JSON string.
func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
