package ui_test

import (
	"reflect"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestKeyNames names a binding's keys as help shows them: all of them in a
// sentence (KeyName), the first in the tightest places (FirstKey), and
// with ↵ for a letter that acts once enter confirms it (Proposes).
func TestKeyNames(t *testing.T) {
	k := ui.DefaultKeyMap()
	cases := []struct {
		name string
		got  string
		want string
	}{
		{"KeyName of a key", ui.KeyName(k.Help), "f1"},
		{"KeyName of several", ui.KeyName(k.Confirm), "y/enter"},
		{"KeyName shows the help's name", ui.KeyName(k.TileLeft), "alt+←"},
		{"FirstKey of several", ui.FirstKey(k.Confirm), "y"},
		{"FirstKey of one", ui.FirstKey(k.Errors), "f3"},
		{"FirstKey of p/P", ui.FirstKey(k.Policy), "p"},
		{"Proposes", ui.Proposes(k.Copy), "y↵"},
		{"KeyName of a rebinding", ui.KeyName(key.NewBinding(key.WithKeys("ctrl+k"), key.WithHelp("ctrl+k", "x"))), "ctrl+k"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: %q, want %q", c.name, c.got, c.want)
		}
	}
}

// TestHints draws a binding's key and what it does, the binding's own
// words when none are given, joined by " · ": a rebinding changes every
// hint that names it.
func TestHints(t *testing.T) {
	c := uitest.Context()
	if got := xansi.Strip(c.Hint(c.Keys.Dismiss, "closes this")); got != "esc closes this" {
		t.Errorf("Hint = %q", got)
	}
	if got := xansi.Strip(c.Hint(c.Keys.Help, "")); got != "f1 help" {
		t.Errorf("Hint with no words = %q, want the binding's own", got)
	}
	got := xansi.Strip(c.Hints(c.Hint(c.Keys.Save, "saves"), c.Hint(c.Keys.Dismiss, "cancels")))
	if got != "enter saves · esc cancels" {
		t.Errorf("Hints = %q", got)
	}
	if got := c.Hints(); got != "" {
		t.Errorf("no hints = %q", got)
	}
	c.Keys.Dismiss = key.NewBinding(key.WithKeys("ctrl+q"), key.WithHelp("ctrl+q", "close"))
	if got := xansi.Strip(c.Hint(c.Keys.Dismiss, "closes this")); got != "ctrl+q closes this" {
		t.Errorf("a rebound key's hint = %q", got)
	}
}

// TestDefaultKeysAreDistinct: the keys a dialog answers (confirm, cancel,
// save, dismiss) are the ones the help and docs name, and no binding of the
// map is left without a key or words.
func TestDefaultKeysAreDistinct(t *testing.T) {
	k := ui.DefaultKeyMap()
	v := reflect.ValueOf(k)
	for i := range v.NumField() {
		b := v.Field(i).Interface().(key.Binding)
		name := v.Type().Field(i).Name
		if len(b.Keys()) == 0 || b.Help().Key == "" || b.Help().Desc == "" {
			t.Errorf("%s has keys %q, help %+v", name, b.Keys(), b.Help())
		}
	}
	if !key.Matches(uitest.Press('y'), k.Confirm) || !key.Matches(uitest.Key(tea.KeyEnter), k.Confirm) {
		t.Error("y and enter do not confirm")
	}
	if !key.Matches(uitest.Press('n'), k.Cancel) || !key.Matches(uitest.Key(tea.KeyEscape), k.Cancel) {
		t.Error("n and esc do not cancel")
	}
	if key.Matches(uitest.Press('y'), k.Delete) || key.Matches(uitest.Press('d'), k.Delete) || key.Matches(ctrl('d'), k.Delete) {
		t.Error("a letter deletes: a destructive choice is never one letter that can start a word")
	}
}

// TestGuard: a letter in a pane proposes what it does and acts only once
// enter confirms it; a key that is never text acts at once; any other key
// of the pane forgets the proposal; Disarm hands the letter back for the
// composer.
func TestGuard(t *testing.T) {
	var g ui.Guard
	acted := []string{}
	handle := func(k tea.KeyPressMsg) (tea.Cmd, ui.Action) {
		if ok, note := g.Confirm(k, "copies the marked entry"); !ok {
			return nil, note
		}
		acted = append(acted, k.String())
		return nil, ui.Done{}
	}

	// A key that is never text acts at once.
	if _, act := g.Guarded(uitest.Key(tea.KeyDelete), handle); act != (ui.Done{}) || g.Armed() {
		t.Fatalf("delete: %#v, armed %v", act, g.Armed())
	}
	// The first press of a letter proposes; it does not act.
	_, act := g.Guarded(uitest.Press('y'), handle)
	if n, ok := act.(ui.Note); !ok || n.Text != "y: enter copies the marked entry · typing goes to the composer" {
		t.Fatalf("y proposed %#v", act)
	}
	if !g.Armed() || !reflect.DeepEqual(acted, []string{"delete"}) {
		t.Fatalf("after y: armed %v, acted %q", g.Armed(), acted)
	}
	// Enter confirms it: the proposed key acts, and the guard is empty again.
	if _, act := g.Guarded(uitest.Key(tea.KeyEnter), handle); act != (ui.Done{}) {
		t.Fatalf("enter after y: %#v", act)
	}
	if g.Armed() || !reflect.DeepEqual(acted, []string{"delete", "y"}) {
		t.Fatalf("after enter: armed %v, acted %q", g.Armed(), acted)
	}
	// Enter with nothing proposed is the pane's own key.
	g.Guarded(uitest.Key(tea.KeyEnter), handle)
	if !reflect.DeepEqual(acted, []string{"delete", "y", "enter"}) {
		t.Fatalf("a bare enter: acted %q", acted)
	}
	// Another key of the pane forgets the proposal.
	g.Guarded(uitest.Press('y'), handle)
	g.Guarded(uitest.Key(tea.KeyDown), handle)
	if g.Armed() {
		t.Fatal("down left y proposed")
	}
	// The same letter twice proposes it still; another letter proposes that one.
	g.Guarded(uitest.Press('y'), handle)
	g.Guarded(uitest.Press('y'), handle)
	if !g.Armed() {
		t.Fatal("y twice forgot the proposal")
	}
	g.Guarded(uitest.Press('x'), handle)
	if got := g.Disarm(); got != "x" || g.Armed() {
		t.Fatalf("Disarm = %q, armed %v; want x, the last letter", got, g.Armed())
	}
	if got := g.Disarm(); got != "" {
		t.Fatalf("Disarm of nothing = %q", got)
	}
	if len(acted) != 4 {
		t.Fatalf("a letter acted without enter: %q", acted)
	}
}

// TestIsEnter: only a bare enter confirms.
func TestIsEnter(t *testing.T) {
	if !ui.IsEnter(uitest.Key(tea.KeyEnter)) {
		t.Error("enter is not enter")
	}
	for _, k := range []tea.KeyPressMsg{{Code: tea.KeyEnter, Mod: tea.ModAlt}, {Code: tea.KeyEnter, Mod: tea.ModShift}, uitest.Press('e')} {
		if ui.IsEnter(k) {
			t.Errorf("%s is taken for enter", k)
		}
	}
}

// TestJoinAndEach: Join leaves the nils out and unfolds batches, giving nil
// for none and the action itself for one; Each visits every action of a
// batch, nested ones too, in order.
func TestJoinAndEach(t *testing.T) {
	if got := ui.Join(); got != nil {
		t.Errorf("Join() = %#v", got)
	}
	if got := ui.Join(nil, nil); got != nil {
		t.Errorf("Join(nil, nil) = %#v", got)
	}
	if got := ui.Join(nil, ui.Close{}, nil); got != (ui.Close{}) {
		t.Errorf("Join of one = %#v, want the action itself", got)
	}
	if got := ui.Join(ui.Batch{ui.Done{}}); got != (ui.Done{}) {
		t.Errorf("Join of a batch of one = %#v", got)
	}
	got := ui.Join(ui.Close{}, ui.Batch{ui.Note{Text: "a"}, ui.Done{}}, nil, ui.Note{Text: "b"})
	want := ui.Batch{ui.Close{}, ui.Note{Text: "a"}, ui.Done{}, ui.Note{Text: "b"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Join = %#v, want %#v", got, want)
	}

	var seen []string
	each := func(a ui.Action) { seen = append(seen, strings.TrimPrefix(reflect.TypeOf(a).String(), "ui.")) }
	ui.Each(ui.Batch{ui.Close{}, ui.Batch{ui.Note{}, ui.Batch{ui.Done{}}}, ui.Failed{}}, each)
	if !reflect.DeepEqual(seen, []string{"Close", "Note", "Done", "Failed"}) {
		t.Errorf("Each visited %q", seen)
	}
	seen = nil
	ui.Each(nil, each)
	ui.Each(ui.Show{}, each)
	if !reflect.DeepEqual(seen, []string{"Show"}) {
		t.Errorf("Each of nil then one: %q", seen)
	}
}

// TestOwnActionsAreGeneral: ui's own actions go to the general dispatcher.
func TestOwnActionsAreGeneral(t *testing.T) {
	for _, a := range []ui.Action{ui.Note{}, ui.Failed{}, ui.Close{}, ui.Done{}, ui.Show{}, ui.Batch{}} {
		if a.Source() != ui.General {
			t.Errorf("%T is of source %d", a, a.Source())
		}
	}
}

// TestLineInput edits one line: text keys and pastes go in without their
// control characters, backspace and ctrl+h take the rune before the
// cursor, and a ctrl or alt key that is not the line editor's is no text
// (the caller's to handle).
func TestLineInput(t *testing.T) {
	var in ui.LineInput
	for _, r := range "née" {
		if !in.Update(uitest.Press(r)) {
			t.Fatalf("%c was not taken", r)
		}
	}
	in.Insert(" a\x1b[2J\x07b\u0085c\n")
	if got := in.String(); got != "née a[2Jbc" {
		t.Fatalf("after typing and a paste: %q", got)
	}
	in.Update(uitest.Key(tea.KeyBackspace))
	in.Update(tea.KeyPressMsg{Code: 'h', Mod: tea.ModCtrl})
	if got := in.String(); got != "née a[2J" {
		t.Fatalf("after two backspaces: %q", got)
	}
	for _, k := range []tea.KeyPressMsg{{Code: 'o', Mod: tea.ModCtrl}, {Code: 'z', Mod: tea.ModAlt, Text: "z"}, uitest.Key(tea.KeyUp)} {
		if in.Update(k) {
			t.Errorf("%s was taken as text", k)
		}
	}
	if v := xansi.Strip(in.View(uitest.Context().Styles)); v != "née a[2J▏" {
		t.Errorf("View = %q", v)
	}
	if !in.Update(ctrl('u')) || in.String() != "" {
		t.Fatalf("ctrl+u left %q", in.String())
	}
	if !in.Update(uitest.Key(tea.KeyBackspace)) || in.String() != "" {
		t.Fatal("backspace on nothing")
	}
	in.Set("set")
	if in.String() != "set" {
		t.Errorf("Set: %q", in.String())
	}
}

// ctrl is a ctrl key as the terminal sends it.
func ctrl(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Mod: tea.ModCtrl} }

// alt is an alt key as the terminal sends it.
func alt(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Mod: tea.ModAlt} }

// TestLineInputEditsAsAShellDoes: every text field's keys are readline's:
// ctrl+a and ctrl+e go to the start and the end, ctrl+k, ctrl+u, ctrl+w and
// alt+d kill, ctrl+y yanks back what the last run of kills took, ctrl+d
// deletes the character under the cursor (nothing at the end), ctrl+r does
// nothing; each is taken, so that no caller acts on it.
func TestLineInputEditsAsAShellDoes(t *testing.T) {
	type step struct {
		keys []tea.KeyPressMsg
		want string // the text, | at the cursor
	}
	keys := func(ks ...tea.KeyPressMsg) []tea.KeyPressMsg { return ks }
	cases := []struct {
		name  string
		start string
		steps []step
	}{
		{"home, type, end, type", "fence repairs", []step{
			{keys(ctrl('a'), uitest.Press('>')), ">|fence repairs"},
			{keys(ctrl('e'), uitest.Press('!')), ">fence repairs!|"},
		}},
		{"kill to the end, yank it back", "keep it", []step{
			{keys(ctrl('a'), alt('f'), ctrl('k')), "keep|"},
			{keys(ctrl('a'), ctrl('y')), " it|keep"},
		}},
		{"kill to the start", "you know what", []step{
			{keys(alt('b'), ctrl('u')), "|what"},
			{keys(ctrl('e'), ctrl('y')), "whatyou know |"},
		}},
		{"kill words back, twice: one yank brings both", "so what do I do", []step{
			{keys(ctrl('w'), ctrl('w')), "so what do |"},
			{keys(ctrl('y')), "so what do I do|"},
		}},
		{"alt+backspace and alt+d kill words", "alpha-beta gamma", []step{
			{keys(tea.KeyPressMsg{Code: tea.KeyBackspace, Mod: tea.ModAlt}), "alpha-beta |"},
			{keys(ctrl('a'), alt('d')), "|-beta "},
		}},
		{"ctrl+d deletes under the cursor; at the end, nothing", "abc", []step{
			{keys(ctrl('d')), "abc|"},
			{keys(ctrl('a'), ctrl('d')), "|bc"},
			{keys(ctrl('b'), ctrl('f'), uitest.Key(tea.KeyLeft), uitest.Key(tea.KeyRight)), "b|c"},
		}},
		{"ctrl+r does nothing in one line", "abc", []step{{keys(ctrl('r')), "abc|"}}},
		{"typing inserts at the cursor", "ac", []step{{keys(uitest.Key(tea.KeyLeft), uitest.Press('b')), "ab|c"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var in ui.LineInput
			in.Set(c.start)
			for i, s := range c.steps {
				for _, k := range s.keys {
					if !in.Update(k) {
						t.Fatalf("step %d: %s was not taken", i, k)
					}
				}
				v := []rune(in.String())
				got := string(v[:in.Cursor()]) + "|" + string(v[in.Cursor():])
				if got != s.want {
					t.Fatalf("step %d: %q, want %q", i, got, s.want)
				}
			}
		})
	}
}

// TestKeyMapKeepsOffTheLineEditor: no default binding is a key the line
// editor edits with; a rebinding onto one loses it (and says so), keeping
// its other keys; a binding left with none is disabled.
func TestKeyMapKeepsOffTheLineEditor(t *testing.T) {
	k := ui.DefaultKeyMap()
	kept, dropped := ui.KeepLineEditing(k)
	if len(dropped) != 0 || !reflect.DeepEqual(kept, k) {
		t.Fatalf("the default key map binds the line editor's keys: %q", dropped)
	}
	for _, le := range ui.LineEditing() {
		for _, name := range le.Keys() {
			if ui.IsLineEditing(name) && key.Matches(ui.Chord(name), k.Rename, k.Clone, k.Delete, k.Editor, k.Steer, k.New) {
				t.Errorf("%s is a session action", name)
			}
		}
	}
	k.Rename = key.NewBinding(key.WithKeys("ctrl+r", "f9"), key.WithHelp("ctrl+r", "rename"))
	k.Clone = key.NewBinding(key.WithKeys("ctrl+y"), key.WithHelp("ctrl+y", "clone"))
	k.Editor = key.NewBinding(key.WithKeys("ctrl+e", "ctrl+x ctrl+e"), key.WithHelp("ctrl+e", "editor"))
	kept, dropped = ui.KeepLineEditing(k)
	if want := []string{"ctrl+e (Editor)", "ctrl+r (Rename)", "ctrl+y (Clone)"}; !reflect.DeepEqual(dropped, want) {
		t.Errorf("dropped %q, want %q", dropped, want)
	}
	if !reflect.DeepEqual(kept.Rename.Keys(), []string{"f9"}) || ui.KeyName(kept.Rename) != "f9" {
		t.Errorf("rename kept %q named %q", kept.Rename.Keys(), ui.KeyName(kept.Rename))
	}
	if kept.Clone.Enabled() || key.Matches(ctrl('y'), kept.Clone) {
		t.Error("clone still answers ctrl+y")
	}
	if !key.Matches(ui.Chord("ctrl+x ctrl+e"), kept.Editor) || key.Matches(ctrl('e'), kept.Editor) {
		t.Errorf("editor kept %q", kept.Editor.Keys())
	}
}

// TestChord: a two-key binding matches its chord and not its keys alone;
// its first key starts it.
func TestChord(t *testing.T) {
	k := ui.DefaultKeyMap()
	if !key.Matches(ui.Chord("ctrl+x ctrl+e"), k.Editor) || !key.Matches(tea.KeyPressMsg{Code: 'g', Mod: tea.ModCtrl}, k.Editor) {
		t.Error("the editor is not ctrl+g and ctrl+x ctrl+e")
	}
	if key.Matches(ctrl('x'), k.Editor) || key.Matches(ctrl('e'), k.Editor) {
		t.Error("a chord's keys alone open the editor")
	}
	if !ui.StartsChord("ctrl+x", k.Editor) || ui.StartsChord("ctrl+e", k.Editor) || ui.StartsChord("ctrl+g", k.Editor) {
		t.Error("StartsChord")
	}
}

// TestHelpStyles draws the help's keys in the theme's key style.
func TestHelpStyles(t *testing.T) {
	st := uitest.Context().Styles
	hs := ui.HelpStyles(st)
	if hs.ShortKey.Render("f1") != st.Key.Render("f1") || hs.FullDesc.Render("help") != st.KeyDesc.Render("help") {
		t.Error("the help's styles are not the theme's")
	}
}
