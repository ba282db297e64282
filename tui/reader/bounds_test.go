package reader

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestReaderKeepsItsBounds holds the rule ARCHITECTURE.md writes for the
// screen-reader mode: a front end of its own beside the root, so it holds
// the client as the root does, but of the terminal UI's packages it imports
// only tui/ui (and below it) and the transcript's words for a notice
// (transcript.NoticeWords, so that both front ends say the same); and no
// other package of tui imports it.
func TestReaderKeepsItsBounds(t *testing.T) {
	t.Parallel()
	const tuiPath = "github.com/sophia-labs/vehicle/tui"
	for _, f := range parseGo(t, ".") {
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if p == tuiPath || strings.HasPrefix(p, tuiPath+"/") && p != tuiPath+"/ui" &&
				!strings.HasPrefix(p, tuiPath+"/ui/") && p != tuiPath+"/transcript" {
				t.Errorf("the reader imports %s", p)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if id, isID := sel.X.(*ast.Ident); isID && id.Name == "transcript" && sel.Sel.Name != "NoticeWords" {
				t.Errorf("the reader uses transcript.%s: only its words for a notice are the reader's", sel.Sel.Name)
			}
			return true
		})
	}
	dirs, err := filepath.Glob("../*")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range append(dirs, "..") {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() || filepath.Base(dir) == "reader" {
			continue
		}
		for _, f := range parseGo(t, dir) {
			for _, imp := range f.Imports {
				if p, _ := strconv.Unquote(imp.Path.Value); p == tuiPath+"/reader" {
					t.Errorf("%s imports the reader", dir)
				}
			}
		}
	}
}

// parseGo parses the Go files of dir, tests left out, for their imports
// and selectors.
func parseGo(t *testing.T, dir string) []*ast.File {
	t.Helper()
	matches, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var out []*ast.File
	for _, m := range matches {
		if strings.HasSuffix(m, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, m, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, f)
	}
	return out
}
