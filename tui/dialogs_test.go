package tui

import (
	"testing"

	"github.com/sophia-labs/vehicle/tui/dialog"
)

// TestDeleteAnsweredByKeysOnly is issue 24's second item in the picker:
// the delete key then enter deletes nothing, since keeping
// the session is the marked answer; words typed at the question close it and
// go to the filter; y, the dialog having been opened by a key, deletes.
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
	p.see("Delete “Keep me” (s1)?", "▸ keep it (n)", "delete it (y)")
	p.send(keyEnter)
	if p.m.top() != nil {
		t.Fatalf("enter left %T open", p.m.top())
	}
	p.send(keyDelete, keyDelete, keyEnter) // the delete key twice, then enter
	p.send(keyDelete)
	p.send(typing("keep")...)
	p.see("filter: keep")
	if _, ok := p.m.top().(*dialog.Choice); ok {
		t.Fatal("words typed at the question left it open")
	}
	p.drain()
	if n := dels(); n != 0 {
		t.Fatalf("%d deletes without a y", n)
	}
	p.send(keyDelete, press('y'))
	p.see("✓ session moved to the host's trash: trash/s1")
	if n := dels(); n != 1 {
		t.Errorf("%d deletes after y, want 1", n)
	}
}
