package tui

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// actionSets are the closed sets of actions and their dispatchers: the
// package that declares the set (its dir), the name its types use in the
// root ("dialog.Rename"; "" for the root's own), the marker its types embed
// or the method that seals it, and the root's function whose type switch
// must have a case for each.
var actionSets = []struct {
	dir, qual, marker, method, dispatcher, iface string
}{
	{"ui", "ui", "", "Source", "actGeneral", ""},
	{"dialog", "dialog", "action", "isDialogAction", "onDialogAction", "dialog.Action"},
	{"panes", "panes", "action", "isPanesAction", "onPanesAction", "panes.Action"},
	{"transcript", "transcript", "action", "isTranscriptAction", "onTranscriptAction", "transcript.Action"},
	{"picker", "picker", "action", "isPickerAction", "onPickerAction", "picker.Action"},
	{"session", "session", "action", "isSessionAction", "onSessionAction", "session.Action"},
	{"mouse", "mouse", "action", "isMouseAction", "onMouseAction", "mouse.Action"},
	{"visit", "visit", "action", "isVisitAction", "onVisitAction", "visit.Action"},
	{"manage", "manage", "action", "isManageAction", "onManageAction", "manage.Action"},
	{"keep", "keep", "action", "isKeepAction", "onKeepAction", "keep.Action"},
	{"slash", "slash", "action", "isSlashAction", "onSlashAction", "slash.Action"},
	{"modelkey", "modelkey", "action", "isKeyAction", "onKeyAction", "modelkey.Action"},
	{".", "", "rootAct", "isRootAction", "onRootAction", "rootAction"},
}

// TestDispatchersAreExhaustive holds every set of actions closed: each
// type of a set (a struct that embeds the set's marker, or a type that
// declares its sealing method) has a case in its dispatcher's type switch,
// the dispatcher names no type outside the set, and actOne hands every set
// to its dispatcher. An action nobody handles fails here instead of
// compiling into silence.
func TestDispatchersAreExhaustive(t *testing.T) {
	t.Parallel()
	root := parseDir(t, ".")
	hands := switchCases(t, root, "actOne")
	for _, set := range actionSets {
		t.Run(set.dispatcher, func(t *testing.T) {
			files := root
			if set.dir != "." {
				files = parseDir(t, set.dir)
			}
			members := actionTypes(files, set.marker, set.method)
			if len(members) == 0 {
				t.Fatalf("no action types found in %s", set.dir)
			}
			for i, m := range members {
				if set.qual != "" {
					members[i] = set.qual + "." + m
				}
			}
			cases := switchCases(t, root, set.dispatcher)
			for _, m := range members {
				if !slices.Contains(cases, m) {
					t.Errorf("%s has no case for %s: an action of that type would do nothing", set.dispatcher, m)
				}
			}
			for _, c := range cases {
				if !slices.Contains(members, c) {
					t.Errorf("%s has a case for %s, which is not of its set", set.dispatcher, c)
				}
			}
			if set.iface != "" && !slices.Contains(hands, set.iface) {
				t.Errorf("actOne does not hand %s to %s", set.iface, set.dispatcher)
			}
		})
	}
}

// parseDir parses the package in dir, its non-test files for this system.
func parseDir(t *testing.T, dir string) []*ast.File {
	t.Helper()
	matches, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, m := range matches {
		if ok, err := build.Default.MatchFile(dir, filepath.Base(m)); strings.HasSuffix(m, "_test.go") || err != nil || !ok {
			continue
		}
		f, err := parser.ParseFile(fset, m, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// actionTypes names the types of a set: the structs that embed marker and
// the types (other than marker) that declare method.
func actionTypes(files []*ast.File, marker, method string) []string {
	var out []string
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, s := range d.Specs {
					ts, ok := s.(*ast.TypeSpec)
					if !ok {
						continue
					}
					if st, ok := ts.Type.(*ast.StructType); ok && marker != "" && embeds(st, marker) {
						out = append(out, ts.Name.Name)
					}
				}
			case *ast.FuncDecl:
				if d.Recv == nil || d.Name.Name != method {
					continue
				}
				if r := recvName(d.Recv.List[0].Type); r != marker && !slices.Contains(out, r) {
					out = append(out, r)
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

// recvName is a receiver's type name.
func recvName(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// switchCases lists the types named by the cases of the type switches in
// the root's method fn, as written ("dialog.Rename", "sendAnyway").
func switchCases(t *testing.T, files []*ast.File, fn string) []string {
	t.Helper()
	var out []string
	found := false
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || fd.Name.Name != fn {
				continue
			}
			found = true
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				ts, ok := n.(*ast.TypeSwitchStmt)
				if !ok {
					return true
				}
				for _, c := range ts.Body.List {
					for _, e := range c.(*ast.CaseClause).List {
						out = append(out, typeName(e))
					}
				}
				return true
			})
		}
	}
	if !found {
		t.Fatalf("no method %s in the root", fn)
	}
	return out
}

// typeName writes a case's type as the source does.
func typeName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return typeName(e.X) + "." + e.Sel.Name
	}
	return ""
}
