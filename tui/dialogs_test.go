package tui

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/tui/dialog"
)

// TestDeleteAnsweredByKeysOnly is issue 24's second item and issue 35's
// second trap, in the picker: ctrl+d (a habit of ending input) then enter
// deletes nothing, since keeping the session is the marked answer; ctrl+d
// then a sentence that starts with y ("you know what, keep it") deletes
// nothing: the words go to the filter whole and the question stays; y then
// enter deletes.
func TestDeleteAnsweredByKeysOnly(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	newSession(t, ada, "Keep me")
	if err := ada.Release(t.Context(), "s1"); err != nil {
		t.Fatal(err)
	}
	dels := func() int {
		n := 0
		for _, r := range srv.Requests() {
			if r.Method == "DELETE" {
				n++
			}
		}
		return n
	}
	p := drive(t, "picker", hostConfig(t, ada), 80, 24)
	p.see("Keep me", "1 session")
	p.send(keyDelete)
	p.see("Delete “Keep me” (s1)?", "▸ keep it")
	p.send(keyEnter)
	if p.m.top() != nil {
		t.Fatalf("enter left %T open", p.m.top())
	}
	p.send(keyDelete, keyDelete, keyEnter) // the delete key twice, then enter
	p.send(keyDelete)
	p.send(typing("you know what, keep it")...)
	p.see("filter: you know what, keep it", "Delete “Keep me” (s1)?", "▸ keep it")
	p.drain()
	if n := dels(); n != 0 {
		t.Fatalf("%d deletes from a sentence that starts with y", n)
	}
	if _, ok := p.m.top().(*dialog.Choice); !ok {
		t.Fatal("words typed at the question closed it")
	}
	// The y marked "delete it" for a moment: once it began a word, the
	// status line says so, and never that enter deletes.
	if s := screen(p.m); strings.Contains(s, "picks “delete it”") || !strings.Contains(s, "began your text, not an answer") {
		t.Fatalf("the status line after a sentence that starts with y:\n%s", s)
	}
	p.send(keyEnter)
	if s := screen(p.m); strings.Contains(s, "the question waits") {
		t.Fatalf("the question was answered, and the status line says it waits:\n%s", s)
	}
	p.send(keyEsc) // the filter cleared
	p.see("Keep me")
	p.drain()
	if n := dels(); n != 0 || p.m.top() != nil {
		t.Fatalf("%d deletes, top %T after enter", n, p.m.top())
	}
	p.send(keyDelete)
	p.see("▸ keep it (n↵)", "delete it (y↵)")
	p.send(press('y'))
	p.see("y: enter picks “delete it”", "▸ delete it")
	if n := dels(); n != 0 {
		t.Fatal("y alone deleted")
	}
	p.send(keyEnter)
	p.see("✓ session moved to the host's trash: trash/s1")
	if n := dels(); n != 1 {
		t.Errorf("%d deletes after y enter, want 1", n)
	}
}
