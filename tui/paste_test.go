package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
)

// TestBigPaste is issue 24's sixth item on a host: a 2,000-line paste is a
// chip in the composer, the limit is said as it is pasted, and enter sends
// nothing (the host would refuse it) and keeps it; a paste under the limit
// goes to the host whole.
func TestBigPaste(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Pastes")
	cfg := hostConfig(t, ada)
	cfg.SessionID = id
	a := drive(t, "ada", cfg, 100, 30)
	a.see("● you drive from this terminal", "● live")

	a.send(tea.PasteMsg{Content: pasteLines(2000)})
	a.see("┃ [pasted 2,000 lines · 132 KB]", "over the 64 KiB a message may hold")
	a.send(keyEnter)
	a.see("not sent: the text is 132,000 bytes, over the 65,536 bytes a message may hold")
	if n := count(srv, id, client.EvCommandAccepted); n != 0 {
		t.Fatalf("%d commands sent", n)
	}
	if a.m.composer.Value() != pasteLines(2000) {
		t.Fatal("the paste left the composer")
	}

	a.m.composer.SetValue("")
	a.send(typing("count these: ")...)
	a.send(tea.PasteMsg{Content: pasteLines(900)})
	a.see("┃ count these: [pasted 900 lines · 59 KB]")
	a.send(keyEnter)
	a.see("You said: count these:", "idle")
	var sent string
	for _, e := range a.m.sess.state.Entries {
		if e.Role == client.RoleUser {
			sent = e.Text
		}
	}
	if sent != "count these: "+pasteLines(900) && sent != strings.TrimRight("count these: "+pasteLines(900), "\n") {
		t.Errorf("the host got %d bytes, want the paste whole (%d)", len(sent), len("count these: "+pasteLines(900)))
	}
}
