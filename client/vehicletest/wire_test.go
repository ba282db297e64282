package vehicletest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

// wireAnswerValue is a fresh host wire value for an answer type; nil for a
// type the host never writes.
func wireAnswerValue(typ string) any {
	switch typ {
	case client.TypeSessionCreated:
		return &wireCreated{}
	case client.TypeSessionList:
		return &wireSessions{}
	case client.TypeSessionSnapshot:
		return &wireSnapshot{}
	case client.TypeSessionRenamed:
		return &wireSessionValue{}
	case client.TypeSessionDeleted:
		return &wireDeleted{}
	case client.TypeDriverClaimed:
		return &wireClaimed{}
	case client.TypeDriverReleased:
		return &wireReleased{}
	case client.TypeCommandAccepted:
		return &wireAccepted{}
	case client.TypeCommandCancelled:
		return &wireCancelled{}
	case client.TypeSessionForked, client.TypeSessionCloned:
		return &wireBranched{}
	case client.TypeRoomPolicy:
		return &wirePolicy{}
	case client.TypeChimeAccepted, client.TypeChimeRejected:
		return &wireChimeResult{}
	case client.TypeClosed:
		return &wireClosed{}
	case client.TypeWatchCompleted:
		return &wireWatch{}
	case client.TypeSessionCapsule:
		return &wireCapsule{}
	case client.TypeAccountGranted:
		return &wireGranted{}
	}
	return nil
}

// wireEventValue is a fresh host wire value for an event type.
func wireEventValue(typ string) any {
	switch typ {
	case client.EvSessionCreated:
		return &wireSessionValue{}
	case client.EvSessionRevived, client.EvSessionShutdown, client.EvBodyDormant:
		return &wireEmpty{}
	case client.EvSessionForked, client.EvSessionCloned:
		return &wireBranch{}
	case client.EvSessionRenamed:
		return &wireTitle{}
	case client.EvSessionDeleted:
		return &wireTrash{}
	case client.EvBodyMaterialized:
		return &wireBodyMaterialized{}
	case client.EvBodyExited:
		return &wireBodyExited{}
	case client.EvBodyNotice:
		return &wireMessageOnly{}
	case client.EvLeaseClaimed, client.EvLeaseRenewed:
		return &wireLease{}
	case client.EvLeaseReleased, client.EvLeaseExpired, client.EvLeaseRevoked:
		return &wireLeaseEnd{}
	case client.EvCommandAccepted, client.EvCommandDelivered, client.EvCommandCompleted, client.EvCommandAborted,
		client.EvCommandFailed, client.EvCommandCancelled, client.EvCommandInterrupted:
		return &wireCommandValue{}
	case client.EvRunStarted, client.EvRunEnded, client.EvRunError:
		return &wireRun{}
	case client.EvRunSettled:
		return &wireSettled{}
	case client.EvMessageCompleted:
		return &wireMessage{}
	case client.EvMessageDelta:
		return &wireDelta{}
	case client.EvToolStarted:
		return &wireToolStarted{}
	case client.EvToolResult:
		return &wireToolResult{}
	case client.EvQueueUpdated:
		return &wireQueue{}
	case client.EvQueueStranded:
		return &wireStranded{}
	case client.EvBudgetExceeded:
		return &wireBudgetExceeded{}
	case client.EvRoomPolicy:
		return &wirePolicy{}
	case client.EvChimeReceived:
		return &wireChimeReceived{}
	case client.EvChimeResolved:
		return &wireChimeResolved{}
	case client.EvCompactionStarted:
		return &wireCompactionStarted{}
	case client.EvCompactionEnded:
		return &wireCompactionEnded{}
	case client.EvRetryStarted:
		return &wireRetry{}
	case client.EvExtensionError:
		return &wireExtensionError{}
	case client.EvAbortSlow:
		return &wireAbortSlow{}
	case client.EvMirrorWritten:
		return &wireMirrorWritten{}
	case client.EvMirrorFailed:
		return &wireMirrorFailed{}
	}
	return nil
}

// wireStrict decodes one JSON value into v, refusing unknown fields.
func wireStrict(raw []byte, v any) error {
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

// wireRoundTrip decodes raw strictly into v, encodes v again and compares
// the two, zero values aside (an example may spell out a false or a null
// the host leaves out, and the other way round): a field the host names
// differently, lacks, or adds fails.
func wireRoundTrip(raw []byte, v any) error {
	if err := wireStrict(raw, v); err != nil {
		return fmt.Errorf("does not decode into %T: %w", v, err)
	}
	var want, got any
	_ = json.Unmarshal(raw, &want)
	_ = json.Unmarshal(mustJSON(v), &got)
	if w, g := dropZero(want), dropZero(got); !reflect.DeepEqual(w, g) {
		return fmt.Errorf("%T writes it back differently:\n want %s\n  got %s", v, mustJSON(w), mustJSON(g))
	}
	return nil
}

// dropZero removes the object fields whose value is false, 0, "" or null.
func dropZero(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			switch e {
			case false, float64(0), "", nil:
				continue
			}
			out[k] = dropZero(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = dropZero(e)
		}
		return out
	}
	return v
}

// checkWireFrame checks one example frame against the host's wire types.
func checkWireFrame(f wireFrame) error {
	switch {
	case f.Type == client.TypeError:
		if f.Code == client.CodeLeaseHeld {
			return wireRoundTrip(f.Details, &wireLeaseHeld{})
		}
		return nil
	case f.Type == client.TypeReady: // the JSONL form's, not the host's
		return nil
	case f.Seq > 0 || f.Type == client.EvMessageDelta:
		v := wireEventValue(f.Type)
		if v == nil {
			return fmt.Errorf("the host has no wire type for the event %s", f.Type)
		}
		return wireRoundTrip(f.Value, v)
	}
	v := wireAnswerValue(f.Type)
	if v == nil {
		return fmt.Errorf("the host has no wire type for the answer %s", f.Type)
	}
	if err := wireRoundTrip(f.Value, v); err != nil {
		return err
	}
	if w, ok := v.(*wireWatch); ok {
		for _, ev := range w.Events {
			if err := checkWireFrame(ev); err != nil {
				return fmt.Errorf("watch.completed: %s: %w", ev.Type, err)
			}
		}
	}
	return nil
}

// TestWireTypesMatchProtocolDoc checks the host's own wire types against
// every example of docs/protocol.md: each frame decodes strictly into the
// host's frame and its value into the host's type for its type, and writes
// back the same; every event type of the seed has a host type. The client's
// types are checked against the same examples by the client's tests.
func TestWireTypesMatchProtocolDoc(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "docs", "protocol.md"))
	if err != nil {
		t.Fatalf("read the protocol document: %v", err)
	}
	doc := string(raw)
	n := 0
	for line, block := range fencedBlocks(doc, "```json") {
		var f wireFrame
		if err := wireRoundTrip([]byte(block), &f); err != nil {
			t.Errorf("protocol.md:%d: frame: %v", line, err)
			continue
		}
		if err := checkWireFrame(f); err != nil {
			t.Errorf("protocol.md:%d: %s: %v", line, f.Type, err)
		}
		n++
	}
	if n < 40 {
		t.Fatalf("only %d json examples found in protocol.md", n)
	}
	for _, typ := range seedEventTypes() {
		if wireEventValue(typ) == nil {
			t.Errorf("the host has no wire type for the seed's event %s", typ)
		}
	}
	account := ""
	for _, block := range fencedBlocks(doc, "```") {
		if strings.HasPrefix(strings.TrimSpace(block), `{"kind":"account"`) {
			account = block
		}
	}
	if account == "" {
		t.Fatal("protocol.md shows no account object")
	}
	if err := wireRoundTrip([]byte(account), &wireAccount{}); err != nil {
		t.Errorf("the account object: %v", err)
	}
}

// fencedBlocks maps the line of each block opened by fence (alone on its
// line) to its text.
func fencedBlocks(doc, fence string) map[int]string {
	out := map[int]string{}
	open, text := 0, ""
	for i, line := range strings.Split(doc, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case open == 0 && strings.HasPrefix(trimmed, "```"):
			open, text = -1, ""
			if trimmed == fence {
				open = i + 1
			}
		case open != 0 && trimmed == "```":
			if open > 0 {
				out[open] = text
			}
			open = 0
		case open != 0:
			text += line + "\n"
		}
	}
	return out
}

// seedEventTypes are the event types of the seed's list.
func seedEventTypes() []string {
	return []string{
		client.EvSessionCreated, client.EvSessionRevived, client.EvSessionShutdown, client.EvSessionForked,
		client.EvSessionCloned, client.EvSessionRenamed, client.EvSessionDeleted, client.EvBodyMaterialized,
		client.EvBodyDormant, client.EvBodyExited, client.EvBodyNotice, client.EvLeaseClaimed,
		client.EvLeaseRenewed, client.EvLeaseReleased, client.EvLeaseRevoked, client.EvLeaseExpired,
		client.EvCommandAccepted, client.EvCommandDelivered, client.EvCommandCompleted, client.EvCommandAborted,
		client.EvCommandFailed, client.EvCommandCancelled, client.EvCommandInterrupted, client.EvRunStarted,
		client.EvRunEnded, client.EvRunSettled, client.EvRunError, client.EvMessageCompleted,
		client.EvToolStarted, client.EvToolResult, client.EvQueueUpdated, client.EvQueueStranded,
		client.EvBudgetExceeded, client.EvRoomPolicy, client.EvChimeReceived, client.EvChimeResolved,
		client.EvCompactionStarted, client.EvCompactionEnded, client.EvRetryStarted, client.EvExtensionError,
		client.EvAbortSlow, client.EvMirrorWritten, client.EvMirrorFailed,
	}
}

// TestRefusalStatusesMatchProtocolDoc checks the host's status of every
// code against the errors table of docs/protocol.md.
func TestRefusalStatusesMatchProtocolDoc(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "docs", "protocol.md"))
	if err != nil {
		t.Fatalf("read the protocol document: %v", err)
	}
	_, errorsSection, _ := strings.Cut(string(raw), "\n## Errors\n")
	errorsSection, _, _ = strings.Cut(errorsSection, "\n## ")
	n := 0
	for _, line := range strings.Split(errorsSection, "\n") {
		code, rest, ok := strings.Cut(strings.TrimPrefix(line, "| `"), "` | ")
		if !strings.HasPrefix(line, "| `") || !ok {
			continue
		}
		status, _, _ := strings.Cut(rest, " |")
		if got := fmt.Sprint(statusOf(code)); got != status {
			t.Errorf("%s: the host answers %s, the table says %s", code, got, status)
		}
		n++
	}
	if n < 19 {
		t.Fatalf("only %d rows in the errors table", n)
	}
}
