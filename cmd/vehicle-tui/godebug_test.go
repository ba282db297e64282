package main

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// TestOneProc: the UI runs on one processor unless GOMAXPROCS says
// otherwise.
func TestOneProc(t *testing.T) {
	was := runtime.GOMAXPROCS(3)
	defer runtime.GOMAXPROCS(was)
	oneProc(func(k string) (string, bool) { return "", false }, true)
	if n := runtime.GOMAXPROCS(0); n != 1 {
		t.Errorf("GOMAXPROCS %d with no GOMAXPROCS in the environment, want 1", n)
	}
	runtime.GOMAXPROCS(3)
	oneProc(func(k string) (string, bool) { return "3", k == "GOMAXPROCS" }, true)
	if n := runtime.GOMAXPROCS(0); n != 3 {
		t.Errorf("GOMAXPROCS %d where the environment sets it, want the environment's 3", n)
	}
	oneProc(func(k string) (string, bool) { return "", false }, false)
	if n := runtime.GOMAXPROCS(0); n != 3 {
		t.Errorf("GOMAXPROCS %d with upstream's Bubble Tea, want Go's own (3 here)", n)
	}
}

// TestCarriedTea reads the carried Bubble Tea from a build's dependencies:
// replaced by the folder under third_party (go.work's), not upstream's.
func TestCarriedTea(t *testing.T) {
	dep := func(replace *debug.Module) *debug.BuildInfo {
		return &debug.BuildInfo{Deps: []*debug.Module{{Path: "charm.land/bubbles/v2"},
			{Path: "charm.land/bubbletea/v2", Version: "v2.1.1", Replace: replace}}}
	}
	for _, c := range []struct {
		name string
		info *debug.BuildInfo
		ok   bool
		want bool
	}{
		{"go.work's", dep(&debug.Module{Path: "./third_party/bubbletea", Version: "(devel)"}), true, true},
		{"upstream's", dep(nil), true, false},
		{"another replace", dep(&debug.Module{Path: "example.com/fork/bubbletea", Version: "v2.1.2"}), true, false},
		{"no build info", nil, false, false},
	} {
		if got := carriedTea(c.info, c.ok); got != c.want {
			t.Errorf("%s: carried %v, want %v", c.name, got, c.want)
		}
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		t.Skip("no build information in the test binary")
	}
	t.Logf("this test binary: carried %v", carriedTea(info, ok))
}
