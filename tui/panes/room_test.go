package panes

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// chimes is n pending chimes from Bo, c0 the oldest.
func chimes(n int) []client.Chime {
	out := make([]client.Chime, n)
	for i := range out {
		out[i] = client.Chime{ChimeID: fmt.Sprintf("c%d", i), Author: "Bo", Text: fmt.Sprintf("chime number %d", i),
			ReceivedAt: uitest.Now}
	}
	return out
}

// focusedRoom is a room pane with n chimes, focused, this terminal driving.
func focusedRoom(ctx *ui.Context, n int) *Room {
	r := NewRoom(ctx)
	r.Set(RoomView{Known: true, Chimes: chimes(n), Policy: client.PolicySuggest, Driving: true})
	r.SetFocused(true)
	return r
}

// actions is what an action holds, Batches unfolded.
func actions(a ui.Action) []ui.Action {
	var out []ui.Action
	ui.Each(a, func(a ui.Action) { out = append(out, a) })
	return out
}

// TestRoomKeepsTheSelectionInItsWindow places the window of a dozen
// chimes so the selected one is drawn and marked, at the top or the end.
func TestRoomKeepsTheSelectionInItsWindow(t *testing.T) {
	r := focusedRoom(uitest.Context(), 12)
	for _, sel := range []int{11, 0, 6} {
		r.Select(sel)
		r.SetSize(80, 5)
		view := xansi.Strip(r.View())
		if n := strings.Count(view, "\n") + 1; n > 5 {
			t.Errorf("sel %d: the pane drew %d lines in 5", sel, n)
		}
		want := fmt.Sprintf("▸ Bo · 09:30  chime number %d", sel)
		if !strings.Contains(view, want) {
			t.Errorf("sel %d: the selected chime is not marked on screen:\n%s", sel, view)
		}
		if r.shown != fmt.Sprintf("c%d", sel) {
			t.Errorf("sel %d: shown is %q", sel, r.shown)
		}
	}
	r.SetSize(80, 1) // only the header fits
	if r.shown != "" {
		t.Errorf("a chime counts as shown with no line for it: %q", r.shown)
	}
}

// TestRoomAcceptsOnEnter proposes on a, naming the chime, and asks to
// accept it on enter, giving the keys back; a second a is no confirmation.
func TestRoomAcceptsOnEnter(t *testing.T) {
	r := focusedRoom(uitest.Context(), 2)
	r.SetSize(80, 5)
	cmd, act := r.Update(uitest.Press('a'))
	if n, ok := act.(ui.Note); cmd != nil || !ok || !strings.Contains(n.Text, "a: enter accepts Bo's chime “chime number 0”") {
		t.Fatalf("the first a: cmd %v, %#v", cmd != nil, act)
	}
	if _, act = r.Update(uitest.Press('a')); len(actions(act)) > 1 {
		t.Fatalf("a second a acted: %#v", act)
	}
	_, act = r.Update(uitest.Key(tea.KeyEnter))
	got := actions(act)
	if len(got) != 2 || got[0] != (Resolve{Chime: chimes(2)[0], Accept: true}) || got[1] != (ui.Done{}) {
		t.Fatalf("enter after a reported %#v", act)
	}
}

// TestRoomAnyOtherKeyDisarms: after an armed a, a key of the pane other
// than a forgets it, and a lone a arms again.
func TestRoomAnyOtherKeyDisarms(t *testing.T) {
	r := focusedRoom(uitest.Context(), 2)
	r.SetSize(80, 5)
	r.Update(uitest.Press('a'))
	r.Update(uitest.Key(tea.KeyUp))
	if _, act := r.Update(uitest.Press('a')); actions(act)[0] == (Resolve{Chime: chimes(2)[0], Accept: true}) {
		t.Fatal("an a after ↑ accepted at once")
	}
	if text := r.Disarm(); text != "a" {
		t.Errorf("the armed key's text is %q", text)
	}
}

// TestRoomRefusesAnUnshownChime acts on nothing it has not marked.
func TestRoomRefusesAnUnshownChime(t *testing.T) {
	r := focusedRoom(uitest.Context(), 3)
	r.SetSize(80, 1) // no line for a chime
	r.Update(uitest.Press('x'))
	cmd, act := r.Update(uitest.Key(tea.KeyEnter))
	if n, ok := act.(ui.Note); cmd != nil || !ok || !strings.Contains(n.Text, "not on screen") {
		t.Errorf("x on an unshown chime: cmd %v, %#v", cmd != nil, act)
	}
}

// TestRoomOnlyTheDriverDecides says why a watcher's keys do nothing.
func TestRoomOnlyTheDriverDecides(t *testing.T) {
	r := NewRoom(uitest.Context())
	r.Set(RoomView{Known: true, Chimes: chimes(1), Policy: client.PolicySuggest})
	r.SetFocused(true)
	r.SetSize(80, 5)
	r.Update(uitest.Press('p'))
	_, act := r.Update(uitest.Key(tea.KeyEnter))
	if n, ok := act.(ui.Note); !ok || n.Text != "only the driver may set the room's policy: ctrl+t takes over" {
		t.Errorf("p while watching: %#v", act)
	}
}

// TestRoomKeysAreItsHelp lists the keys the pane binds, and the pane's
// hint on screen follows a rebinding.
func TestRoomKeysAreItsHelp(t *testing.T) {
	ctx := uitest.Context()
	ctx.Keys.Reject = key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "reject a chime"))
	r := focusedRoom(ctx, 1)
	r.SetSize(80, 5)
	if !strings.Contains(xansi.Strip(r.View()), "r↵ reject") {
		t.Errorf("the hint does not follow the rebinding:\n%s", xansi.Strip(r.View()))
	}
	var names []string
	for _, b := range r.ShortHelp() {
		names = append(names, b.Help().Key)
	}
	if got := strings.Join(names, " "); !strings.Contains(got, "r") || !strings.Contains(got, "v") {
		t.Errorf("the room's help keys are %q", got)
	}
	if _, act := r.Update(uitest.Press('z')); act != nil {
		t.Errorf("a key the pane does not bind reported %#v", act)
	}
}

// TestRoomDrawsAtItsOwnWidth draws every line at the width it was given.
func TestRoomDrawsAtItsOwnWidth(t *testing.T) {
	r := focusedRoom(uitest.Context(), 3)
	r.SetSize(33, 4)
	for _, l := range strings.Split(r.View(), "\n") {
		if w := xansi.StringWidth(l); w != 33 {
			t.Errorf("a line %d cells wide, not 33: %q", w, xansi.Strip(l))
		}
	}
}

// TestNextPolicy steps the policies forward and back.
func TestNextPolicy(t *testing.T) {
	if got := NextPolicy(client.PolicySuggest, 1); got != client.PolicyCoDrive {
		t.Errorf("p from suggest is %q", got)
	}
	if got := NextPolicy(client.PolicyObserve, -1); got != client.PolicyCoDrive {
		t.Errorf("P from observe is %q", got)
	}
}
