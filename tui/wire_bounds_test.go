package tui

import (
	"go/build"
	"path/filepath"
	"strings"
	"testing"
)

// vehicleModule is this module's import path.
const vehicleModule = "github.com/sophia-labs/vehicle"

// showers are the component packages that only show a session and report
// what happened: they name the protocol's values through client/wire and
// make no request, so neither they nor their tests link client's HTTP.
var showers = []string{"ui", "ui/markdown", "composer", "dialog", "panes", "picker", "transcript", "layout",
	"keep", "mouse", "note", "notify", "refs", "slash", "modelkey"}

// notForShowers are what no shower may reach: the client that makes
// requests, and the network it makes them with.
var notForShowers = []string{vehicleModule + "/client", "net/http", "crypto/tls"}

// TestShowersLinkNoClient fails when a component that only shows (its
// files, its tests' too), or a package of the vehicleModule or the standard
// library it reaches, imports client, net/http or crypto/tls. Packages
// outside the vehicleModule and the standard library are not followed.
func TestShowersLinkNoClient(t *testing.T) {
	t.Parallel()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	w := &importWalk{root: root, imports: map[string][]string{}}
	for _, name := range showers {
		pkg, err := build.Default.ImportDir(filepath.Join(root, "tui", filepath.FromSlash(name)), 0)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		start := vehicleModule + "/tui/" + name
		direct := append(append(append([]string{}, pkg.Imports...), pkg.TestImports...), pkg.XTestImports...)
		via := w.reach(t, start, direct)
		for _, p := range notForShowers {
			if chain, ok := via[p]; ok {
				t.Errorf("tui/%s (with its tests) reaches %s: %s", name, p, chain)
			}
		}
		if _, ok := via["strings"]; !ok {
			t.Fatalf("tui/%s: the walk reached %d packages, not even strings: it follows nothing", name, len(via))
		}
	}
}

// importWalk follows imports through the vehicleModule's packages and the
// standard library's, reading each package's imports once.
type importWalk struct {
	root    string              // the vehicleModule's folder
	imports map[string][]string // a package's non-test imports, by path
}

// reach returns every package reached from start, whose imports are
// direct, with the chain of imports that first reached it.
func (w *importWalk) reach(t *testing.T, start string, direct []string) map[string]string {
	t.Helper()
	via := map[string]string{start: start}
	var queue []string
	for _, p := range direct {
		if _, seen := via[p]; !seen {
			via[p], queue = start+" -> "+p, append(queue, p)
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, imp := range w.of(t, p) {
			if _, seen := via[imp]; !seen {
				via[imp], queue = via[p]+" -> "+imp, append(queue, imp)
			}
		}
	}
	return via
}

// of is the non-test imports of package path: nil for a package outside
// the vehicleModule and the standard library.
func (w *importWalk) of(t *testing.T, path string) []string {
	t.Helper()
	if imps, ok := w.imports[path]; ok {
		return imps
	}
	var imps []string
	if path == vehicleModule || strings.HasPrefix(path, vehicleModule+"/") {
		pkg, err := build.Default.ImportDir(filepath.Join(w.root, filepath.FromSlash(strings.TrimPrefix(path, vehicleModule))), 0)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		imps = pkg.Imports
	} else if pkg, err := build.Default.Import(path, "", 0); err == nil && pkg.Goroot {
		imps = pkg.Imports
	}
	w.imports[path] = imps
	return imps
}
