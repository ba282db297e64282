package archdoc

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// docs are the pages that map the tree, and the folder their bare file
// names are read in.
var docs = []struct{ page, base string }{
	{"ARCHITECTURE.md", ""},
	{"docs/architecture-client.md", "client"},
}

// words are the code spans the pages use as words, not as names in the
// tree.
var words = []string{"switch", "v1", "vehicle", "go run", "duplicates", "s2", "EventStreamReader", "PasteMsg", "jsontext"}

// TestArchitectureNamesWhatExists reads every `code span` of the pages:
// a path must exist (a glob must match); a bare file name must be a file
// of the page's folder or of the tree; an identifier, Type.member or
// pkg.Type.member must be declared in the tree's Go source.
func TestArchitectureNamesWhatExists(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..")
	decl := declarations(t, root)
	span := regexp.MustCompile("`([^`\n]+)`")
	ident := regexp.MustCompile(`^\*?[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$`)
	for _, d := range docs {
		text, err := os.ReadFile(filepath.Join(root, d.page))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range span.FindAllStringSubmatch(string(text), -1) {
			s := strings.TrimSpace(m[1])
			switch {
			case slices.Contains(words, s) || external(s):
			case ours(s):
				if !pathExists(root, d.base, s) {
					t.Errorf("%s names %s, which is not in the tree", d.page, s)
				}
			case ident.MatchString(s):
				if !declared(decl, strings.TrimPrefix(s, "*")) {
					t.Errorf("%s names %s, which is declared nowhere in the tree's Go source", d.page, s)
				}
			}
		}
	}
}

// external reports whether s names something outside the tree: a module,
// a standard package, a route, a flag, a shell command.
func external(s string) bool {
	for _, p := range []string{"github.com/", "golang.org/", "encoding/", "net/", "log/", "muesli/", "../", "-", "$", "GET ", "Accept", "Last-Event-ID", "Retry-After", "data", "id "} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return strings.ContainsAny(s, " <>(){}")
}

// tops are the tree's top folders: a path starting with one is ours.
var tops = []string{"acp", "client", "cmd", "docs", "internal", "ride", "scripts", "theme", "third_party", "tui", ".ci"}

// ours reports whether s is a path in the tree.
func ours(s string) bool {
	if strings.ContainsAny(s, " ") {
		return false
	}
	if strings.Contains(s, "<") {
		return false // a pattern of names (state_<family>.go)
	}
	if strings.HasSuffix(s, ".go") || strings.HasSuffix(s, ".md") || s == "go.work" {
		return true
	}
	first, _, nested := strings.Cut(s, "/")
	return nested && slices.Contains(tops, first)
}

// pathExists reports whether s (a path from the root, a glob, or a bare
// file name of base or anywhere in the tree) exists. A path's words after
// it ("scripts/carry.sh --check") are not part of it.
func pathExists(root, base, s string) bool {
	s, _, _ = strings.Cut(s, " ")
	for _, dir := range []string{root, filepath.Join(root, base)} {
		if ms, _ := filepath.Glob(filepath.Join(dir, s)); len(ms) > 0 {
			return true
		}
	}
	if strings.Contains(s, "/") {
		return false
	}
	found := false
	filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil || found {
			return filepath.SkipDir
		}
		if ok, _ := filepath.Match(s, e.Name()); ok {
			found = true
		}
		return nil
	})
	return found
}

// declared reports whether name is declared: a package of ours (a folder
// of the tree), a top-level name, a member (method or field) of a type, a
// file stem (state_lease for state_lease.go) or a string the code uses (an
// error code). A name qualified by a package not ours (os.Stdout,
// lease.claimed, an event's type) is not the tree's to hold.
func declared(decl map[string]bool, name string) bool {
	parts := strings.Split(name, ".")
	if len(parts) > 1 && decl["pkg:"+parts[0]] {
		if declared(decl, strings.Join(parts[1:], ".")) {
			return true
		}
		if !decl[parts[0]] && !decl["."+parts[0]] {
			return false // a package of ours, and nothing of it by that name
		}
	}
	if len(parts) > 1 && isLower(parts[0]) && !decl["pkg:"+parts[0]] {
		return true // another package's name, or an event's type
	}
	if len(parts) == 1 {
		x := parts[0]
		return decl[x] || decl["."+x] || decl["pkg:"+x] || decl["file:"+x] || decl["str:"+x]
	}
	a, b := parts[len(parts)-2], parts[len(parts)-1]
	return decl[a+"."+b] || (decl[a] || decl["."+a]) && decl["."+b]
}

// isLower reports whether s starts with a lower-case letter.
func isLower(s string) bool { return s != "" && s[0] >= 'a' && s[0] <= 'z' }

// declarations reads every Go file of the tree (tests too) and lists what
// it declares: top-level names, Type.method, Type.field, and "pkg:name"
// for each package.
func declarations(t *testing.T, root string) map[string]bool {
	t.Helper()
	decl := map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			if n := e.Name(); strings.HasPrefix(n, ".") && p != root || n == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		decl["file:"+strings.TrimSuffix(filepath.Base(p), ".go")] = true
		decl["pkg:"+f.Name.Name] = true
		decl["pkg:"+filepath.Base(filepath.Dir(p))] = true
		for _, d := range f.Decls {
			addDecl(decl, d)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && len(lit.Value) < 64 {
				decl["str:"+strings.Trim(lit.Value, "`\"")] = true
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return decl
}

// addDecl lists what one declaration declares.
func addDecl(decl map[string]bool, d ast.Decl) {
	switch d := d.(type) {
	case *ast.FuncDecl:
		decl[d.Name.Name] = true
		if d.Recv != nil {
			decl[recvName(d.Recv.List[0].Type)+"."+d.Name.Name] = true
			decl["."+d.Name.Name] = true
		}
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				decl[s.Name.Name] = true
				addMembers(decl, s.Name.Name, s.Type)
			case *ast.ValueSpec:
				for _, n := range s.Names {
					decl[n.Name] = true
				}
			}
		}
	}
}

// addMembers lists a struct's fields and an interface's methods as
// Type.name.
func addMembers(decl map[string]bool, typ string, e ast.Expr) {
	var fields *ast.FieldList
	switch e := e.(type) {
	case *ast.StructType:
		fields = e.Fields
	case *ast.InterfaceType:
		fields = e.Methods
	default:
		return
	}
	for _, f := range fields.List {
		for _, n := range f.Names {
			decl[typ+"."+n.Name] = true
			decl["."+n.Name] = true
		}
		if len(f.Names) == 0 { // embedded: its name is a field too
			if n := recvName(f.Type); n != "" {
				decl[typ+"."+n] = true
			}
		}
	}
}

// recvName is a receiver's or an embedded field's type name.
func recvName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvName(e.X)
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.IndexExpr:
		return recvName(e.X)
	case *ast.IndexListExpr:
		return recvName(e.X)
	}
	return ""
}
