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
// goes to the host whole. Its size is said in one unit, KiB, on the chip,
// over the composer and on the status line (issue 36, item 12).
func TestBigPaste(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Pastes")
	cfg := hostConfig(t, ada)
	cfg.SessionID = id
	a := drive(t, "ada", cfg, 120, 30)
	a.see("● you drive from this terminal", "● live")

	a.send(tea.PasteMsg{Content: pasteLines(2000)})
	a.see("┃ [pasted 2,000 lines · 129 KiB]", "✗ the draft is 129 KiB, over the 64 KiB a message may hold")
	a.send(keyEnter)
	// one draft, one size, said in one unit everywhere (issue 36, item 12)
	got := a.see("not sent: the text is 129 KiB, over the 64 KiB a message may hold")
	if strings.Contains(got, " KB") || strings.Contains(got, "bytes") {
		t.Errorf("a size is said in another unit:\n%s", got)
	}
	if n := count(srv, id, client.EvCommandAccepted); n != 0 {
		t.Fatalf("%d commands sent", n)
	}
	if a.m.composer.Value() != pasteLines(2000) {
		t.Fatal("the paste left the composer")
	}

	a.m.composer.SetValue("")
	a.send(typing("count these: ")...)
	a.send(tea.PasteMsg{Content: pasteLines(900)})
	a.see("┃ count these: [pasted 900 lines · 59 KiB]")
	a.send(keyEnter)
	a.see("You said: count these:", "idle")
	var sent string
	for _, e := range a.m.tiles.Focused().State().Entries {
		if e.Role == client.RoleUser {
			sent = e.Text
		}
	}
	if sent != "count these: "+pasteLines(900) && sent != strings.TrimRight("count these: "+pasteLines(900), "\n") {
		t.Errorf("the host got %d bytes, want the paste whole (%d)", len(sent), len("count these: "+pasteLines(900)))
	}
}

// TestPasteSaysWhatWasRemoved (issue 27, item 16): the escape sequences
// and control characters of a paste are taken out whole, the text around
// them kept, and the status line says what was taken (they were dropped
// unsaid, the textarea leaving "[31m" behind); a paste that a chip keeps
// has them taken out too, so they are never sent; the picker's filter
// takes a paste the same way.
func TestPasteSaysWhatWasRemoved(t *testing.T) {
	m := opened(t, testConfig(t), 160, 30, snapshot(lease("user:ada", "cli-me")), nil)
	feed(m, tea.PasteMsg{Content: "a \x1b[31mred\x1b[0m b\x07 c\x1b]0;pwned\x07"})
	if got := m.composer.Value(); got != "a red b c" {
		t.Errorf("the composer holds %q", got)
	}
	if got := drawn(m, statusPart); !strings.Contains(got,
		"3 escape sequences and 1 control character in the paste were removed: ␛[31m ␛[0m ␇ ␛]0;pwned␇") {
		t.Errorf("the status line says:\n%s", got)
	}

	m.composer.SetValue("")
	feed(m, tea.PasteMsg{Content: strings.Repeat("line\x1b[2K\n", 100)})
	if got := m.composer.Value(); got != strings.Repeat("line\n", 100) {
		t.Errorf("the chip holds %q", got)
	}
	if got := drawn(m, statusPart, composerPart); !strings.Contains(got, "100 escape sequences in the paste were removed: ␛[2K ␛[2K") ||
		!strings.Contains(got, "[pasted 100 lines · 500 bytes]") {
		t.Errorf("the screen says:\n%s", got)
	}

	p := picking(t, 120, 24)
	feed(p, tea.PasteMsg{Content: "lea\x1b[2J"})
	if got := drawn(p, pickerPart, statusPart); !strings.Contains(got, "filter: lea") ||
		!strings.Contains(got, "an escape sequence in the paste was removed: ␛[2J") {
		t.Errorf("the picker shows:\n%s", got)
	}
}
