package vehicletest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

// clientAnswerValue is a fresh client value for an answer type.
func clientAnswerValue(typ string) any {
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
	}
	return nil
}

// TestClientTypesMatchProtocolDoc writes every example of docs/protocol.md
// back through the client's type for it: encoding/json matches field names
// without regard to case when it decodes, so only writing back shows a tag
// whose case is wrong (graphID for graphId) on the client's side, as
// TestWireTypesMatchProtocolDoc does on the host's.
func TestClientTypesMatchProtocolDoc(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "docs", "protocol.md"))
	if err != nil {
		t.Fatalf("read the protocol document: %v", err)
	}
	for line, block := range fencedBlocks(string(raw), "```json") {
		var f client.Frame
		if err := wireRoundTrip([]byte(block), &f); err != nil {
			t.Errorf("protocol.md:%d: client.Frame: %v", line, err)
			continue
		}
		var v any
		switch {
		case f.Type == client.TypeError || f.Type == client.TypeReady:
			continue
		case f.Seq > 0 || f.Type == client.EvMessageDelta:
			v = client.EventValue(f.Type)
		default:
			v = clientAnswerValue(f.Type)
		}
		if v == nil {
			continue // shown generically
		}
		if err := wireRoundTrip(f.Value, v); err != nil {
			t.Errorf("protocol.md:%d: %s: %v", line, f.Type, err)
		}
	}
	for _, block := range fencedBlocks(string(raw), "```") {
		if strings.HasPrefix(strings.TrimSpace(block), `{"kind":"account"`) {
			if err := wireRoundTrip([]byte(block), &client.Account{}); err != nil {
				t.Errorf("the account object: %v", err)
			}
		}
	}
}
