package dialog

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// typist plays a person at a stack of dialogs as the root does: each
// message goes where the stack's rule says; what goes under is kept (the
// text the screen under got, in order), and what the dialogs answered.
type typist struct {
	t     *testing.T
	s     Stack
	keys  ui.KeyMap
	under strings.Builder // the text the screen under the dialogs got
	acts  []ui.Action     // every answer, batches unfolded
}

// over starts a typist at d, opened by the person's own key or not.
func over(t *testing.T, d Dialog, own bool) *typist {
	ty := &typist{t: t, keys: uitest.Context().Keys}
	ty.s.Push(d, 80, 24, own)
	return ty
}

// do hands msgs to the stack as the root would.
func (ty *typist) do(msgs ...tea.Msg) {
	for _, msg := range msgs {
		if ty.s.Top() == nil {
			ty.text(msg)
			continue
		}
		top := ty.s.Top()
		r := ty.s.Route(msg, &ty.keys)
		switch r.Way {
		case Answer:
			ty.answer(top, r.Act)
		case Under:
			for _, m := range r.Msgs {
				ty.text(m)
			}
		case CloseUnder:
			ty.s.Remove(top)
			for _, m := range r.Msgs {
				ty.do(m)
			}
		case ToDialog:
			_, act := top.Update(msg)
			ty.answer(top, act)
		}
	}
}

// answer keeps a dialog's answer; ui.Close closes it.
func (ty *typist) answer(d Dialog, a ui.Action) {
	ui.Each(a, func(a ui.Action) {
		if _, ok := a.(ui.Close); ok {
			ty.s.Remove(d)
		}
		ty.acts = append(ty.acts, a)
	})
}

// text keeps what the screen under got.
func (ty *typist) text(msg tea.Msg) {
	switch m := msg.(type) {
	case tea.KeyPressMsg:
		ty.under.WriteString(m.Text)
	case tea.PasteMsg:
		ty.under.WriteString(m.Content)
	}
}

// typeWords types s, a key a rune.
func (ty *typist) typeWords(s string) {
	for _, r := range s {
		ty.do(uitest.Press(r))
	}
}

// answered is the answers that are not notes or ui.Close.
func (ty *typist) answered() []ui.Action {
	var out []ui.Action
	for _, a := range ty.acts {
		switch a.(type) {
		case ui.Close, ui.Note:
		default:
			out = append(out, a)
		}
	}
	return out
}

// sentences hold every letter, the answers' letters first in a word.
var sentences = []string{
	"you know what, keep it",
	"the gate is open",
	"we should ask the quick brown fox jumping over lazy dogs",
	"yes. no. take it. watch it.",
	"n",
}

// questions is every dialog that asks, as the program opens them and as a
// key does.
func questions() map[string]func() (Dialog, ui.Action) {
	ctx := uitest.Context()
	return map[string]func() (Dialog, ui.Action){
		"delete": func() (Dialog, ui.Action) { return deleting(), nil },
		"offer":  func() (Dialog, ui.Action) { return offer(), Watch{Gen: 7} },
		"quit": func() (Dialog, ui.Action) {
			return NewChoice(ctx, "Not answered yet", "Quit anyway?", []Option{
				{Label: "stay"}, {Label: "quit anyway", Act: Watch{Gen: 1}}}, 0), nil
		},
	}
}

// TestNoLetterAnswersAQuestion (issue 35, traps 1 and 2): sentences typed
// at a question, whether the program or the person's key opened it, answer
// nothing: they reach the screen under it whole, in order, the question
// stays, and enter then picks the safe answer.
func TestNoLetterAnswersAQuestion(t *testing.T) {
	for name, make := range questions() {
		for _, own := range []bool{false, true} {
			for _, words := range sentences {
				d, safe := make()
				ty := over(t, d, own)
				ty.typeWords(words)
				if got := ty.answered(); len(got) != 0 {
					t.Errorf("%s (own %v): %q answered %#v", name, own, words, got)
				}
				if ty.under.String() != words && !(words == "n" && ty.under.String() == "") {
					t.Errorf("%s (own %v): %q reached the screen as %q", name, own, words, ty.under.String())
				}
				if ty.s.Top() != d {
					t.Fatalf("%s (own %v): %q closed it", name, own, words)
				}
				ty.do(enter)
				want := []ui.Action{safe}
				if safe == nil {
					want = nil
				}
				if got := ty.answered(); !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
					t.Errorf("%s (own %v): enter after %q answered %#v, want %#v", name, own, words, got, want)
				}
			}
		}
	}
}

// TestALetterThenEnterAnswers: an option's letter marks it and says what
// enter does; enter picks it. The letter then a word goes under whole and
// the mark goes back; the letter then ↓ is no answer.
func TestALetterThenEnterAnswers(t *testing.T) {
	ty := over(t, deleting(), true)
	ty.do(uitest.Press('y'))
	if n, ok := ty.acts[0].(ui.Note); !ok || n.Text != "y: enter picks “delete it” · other keys are text, not answers" {
		t.Errorf("y said %#v", ty.acts)
	}
	if c := ty.s.Top().(*Choice); c.Marked() != 1 {
		t.Errorf("y marked %d", c.Marked())
	}
	ty.do(enter)
	reports(t, "y then enter", ui.Batch(ty.answered()), Delete{Target: target()})

	ty = over(t, deleting(), true)
	ty.typeWords("it")
	ty.do(enter)
	if ty.under.String() != "it" || len(ty.answered()) != 0 || ty.s.Top() != nil {
		t.Errorf("a word ending in an answer's letter: under %q, %#v", ty.under.String(), ty.answered())
	}

	ty = over(t, offer(), false) // the program opened it: letters are text until the person reaches it
	ty.do(uitest.Press('t'))
	if ty.under.String() != "t" || offerOf(ty).Marked() != 0 || strings.Contains(plain(ty.s.Top()), "(t↵)") {
		t.Errorf("t: under %q, marked %d\n%s", ty.under.String(), offerOf(ty).Marked(), plain(ty.s.Top()))
	}
	ty.do(down, up)
	says(t, ty.s.Top(), "offers this again (w↵)", "becomes a watcher (t↵)")
	ty.do(uitest.Press('t'))
	if ty.under.String() != "t" || offerOf(ty).Marked() != 1 {
		t.Errorf("↓ ↑ t: under %q, marked %d", ty.under.String(), offerOf(ty).Marked())
	}
	ty.do(uitest.Press('e'))
	if ty.under.String() != "tte" || offerOf(ty).Marked() != 0 {
		t.Errorf("t then e: under %q, marked %d", ty.under.String(), offerOf(ty).Marked())
	}
	ty.do(down, uitest.Press('t'), up, uitest.Press('x'))
	if ty.under.String() != "ttex" || offerOf(ty).Marked() != 0 || len(ty.answered()) != 0 {
		t.Errorf("↓ t ↑ x: under %q, marked %d, %#v", ty.under.String(), offerOf(ty).Marked(), ty.answered())
	}
	ty.do(down, enter)
	reports(t, "↓ then enter", ui.Batch(ty.answered()), TakeOver{Gen: 7})
	if ty.s.Top() == nil {
		t.Error("the offer closed before its claim was answered")
	}
}

// offerOf is the offer a typist types at.
func offerOf(ty *typist) *Offer { return ty.s.Top().(*Offer) }

// everyDialog is one dialog of each type, and its safe answer.
func everyDialog() map[string]func() (Dialog, ui.Action) {
	ctx := uitest.Context()
	all := questions()
	all["help"] = func() (Dialog, ui.Action) { return NewHelp(ctx, screenKeys{ctx, true}), nil }
	all["errors"] = func() (Dialog, ui.Action) { return NewErrors(ctx, []string{"boom"}, ""), nil }
	all["info"] = func() (Dialog, ui.Action) { return NewInfo(ctx, &wire.State{}, "demo", false, false), nil }
	all["deleted"] = func() (Dialog, ui.Action) { return NewDeleted(ctx, "s1", "", wire.DeleteOutcome{}), nil }
	all["code"] = func() (Dialog, ui.Action) {
		return NewCodeChooser(ctx, []CodeBlock{{Text: "x"}}), ui.Note{Text: "no code block copied"}
	}
	all["key"] = func() (Dialog, ui.Action) { return keyDialog(true), nil }
	all["rename"] = func() (Dialog, ui.Action) { return NewRename(ctx, target()), nil }
	all["palette"] = func() (Dialog, ui.Action) { return palette(80, 24), nil }
	all["new session"] = func() (Dialog, ui.Action) { return form(wire.CreateRequest{}, false), nil }
	return all
}

// TestEscAndCtrlCCloseSafely (issue 35, trap 6): esc and ctrl+c close every
// dialog with its safe answer, after anything typed, and nothing else.
func TestEscAndCtrlCCloseSafely(t *testing.T) {
	for name, make := range everyDialog() {
		for _, k := range []tea.KeyPressMsg{esc, ctrl('c')} {
			for _, own := range []bool{false, true} {
				d, safe := make()
				ty := over(t, d, own)
				if ty.do(down); d.Kind() == Asks {
					ty.do(uitest.Press('y'), uitest.Press('t'), down, uitest.Press('t'))
				}
				ty.acts = nil
				ty.do(k)
				want := []ui.Action{ui.Close{}}
				if safe != nil {
					want = append(want, safe)
				}
				if !reflect.DeepEqual(ty.acts, want) || ty.s.Top() != nil {
					t.Errorf("%s at %s (own %v) answered %#v, want %#v", k, name, own, ty.acts, want)
				}
			}
		}
	}
}

// TestProgramsDialogsTakeNoText: a dialog the program opened takes none of
// the text typed at it: a field takes text once the person reached it (a
// key that is not text, or a paste); a dialog that only shows stays and
// lets the words go on. Opened by a key, a field takes text at once and a
// dialog that shows closes on a word, which goes on.
func TestProgramsDialogsTakeNoText(t *testing.T) {
	for name, make := range everyDialog() {
		d, _ := make()
		if d.Kind() == Asks {
			continue
		}
		ty := over(t, d, false)
		ty.typeWords("so what do I do now")
		if ty.under.String() != "so what do I do now" || ty.s.Top() != d || len(ty.answered()) != 0 {
			t.Errorf("%s: under %q, top %T, %#v", name, ty.under.String(), ty.s.Top(), ty.answered())
		}
	}
	ty := over(t, keyDialog(false), false)
	ty.typeWords("so what")
	says(t, ty.s.Top(), "enter or tab puts the cursor here, or paste your key")
	ty.do(tab)
	ty.typeWords(aKey)
	ty.do(enter)
	if ty.under.String() != "so what" {
		t.Errorf("under %q", ty.under.String())
	}
	reports(t, "the key typed after tab", ui.Batch(ty.answered()), GiveKey{Key: aKey})

	ty = over(t, keyDialog(false), false)
	ty.do(tea.PasteMsg{Content: aKey}, enter)
	reports(t, "a paste", ui.Batch(ty.answered()), GiveKey{Key: aKey})

	own := over(t, NewRename(uitest.Context(), uitest.Summary("s5", "", uitest.Now, nil)), true)
	own.typeWords("title")
	own.do(enter)
	reports(t, "a rename by its key", ui.Batch(own.answered()), Rename{SessionID: "s5", Title: "title"})

	help := over(t, NewHelp(uitest.Context(), screenKeys{uitest.Context(), true}), true)
	help.typeWords("hi")
	if help.under.String() != "hi" || help.s.Top() != nil {
		t.Errorf("words at the help: under %q, top %T", help.under.String(), help.s.Top())
	}
	code := over(t, NewCodeChooser(uitest.Context(), []CodeBlock{{Text: "x"}}), true)
	code.do(uitest.Press('1'))
	if code.under.String() != "" || code.s.Top() != nil || len(code.acts) == 0 {
		t.Errorf("1 at the code chooser, its own key: under %q, %#v", code.under.String(), code.acts)
	}
}

// TestLineEditorGoesUnder: a line editor's key (ctrl+u, ctrl+w, ctrl+a) at
// a dialog that takes no text goes on to the screen under it, as text
// does: it edits what the person was editing; the question stays. At a
// field, the field takes it.
func TestLineEditorGoesUnder(t *testing.T) {
	for _, k := range []tea.KeyPressMsg{ctrl('u'), ctrl('w'), ctrl('a')} {
		for _, own := range []bool{false, true} {
			ty := over(t, deleting(), own)
			r := ty.s.Route(k, &ty.keys)
			if r.Way != Under || len(r.Msgs) != 1 || r.Msgs[0] != tea.Msg(k) || ty.s.Top() == nil {
				t.Errorf("%s at the delete (own %v): %+v", k, own, r)
			}
		}
		ty := over(t, NewRename(uitest.Context(), target()), true)
		if r := ty.s.Route(k, &ty.keys); r.Way != ToDialog {
			t.Errorf("%s at the rename: %+v", k, r)
		}
		ty = over(t, NewHelp(uitest.Context(), screenKeys{uitest.Context(), true}), true)
		if r := ty.s.Route(k, &ty.keys); r.Way != CloseUnder {
			t.Errorf("%s at the help: %+v", k, r)
		}
	}
}

// TestPasteAtAQuestion goes under it: a question takes no text.
func TestPasteAtAQuestion(t *testing.T) {
	ty := over(t, offer(), false)
	ty.do(tea.PasteMsg{Content: "a pasted line"})
	if ty.under.String() != "a pasted line" || ty.s.Top() == nil || len(ty.answered()) != 0 {
		t.Errorf("a paste at the offer: under %q, %#v", ty.under.String(), ty.answered())
	}
}

// TestEveryDialogSaysItsRule: every component of this package (a type with
// a View) says its safe answer and its kind, so the stack's rule holds for
// it; a dialog added without them fails here even before it is pushed.
func TestEveryDialogSaysItsRule(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	methods := map[string]map[string]bool{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || len(fn.Recv.List) != 1 {
				continue
			}
			typ := fn.Recv.List[0].Type
			if star, ok := typ.(*ast.StarExpr); ok {
				typ = star.X
			}
			id, ok := typ.(*ast.Ident)
			if !ok {
				continue
			}
			if methods[id.Name] == nil {
				methods[id.Name] = map[string]bool{}
			}
			methods[id.Name][fn.Name.Name] = true
		}
	}
	n := 0
	for typ, ms := range methods {
		if !ms["View"] {
			continue
		}
		n++
		if !ms["Safe"] || !ms["Kind"] {
			t.Errorf("%s is drawn but says no safe answer or kind (Dialog)", typ)
		}
	}
	if n < 10 {
		t.Errorf("found %d dialogs: the test no longer reads them", n)
	}
}
