package panes

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// chimes is n pending chimes from Bo, c0 the oldest.
func chimes(n int) []wire.Chime {
	out := make([]wire.Chime, n)
	for i := range out {
		out[i] = wire.Chime{ChimeID: fmt.Sprintf("c%d", i), Author: "Bo", Text: fmt.Sprintf("chime number %d", i),
			ReceivedAt: uitest.Now}
	}
	return out
}

// focusedRoom is a room pane with n chimes, focused, this terminal driving.
func focusedRoom(ctx *ui.Context, n int) *Room {
	r := NewRoom(ctx)
	r.Set(RoomView{Known: true, Chimes: chimes(n), Policy: wire.PolicySuggest, Driving: true})
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

// TestRoomOnlyTheDriverDecides says at once why the driver's keys do
// nothing here, and what this person may do: no "a: enter accepts" is
// proposed to be refused after enter (issue 36, item 3).
func TestRoomOnlyTheDriverDecides(t *testing.T) {
	r := NewRoom(uitest.Context())
	r.Set(RoomView{Known: true, Chimes: chimes(1), Policy: wire.PolicySuggest, Driver: Driver{Rel: wire.LeaseMyOtherClient}})
	r.SetFocused(true)
	r.SetSize(80, 5)
	for _, c := range []struct {
		key  rune
		want string
	}{
		{'p', "only the driver may set the room's policy: your other terminal drives · ctrl+t takes over"},
		{'a', "only the driver may accept or reject a chime: your other terminal drives · ctrl+t takes over"},
		{'x', "only the driver may accept or reject a chime: your other terminal drives · ctrl+t takes over"},
	} {
		// the letter is held (typing on gives it to the composer), and
		// enter says why again, acting on nothing
		_, act := r.Update(uitest.Press(c.key))
		if want := string(c.key) + ": " + c.want + " · typing goes to the composer"; act != (ui.Note{Text: want}) || !r.Armed() {
			t.Errorf("%c while another terminal drives: %#v (armed %v), want %q", c.key, act, r.Armed(), want)
		}
		if _, act := r.Update(uitest.Key(tea.KeyEnter)); act != (ui.Note{Text: c.want}) {
			t.Errorf("%c↵ while another terminal drives: %#v", c.key, act)
		}
	}
	r.Set(RoomView{Known: true, Chimes: chimes(1), Policy: wire.PolicySuggest})
	if _, act := r.Update(uitest.Press('a')); act != (ui.Note{Text: "a: only the driver may accept or reject a chime: nobody drives · ctrl+t claims the lease · typing goes to the composer"}) {
		t.Errorf("a while nobody drives: %#v", act)
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
	if got := NextPolicy(wire.PolicySuggest, 1); got != wire.PolicyCoDrive {
		t.Errorf("p from suggest is %q", got)
	}
	if got := NextPolicy(wire.PolicyObserve, -1); got != wire.PolicyCoDrive {
		t.Errorf("P from observe is %q", got)
	}
}

// roomView draws r at width and limit, without styling.
func roomView(r *Room, width, limit int) string {
	r.SetSize(width, limit)
	return xansi.Strip(r.View())
}

// TestRoomHeaderSaysWhoDecides words the header for the driver (focused
// or not, with chimes or none), a watcher and a read-only terminal.
func TestRoomHeaderSaysWhoDecides(t *testing.T) {
	cases := []struct {
		name    string
		watch   bool
		focused bool
		v       RoomView
		want    string
	}{
		{"driver, unfocused", false, false, RoomView{Known: true, Chimes: chimes(2), Policy: wire.PolicySuggest, Driving: true},
			"✉ chimes · 2 pending · room suggest · tab, then a↵ accept · x↵ reject"},
		{"driver, unfocused, from another pane", false, false, RoomView{Known: true, Chimes: chimes(2), Policy: wire.PolicySuggest,
			Driving: true, Reach: "esc, then tab"},
			"✉ chimes · 2 pending · room suggest · esc, then tab, then a↵ accept · x↵ reject"},
		{"driver, focused", false, true, RoomView{Known: true, Chimes: chimes(2), Policy: wire.PolicySuggest, Driving: true},
			"▸ ✉ chimes · 2 pending · room suggest · a↵ accept · x↵ reject · v↵ read · p↵ policy · esc back"},
		{"driver, focused, no chime", false, true, RoomView{Known: true, Policy: wire.PolicyCoDrive, Driving: true},
			"▸ ✉ chimes · room co-drive · p↵ policy: chimes go in at once · esc back"},
		{"another terminal drives", false, true, RoomView{Known: true, Chimes: chimes(1), Policy: wire.PolicyObserve,
			Driver: Driver{Rel: wire.LeaseMyOtherClient}},
			"▸ ✉ chimes · 1 pending · room observe · the driver decides · ctrl+t takes over"},
		{"nobody drives", false, true, RoomView{Known: true, Chimes: chimes(1), Policy: wire.PolicySuggest},
			"▸ ✉ chimes · 1 pending · room suggest · nobody drives · ctrl+t claims the lease to decide"},
		{"another person drives", false, true, RoomView{Known: true, Chimes: chimes(1), Policy: wire.PolicySuggest,
			Driver: Driver{Rel: wire.LeaseOther, Holder: "user:bo"}},
			"▸ ✉ chimes · 1 pending · room suggest · user:bo decides"},
		{"viewer", false, true, RoomView{Known: true, Chimes: chimes(1), Policy: wire.PolicySuggest,
			Driver: Driver{Rel: wire.LeaseNone, Reduced: true}},
			"▸ ✉ chimes · 1 pending · room suggest · the driver decides: your role here is viewer"},
		{"watching", true, true, RoomView{Known: true, Chimes: chimes(1), Policy: wire.PolicyMute, Driving: true,
			Driver: Driver{Rel: wire.LeaseMine}},
			"▸ ✉ chimes · 1 pending · room mute · the driver decides"},
		{"watching, nobody drives", true, true, RoomView{Known: true, Chimes: chimes(1), Policy: wire.PolicySuggest},
			"▸ ✉ chimes · 1 pending · room suggest · nobody drives: chimes wait for a driver"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := uitest.Context()
			ctx.Watch = c.watch
			r := NewRoom(ctx)
			r.Set(c.v)
			r.SetFocused(c.focused)
			head, _, _ := strings.Cut(roomView(r, 120, 5), "\n")
			if strings.TrimRight(head, " ") != c.want {
				t.Errorf("the header is\n%q, want\n%q", strings.TrimRight(head, " "), c.want)
			}
		})
	}
}

// TestRoomTakesNoRoomUnlessItMatters draws nothing before the state came,
// with no line to draw on, or with no chime while unfocused; an unfocused
// room marks no chime.
func TestRoomTakesNoRoomUnlessItMatters(t *testing.T) {
	r := NewRoom(uitest.Context())
	r.Set(RoomView{Chimes: chimes(2), Driving: true})
	if v := roomView(r, 80, 5); v != "" {
		t.Errorf("before the state came the room draws %q", v)
	}
	if _, act := r.Update(uitest.Press('a')); act != nil {
		t.Errorf("before the state came a key did %#v", act)
	}
	r.Set(RoomView{Known: true, Driving: true})
	if v := roomView(r, 80, 5); v != "" {
		t.Errorf("no chime, unfocused, the room draws %q", v)
	}
	r.Set(RoomView{Known: true, Chimes: chimes(2), Driving: true})
	if v := roomView(r, 80, 0); v != "" {
		t.Errorf("with no lines, the room draws %q", v)
	}
	v := roomView(r, 80, 5)
	if strings.Contains(v, "▸") || !strings.Contains(v, "  Bo · 09:30  chime number 1") || r.shown != "" {
		t.Errorf("unfocused, the room marks a chime (shown %q):\n%s", r.shown, v)
	}
	if _, act := r.Update(uitest.Press('x')); act == nil {
		t.Fatal("x proposed nothing")
	}
	r.SetFocused(false)
	if r.Armed() {
		t.Error("the room lost the keys and kept x armed")
	}
}

// TestRoomSaysOlderChimesAndReadsALongOne: with more chimes than lines a
// line says how many older ones are above; the selected chime, when long,
// is wrapped on up to three lines, and v↵ opens it whole.
func TestRoomSaysOlderChimesAndReadsALongOne(t *testing.T) {
	r := focusedRoom(uitest.Context(), 6)
	r.Select(5)
	v := roomView(r, 60, 4)
	if !strings.Contains(v, "  … 4 older") || !strings.Contains(v, "▸ Bo · 09:30  chime number 5") {
		t.Errorf("the window's first lines:\n%s", v)
	}
	long := chimes(3)
	long[2].Text = strings.Repeat("a long chime that goes on ", 12)
	long[2].Author, long[2].ReceivedAt = "", time.Time{}
	r.Set(RoomView{Known: true, Chimes: long, Policy: wire.PolicySuggest, Driving: true})
	r.Select(2)
	lines := strings.Split(roomView(r, 60, 8), "\n")
	if len(lines) != 7 || strings.TrimRight(lines[3], " ") != "▸ someone" || !strings.HasPrefix(lines[4], "    a long chime") ||
		!strings.HasSuffix(strings.TrimRight(lines[6], " "), " …") {
		t.Errorf("a long selected chime is drawn\n%s", strings.Join(lines, "\n"))
	}
	if r.Selected() != 2 {
		t.Errorf("selected %d", r.Selected())
	}
	r.Update(uitest.Press('v'))
	_, act := r.Update(uitest.Key(tea.KeyEnter))
	show, ok := act.(ui.Show)
	if !ok {
		t.Fatalf("v↵ reported %#v", act)
	}
	show.Overlay.SetSize(70, 20)
	box := xansi.Strip(show.Overlay.View())
	if !strings.Contains(box, "Chime from someone") || !strings.Contains(box, "a long chime that goes on a long chime") {
		t.Errorf("the chime read whole:\n%s", box)
	}
	r.Select(0)
	r.SetSize(60, 1) // only the header: the selected chime is not drawn
	r.Update(uitest.Press('v'))
	if _, act := r.Update(uitest.Key(tea.KeyEnter)); act != nil {
		t.Errorf("v↵ on a chime not on screen reported %#v", act)
	}
}

// TestRoomRejectsAndStepsThePolicy: x↵ rejects the marked chime, ↓ moves
// the mark, p↵ and P↵ step the policy forward and back, each proposal
// naming what enter will do.
func TestRoomRejectsAndStepsThePolicy(t *testing.T) {
	r := focusedRoom(uitest.Context(), 3)
	r.SetSize(80, 6)
	r.Update(uitest.Key(tea.KeyDown))
	r.Update(uitest.Key(tea.KeyDown))
	r.Update(uitest.Key(tea.KeyDown)) // past the last: stays there
	if r.Selected() != 2 {
		t.Fatalf("three ↓ over three chimes selected %d", r.Selected())
	}
	r.SetSize(80, 6)
	if _, act := r.Update(uitest.Press('x')); act != (ui.Note{Text: "x: enter rejects Bo's chime “chime number 2” · typing goes to the composer"}) {
		t.Fatalf("x proposed %#v", act)
	}
	if got := actions(second(r.Update(uitest.Key(tea.KeyEnter)))); len(got) != 2 || got[0] != (Resolve{Chime: chimes(3)[2]}) {
		t.Fatalf("x↵ reported %#v", got)
	}
	r.Update(uitest.Key(tea.KeyUp))
	if r.Selected() != 1 {
		t.Errorf("↑ selected %d", r.Selected())
	}
	for _, c := range []struct {
		key  rune
		note string
		want string
	}{
		{'p', "p: enter sets the room to co-drive: chimes go in at once · typing goes to the composer", wire.PolicyCoDrive},
		{'P', "P: enter sets the room to mute: chimes are refused · typing goes to the composer", wire.PolicyMute},
	} {
		if _, act := r.Update(uitest.Press(c.key)); act != (ui.Note{Text: c.note}) {
			t.Errorf("%c proposed %#v", c.key, act)
		}
		got := actions(second(r.Update(uitest.Key(tea.KeyEnter))))
		if len(got) != 2 || got[0] != (SetPolicy{Policy: c.want}) || got[1] != (ui.Done{}) {
			t.Errorf("%c↵ reported %#v", c.key, got)
		}
	}
	r.Update(uitest.Press('a'))
	r.Reset()
	if r.Armed() || r.Selected() != 0 {
		t.Error("Reset kept the armed key or the selection")
	}
}

// TestRoomWithNoChimeOrNoRight says why nothing happened: no chime waits,
// or this terminal only watches.
func TestRoomWithNoChimeOrNoRight(t *testing.T) {
	r := focusedRoom(uitest.Context(), 0)
	r.SetSize(80, 4)
	if _, act := r.Update(uitest.Press('a')); act != (ui.Note{Text: "a: no chime waits · typing goes to the composer"}) {
		t.Errorf("a with no chime reported %#v", act)
	}
	if _, act := r.Update(uitest.Key(tea.KeyEnter)); act != (ui.Note{Text: "no chime waits"}) {
		t.Errorf("a↵ with no chime reported %#v", act)
	}
	ctx := uitest.Context()
	ctx.Watch = true
	w := focusedRoom(ctx, 1)
	w.SetSize(80, 4)
	for _, k := range []rune{'a', 'p'} {
		w.Update(uitest.Press(k))
		_, act := w.Update(uitest.Key(tea.KeyEnter))
		if n, ok := act.(ui.Note); !ok || !strings.HasPrefix(n.Text, "watching read-only: only the driver may ") {
			t.Errorf("%c↵ while watching reported %#v", k, act)
		}
	}
	if cmd, act := w.Update(tea.WindowSizeMsg{}); cmd != nil || act != nil {
		t.Errorf("a message not a key acted: %#v", act)
	}
}

// TestRoomScrollsAndWords: the wheel moves the selection within the
// chimes; names and policies are worded for notes.
func TestRoomScrollsAndWords(t *testing.T) {
	r := focusedRoom(uitest.Context(), 4)
	r.Scroll(10)
	if r.Selected() != 3 {
		t.Errorf("scrolled past the end to %d", r.Selected())
	}
	r.Scroll(-10)
	if r.Selected() != 0 {
		t.Errorf("scrolled past the top to %d", r.Selected())
	}
	for in, want := range map[string]string{"Bo": "Bo's", "Jess": "Jess'", "": "the"} {
		if got := Possessive(in); got != want {
			t.Errorf("Possessive(%q) = %q, want %q", in, got, want)
		}
	}
	if got := ChimeName(wire.Chime{Author: "Bo", Text: "a chime with more than twenty-four runes"}); got != "Bo's chime “a chime with more than …”" {
		t.Errorf("ChimeName is %q", got)
	}
	for p, want := range map[string]string{wire.PolicyObserve: "chimes are refused", wire.PolicyMute: "chimes are refused",
		wire.PolicySuggest: "chimes wait for the driver", wire.PolicyCoDrive: "chimes go in at once", "other": "the host's own policy"} {
		if got := PolicyMeaning(p); got != want {
			t.Errorf("PolicyMeaning(%q) = %q", p, got)
		}
	}
	if got := NextPolicy("unknown", 1); got != wire.PolicyCoDrive {
		t.Errorf("p from an unknown policy is %q (suggest is the default)", got)
	}
	if len(r.FullHelp()) != 1 {
		t.Error("the room's full help is not its keys")
	}
}

// second is the action of an Update's answer.
func second(_ tea.Cmd, a ui.Action) ui.Action { return a }

// TestRoomChimeAt names the chime on each line as drawn: none on the
// header or the "older" line, the selected chime on each of its lines.
func TestRoomChimeAt(t *testing.T) {
	r := NewRoom(uitest.Context())
	r.Set(RoomView{Known: true, Chimes: chimes(3), Policy: wire.PolicySuggest, Driving: true})
	r.SetSize(100, 5)
	for y, want := range []int{-1, 0, 1, 2, -1} {
		i, ok := r.ChimeAt(y)
		if (want < 0) == ok || ok && i != want {
			t.Errorf("line %d: chime %d %v, want %d", y, i, ok, want)
		}
	}
	long := chimes(8)
	long[7].Text = strings.Repeat("a long chime that wraps ", 12)
	r.Set(RoomView{Known: true, Chimes: long, Policy: wire.PolicySuggest, Driving: true})
	r.SetFocused(true)
	r.Select(7)
	r.SetSize(60, 5)
	lines := r.Lines()
	for y := range lines {
		i, ok := r.ChimeAt(y)
		switch {
		case strings.Contains(lines[y], "older") || y == 0:
			if ok {
				t.Errorf("line %d (%q) names chime %d", y, xansi.Strip(lines[y]), i)
			}
		case !ok || i != 7 && !strings.Contains(lines[y], fmt.Sprintf("number %d", i)):
			t.Errorf("line %d (%q) names chime %d %v", y, xansi.Strip(lines[y]), i, ok)
		}
	}
}
