package wire_test

import (
	"go/build"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// module is this module's path; its packages are read from the source tree.
const module = "github.com/sophia-labs/vehicle"

// noIO are the packages wire must never reach: the network and processes.
var noIO = []string{"net", "net/http", "crypto/tls", "os/exec"}

// TestImportsNoNetwork fails when wire, or any package of the module or the
// standard library it imports (its non-test files, transitively), imports
// one of noIO. Packages outside the module and the standard library are not
// followed.
func TestImportsNoNetwork(t *testing.T) {
	root := moduleRoot(t)
	via := reachable(t, root, module+"/client/wire")
	for _, p := range noIO {
		if chain, ok := via[p]; ok {
			t.Errorf("client/wire reaches %s: %s", p, chain)
		}
	}
	if _, ok := via["encoding/json"]; !ok {
		t.Fatalf("the walk found %d packages but not encoding/json: it follows nothing", len(via))
	}
}

// reachable walks the imports from start and returns every package reached
// with the chain of imports that first reached it.
func reachable(t *testing.T, root, start string) map[string]string {
	t.Helper()
	via := map[string]string{start: start}
	queue := []string{start}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, imp := range imports(t, root, p) {
			if _, seen := via[imp]; !seen {
				via[imp] = via[p] + " -> " + imp
				queue = append(queue, imp)
			}
		}
	}
	return via
}

// imports are the imports of package path's non-test files, for the
// module's packages and the standard library's; nil for any other.
func imports(t *testing.T, root, path string) []string {
	t.Helper()
	if path == module || strings.HasPrefix(path, module+"/") {
		dir := filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(path, module)))
		pkg, err := build.Default.ImportDir(dir, 0)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return pkg.Imports
	}
	pkg, err := build.Default.Import(path, "", 0)
	if err != nil || !pkg.Goroot {
		return nil // outside the module and the standard library (or vendored in it)
	}
	return pkg.Imports
}

// moduleRoot is the folder of the module's go.mod, above the test's.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = parent
	}
}
