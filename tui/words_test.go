package tui

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

// Issue 36, "Words that are not true": every sentence on a screen is true
// for this person at the moment it shows.

// TestChimerSaysOnlyWhatItKnows: Bo chimes into Ada's room; Ada accepts
// it, then turns the room to observe and Bo's next chime is refused. Bo
// cannot read the session, so his screen says when each chime went, that
// the first was held for the driver to decide and that its outcome is not
// visible from here, and what the refusal said; never that the first is
// still pending (item 1).
func TestChimerSaysOnlyWhatItKnows(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Ada's")
	cfg := hostConfig(t, person(t, srv, "bo-token", "cli-bo"))
	cfg.SessionID, cfg.Chime = id, true
	b := drive(t, "bo", cfg, 100, 30)
	b.see("chiming into " + id)
	b.send(typing("Look at the census.")...)
	b.send(keyEnter)
	b.see("you → chime · sent at 09:30 · held for the driver to decide",
		"its outcome is not visible from here: only the session's owner reads it")
	snap, err := ada.Inspect(t.Context(), id)
	if err != nil || len(snap.Chimes) != 1 {
		t.Fatalf("ada's room: %+v, %v", snap, err)
	}
	if _, err := ada.AcceptChime(t.Context(), id, snap.Chimes[0].ChimeID); err != nil {
		t.Fatal(err)
	}
	if _, err := ada.SetRoomPolicy(t.Context(), id, client.PolicyObserve); err != nil {
		t.Fatal(err)
	}
	b.send(typing("And the 2024 archive.")...)
	b.send(keyEnter)
	s := b.see("refused at 09:30: the room was in observe mode")
	if strings.Contains(s, "pending") {
		t.Errorf("Bo's screen says a chime is pending, which he cannot know:\n%s", s)
	}
	if !strings.Contains(s, "you → chime · sent at 09:30 · held for the driver to decide") {
		t.Errorf("the first chime no longer says when it went and who decides:\n%s", s)
	}
}
