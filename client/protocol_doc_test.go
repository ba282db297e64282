package client_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// docBlock is one ```json block of the protocol document.
type docBlock struct {
	line int // where its fence opens, 1-based
	text string
}

// docJSONBlocks extracts every ```json fenced block.
func docJSONBlocks(t *testing.T, doc string) []docBlock {
	t.Helper()
	var blocks []docBlock
	var cur *docBlock
	for i, line := range strings.Split(doc, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case cur == nil && trimmed == "```json":
			cur = &docBlock{line: i + 1}
		case cur != nil && trimmed == "```":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.text += line + "\n"
		}
	}
	if cur != nil {
		t.Fatalf("protocol.md:%d: a json block is never closed", cur.line)
	}
	return blocks
}

// docAnswerTypes are the answer frame types of the contract.
func docAnswerTypes() []string {
	return []string{
		client.TypeSessionCreated, client.TypeSessionList, client.TypeSessionSnapshot, client.TypeSessionRenamed,
		client.TypeSessionDeleted, client.TypeDriverClaimed, client.TypeDriverReleased, client.TypeCommandAccepted,
		client.TypeCommandCancelled, client.TypeSessionForked, client.TypeSessionCloned, client.TypeRoomPolicy,
		client.TypeChimeAccepted, client.TypeChimeRejected, client.TypeClosed, client.TypeWatchCompleted,
		client.TypeSessionCapsule, client.TypeError, client.TypeAccountGranted, client.TypeReady,
	}
}

// docEventTypes are the event types of the seed's list, and message.delta.
func docEventTypes() []string {
	return []string{
		client.EvSessionCreated, client.EvSessionRevived, client.EvSessionShutdown, client.EvSessionForked,
		client.EvSessionCloned, client.EvSessionRenamed, client.EvSessionDeleted, client.EvBodyMaterialized,
		client.EvBodyDormant, client.EvBodyExited, client.EvBodyNotice, client.EvLeaseClaimed,
		client.EvLeaseRenewed, client.EvLeaseReleased, client.EvLeaseRevoked, client.EvLeaseExpired,
		client.EvCommandAccepted, client.EvCommandDelivered, client.EvCommandCompleted, client.EvCommandAborted,
		client.EvCommandFailed, client.EvCommandCancelled, client.EvCommandInterrupted, client.EvRunStarted,
		client.EvRunEnded, client.EvRunSettled, client.EvRunError, client.EvMessageCompleted,
		client.EvMessageDelta, client.EvToolStarted, client.EvToolResult, client.EvQueueUpdated,
		client.EvQueueStranded, client.EvBudgetExceeded, client.EvRoomPolicy, client.EvChimeReceived,
		client.EvChimeResolved, client.EvCompactionStarted, client.EvCompactionEnded, client.EvRetryStarted,
		client.EvExtensionError, client.EvAbortSlow, client.EvMirrorWritten, client.EvMirrorFailed,
	}
}

// docCodes are the error codes of the contract.
func docCodes() []string {
	return []string{
		client.CodeInvalidJSON, client.CodeInvalidRequest, client.CodeGraphMismatch, client.CodeUnauthenticated,
		client.CodeModelKeyRequired, client.CodeOutOfCredit, client.CodeForbiddenProfile, client.CodeAccessReduced,
		client.CodeNotFound, client.CodeLeaseHeld, client.CodeLeaseRequired, client.CodeSessionRunning,
		client.CodeRequestIDConflict, client.CodeDelegationRequired, client.CodeDailyTurnLimit,
		client.CodeSessionTurnLimit, client.CodeCreditPoolExhausted, client.CodeNotImplemented,
		client.CodeIsolationUnavailable,
	}
}

// docAnswerValue is a fresh value of the Go type an answer's value decodes into.
func docAnswerValue(typ string) any {
	switch typ {
	case client.TypeSessionCreated:
		return &client.Created{}
	case client.TypeSessionList:
		return &struct {
			Sessions []client.Summary `json:"sessions"`
		}{}
	case client.TypeSessionSnapshot:
		return &client.Snapshot{}
	case client.TypeSessionRenamed:
		return &struct {
			Session client.Summary `json:"session"`
		}{}
	case client.TypeSessionDeleted:
		return &client.Deleted{}
	case client.TypeDriverClaimed:
		return &client.Claimed{}
	case client.TypeDriverReleased:
		return &struct {
			SessionID string `json:"sessionId"`
		}{}
	case client.TypeCommandAccepted:
		return &client.Accepted{}
	case client.TypeCommandCancelled:
		return &client.Cancelled{}
	case client.TypeSessionForked, client.TypeSessionCloned:
		return &client.Branched{}
	case client.TypeRoomPolicy:
		return &client.PolicyValue{}
	case client.TypeChimeAccepted, client.TypeChimeRejected:
		return &client.ChimeResult{}
	case client.TypeClosed:
		return &client.Closed{}
	case client.TypeWatchCompleted:
		return &client.WatchResult{}
	case client.TypeSessionCapsule:
		return &client.Capsule{}
	case client.TypeAccountGranted:
		return &client.Granted{}
	case client.TypeReady:
		return &struct {
			Session  client.Summary `json:"session"`
			Cursor   int64          `json:"cursor"`
			ClientID string         `json:"clientId"`
			Lease    bool           `json:"lease"`
		}{}
	}
	return nil
}

// docEventValue is a fresh value of the Go type an event's value decodes
// into; a generic object for the types the client shows generically.
func docEventValue(typ string) any {
	if v := client.EventValue(typ); v != nil {
		return v
	}
	return &map[string]any{}
}

// docStrict decodes exactly one JSON value into v, refusing unknown fields.
func docStrict(raw []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return fmt.Errorf("more than one JSON value")
	}
	return nil
}

// docCheckEvent checks an event frame and its value.
func docCheckEvent(f client.Frame) error {
	if f.SessionID == "" {
		return fmt.Errorf("event %s has no sessionId", f.Type)
	}
	if f.Type != client.EvMessageDelta {
		if _, err := time.Parse(time.RFC3339Nano, f.At); err != nil || f.Seq < 1 {
			return fmt.Errorf("event %s needs a seq from 1 and an ISO 8601 at (seq %d, at %q)", f.Type, f.Seq, f.At)
		}
	}
	if len(f.Value) == 0 {
		return fmt.Errorf("event %s has no value", f.Type)
	}
	if err := docStrict(f.Value, docEventValue(f.Type)); err != nil {
		return fmt.Errorf("event %s: value does not decode: %w", f.Type, err)
	}
	return nil
}

// docCheckAnswer checks an answer frame and its value.
func docCheckAnswer(f client.Frame) error {
	if f.Type == client.TypeError {
		if f.Code == "" || f.Message == "" || len(f.Value) != 0 || client.StatusOf(f.Code) == 500 {
			return fmt.Errorf("an error frame needs a known code, a message and no value (code %q)", f.Code)
		}
		return nil
	}
	v := docAnswerValue(f.Type)
	if v == nil {
		return fmt.Errorf("%s is not an answer type of the contract", f.Type)
	}
	if err := docStrict(f.Value, v); err != nil {
		return fmt.Errorf("answer %s: value does not decode: %w", f.Type, err)
	}
	if w, ok := v.(*client.WatchResult); ok {
		for _, ev := range w.Events {
			if err := docCheckEvent(ev); err != nil {
				return fmt.Errorf("watch.completed: %w", err)
			}
		}
	}
	return nil
}

// TestProtocolDoc checks every json example of docs/protocol.md: one frame of
// this protocol, its value decoding into the Go type of its type, every answer
// and event type shown, and the error table agreeing with StatusOf.
func TestProtocolDoc(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "docs", "protocol.md"))
	if err != nil {
		t.Fatalf("read the protocol document: %v", err)
	}
	answers, events := map[string]bool{}, map[string]bool{}
	for _, b := range docJSONBlocks(t, string(raw)) {
		var f client.Frame
		if err := docStrict([]byte(b.text), &f); err != nil {
			t.Errorf("protocol.md:%d: not one frame: %v", b.line, err)
			continue
		}
		if f.Protocol != client.Protocol || f.Type == "" {
			t.Errorf("protocol.md:%d: protocol %q type %q", b.line, f.Protocol, f.Type)
			continue
		}
		check, seen := docCheckAnswer, answers
		if f.Seq > 0 || f.Type == client.EvMessageDelta {
			check, seen = docCheckEvent, events
		}
		if err := check(f); err != nil {
			t.Errorf("protocol.md:%d: %v", b.line, err)
		}
		seen[f.Type] = true
	}
	for _, typ := range docAnswerTypes() {
		if !answers[typ] {
			t.Errorf("protocol.md has no example of the answer %s", typ)
		}
	}
	for _, typ := range docEventTypes() {
		if !events[typ] {
			t.Errorf("protocol.md has no example of the event %s", typ)
		}
	}
	docCheckErrorTable(t, string(raw))
}

// docCheckErrorTable checks each code has a row of the errors table with its
// HTTP status.
func docCheckErrorTable(t *testing.T, doc string) {
	rows := map[string]string{}
	for _, line := range strings.Split(doc, "\n") {
		if code, rest, ok := strings.Cut(strings.TrimPrefix(line, "| `"), "` | "); ok && strings.HasPrefix(line, "| `") {
			rows[code] = rest
		}
	}
	for _, code := range docCodes() {
		rest, ok := rows[code]
		if !ok {
			t.Errorf("protocol.md's errors table has no row for %s", code)
			continue
		}
		if want := fmt.Sprintf("%d |", client.StatusOf(code)); !strings.HasPrefix(rest, want) {
			t.Errorf("protocol.md: %s should be HTTP %d, the row says %q", code, client.StatusOf(code), rest)
		}
	}
}
