package typingsafety

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/sophia-labs/vehicle/tui"
)

// The registry: every place keys can go, read from the tui packages
// themselves, so that a place added there without a case in the table
// fails TestEveryPlaceHasACase.
//
//   - the dialogs: every call of a constructor of package dialog outside it
//     (dialog.NewOffer(...)), read from the source, named by the
//     constructor ("NewOffer"); one called from several places with a title
//     written out (the second argument, a string literal) is as many
//     dialogs, named by their titles too ("NewChoice: Run aborted"). Every
//     type of package dialog that takes keys (an Update and a View) must be
//     made by one;
//   - the focus: every constant of type focus in package tui;
//   - the picker's modes (tui.PickerModes) and the wall's tiles
//     (tui.MaxTiles), and the zoom;
//   - the answers a dialog may give: package dialog's actions, the root's
//     own and ui's own, each classed in safeAnswers.

// tuiDir is the tui packages' folder, from this one.
const tuiDir = ".."

// dialogEntry is one place a dialog is made.
type dialogEntry struct {
	Name  string // "NewOffer", "NewChoice: Run aborted"
	Type  string // what the constructor returns, "*dialog.Choice"
	Title string // the title it is made with, when the name has it
	Where string // file:line of the call
}

var (
	registryOnce sync.Once
	registry     struct {
		dialogs []dialogEntry
		types   []string // the types of package dialog that take keys
		focus   []string // the focus constants
		answers []string // the actions a dialog can answer with: package dialog's, the root's own, ui's own
		err     error
	}
)

// readRegistry reads the registry from the tui packages' source, once.
func readRegistry(t *testing.T) {
	t.Helper()
	registryOnce.Do(func() { registry.err = scan() })
	if registry.err != nil {
		t.Fatal(registry.err)
	}
}

// dialogEntryNamed is the registry's dialog named name.
func dialogEntryNamed(t *testing.T, name string) (dialogEntry, bool) {
	readRegistry(t)
	for _, d := range registry.dialogs {
		if d.Name == name {
			return d, true
		}
	}
	return dialogEntry{}, false
}

// scan reads the dialogs and the focus constants.
func scan() error {
	fset := token.NewFileSet()
	pkgs := map[string][]*ast.File{} // folder -> its non-test files
	err := filepath.WalkDir(tuiDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		pkgs[filepath.Dir(path)] = append(pkgs[filepath.Dir(path)], f)
		return nil
	})
	if err != nil {
		return err
	}
	dialogDir := filepath.Join(tuiDir, "dialog")
	ctors, types := dialogTypes(pkgs[dialogDir])
	registry.types = types
	registry.answers = append(append(actionTypes(pkgs[dialogDir], "dialog", "action", ""),
		actionTypes(pkgs[tuiDir], "tui", "rootAct", "")...), actionTypes(pkgs[filepath.Join(tuiDir, "ui")], "ui", "", "Source")...)
	calls := map[string][]dialogEntry{}
	for dir, files := range pkgs {
		if dir == dialogDir {
			continue
		}
		for _, f := range files {
			ast.Inspect(f, func(n ast.Node) bool {
				if e, ok := dialogCall(fset, n, ctors); ok {
					calls[e.Name] = append(calls[e.Name], e)
				}
				return true
			})
		}
		if dir == tuiDir {
			registry.focus = focusConsts(files)
		}
	}
	for _, es := range calls {
		for _, e := range es {
			if len(es) > 1 && e.Title != "" {
				e.Name += ": " + e.Title
			} else {
				e.Title = ""
			}
			if !slices.ContainsFunc(registry.dialogs, func(d dialogEntry) bool { return d.Name == e.Name }) {
				registry.dialogs = append(registry.dialogs, e)
			}
		}
	}
	slices.SortFunc(registry.dialogs, func(a, b dialogEntry) int { return strings.Compare(a.Name, b.Name) })
	if len(registry.focus) == 0 || len(registry.dialogs) == 0 {
		return fmt.Errorf("the registry read no focus constants (%d) or no dialogs (%d) from %s", len(registry.focus),
			len(registry.dialogs), tuiDir)
	}
	return nil
}

// dialogTypes reads package dialog: its constructors (New…, returning a
// pointer to one of its types) and the types that take keys (an Update
// and a View method).
func dialogTypes(files []*ast.File) (ctors map[string]string, types []string) {
	ctors = map[string]string{}
	methods := map[string][]string{}
	for _, f := range files {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			if fn.Recv != nil {
				if r := recvType(fn.Recv.List[0].Type); r != "" {
					methods[r] = append(methods[r], fn.Name.Name)
				}
				continue
			}
			if !strings.HasPrefix(fn.Name.Name, "New") || fn.Type.Results == nil || len(fn.Type.Results.List) != 1 {
				continue
			}
			if star, ok := fn.Type.Results.List[0].Type.(*ast.StarExpr); ok {
				if id, ok := star.X.(*ast.Ident); ok {
					ctors[fn.Name.Name] = "*dialog." + id.Name
				}
			}
		}
	}
	for typ, ms := range methods {
		if slices.Contains(ms, "Update") && slices.Contains(ms, "View") {
			types = append(types, "*dialog."+typ)
		}
	}
	slices.Sort(types)
	return ctors, types
}

// recvType is a method receiver's type name.
func recvType(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// dialogCall reads a call of one of package dialog's constructors.
func dialogCall(fset *token.FileSet, n ast.Node, ctors map[string]string) (dialogEntry, bool) {
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return dialogEntry{}, false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return dialogEntry{}, false
	}
	if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "dialog" {
		return dialogEntry{}, false
	}
	typ, ok := ctors[sel.Sel.Name]
	if !ok {
		return dialogEntry{}, false
	}
	e := dialogEntry{Name: sel.Sel.Name, Type: typ, Where: fset.Position(call.Pos()).String()}
	if len(call.Args) > 1 {
		if lit, ok := call.Args[1].(*ast.BasicLit); ok && lit.Kind == token.STRING {
			e.Title, _ = strconv.Unquote(lit.Value)
		}
	}
	return e, true
}

// actionTypes names the action types of a package (as %T prints them,
// qualified by pkg): the structs that embed marker, or the types that have
// the method method.
func actionTypes(files []*ast.File, pkg, marker, method string) []string {
	var out []string
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					ts, ok := sp.(*ast.TypeSpec)
					if !ok || marker == "" {
						continue
					}
					if st, ok := ts.Type.(*ast.StructType); ok && embeds(st, marker) {
						out = append(out, pkg+"."+ts.Name.Name)
					}
				}
			case *ast.FuncDecl:
				if method != "" && d.Recv != nil && d.Name.Name == method {
					out = append(out, pkg+"."+recvType(d.Recv.List[0].Type))
				}
			}
		}
	}
	return out
}

// embeds reports whether st embeds the type named name.
func embeds(st *ast.StructType, name string) bool {
	for _, f := range st.Fields.List {
		if id, ok := f.Type.(*ast.Ident); ok && len(f.Names) == 0 && id.Name == name {
			return true
		}
	}
	return false
}

// focusConsts names the constants of type focus.
func focusConsts(files []*ast.File) []string {
	var out []string
	for _, f := range files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			typed := false // an iota block: the constants after a typed one have its type
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				if id, ok := vs.Type.(*ast.Ident); ok {
					typed = id.Name == "focus"
				} else if vs.Type != nil || len(vs.Values) > 0 {
					typed = false
				}
				if typed {
					for _, n := range vs.Names {
						out = append(out, n.Name)
					}
				}
			}
		}
	}
	return out
}

// TestEveryPlaceHasACase: every place of the registry has a state in the
// table that drives the model there; every dialog type is made somewhere.
func TestEveryPlaceHasACase(t *testing.T) {
	t.Parallel()
	readRegistry(t)
	covered := func(ok func(State) bool) bool { return slices.ContainsFunc(table.States, ok) }
	for _, d := range registry.dialogs {
		if !covered(func(s State) bool { return s.Dialog == d.Name }) {
			t.Errorf("the dialog %s (made at %s) has no state in the table", d.Name, d.Where)
		}
	}
	for _, typ := range registry.types {
		if !slices.ContainsFunc(registry.dialogs, func(d dialogEntry) bool { return d.Type == typ }) {
			t.Errorf("the dialog type %s takes keys, but nothing outside package dialog makes one: "+
				"the harness cannot reach it", typ)
		}
	}
	for _, f := range registry.focus {
		if !covered(func(s State) bool { return s.Focus == f }) {
			t.Errorf("the focus %s has no state in the table", f)
		}
	}
	for _, m := range tui.PickerModes() {
		if !covered(func(s State) bool { return s.Picker == m }) {
			t.Errorf("the picker's mode %q has no state in the table", m)
		}
	}
	for i := 1; i <= tui.MaxTiles(); i++ {
		if !covered(func(s State) bool { return s.Tile == i }) {
			t.Errorf("tile %d of a full wall has no state in the table", i)
		}
	}
	for _, a := range registry.answers {
		if _, ok := safeAnswers[a]; !ok {
			t.Errorf("the action %s, which a dialog may answer with, is not in safeAnswers: say whether it is a safe choice", a)
		}
	}
	if !covered(func(s State) bool { return s.Zoom }) {
		t.Error("a zoomed tile has no state in the table")
	}
	for _, s := range table.States {
		for name := range s.Waits {
			if !slices.ContainsFunc(table.Sentences, func(x Sentence) bool { return x.Name == name }) {
				t.Errorf("state %q waits on the sentence %q, which the table does not have", s.Name, name)
			}
		}
		if s.Dialog != "" {
			if _, ok := dialogEntryNamed(t, s.Dialog); !ok {
				t.Errorf("state %q names the dialog %q, which the registry does not have", s.Name, s.Dialog)
			}
		}
	}
}

// TestSentencesHoldEveryLetter: every sentence of the table holds every
// letter, an upper-case one, a doubled one, a digit, punctuation and
// spaces, as a hurried person's text does.
func TestSentencesHoldEveryLetter(t *testing.T) {
	t.Parallel()
	for _, s := range table.Sentences {
		if s.Text == "" {
			continue
		}
		var missing []string
		for c := 'a'; c <= 'z'; c++ {
			if !strings.ContainsRune(strings.ToLower(s.Text), c) {
				missing = append(missing, string(c))
			}
		}
		has := func(ok func(rune) bool) bool { return strings.IndexFunc(s.Text, ok) >= 0 }
		doubled := false
		for i := 1; i < len(s.Text); i++ {
			doubled = doubled || s.Text[i] == s.Text[i-1] && unicode.IsLetter(rune(s.Text[i]))
		}
		switch {
		case len(missing) > 0:
			t.Errorf("sentence %q lacks the letters %s", s.Name, strings.Join(missing, ""))
		case !has(unicode.IsUpper) || !has(unicode.IsDigit) || !has(unicode.IsPunct) || !has(unicode.IsSpace) || !doubled:
			t.Errorf("sentence %q lacks an upper-case letter, a digit, punctuation, a space or a doubled letter: %q", s.Name, s.Text)
		}
	}
}
