package tui

import (
	"testing"
)

// TestVisitSlashCommands: while chiming, /help opens the help instead of
// reaching the driver, /rename says it needs a session of one's own, an
// unknown /word is chimed only once the person says so, and //text chimes
// "/text".
func TestVisitSlashCommands(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Ada's")
	cfg := hostConfig(t, person(t, srv, "bo-token", "cli-bo"))
	cfg.SessionID, cfg.Chime = id, true
	b := drive(t, "bo", cfg, 80, 24)
	b.see("chiming into "+id, "not yours")
	chimes := func() []string {
		snap, err := ada.Inspect(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, c := range snap.Chimes {
			out = append(out, c.Text)
		}
		return out
	}

	b.send(typing("/help")...)
	b.send(keyEnter)
	b.see("Keys", "send the chime")
	b.send(keyEsc)
	b.send(typing("/rename Mine")...)
	b.send(keyEnter)
	b.see("open one of your sessions first")
	if got := b.m.composer.Value(); got != "/rename Mine" {
		t.Fatalf("a refused command left %q in the composer", got)
	}
	b.m.composer.SetValue("")
	b.send(typing("/frob the census")...)
	b.send(keyEnter)
	b.see("Not a command", "Send it to the driver as a chime as it is?")
	if n := len(chimes()); n != 0 {
		t.Fatalf("%d chimes before the person said yes", n)
	}
	b.send(keyDown, keyEnter)
	b.see("held for the driver to decide")
	b.send(typing("//etc is the folder")...)
	b.send(keyEnter)
	b.see("/etc is the folder")
	b.until("the second chime in the room", func(string) bool { return len(chimes()) == 2 })
	if got := chimes(); got[0] != "/frob the census" || got[1] != "/etc is the folder" {
		t.Fatalf("the room's chimes: %q", got)
	}
}
