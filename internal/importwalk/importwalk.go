// Package importwalk follows a package's imports through this module's
// source and the standard library, for the tests that hold what a package
// may link (client/wire links no network; the components that only show
// link no client). Packages outside the module and the standard library are
// not followed.
package importwalk

import (
	"errors"
	"go/build"
	"os"
	"path/filepath"
	"strings"
)

// Module is this module's import path.
const Module = "github.com/sophia-labs/vehicle"

// Walk reads each package's imports once.
type Walk struct {
	root    string              // the module's folder
	imports map[string][]string // a package's non-test imports, by path
}

// New walks the module whose go.mod is in root.
func New(root string) *Walk { return &Walk{root: root, imports: map[string][]string{}} }

// Root is the folder of the module's go.mod, at or above the current one.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod at or above " + dir)
		}
		dir = parent
	}
}

// Reach returns every package reached from the module's package path (with
// its test files' imports too when tests), each with the chain of imports
// that first reached it ("a -> b -> c").
func (w *Walk) Reach(path string, tests bool) (map[string]string, error) {
	pkg, err := w.load(path)
	if err != nil {
		return nil, err
	}
	direct := pkg.Imports
	if tests {
		direct = append(append(append([]string{}, direct...), pkg.TestImports...), pkg.XTestImports...)
	}
	via := map[string]string{path: path}
	var queue []string
	for _, p := range direct {
		if _, seen := via[p]; !seen {
			via[p], queue = path+" -> "+p, append(queue, p)
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		imps, err := w.of(p)
		if err != nil {
			return nil, err
		}
		for _, imp := range imps {
			if _, seen := via[imp]; !seen {
				via[imp], queue = via[p]+" -> "+imp, append(queue, imp)
			}
		}
	}
	return via, nil
}

// of is the non-test imports of package path: nil for a package outside
// the module and the standard library.
func (w *Walk) of(path string) ([]string, error) {
	if imps, ok := w.imports[path]; ok {
		return imps, nil
	}
	var imps []string
	if inModule(path) {
		pkg, err := w.load(path)
		if err != nil {
			return nil, err
		}
		imps = pkg.Imports
	} else if pkg, err := build.Default.Import(path, "", 0); err == nil && pkg.Goroot {
		imps = pkg.Imports
	}
	w.imports[path] = imps
	return imps, nil
}

// load reads the module's package path from its folder.
func (w *Walk) load(path string) (*build.Package, error) {
	if !inModule(path) {
		return nil, errors.New(path + " is not a package of " + Module)
	}
	return build.Default.ImportDir(filepath.Join(w.root, filepath.FromSlash(strings.TrimPrefix(path, Module))), 0)
}

// inModule reports whether path is a package of the module.
func inModule(path string) bool { return path == Module || strings.HasPrefix(path, Module+"/") }
