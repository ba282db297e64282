package testbin

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// ErrNoGo is a Set's error when there is no go tool to build with; Path
// skips the test then.
var ErrNoGo = errors.New("no go tool on PATH to build the programs")

// Set is the programs a test package runs, built once per run of its tests
// into one temporary folder, side by side, as they ship (one set of
// -ldflags): the build starts with the tests (Main), beside those that
// need no program, and Main removes the folder at the end.
type Set struct {
	name    string   // the folder's prefix
	ldflags string   // the linker flags of every program
	pkgs    []string // the main packages, as the go command takes them

	once sync.Once
	ctx  context.Context // ends a build no test waited for when the tests end
	done chan struct{}   // closed once the build ended
	dir  string
	err  error
}

// NewSet is the set of the main packages pkgs built with ldflags ("" for
// none), in a folder named after name.
func NewSet(name, ldflags string, pkgs ...string) *Set {
	return &Set{name: name, ldflags: ldflags, pkgs: pkgs, done: make(chan struct{})}
}

// Main runs the package's tests, as TestMain does with m: it starts the
// build (unless -short), runs them, stops a build no test waited for, and
// removes the folder. It returns the exit code for os.Exit.
func (s *Set) Main(m *testing.M) int {
	ctx, cancel := context.WithCancel(context.Background())
	s.ctx = ctx
	if !testing.Short() {
		go s.start()
	}
	code := m.Run()
	cancel()
	s.once.Do(func() { close(s.done) }) // waits for a build under way
	if s.dir != "" {
		_ = os.RemoveAll(s.dir)
	}
	return code
}

// start builds the set, the first time it is called.
func (s *Set) start() {
	s.once.Do(func() {
		defer close(s.done)
		if _, err := exec.LookPath("go"); err != nil {
			s.err = ErrNoGo
			return
		}
		if s.dir, s.err = os.MkdirTemp("", s.name); s.err != nil {
			return
		}
		ctx := s.ctx
		if ctx == nil { // no Main: a build of its own
			ctx = context.Background()
		}
		s.err = Build(ctx, s.dir, s.ldflags, s.pkgs...)
	})
}

// Path waits for the set and returns the path of its program named name
// (a package's folder name, without the system's suffix for programs). It
// skips the test when there is no go tool, and fails it when the build
// failed.
func (s *Set) Path(t testing.TB, name string) string {
	t.Helper()
	s.start()
	<-s.done
	if errors.Is(s.err, ErrNoGo) {
		t.Skip(s.err)
	}
	if s.err != nil {
		t.Fatal(s.err)
	}
	return filepath.Join(s.dir, name+exeSuffix)
}
