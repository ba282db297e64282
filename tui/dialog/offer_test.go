package dialog

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// offer is the take-over offer of generation 7, from Ada's laptop's third
// terminal, seen from its fourth.
func offer() *Offer {
	ctx := uitest.Context()
	ctx.ClientID = "cli-laptop-pts4-ef56"
	d := NewOffer(ctx, 7, &wire.Lease{Principal: "user:ada", ClientID: "cli-laptop-pts3-ab12"})
	d.SetSize(80, 24)
	return d
}

// TestOfferAnswers: watching is marked, so enter and esc watch and close
// it; ↓ then enter takes over, and the offer stays until the claim is
// answered. Its letters only mark (the stack's rule: rule_test.go).
func TestOfferAnswers(t *testing.T) {
	cases := []struct {
		name string
		keys []tea.KeyPressMsg
		want []ui.Action
	}{
		{"enter watches", []tea.KeyPressMsg{enter}, []ui.Action{ui.Close{}, Watch{Gen: 7}}},
		{"esc watches", []tea.KeyPressMsg{esc}, []ui.Action{ui.Close{}, Watch{Gen: 7}}},
		{"down then enter takes over", []tea.KeyPressMsg{down, enter}, []ui.Action{TakeOver{Gen: 7}}},
		{"a ctrl key is nothing", []tea.KeyPressMsg{ctrl('t')}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := offer()
			var act ui.Action
			for _, k := range c.keys {
				_, act = d.Update(k)
			}
			reports(t, c.name, act, c.want...)
		})
	}
	d := offer()
	says(t, d, "Take over or watch?", "This session is driven from your other terminal (laptop, pts/3).",
		"▸ watch from here: enter in the composer offers this again (w↵)",
		"take over: that terminal becomes a watcher (t↵)", "esc watch")
	if d.Gen() != 7 || d.Kind() != Asks {
		t.Errorf("the offer is of generation %d, kind %d", d.Gen(), d.Kind())
	}
	reports(t, "its safe answer", d.Safe(), Watch{Gen: 7})
	golden(t, "offered", plain(d))
	d.FromText()
	says(t, d, "What you typed waits in the composer.")
}

// TestOfferNamesTheHolder: with no lease known it names the other terminal
// plainly; with this terminal's own id it is an earlier vehicle here.
func TestOfferNamesTheHolder(t *testing.T) {
	ctx := uitest.Context()
	ctx.ClientID = "cli-laptop-pts3-ab12"
	d := NewOffer(ctx, 1, nil)
	d.SetSize(80, 24)
	says(t, d, "This session is driven from your other terminal.")
	d = NewOffer(ctx, 1, &wire.Lease{ClientID: "cli-laptop-pts3-0000"})
	d.SetSize(80, 24)
	says(t, d, "driven from an earlier vehicle in this terminal (laptop, pts/3)")
	if got := len(d.FullHelp()[0]); got != 6 {
		t.Errorf("the offer's keys: %d", got)
	}
}

// TestRename starts from the session's title, edits it, and reports the
// new title for the session on enter (empty clears it); esc cancels.
func TestRename(t *testing.T) {
	ctx := uitest.Context()
	d := NewRename(ctx, target())
	d.SetSize(80, 24)
	says(t, d, "Rename", "Title for s2:", "Leases and takeovers▏", "enter saves (empty clears it) · esc cancels")
	for range len("takeovers") {
		d.Update(bksp)
	}
	typeIn(d, "overs!")
	d.Update(tea.PasteMsg{Content: " two\x1b[2J"})
	_, act := d.Update(enter)
	reports(t, "enter", act, ui.Close{}, Rename{SessionID: "s2", Title: "Leases and overs! two[2J"})

	untitled := NewRename(ctx, uitest.Summary("s5", "", uitest.Now, nil))
	_, act = untitled.Update(enter)
	reports(t, "enter with no title", act, ui.Close{}, Rename{SessionID: "s5", Title: ""})
	_, act = untitled.Update(esc)
	reports(t, "esc", act, ui.Close{})
	if _, act := untitled.Update(tea.WindowSizeMsg{}); act != nil {
		t.Errorf("a resize reported %#v", act)
	}
	if got := len(untitled.FullHelp()[0]); got != 2 {
		t.Errorf("the rename's keys: %d", got)
	}
	hostile := NewRename(ctx, uitest.Summary("s\x1b[2J", "a\x07", uitest.Now, nil))
	hostile.SetSize(80, 24)
	uitest.CheckInert(t, hostile.View())
}

// TestStack: the overlays are drawn top one last, sized as pushed; Remove
// and Drop close them wherever they are; Over draws the top one centred
// over the screen's region.
func TestStack(t *testing.T) {
	ctx := uitest.Context()
	var s Stack
	if s.Top() != nil || s.Len() != 0 {
		t.Fatal("an empty stack shows something")
	}
	region := make([]string, 24)
	for i := range region {
		region[i] = strings.Repeat(".", 80)
	}
	if got := s.Over(region, 80); strings.Join(got, "\n") != strings.Join(region, "\n") {
		t.Error("an empty stack drew over the region")
	}
	help, errs, del := NewHelp(ctx, screenKeys{ctx, false}), NewErrors(ctx, nil, ""), deleting()
	s.Push(help, 80, 24, true)
	s.Push(errs, 80, 24, true)
	s.Push(del, 80, 24, false)
	if s.Top() != del || s.Len() != 3 || help.w != 80 || help.h != 24 {
		t.Fatalf("top %T of %d, help sized %dx%d", s.Top(), s.Len(), help.w, help.h)
	}
	var order []string
	s.Each(func(o ui.Component) { order = append(order, strings.TrimPrefix(fmt.Sprintf("%T", o), "*dialog.")) })
	if strings.Join(order, " ") != "Help Text Choice" {
		t.Errorf("Each went %q", order)
	}
	drawn := s.Over(region, 80)
	if len(drawn) != 24 || !strings.Contains(strings.Join(drawn, "\n"), "Delete “Leases and takeovers” (s2)?") ||
		drawn[0] != region[0] || !strings.HasPrefix(drawn[12], "...") {
		t.Errorf("Over drew:\n%s", strings.Join(drawn, "\n"))
	}
	s.Remove(errs)
	if s.Len() != 2 || s.Top() != del {
		t.Errorf("Remove left %d, top %T", s.Len(), s.Top())
	}
	s.Drop(Is[*Choice])
	if s.Len() != 1 || s.Top() != help {
		t.Errorf("Drop(Is[*Choice]) left %d, top %T", s.Len(), s.Top())
	}
	s.Drop(Is[*Help])
	if s.Top() != nil {
		t.Errorf("the stack holds %T", s.Top())
	}
}

// TestStackOffersPerTile: an offer shows in place of the one showing; the
// offer is its tile's: with the focus on another tile it goes, and it
// shows again when the focus comes back to a tile whose offer waits (once:
// one showing stays as it is).
func TestStackOffersPerTile(t *testing.T) {
	ctx := uitest.Context()
	holder := &wire.Lease{Principal: "user:ada", ClientID: "cli-other"}
	offers := func(s *Stack) []int {
		var gens []int
		s.Each(func(o ui.Component) {
			if d, ok := o.(*Offer); ok {
				gens = append(gens, d.Gen())
			}
		})
		return gens
	}
	var s Stack
	s.Push(NewError(ctx, "An error", "under the offers"), 80, 24, true)
	s.Offer(NewOffer(ctx, 1, holder), 80, 24)
	s.Offer(NewOffer(ctx, 2, holder), 80, 24)
	if got := offers(&s); fmt.Sprint(got) != "[2]" || s.Len() != 2 {
		t.Fatalf("offers %v of %d dialogs, want [2] of 2", got, s.Len())
	}
	first := s.Top()
	s.Reoffer(ctx, 2, holder, 80, 24)
	if s.Top() != first {
		t.Error("the offer showing was made again")
	}
	s.Reoffer(ctx, 3, nil, 80, 24) // the focus on a tile with no offer waiting
	if got := offers(&s); len(got) != 0 || s.Len() != 1 {
		t.Errorf("offers %v of %d dialogs once the focus left its tile", got, s.Len())
	}
	s.Reoffer(ctx, 2, holder, 80, 24) // back on the tile whose offer waits
	if got := offers(&s); fmt.Sprint(got) != "[2]" {
		t.Errorf("offers %v once the focus came back", got)
	}
	s.Reoffer(ctx, -1, nil, 80, 24) // no tile open
	if got := offers(&s); len(got) != 0 {
		t.Errorf("offers %v with no tile", got)
	}
}
