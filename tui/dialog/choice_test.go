package dialog

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// target is the session a delete is asked for.
func target() wire.Summary {
	return uitest.Summary("s2", "Leases and takeovers", uitest.Now, nil)
}

// deleting is the delete confirmation of target at 80x24.
func deleting() *Choice {
	d := NewDelete(uitest.Context(), target())
	d.SetSize(80, 24)
	return d
}

// TestDeleteConfirmation (issue 24's second item): keeping the session is
// marked, so enter alone deletes nothing; esc keeps it; ↓ (tab, →) then
// enter deletes. Its letters are the stack's rule (rule_test.go).
func TestDeleteConfirmation(t *testing.T) {
	del := Delete{Target: target()}
	cases := []struct {
		name string
		keys []tea.KeyPressMsg
		want []ui.Action
	}{
		{"enter keeps it", []tea.KeyPressMsg{enter}, []ui.Action{ui.Close{}}},
		{"esc keeps it", []tea.KeyPressMsg{esc}, []ui.Action{ui.Close{}}},
		{"down then enter deletes", []tea.KeyPressMsg{down, enter}, []ui.Action{ui.Close{}, del}},
		{"tab then enter deletes", []tea.KeyPressMsg{tab, enter}, []ui.Action{ui.Close{}, del}},
		{"right then enter deletes", []tea.KeyPressMsg{right, enter}, []ui.Action{ui.Close{}, del}},
		{"down twice wraps to keep", []tea.KeyPressMsg{down, down, enter}, []ui.Action{ui.Close{}}},
		{"up wraps to delete", []tea.KeyPressMsg{up, enter}, []ui.Action{ui.Close{}, del}},
		{"down then esc keeps it", []tea.KeyPressMsg{down, esc}, []ui.Action{ui.Close{}}},
		{"a letter is no answer", []tea.KeyPressMsg{uitest.Press('y'), uitest.Press('k'), enter}, []ui.Action{ui.Close{}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := deleting()
			var act ui.Action
			for _, k := range c.keys {
				if act != nil {
					t.Fatalf("%s closed it before the last key: %#v", k, act)
				}
				_, act = d.Update(k)
			}
			reports(t, c.name, act, c.want...)
		})
	}
}

// TestDeleteConfirmationView names the session and its id, marks the safe
// answer, gives each answer's letter, and says what esc picks.
func TestDeleteConfirmationView(t *testing.T) {
	d := deleting()
	says(t, d, "Delete session", "Delete “Leases and takeovers” (s2)?", "The host moves it to its trash",
		"▸ keep it (n↵)", "delete it (y↵)", "↑↓ choose", "enter picks the marked one", "esc keep it")
	if strings.Contains(plain(d), "▸ delete it") {
		t.Errorf("delete is marked first:\n%s", plain(d))
	}
	golden(t, "keep_marked", plain(d))
	d.Update(down)
	if !strings.Contains(plain(d), "▸ delete it (y↵)") || d.Marked() != 1 {
		t.Errorf("↓ did not mark delete:\n%s", plain(d))
	}
}

// TestDeleteConfirmationInert: a hostile title and id are drawn inert.
func TestDeleteConfirmationInert(t *testing.T) {
	s := uitest.Summary("s\x1b[2J", "evil\x1b]52;c;aGk=\x07\ntitle", uitest.Now, nil)
	d := NewDelete(uitest.Context(), s)
	d.SetSize(80, 24)
	uitest.CheckInert(t, d.View())
	says(t, d, "Delete “evil␛]52;c;aGk=␇ title” (s␛[2J)?")
}

// TestDeleteIgnoresOtherKeys: a ctrl key that is no answer (and not the
// line editor's), and a message that is no key, leave the question open.
func TestDeleteIgnoresOtherKeys(t *testing.T) {
	d := deleting()
	for _, msg := range []tea.Msg{ctrl('l'), tea.KeyPressMsg{Code: 'y', Mod: tea.ModAlt}, tea.WindowSizeMsg{}, tea.PasteMsg{Content: "y"}} {
		if _, act := d.Update(msg); act != nil {
			t.Errorf("%#v answered it: %#v", msg, act)
		}
	}
	if d.Marked() != 0 {
		t.Errorf("the mark moved to %d", d.Marked())
	}
}

// TestChoiceMark: Mark keeps to the options; enter picks the marked one;
// an option that stays reports its answer without closing.
func TestChoiceMark(t *testing.T) {
	ctx := uitest.Context()
	send := Watch{Gen: 3}
	d := NewChoice(ctx, "Send it?", "The run is under way.", []Option{
		{Label: "queue it", Act: TakeOver{Gen: 3}},
		{Label: "send now", Act: send},
		{Label: "wait", Act: send, Stays: true},
	}, 0)
	d.SetSize(80, 24)
	if v := plain(d); strings.Contains(v, "↵)") {
		t.Errorf("a choice with no letters names some:\n%s", v)
	}
	d.Mark(5)
	if d.Marked() != 2 {
		t.Errorf("Mark(5) of three options marked %d", d.Marked())
	}
	_, act := d.Update(enter)
	reports(t, "enter on an option that stays", act, send)
	d.Mark(-1)
	if d.Marked() != 0 {
		t.Errorf("Mark(-1) marked %d", d.Marked())
	}
	d.Mark(1)
	_, act = d.Update(enter)
	reports(t, "enter on the marked one", act, ui.Close{}, send)
	reports(t, "Safe", d.Safe(), TakeOver{Gen: 3})
	if d.Kind() != Asks {
		t.Errorf("a choice's kind is %d", d.Kind())
	}
}

// TestChoiceHelp lists the moves and, opened by a key, each answer's letter.
func TestChoiceHelp(t *testing.T) {
	d := deleting()
	var keys []string
	for _, b := range d.FullHelp()[0] {
		keys = append(keys, b.Help().Key)
	}
	if got := strings.Join(keys, " "); got != "↑ ↓ enter esc n y" {
		t.Errorf("the delete's keys: %q", got)
	}
}

// TestLetters keeps a binding's single letters and digits, as a binding of
// their own with its words; a binding with none is disabled.
func TestLetters(t *testing.T) {
	ctx := uitest.Context()
	y := Letters(ctx.Keys.Confirm)
	if !key.Matches(uitest.Press('y'), y) || key.Matches(enter, y) || y.Help().Key != "y" || y.Help().Desc != "confirm" {
		t.Errorf("Letters(y/enter) = %q %+v", y.Keys(), y.Help())
	}
	if pick := Letters(ctx.Keys.PickNumber); len(pick.Keys()) != 9 {
		t.Errorf("Letters(1-9) = %q", pick.Keys())
	}
	if none := Letters(ctx.Keys.Dismiss); none.Enabled() {
		t.Errorf("Letters(esc) is enabled: %q", none.Keys())
	}
}
