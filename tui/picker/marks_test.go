package picker

import (
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// Keys as the terminal sends them.
var (
	enter = uitest.Key(tea.KeyEnter)
	esc   = uitest.Key(tea.KeyEscape)
	up    = uitest.Key(tea.KeyUp)
	down  = uitest.Key(tea.KeyDown)
	space = tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
)

// ctrl is a key with ctrl held.
func ctrl(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Mod: tea.ModCtrl} }

// note is the text of a Note action, "" for any other.
func note(a ui.Action) string {
	n, _ := a.(ui.Note)
	return n.Text
}

// rowOf is the picker's line that names title, "" when none does.
func rowOf(p *Picker, title string) string {
	for _, l := range strings.Split(plain(p), "\n") {
		if strings.Contains(l, title) {
			return l
		}
	}
	return ""
}

// TestPickerMarks: space marks the selected session (a ● on its row, the
// header and the note say how many and what enter does), and again unmarks
// it; a wall takes four at most; enter opens the marked ones in the order
// marked, and the marks go; esc clears them first.
func TestPickerMarks(t *testing.T) {
	p := listed(t, 100, 20)
	_, act := p.Update(space)
	if got := note(act); got != "1 session marked: space marks more, enter opens it" {
		t.Errorf("the first mark says %q", got)
	}
	if got := rowOf(p, "Expired lease"); !strings.HasPrefix(got, "▸●") {
		t.Errorf("the marked row is %q", got)
	}
	p.Update(down)
	_, act = p.Update(space)
	if got := note(act); got != "2 sessions marked: enter opens them side by side" || p.Facts() != "2 marked of 5 · enter opens them" {
		t.Errorf("the second mark says %q, the header %q", got, p.Facts())
	}
	if got := rowOf(p, "Expired lease"); !strings.HasPrefix(got, " ●") {
		t.Errorf("a marked row not selected is %q", got)
	}
	_, act = p.Update(space) // unmarks s2
	if got := note(act); got != "1 session marked: space marks more, enter opens it" || p.marked("s2") {
		t.Errorf("space again says %q, s2 marked %v", got, p.marked("s2"))
	}
	p.Update(space) // marks s2 again
	p.Update(up)
	p.Update(space) // unmarks s4
	_, act = p.Update(space)
	if got := note(act); !reflect.DeepEqual(p.marks, []string{"s2", "s4"}) || got != "2 sessions marked: enter opens them side by side" {
		t.Errorf("marks %q, note %q", p.marks, got)
	}
	p.Update(down)
	p.Update(down)
	p.Update(space) // s5
	p.Update(down)
	p.Update(space) // s1
	p.Update(down)
	_, act = p.Update(space) // s3: a fifth
	if got := note(act); got != "a wall shows up to 4 sessions: unmark one first (space)" || len(p.marks) != MaxMarks {
		t.Errorf("a fifth mark says %q (%d marked)", got, len(p.marks))
	}
	_, act = p.Update(enter)
	if want := (OpenMany{IDs: []string{"s2", "s4", "s5", "s1"}}); !reflect.DeepEqual(act, want) {
		t.Errorf("enter reported %#v, want %#v", act, want)
	}
	if len(p.marks) != 0 || strings.Contains(plain(p), "●") {
		t.Errorf("the marks stayed after enter: %q", p.marks)
	}

	p.Update(space)
	_, act = p.Update(esc)
	if note(act) != "marks cleared" || len(p.marks) != 0 {
		t.Errorf("esc with marks: %#v, %q", act, p.marks)
	}
	if _, act := p.Update(esc); act != nil {
		t.Errorf("esc with nothing marked and no session open: %#v", act)
	}
}

// TestPickerMarksInAFilter: space typed in a filter is text, never a
// mark; a listing that drops a marked session drops its mark.
func TestPickerMarksInAFilter(t *testing.T) {
	p := listed(t, 100, 20)
	p.Update(space)
	for _, r := range "plan" {
		p.Update(uitest.Press(r))
	}
	p.Update(space)
	if p.filter.String() != "plan " || len(p.marks) != 1 {
		t.Errorf("space in a filter: filter %q, marks %q", p.filter.String(), p.marks)
	}
	p.Update(ListedMsg{Gen: p.Reload("").(List).Gen, List: uitest.Sessions()[:2]})
	if len(p.marks) != 0 {
		t.Errorf("s4, no longer listed, is still marked: %q", p.marks)
	}
	p.Update(uitest.Press('z'))
	if act := p.toggleMark(); act != nil || p.SelectedID() != "" {
		t.Errorf("space with nothing selected under the filter: %#v, %q", act, p.SelectedID())
	}
}

// TestPickerOffersTheLastWall: the sessions open last, when several, are
// marked once listed; enter opens them again; any other key is the person
// choosing: typing clears the offer, space keeps the marks to edit, esc
// says the marks are cleared; a click or the wheel clears them too. One
// session open last, or offered sessions no longer listed, offer nothing.
func TestPickerOffersTheLastWall(t *testing.T) {
	offered := func(ids ...string) *Picker {
		p := NewPicker(uitest.Context(), Host{}, 0)
		p.SetSize(100, 20)
		p.Offer(ids)
		p.Update(ListedMsg{Gen: p.Reload("").(List).Gen, List: uitest.Sessions()})
		return p
	}
	p := offered("s3", "s1", "s9")
	if p.Facts() != "your last wall, 2 marked · enter opens them again" {
		t.Fatalf("the header says %q", p.Facts())
	}
	if _, act := p.Update(enter); !reflect.DeepEqual(act, OpenMany{IDs: []string{"s3", "s1"}}) {
		t.Errorf("enter reported %#v", act)
	}
	p = offered("s3", "s1")
	p.Update(uitest.Press('b'))
	if len(p.marks) != 0 || p.filter.String() != "b" {
		t.Errorf("typing kept the offer: %q, filter %q", p.marks, p.filter.String())
	}
	p = offered("s3", "s1")
	p.Update(space)
	if p.offerLive || len(p.marks) != 1 {
		t.Errorf("space after the offer: live %v, marks %q (want s1 kept)", p.offerLive, p.marks)
	}
	p = offered("s3", "s1")
	if _, act := p.Update(esc); note(act) != "marks cleared" || len(p.marks) != 0 {
		t.Errorf("esc after the offer: %#v", act)
	}
	p = offered("s3", "s1")
	p.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if len(p.marks) != 0 || p.SelectedID() != "s2" {
		t.Errorf("the wheel kept the offer (%q) or did not move (%q)", p.marks, p.SelectedID())
	}
	p = offered("s3", "s1")
	p.Click(3, false)
	if len(p.marks) != 0 {
		t.Errorf("a click kept the offer: %q", p.marks)
	}
	if p := offered("s3"); len(p.marks) != 0 || strings.Contains(p.Facts(), "marked") {
		t.Errorf("one session open last was offered: %q", p.Facts())
	}
	if p := offered("s3", "s9"); len(p.marks) != 0 {
		t.Errorf("an offer of one listed session marked %q", p.marks)
	}
}

// TestPickerKeys: the picker's keys report what the person chose for the
// selected session: open it (or go back to it when it is the open one), a
// new one (not while watching), rename, delete or clone it; with nothing
// listed they report nothing.
func TestPickerKeys(t *testing.T) {
	p := listed(t, 100, 20)
	p.Update(down)
	s2 := uitest.Sessions()[1]
	if _, act := p.Update(enter); act != (Open{ID: "s2"}) {
		t.Errorf("enter reported %#v", act)
	}
	p.Set(wire.Me{Principal: "user:ada", ClientID: "cli-me"}, "s2")
	if _, act := p.Update(enter); act != (Back{}) {
		t.Errorf("enter on the open session reported %#v", act)
	}
	if _, act := p.Update(esc); act != (Back{}) {
		t.Errorf("esc with a session open reported %#v", act)
	}
	if _, act := p.Update(ctrl('n')); act != (New{}) {
		t.Errorf("ctrl+n reported %#v", act)
	}
	_, act := p.Update(uitest.Key(tea.KeyF7))
	if c, ok := act.(Clone); !ok || c.Target.SessionID != "s2" {
		t.Errorf("f7 reported %#v", act)
	}
	_, act = p.Update(uitest.Key(tea.KeyF6))
	if s, ok := act.(ui.Show); !ok || !strings.Contains(shown(s), "Title for s2") {
		t.Errorf("f6 reported %#v", act)
	}
	for _, k := range []tea.KeyPressMsg{uitest.Key(tea.KeyF8)} {
		_, act = p.Update(k)
		s, ok := act.(ui.Show)
		if !ok {
			t.Fatalf("%s reported %#v", k, act)
		}
		if _, choice := s.Overlay.(*dialog.Choice); !choice || !strings.Contains(shown(s), "Delete “"+s2.DisplayTitle()+"” (s2)?") {
			t.Errorf("%s showed %T", k, s.Overlay)
		}
	}

	watching := uitest.Context()
	watching.Watch = true
	w := NewPicker(watching, Host{}, 0)
	if _, act := w.Update(ctrl('n')); note(act) != "watching read-only: start sessions without watch" {
		t.Errorf("ctrl+n while watching reported %#v", act)
	}
	for _, k := range []tea.KeyPressMsg{enter, uitest.Key(tea.KeyF6), uitest.Key(tea.KeyF8), uitest.Key(tea.KeyF7), space} {
		if _, act := w.Update(k); act != nil {
			t.Errorf("%s with nothing listed reported %#v", k, act)
		}
	}
	w.Update(down)
	w.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	if w.sel != 0 {
		t.Errorf("moving in an empty list selected %d", w.sel)
	}
	var keys []string
	for _, col := range p.FullHelp() {
		for _, b := range col {
			keys = append(keys, b.Help().Key)
		}
	}
	if got := strings.Join(keys, " "); !strings.Contains(got, "enter space ctrl+n f6 f8 f7") || !strings.Contains(got, "type esc") {
		t.Errorf("the picker's keys: %q", got)
	}
	if len(p.ShortHelp()) != 6 {
		t.Errorf("the picker's hint lists %d keys", len(p.ShortHelp()))
	}
}

// TestPickerHintSaysSpaceMarks (issue 36): marking is found from the
// screen: before the first mark the picker's keys line says "space marks"
// (with more than one session listed), and once a session is marked the
// note says what enter does instead.
func TestPickerHintSaysSpaceMarks(t *testing.T) {
	hint := func(p *Picker) string {
		var out []string
		for _, b := range p.ShortHelp() {
			out = append(out, b.Help().Key+" "+b.Help().Desc)
		}
		return strings.Join(out, " • ")
	}
	p := listed(t, 100, 20)
	if got := hint(p); !strings.HasPrefix(got, "enter open • space marks (a wall of several)") {
		t.Errorf("before the first mark the keys line is %q", got)
	}
	p.Update(space)
	if got := hint(p); strings.Contains(got, "space") {
		t.Errorf("with a session marked the keys line is %q", got)
	}
	for _, r := range "Expired" {
		p.Update(uitest.Press(r))
	}
	p.Update(space) // unmarked: one session listed, nothing to make a wall of
	if got := hint(p); strings.Contains(got, "space") {
		t.Errorf("with one session listed the keys line is %q", got)
	}
}

// TestPickerCursorStartsWhereThePersonWas (issue 36): the cursor starts on
// the session the person was in: at once when the picker opens over the
// list it showed before (an enter before the listing comes opens that
// one, not the row the cursor was left on), and at the start on the
// session open last in this terminal.
func TestPickerCursorStartsWhereThePersonWas(t *testing.T) {
	p := listed(t, 100, 20)
	if p.SelectedID() == "s3" {
		t.Fatalf("the cursor starts on s3 already")
	}
	p.Reload("s3")
	if p.SelectedID() != "s3" {
		t.Errorf("before the listing comes the cursor is on %q, not the session open (s3)", p.SelectedID())
	}
	if _, act := p.Update(enter); act == nil || act.(Open).ID != "s3" {
		t.Errorf("enter before the listing came reported %#v", act)
	}

	for _, offerFirst := range []bool{true, false} {
		q := NewPicker(uitest.Context(), Host{}, 0)
		q.Set(wire.Me{Principal: "user:ada", ClientID: "cli-me"}, "")
		q.Start(true)
		q.SetSize(100, 20)
		if offerFirst {
			q.Offer([]string{"s2"})
		}
		q.Reload("")
		q.Update(ListedMsg{Gen: q.asked, Principal: "user:ada", List: uitest.Sessions()})
		if !offerFirst {
			q.Offer([]string{"s2"})
		}
		if q.SelectedID() != "s2" {
			t.Errorf("the offer before the listing %v: the cursor starts on %q, not s2 (open last)", offerFirst, q.SelectedID())
		}
	}
}

// shown is the dialog a Show opens, drawn at 100x30.
func shown(s ui.Show) string {
	s.Overlay.SetSize(100, 30)
	return s.Overlay.View()
}

// TestPickerMoves: ↑ and ↓ stop at the ends, the list scrolls to keep the
// selection in view, a paste filters, and the header counts the sessions.
func TestPickerMoves(t *testing.T) {
	p := listed(t, 100, 5) // three rows under the filter and the titles
	p.Update(up)
	if p.SelectedID() != "s4" {
		t.Errorf("↑ at the top selected %q", p.SelectedID())
	}
	for range 10 {
		p.Update(down)
		p.SetSize(100, 5) // the root sizes it after every message
	}
	if p.SelectedID() != "s3" || !strings.Contains(rowOf(p, "Plan the trip"), "▸") || rowOf(p, "Expired lease") != "" {
		t.Errorf("↓ to the end: %q selected, scrolled to:\n%s", p.SelectedID(), plain(p))
	}
	for range 10 {
		p.Update(up)
		p.SetSize(100, 5)
	}
	if rowOf(p, "Expired lease") == "" {
		t.Errorf("↑ to the top did not scroll back:\n%s", plain(p))
	}
	p.Update(tea.PasteMsg{Content: "bo's"})
	if p.SelectedID() != "s1" || len(p.visible()) != 1 {
		t.Errorf("a paste did not filter: %q", p.SelectedID())
	}
	if got := p.Facts(); got != "5 sessions" {
		t.Errorf("the header says %q", got)
	}
	one := NewPicker(uitest.Context(), Host{}, 0)
	one.Update(ListedMsg{Gen: one.Reload("").(List).Gen, List: uitest.Sessions()[:1]})
	if got := one.Facts(); got != "1 session" {
		t.Errorf("the header says %q", got)
	}
}

// TestPickerClick: a click selects the session on its line (under the
// filter and the titles), a double click on the selected one opens it; a
// click off the rows does nothing.
func TestPickerClick(t *testing.T) {
	p := listed(t, 100, 8)
	if _, act := p.Click(4, false); act != nil || p.SelectedID() != "s5" {
		t.Errorf("a click on the third row: %#v, selected %q", act, p.SelectedID())
	}
	if _, act := p.Click(4, true); act != (Open{ID: "s5"}) {
		t.Errorf("a double click on the selected one: %#v", act)
	}
	if _, act := p.Click(2, true); act != nil || p.SelectedID() != "s4" {
		t.Errorf("a double click on another: %#v, selected %q", act, p.SelectedID())
	}
	for _, row := range []int{0, 1, 8, 20} {
		if _, act := p.Click(row, false); act != nil || p.SelectedID() != "s4" {
			t.Errorf("a click on line %d: %#v, selected %q", row, act, p.SelectedID())
		}
	}
}

// TestActionsAreThePickers: every action of this package goes to the
// root's picker dispatcher.
func TestActionsAreThePickers(t *testing.T) {
	for _, a := range []Action{List{}, Inspect{}, Open{}, OpenMany{}, Back{}, New{}, Clone{}} {
		if a.Source() != ui.FromPicker {
			t.Errorf("%T is of source %d", a, a.Source())
		}
	}
}

// TestPickerFilterEditsAsAShellDoes: in the filter, the line editor's keys
// edit it as readline does and act on no session: ctrl+d deletes a
// character (not the session), ctrl+r and ctrl+y rename and clone nothing,
// delete deletes a character.
func TestPickerFilterEditsAsAShellDoes(t *testing.T) {
	p := listed(t, 100, 20)
	for _, r := range "xplan" {
		p.Update(uitest.Press(r))
	}
	steps := []struct {
		keys []tea.KeyPressMsg
		want string
	}{
		{[]tea.KeyPressMsg{ctrl('a'), ctrl('d')}, "plan"},
		{[]tea.KeyPressMsg{ctrl('r'), ctrl('e'), ctrl('d'), uitest.Key(tea.KeyDelete)}, "plan"},
		{[]tea.KeyPressMsg{ctrl('w')}, ""},
		{[]tea.KeyPressMsg{ctrl('y'), ctrl('y')}, "planplan"},
		{[]tea.KeyPressMsg{ctrl('a'), uitest.Key(tea.KeyDelete), ctrl('k')}, ""},
	}
	for i, s := range steps {
		for _, k := range s.keys {
			if _, act := p.Update(k); act != nil {
				t.Fatalf("step %d: %s reported %#v: a line editor's key acted on a session", i, k, act)
			}
		}
		if got := p.filter.String(); got != s.want {
			t.Fatalf("step %d: the filter is %q, want %q", i, got, s.want)
		}
	}
}
