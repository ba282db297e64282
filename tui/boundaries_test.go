package tui

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// uiPath is the package of the shared, read-only Context.
const uiPath = "github.com/sophia-labs/vehicle/tui/ui"

// components are the UI's component packages: they draw and report, and
// never write what the root owns.
var components = []string{"composer", "dialog", "keep", "layout", "manage", "modelkey", "mouse", "note", "notify", "panes", "picker", "refs", "session", "slash", "transcript", "visit"}

// requesters are the components that make requests of their own: an open
// session (tui/session) and a visit (tui/visit) make their requests (as
// tea.Cmds) through the client the root gives them. They import no other
// component, not even dialog: what they ask the root to show is an action.
var requesters = map[string]bool{"manage": true, "session": true, "visit": true}

// TestComponentsKeepTheirBounds holds the boundaries the packages draw,
// read from the components' own source with their types:
//   - no component writes a field of the shared ui.Context (the root alone
//     changes the styles, the keys, the clock);
//   - no component embeds a pointer: it shares no mutable state by embedding;
//   - no component holds or calls a *client.Client: every request is the
//     root's, but an open session's (requesters), which are the session's;
//   - no component imports the root or another component but dialog (an
//     overlay a pane may ask the root to show), and a requester not even
//     dialog; the shared helpers of tui/ui and below it (the markdown
//     renderer) are for every component.
//
// The root's own state (focus, the overlay stack, the status note and
// errors, the open session) is unexported in package tui: the compiler
// keeps every component from writing it.
func TestComponentsKeepTheirBounds(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("type-checks the component packages")
	}
	imp := newImports(exportData(t)) // what two components import is read once
	for _, name := range components {
		t.Run(name, func(t *testing.T) {
			pkg, info, files, fset := imp.check(t, filepath.Join(".", name))
			for _, imp := range pkg.Imports() {
				p := imp.Path()
				if p == "github.com/sophia-labs/vehicle/tui" ||
					strings.HasPrefix(p, "github.com/sophia-labs/vehicle/tui/") && p != uiPath && !strings.HasPrefix(p, uiPath+"/") &&
						(p != "github.com/sophia-labs/vehicle/tui/dialog" || requesters[name]) {
					t.Errorf("%s imports %s", name, p)
				}
			}
			for _, f := range files {
				checkFile(t, fset, info, f, requesters[name])
			}
		})
	}
}

// checkFile reports a write to the Context, an embedded pointer, and a
// client held or called (unless requests are the component's), in one file
// of a component.
func checkFile(t *testing.T, fset *token.FileSet, info *types.Info, f *ast.File, requests bool) {
	t.Helper()
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if writesContext(info, lhs) {
					t.Errorf("%s: writes the shared ui.Context", fset.Position(lhs.Pos()))
				}
			}
		case *ast.IncDecStmt:
			if writesContext(info, n.X) {
				t.Errorf("%s: writes the shared ui.Context", fset.Position(n.Pos()))
			}
		case *ast.CallExpr:
			if changesContext(info, n) {
				t.Errorf("%s: changes the shared ui.Context through a method", fset.Position(n.Pos()))
			}
		case *ast.StructType:
			for _, fl := range n.Fields.List {
				if _, ptr := fl.Type.(*ast.StarExpr); ptr && len(fl.Names) == 0 {
					t.Errorf("%s: embeds a pointer", fset.Position(fl.Pos()))
				}
			}
		case *ast.Ident:
			if obj := info.Uses[n]; obj != nil && isClient(obj.Type()) && !requests {
				t.Errorf("%s: holds or calls a *client.Client (%s)", fset.Position(n.Pos()), n.Name)
			}
		}
		return true
	})
}

// writesContext reports whether e is a field of a ui.Context (through a
// pointer or not).
func writesContext(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	for {
		tv, ok := info.Types[sel.X]
		if ok && isContext(tv.Type) {
			return true
		}
		inner, ok := ast.Unparen(sel.X).(*ast.SelectorExpr) // ctx.Keys.Send = ...
		if !ok {
			return false
		}
		sel = inner
	}
}

// changesContext reports whether call calls a pointer method on a field of
// a ui.Context (ctx.Help.SetWidth(w) changes the shared help; a copy's
// does not).
func changesContext(info *types.Info, call *ast.CallExpr) bool {
	fun, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s, ok := info.Selections[fun]
	if !ok || s.Kind() != types.MethodVal {
		return false
	}
	sig := s.Obj().Type().(*types.Signature)
	if _, ptr := sig.Recv().Type().(*types.Pointer); !ptr {
		return false
	}
	return writesContext(info, fun.X)
}

// isContext reports whether t is ui.Context or a pointer to it.
func isContext(t types.Type) bool { return named(t, uiPath, "Context") }

// isClient reports whether t is client.Client or a pointer to it.
func isClient(t types.Type) bool {
	return named(t, "github.com/sophia-labs/vehicle/client", "Client")
}

// named reports whether t is the named type path.name, or a pointer to it.
func named(t types.Type, path, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// typeCheck parses and type-checks the package in dir (its non-test
// files), its imports read from the build's export data, and returns its
// type information.
func typeCheck(t *testing.T, dir string, exports map[string]string) (*types.Package, *types.Info, []*ast.File, *token.FileSet) {
	t.Helper()
	return newImports(exports).check(t, dir)
}

// imports reads the packages that the packages it checks import from the
// build's export data, each once however many import it (reading them is
// most of a check's time). One goroutine at a time checks with it.
type imports struct {
	fset *token.FileSet
	gc   types.Importer
}

// newImports reads imports from the export data files exports names by
// import path.
func newImports(exports map[string]string) *imports {
	fset := token.NewFileSet()
	lookup := func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok {
			return nil, os.ErrNotExist
		}
		return os.Open(file)
	}
	return &imports{fset: fset, gc: importer.ForCompiler(fset, "gc", lookup)}
}

// check is typeCheck with the imports of imp.
func (imp *imports) check(t *testing.T, dir string) (*types.Package, *types.Info, []*ast.File, *token.FileSet) {
	t.Helper()
	fset := imp.fset
	matches, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, m := range matches {
		if ok, err := build.Default.MatchFile(dir, filepath.Base(m)); strings.HasSuffix(m, "_test.go") || err != nil || !ok {
			continue // a test, or a file for another system
		}
		f, err := parser.ParseFile(fset, m, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: imp.gc}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{}}
	pkg, err := conf.Check("github.com/sophia-labs/vehicle/tui/"+filepath.Base(dir), fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	return pkg, info, files, fset
}

// exportData maps every package the components import to its export data,
// built by the go command (from its cache once built).
func exportData(t *testing.T) map[string]string {
	t.Helper()
	args := []string{"list", "-export", "-deps", "-json=ImportPath,Export"}
	for _, c := range components {
		args = append(args, "./"+c)
	}
	cmd := exec.Command("go", args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go list: %v", err)
	}
	exports := map[string]string{}
	for dec := json.NewDecoder(&out); dec.More(); {
		var p struct{ ImportPath, Export string }
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		exports[p.ImportPath] = p.Export
	}
	return exports
}
