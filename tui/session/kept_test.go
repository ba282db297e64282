package session

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestKeptBetweenRuns: what is kept is the composer's text and the message
// with no answer; taken back, that message waits in the queue lane and the
// draft fills an empty composer of the focused tile (a shared draft and a
// kept message each said), or becomes the draft of a tile without the
// focus, marked; a composer the person began writing in keeps its text.
func TestKeptBetweenRuns(t *testing.T) {
	t.Parallel()
	s, _, _ := offline(t)
	if k := s.Kept("half"); k.Text != "half" || k.RequestID != "" {
		t.Errorf("kept with nothing unanswered: %+v", k)
	}
	act := s.TakeKept(KeptDraft{Text: "a draft", RequestID: "rq9", Request: "sent before", Op: "prompt", Refs: []string{"doc-1"}}, true, true)
	f, ok := uitest.Find[Fill](act)
	if !ok || f.Text != "a draft" || !strings.Contains(note(act), "your message with no answer in the queue lane") {
		t.Errorf("taken back, focused: %v", uitest.Actions(act))
	}
	if k := s.Kept("now"); k.RequestID != "rq9" || k.Request != "sent before" || k.Op != "prompt" || len(k.Refs) != 1 {
		t.Errorf("kept again with the message unanswered: %+v", k)
	}
	if act := s.TakeKept(KeptDraft{Text: "a draft"}, true, false); act != nil {
		t.Errorf("over the person's writing: %v", uitest.Actions(act))
	}
	if act := s.TakeKept(KeptDraft{Text: "shared", Shared: true}, true, true); !strings.Contains(note(act), "open in another of your terminals too") {
		t.Errorf("a shared draft: %v", uitest.Actions(act))
	}
	other, _, _ := offline(t)
	if act := other.TakeKept(KeptDraft{Text: "for later"}, false, true); act != nil || other.Draft() != "for later" || other.Needs() == "" {
		t.Errorf("a tile without the focus: %v, draft %q, needs %q", uitest.Actions(act), other.Draft(), other.Needs())
	}
	if act := other.TakeKept(KeptDraft{Text: "the other"}, false, true); act != nil || other.Draft() != "for later" {
		t.Errorf("a second draft over the tile's: draft %q", other.Draft())
	}
	if act := other.TakeKept(KeptDraft{}, true, true); act != nil {
		t.Errorf("nothing kept: %v", uitest.Actions(act))
	}
}
