package driver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/sophia-labs/vehicle/client"
)

// Methods the driver serves.
const (
	MethodManifest       = "driver.manifest"
	MethodSessionList    = "session.list"
	MethodSessionGet     = "session.get"
	MethodSessionSummary = "session.summary"
	MethodSessionHistory = "session.history"
	MethodSessionRename  = "session.rename"
	MethodSessionDelete  = "session.delete"
	MethodSessionSave    = "session.save"
)

// History page sizes.
const (
	DefaultHistoryLimit = 100
	MaxHistoryLimit     = 1000
)

// unsupported answers a known method of the wire whose capability the
// driver does not claim (-32004, naming it), or returns nil for a method
// the wire does not know. Every method of a claimed capability is served.
func unsupported(method string) *Error {
	capability := map[string]string{
		"session.rewind": "rewind",
		"file.restore":   "restore",
		"config.read":    "agentConfig",
		"config.write":   "agentConfig",
	}
	c, ok := capability[method]
	if !ok {
		return nil
	}
	return &Error{Code: CodeCapabilityUnsupported,
		Message: fmt.Sprintf("capability unsupported: %s needs the %q capability, which the vehicle driver does not claim", method, c),
		Data:    map[string]any{"method": method, "capability": c}}
}

// sessionParams are the params naming one session.
type sessionParams struct {
	ID      *string `json:"id"`
	AgentID *string `json:"agentId"`
}

// decodeParams decodes params (nil: none) into v, answering -32602 on a
// member of the wrong type. Members the driver does not know are ignored.
func decodeParams(method string, params json.RawMessage, v any) error {
	if params == nil {
		return nil
	}
	if err := json.Unmarshal(params, v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			field := te.Field[strings.LastIndexByte(te.Field, '.')+1:]
			return errorf(CodeInvalidParams, "Invalid params: %s: %q must be %s, not a JSON %s", method, field, wantKind(te.Type), te.Value)
		}
		return errorf(CodeInvalidParams, "Invalid params: %s: %v", method, err)
	}
	return nil
}

// wantKind names the JSON type a Go type takes.
func wantKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Int, reflect.Int64, reflect.Float64:
		return "a number"
	case reflect.Slice:
		return "an array"
	}
	return "an object"
}

// checkSession validates the id and agentId of a session's params and
// returns the id. An agentId other than "vehicle" names a session of
// another store: this one does not have it (-32001).
func checkSession(method string, p sessionParams) (string, error) {
	if p.ID == nil || strings.TrimSpace(*p.ID) == "" {
		return "", errorf(CodeInvalidParams, "Invalid params: %s needs \"id\", the session's id (a non-empty string)", method)
	}
	if p.AgentID != nil && *p.AgentID != AgentID {
		return "", &Error{Code: CodeSessionNotFound,
			Message: fmt.Sprintf("session not found: %q is asked for as a session of agent %q; this driver serves agent %q only", *p.ID, *p.AgentID, AgentID),
			Data:    map[string]any{"agentId": *p.AgentID}}
	}
	return *p.ID, nil
}

// manifest answers driver.manifest.
func (s *Server) manifest(_ context.Context, _ json.RawMessage) (any, error) {
	return DefaultManifest(s.opts.Version), nil
}

// list answers session.list with the summaries of the caller's sessions. An
// agentId other than "vehicle" lists nothing.
func (s *Server) list(ctx context.Context, params json.RawMessage) (any, error) {
	var p struct {
		AgentID *string `json:"agentId"`
	}
	if err := decodeParams(MethodSessionList, params, &p); err != nil {
		return nil, err
	}
	if p.AgentID != nil && *p.AgentID != AgentID {
		return []SessionSummary{}, nil
	}
	st, err := s.store.get(ctx)
	if err != nil {
		return nil, err
	}
	sums, err := st.List(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]SessionSummary, len(sums))
	for i, sm := range sums {
		out[i] = summaryIR(sm)
	}
	return out, nil
}

// get answers session.get with the whole session.
func (s *Server) get(ctx context.Context, params json.RawMessage) (any, error) {
	var p sessionParams
	if err := decodeParams(MethodSessionGet, params, &p); err != nil {
		return nil, err
	}
	snap, err := s.snapshot(ctx, MethodSessionGet, p)
	if err != nil {
		return nil, err
	}
	return Session{SessionSummary: summaryIR(snap.Session), Messages: messagesIR(snap.Transcript)}, nil
}

// summary answers session.summary with the session's metadata.
func (s *Server) summary(ctx context.Context, params json.RawMessage) (any, error) {
	var p sessionParams
	if err := decodeParams(MethodSessionSummary, params, &p); err != nil {
		return nil, err
	}
	snap, err := s.snapshot(ctx, MethodSessionSummary, p)
	if err != nil {
		return nil, err
	}
	return summaryIR(snap.Session), nil
}

// history answers session.history: up to limit messages ending just before
// before (or at the transcript's end), and the before of the page ahead.
func (s *Server) history(ctx context.Context, params json.RawMessage) (any, error) {
	var p struct {
		sessionParams
		Limit  json.RawMessage `json:"limit"`
		Before *string         `json:"before"`
	}
	if err := decodeParams(MethodSessionHistory, params, &p); err != nil {
		return nil, err
	}
	limit, err := historyLimit(p.Limit)
	if err != nil {
		return nil, err
	}
	id, err := checkSession(MethodSessionHistory, p.sessionParams)
	if err != nil {
		return nil, err
	}
	st, err := s.store.get(ctx)
	if err != nil {
		return nil, err
	}
	snap, err := s.pages.read(ctx, st, id)
	if err != nil {
		return nil, err
	}
	return historyPage(snap, p.Before, limit)
}

// historyPage cuts the page of up to limit messages that ends just before
// the message before (nil: at the transcript's end).
func historyPage(snap *client.Snapshot, before *string, limit int) (*HistoryPage, error) {
	items := snap.Transcript
	end := len(items)
	if before != nil {
		end = slices.IndexFunc(items, func(it client.TranscriptItem) bool { return it.EntryID == *before })
		if end < 0 {
			return nil, errorf(CodeInvalidParams, "Invalid params: session.history: before %q is not a message of session %q; pass a message id from session.get or a page's nextBefore", *before, snap.Session.SessionID)
		}
	}
	start := max(end-limit, 0)
	page := &HistoryPage{Messages: messagesIR(items[start:end]), HasMore: start > 0, Total: len(items)}
	if page.HasMore {
		next := items[start].EntryID
		page.NextBefore = &next
	}
	return page, nil
}

// historyLimit validates limit: absent or null is the default, else a whole
// number from 1; above MaxHistoryLimit it is lowered to it.
func historyLimit(raw json.RawMessage) (int, error) {
	k := kindOf(raw)
	if raw == nil || k == "null" {
		return DefaultHistoryLimit, nil
	}
	v, err := strconv.ParseFloat(string(raw), 64)
	if k != "a number" || err != nil && !errors.Is(err, strconv.ErrRange) || v < 1 || v != math.Trunc(v) {
		return 0, errorf(CodeInvalidParams, "Invalid params: session.history: \"limit\" must be a whole number of at least 1, not %s", raw)
	}
	return int(min(v, MaxHistoryLimit)), nil
}

// snapshot checks a session's params and reads its snapshot.
func (s *Server) snapshot(ctx context.Context, method string, p sessionParams) (*client.Snapshot, error) {
	id, err := checkSession(method, p)
	if err != nil {
		return nil, err
	}
	st, err := s.store.get(ctx)
	if err != nil {
		return nil, err
	}
	return st.Inspect(ctx, id)
}

// rename answers session.rename with the renamed session's summary. A null
// or empty title clears it (the session is then titled by its preview).
func (s *Server) rename(ctx context.Context, params json.RawMessage) (any, error) {
	var p struct {
		sessionParams
		Title json.RawMessage `json:"title"`
	}
	if err := decodeParams(MethodSessionRename, params, &p); err != nil {
		return nil, err
	}
	id, err := checkSession(MethodSessionRename, p.sessionParams)
	if err != nil {
		return nil, err
	}
	var title *string
	switch kindOf(p.Title) {
	case "a string":
		title = new(string)
		_ = json.Unmarshal(p.Title, title)
	case "null":
	case "nothing":
		return nil, errorf(CodeInvalidParams, "Invalid params: session.rename needs \"title\", a string (null or \"\" clears the title)")
	default:
		return nil, errorf(CodeInvalidParams, "Invalid params: session.rename: \"title\" must be a string or null, not %s", kindOf(p.Title))
	}
	st, err := s.store.get(ctx)
	if err != nil {
		return nil, err
	}
	sum, err := st.Rename(ctx, id, title)
	if err != nil {
		return nil, err
	}
	return summaryIR(*sum), nil
}

// delete answers session.delete: the session goes to the host's trash and
// its mirrored document to the workspace's Trash.
func (s *Server) delete(ctx context.Context, params json.RawMessage) (any, error) {
	var p sessionParams
	if err := decodeParams(MethodSessionDelete, params, &p); err != nil {
		return nil, err
	}
	id, err := checkSession(MethodSessionDelete, p)
	if err != nil {
		return nil, err
	}
	st, err := s.store.get(ctx)
	if err != nil {
		return nil, err
	}
	out, err := st.Delete(ctx, id)
	if err != nil {
		return nil, err
	}
	return deletionIR(id, out), nil
}
