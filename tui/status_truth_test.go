package tui

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// TestStatusSaysWhatIsTrue is trap 8's status line: the connection is not
// called streaming while nothing streams, and "abort sent" goes when the
// run settles.
func TestStatusSaysWhatIsTrue(t *testing.T) {
	t.Parallel()
	m := driven(t, 80, 24)
	if got := screen(m); strings.Contains(got, "streaming · idle") || !strings.Contains(got, "● live · idle") {
		t.Errorf("the idle status line:\n%s", got)
	}
	feed(m, on(m, event(5, client.EvRunStarted, `{"runId":"r1"}`)), keyEsc, session.AbortedMsg{Gen: m.tiles.Gen()})
	if !strings.Contains(screen(m), "abort sent") {
		t.Fatalf("no note says the abort was sent:\n%s", screen(m))
	}
	feed(m, on(m, event(6, client.EvRunSettled, `{"runId":"r1","aborted":true,"reason":"aborted"}`)))
	if strings.Contains(screen(m), "abort sent") {
		t.Errorf("\"abort sent\" stays after the run settled:\n%s", screen(m))
	}
	// the stream can bring the settle before the abort's answer comes
	feed(m, on(m, event(7, client.EvRunStarted, `{"runId":"r2"}`)), keyEsc,
		on(m, event(8, client.EvRunSettled, `{"runId":"r2","aborted":true,"reason":"aborted"}`)), session.AbortedMsg{Gen: m.tiles.Gen()})
	if got := screen(m); strings.Contains(got, "abort sent") || !strings.Contains(got, "the run was aborted") {
		t.Errorf("the abort's answer after the settle:\n%s", got)
	}
}

// TestAccessReducedOffersNoTakeover is trap 8: once the host says the
// person's role dropped to viewer, nothing offers a take-over.
func TestAccessReducedOffersNoTakeover(t *testing.T) {
	t.Parallel()
	m := driven(t, 100, 24)
	feed(m, typing("drive on")...)
	feed(m, keyEnter, session.SentMsg{Gen: m.tiles.Gen(), Out: session.Outgoing{Op: client.OpPrompt, Text: "drive on"},
		Err: &client.Error{Status: 403, Code: client.CodeAccessReduced, Message: "your role on this graph is now viewer"}})
	got := screen(m)
	if strings.Contains(got, ui.KeyName(m.Keys.TakeOver)) {
		t.Errorf("a take-over is offered after access_reduced:\n%s", got)
	}
	if !strings.Contains(got, "read-only: your role here is viewer") {
		t.Errorf("the lease pane does not say the role dropped:\n%s", got)
	}
	if n := keys(m, keyCtrlT); n != 0 {
		t.Errorf("ctrl+t made %d requests after access_reduced", n)
	}
	if m.composer.Value() != "drive on" {
		t.Errorf("the refused text is %q, want it back in the composer", m.composer.Value())
	}
}
