// Package testbin builds the programs a test runs as whole processes.
//
// Build links them as go run does, so that the build cache keeps each
// program: a later run of the tests with the same sources and flags (or
// another package's tests that build the same program) copies it from the
// cache instead of linking it again, which takes seconds per program on a
// loaded machine.
package testbin

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"sync"
)

// Build builds the main packages pkgs (paths as the go command takes them)
// into dir, each named after its folder, with the linker flags ldflags
// ("" for none), side by side. Without cp on PATH it falls back to go build,
// which links every time. ctx ends the builds under way. The go command runs
// in the caller's environment: under GOWORK=off the programs are built as
// `go install ...@latest` builds them, without go.work's carried modules
// (cmd/vehicle-tui's TestProgramsBuiltWithThisBubbleTea holds this).
func Build(ctx context.Context, dir, ldflags string, pkgs ...string) error {
	_, noCopy := exec.LookPath("cp")
	errs := make([]error, len(pkgs))
	var wg sync.WaitGroup
	for i, pkg := range pkgs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			abs, err := filepath.Abs(pkg)
			if err != nil {
				errs[i] = err
				return
			}
			dst := filepath.Join(dir, filepath.Base(abs)+exeSuffix)
			args := []string{"build", "-o", dst}
			if noCopy == nil {
				args = []string{"run", "-exec", "cp"} // go run then cp <the cached program> dst
			}
			if ldflags != "" {
				args = append(args, "-ldflags", ldflags)
			}
			args = append(args, pkg)
			if noCopy == nil {
				args = append(args, dst)
			}
			if out, err := exec.CommandContext(ctx, "go", args...).CombinedOutput(); err != nil {
				errs[i] = fmt.Errorf("go %s: %v\n%s", args[0], err, out)
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}
