package tui

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// modelMethodsMax bounds tui.Model's own methods (not those it gets from
// common): what is not the program's (routing, focus, the overlay stack,
// the layout, the account and the person) lives in a component that owns
// it, not in the root.
const modelMethodsMax = 90

// commonWritersMax bounds the root's files that write its shared context
// (common): what every part of the root reads is written in few places.
const commonWritersMax = 8

// TestRootSize holds tui.Model to at most modelMethodsMax methods of its
// own, and the root's shared context (common) written from at
// most commonWritersMax files, read from the root's source with its types:
// a file writes common when it assigns to one of its fields (or to what
// such a field holds, a pointer's included), or calls a pointer method on
// a field held by value. With -v it says how many methods tui.Model has
// (its own, and with those it gets from common) and which files write
// common.
func TestRootSize(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("type-checks the root")
	}
	pkg, info, files, fset := typeCheck(t, ".", rootExports(t))
	model := pkg.Scope().Lookup("Model").Type()
	ms := types.NewMethodSet(types.NewPointer(model))
	own, all := 0, 0
	for m := range ms.Methods() {
		if m.Obj().Pkg() != pkg {
			continue
		}
		all++
		if len(m.Index()) == 1 { // declared on Model, not promoted from common
			own++
		}
	}
	t.Logf("tui.Model has %d methods of its own, %d with common's", own, all)
	if own > modelMethodsMax {
		t.Errorf("tui.Model has %d methods of its own, over %d: move what is not the program's into the component that owns it", own, modelMethodsMax)
	}
	fields := commonFields(pkg)
	var writers []string
	for _, f := range files {
		if writesCommon(f, info, fields) {
			writers = append(writers, filepath.Base(fset.Position(f.Pos()).Filename))
		}
	}
	slices.Sort(writers)
	t.Logf("common is written from %d files: %s", len(writers), strings.Join(writers, " "))
	if len(writers) > commonWritersMax {
		t.Errorf("common is written from %d files, over %d: %s", len(writers), commonWritersMax, strings.Join(writers, " "))
	}
}

// commonFields is common's fields, those of the structs it embeds among
// them (ui.Context's).
func commonFields(pkg *types.Package) map[types.Object]bool {
	fields := map[types.Object]bool{}
	var collect func(st *types.Struct)
	collect = func(st *types.Struct) {
		for f := range st.Fields() {
			fields[f] = true
			if s, ok := f.Type().Underlying().(*types.Struct); ok && f.Embedded() {
				collect(s)
			}
		}
	}
	collect(pkg.Scope().Lookup("common").Type().Underlying().(*types.Struct))
	return fields
}

// writesCommon reports whether file f writes a field of common.
func writesCommon(f *ast.File, info *types.Info, fields map[types.Object]bool) bool {
	reaches := func(e ast.Expr) bool { // e is a field of common, or what one holds
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.SelectorExpr:
				if s, ok := info.Selections[x]; ok && s.Kind() == types.FieldVal && fields[s.Obj()] {
					return true
				}
				e = x.X
			case *ast.IndexExpr:
				e = x.X
			case *ast.StarExpr:
				e = x.X
			default:
				return false
			}
		}
	}
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			found = found || slices.ContainsFunc(n.Lhs, reaches)
		case *ast.IncDecStmt:
			found = found || reaches(n.X)
		case *ast.CallExpr:
			fun, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if s, isMethod := info.Selections[fun]; ok && isMethod && s.Kind() == types.MethodVal {
				_, byPointer := s.Obj().Type().(*types.Signature).Recv().Type().(*types.Pointer)
				_, held := info.Types[fun.X].Type.Underlying().(*types.Pointer)
				found = found || byPointer && !held && reaches(fun.X)
			}
		}
		return !found
	})
	return found
}

// rootExports maps every package the root imports to its export data,
// built by the go command (from its cache once built).
func rootExports(t *testing.T) map[string]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-export", "-deps", "-json=ImportPath,Export", ".")
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
