package client

import (
	"encoding/json"
	"testing"
)

// TestCapsuleKeepsIsolation: an agent session's capsule names its box, and
// the typed capsule keeps it.
func TestCapsuleKeepsIsolation(t *testing.T) {
	raw := `{"schema":"sophia.vehicle-session-capsule.v2","identity":{"sessionId":"s1","graphId":"demo","profile":"agent","isolation":"bwrap","access":"writer","model":"m"}}`
	var c Capsule
	if err := json.Unmarshal([]byte(raw), &c); err != nil || c.Identity.Isolation != "bwrap" {
		t.Fatalf("isolation lost: %+v %v", c.Identity, err)
	}
	b, _ := json.Marshal(c.Identity)
	var back map[string]any
	_ = json.Unmarshal(b, &back)
	if back["isolation"] != "bwrap" {
		t.Errorf("isolation not written back: %s", b)
	}
}
