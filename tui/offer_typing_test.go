package tui

import (
	"strings"
	"testing"
)

// TestOfferKeepsTypedText: a person who types at the take-over offer
// without reading it loses nothing: the text goes to the composer, t and w
// are letters from then on, enter takes over (sending nothing) and the
// draft is still there to send.
func TestOfferKeepsTypedText(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	one, two := person(t, srv, "ada-token", "cli-one"), person(t, srv, "ada-token", "cli-two")
	id := newSession(t, one, "Shared")

	b := drive(t, "terminal two", hostConfig(t, two), 80, 24)
	b.run(b.m.open(id))
	b.see("Take over or watch?")
	b.send(typing("explain the watch #tool")...)
	b.see("What you typed", "waits in the composer", "enter  take over: that terminal", "esc  watch from here")
	if got := b.m.composer.Value(); got != "explain the watch #tool" {
		t.Fatalf("the composer holds %q", got)
	}
	if b.m.tiles.Focused().Offer() == nil || b.m.top() == nil {
		t.Fatal("the w of a word chose to watch")
	}
	b.send(keyEnter)
	b.see("● you drive from this terminal")
	if got := b.m.composer.Value(); got != "explain the watch #tool" {
		t.Fatalf("taking over changed the draft to %q", got)
	}
	b.send(keyEnter)
	b.see("you · 09:30", "I found 3 documents about: explain the watch #tool")
}

// TestOfferLetterStillChooses: the offer's own letters act when they come
// first, as the dialog says.
func TestOfferLetterStillChooses(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	one, two := person(t, srv, "ada-token", "cli-one"), person(t, srv, "ada-token", "cli-two")
	id := newSession(t, one, "Shared")

	b := drive(t, "terminal two", hostConfig(t, two), 80, 24)
	b.run(b.m.open(id))
	b.see("Take over or watch?")
	b.send(press('w'))
	s := b.see("your other terminal drives · enter offers to take over · ctrl+t takes over")
	if strings.Contains(s, "Take over or watch?") || b.m.composer.Value() != "" {
		t.Fatalf("w did not watch, or went to the composer (%q):\n%s", b.m.composer.Value(), s)
	}
}
