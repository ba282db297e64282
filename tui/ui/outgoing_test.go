package ui

import (
	"errors"
	"slices"
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
)

// TestOutgoing: a text command's body carries its request id as its
// command id, and its refs; the host's refusals tell apart from a lost
// answer, a conflict among them; the note for a lost answer names the key
// and says the same request counts once.
func TestOutgoing(t *testing.T) {
	t.Parallel()
	o := Outgoing{Op: wire.OpPrompt, RequestID: "rq1", Text: "hi", Refs: []string{"doc-1"}}
	if r := o.TextRequest(); r.RequestID != "rq1" || r.CommandID != "rq1" || r.Text != "hi" || !slices.Equal(r.ContextRefs, o.Refs) {
		t.Errorf("the body: %+v", r)
	}
	conflict := &wire.Error{Status: 409, Code: wire.CodeRequestIDConflict}
	lost := errors.New("connection reset")
	if !HostRefused(conflict) || HostRefused(lost) || !IsConflict(conflict) || IsConflict(lost) ||
		IsConflict(&wire.Error{Code: wire.CodeLeaseHeld}) {
		t.Error("a refusal and a lost answer are not told apart")
	}
	if got := UnconfirmedNote(wire.OpChime, "enter"); got != "no answer to your chime: enter sends it again (the same request: it counts once)" {
		t.Errorf("a chime's: %q", got)
	}
	if got := UnconfirmedNote(wire.OpFollowUp, "enter"); got != "no answer yet: the stream will confirm your follow-up; enter sends it again (the same request: it runs once)" {
		t.Errorf("a follow-up's: %q", got)
	}
}
