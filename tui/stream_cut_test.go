package tui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// TestEndlessReplyKeepsItsEnd (issue 27, item 11): a reply streamed past
// what is kept (client.StreamKeep) is drawn from a note that says how much
// of its start is not shown and that it comes whole when the reply ends;
// its end is drawn as it comes. Its message.completed draws it whole.
func TestEndlessReplyKeepsItsEnd(t *testing.T) {
	t.Parallel()
	m := openBig(t, 4)
	whole := streamInto(m, 1, 1300, 26) // about 600 KB: cut once (past 2*StreamKeep)

	if got := screen(m); !strings.Contains(got, "Paragraph 1300. The lease") {
		t.Fatalf("the reply's end is not drawn as it streams:\n%s", got)
	}
	e := m.tiles.Focused().State().Entries[len(m.tiles.Focused().State().Entries)-1]
	if len(e.Text) > 2*client.StreamKeep || e.Cut == 0 {
		t.Fatalf("the streaming entry keeps %d bytes of %d (cut %d)", len(e.Text), len(whole), e.Cut)
	}
	feed(m, keyCtrlHome, keyDown, keyDown, keyDown) // the earlier messages, then the reply's head
	got := screen(m)
	note := "… " + ui.Bytes(e.Cut) + " earlier not shown: the whole reply is in the session once it ends"
	if !strings.Contains(got, note) || strings.Contains(got, "Paragraph 1. The lease") {
		t.Fatalf("the head of the streaming reply does not say its start is cut (%q):\n%s", note, got)
	}

	v, _ := json.Marshal(client.MessageValue{EntryID: "e-big", MessageID: "m-big", Role: "assistant", Text: whole})
	feed(m, on(m, event(5, client.EvMessageCompleted, string(v))), keyCtrlHome, keyDown, keyDown, keyDown)
	if got := screen(m); !strings.Contains(got, "Paragraph 1. The lease") || strings.Contains(got, "earlier not") {
		t.Fatalf("the completed reply is not drawn whole from its start:\n%s", got)
	}
	if e := m.tiles.Focused().State().Entries[len(m.tiles.Focused().State().Entries)-1]; e.Text != whole || e.Cut != 0 {
		t.Errorf("the completed entry holds %d bytes of %d (cut %d)", len(e.Text), len(whole), e.Cut)
	}
}
