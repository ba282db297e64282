package dialog

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// target is the session a delete is asked for.
func target() client.Summary {
	return uitest.Summary("s2", "Leases and takeovers", uitest.Now, nil)
}

// deleting is the delete confirmation of target at 80x24.
func deleting() *Choice {
	d := NewDelete(uitest.Context(), target())
	d.SetSize(80, 24)
	return d
}

// TestDeleteConfirmation (issue 24's second item): keeping the session is
// marked, so enter alone deletes nothing; esc and n keep it; y (the dialog
// opened by ctrl+d, a key) deletes at once; ↓ then enter deletes; words
// typed at it close it safely and go on to the screen under it.
func TestDeleteConfirmation(t *testing.T) {
	del := Delete{Target: target()}
	cases := []struct {
		name string
		keys []tea.KeyPressMsg
		want []ui.Action
	}{
		{"enter keeps it", []tea.KeyPressMsg{enter}, []ui.Action{ui.Close{}}},
		{"esc keeps it", []tea.KeyPressMsg{esc}, []ui.Action{ui.Close{}}},
		{"n keeps it", []tea.KeyPressMsg{uitest.Press('n')}, []ui.Action{ui.Close{}}},
		{"y deletes", []tea.KeyPressMsg{uitest.Press('y')}, []ui.Action{ui.Close{}, del}},
		{"down then enter deletes", []tea.KeyPressMsg{down, enter}, []ui.Action{ui.Close{}, del}},
		{"tab then enter deletes", []tea.KeyPressMsg{tab, enter}, []ui.Action{ui.Close{}, del}},
		{"right then enter deletes", []tea.KeyPressMsg{right, enter}, []ui.Action{ui.Close{}, del}},
		{"down twice wraps to keep", []tea.KeyPressMsg{down, down, enter}, []ui.Action{ui.Close{}}},
		{"up wraps to delete", []tea.KeyPressMsg{up, enter}, []ui.Action{ui.Close{}, del}},
		{"down then esc keeps it", []tea.KeyPressMsg{down, esc}, []ui.Action{ui.Close{}}},
		{"a word goes under it, kept",
			[]tea.KeyPressMsg{uitest.Press('k')}, []ui.Action{ui.Close{}, Through{Key: uitest.Press('k')}}},
		{"a word after down still keeps it",
			[]tea.KeyPressMsg{down, uitest.Press('k')}, []ui.Action{ui.Close{}, Through{Key: uitest.Press('k')}}},
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
		"▸ keep it (n)", "delete it (y)", "↑↓ choose", "enter picks the marked one", "esc keep it")
	if strings.Contains(plain(d), "▸ delete it") {
		t.Errorf("delete is marked first:\n%s", plain(d))
	}
	golden(t, "keep_marked", plain(d))
	d.Update(down)
	if !strings.Contains(plain(d), "▸ delete it (y)") || d.Marked() != 1 {
		t.Errorf("↓ did not mark delete:\n%s", plain(d))
	}
}

// TestChoiceLetsTheLineEditorThrough: a line editor's key (ctrl+u, ctrl+w)
// at a question closes it with the safe answer and goes on to the screen
// under it, as text does: it edits what the person was editing.
func TestChoiceLetsTheLineEditorThrough(t *testing.T) {
	for _, k := range []tea.KeyPressMsg{ctrl('u'), ctrl('w'), ctrl('a')} {
		d := deleting()
		_, act := d.Update(k)
		b, ok := act.(ui.Batch)
		if !ok || len(b) != 2 || b[0] != (ui.Close{}) || b[1] != (Through{Key: k}) {
			t.Errorf("%s: %#v, want the dialog closed safely and the key through", k, act)
		}
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

// TestChoiceOpenedByText: a choice opened by enter on text takes no letter
// for an answer: y is the person's next word, which closes it with the safe
// answer and goes on; the help and the view name no letter.
func TestChoiceOpenedByText(t *testing.T) {
	ctx := uitest.Context()
	send := Watch{Gen: 3}
	d := NewChoice(ctx, "Send it?", "The run is under way.", []Option{
		{Label: "queue it", Key: Letters(ctx.Keys.Cancel), Act: TakeOver{Gen: 3}},
		{Label: "send now", Key: Letters(ctx.Keys.Confirm), Act: send},
	}, 0, false)
	d.SetSize(80, 24)
	_, act := d.Update(uitest.Press('y'))
	reports(t, "y", act, ui.Close{}, Through{Key: uitest.Press('y')}, TakeOver{Gen: 3})
	if v := plain(d); strings.Contains(v, "(y)") || strings.Contains(v, "(n)") {
		t.Errorf("a choice opened by text names letters:\n%s", v)
	}
	for _, b := range d.ShortHelp() {
		if b.Help().Key == "y" || b.Help().Key == "n" {
			t.Errorf("its help lists %q", b.Help().Key)
		}
	}
	d.Mark(5)
	if d.Marked() != 1 {
		t.Errorf("Mark(5) of two options marked %d", d.Marked())
	}
	d.Mark(-1)
	if d.Marked() != 0 {
		t.Errorf("Mark(-1) marked %d", d.Marked())
	}
	d.Mark(1)
	_, act = d.Update(enter)
	reports(t, "enter on the marked one", act, ui.Close{}, send)
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
