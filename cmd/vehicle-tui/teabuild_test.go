package main

import (
	"debug/buildinfo"
	"runtime/debug"
	"testing"
)

// teaModule is Bubble Tea's module path.
const teaModule = "charm.land/bubbletea/v2"

// teaOf says which Bubble Tea a build linked: its version, and the folder
// that replaced it ("" for upstream's).
func teaOf(info *debug.BuildInfo) (version, replaced string, ok bool) {
	for _, d := range info.Deps {
		if d.Path == teaModule {
			if d.Replace != nil {
				return d.Version, d.Replace.Path, true
			}
			return d.Version, "", true
		}
	}
	return "", "", false
}

// TestProgramsBuiltWithThisBubbleTea: the programs the pty tests run are
// built with the Bubble Tea this test binary was: the carried one through
// go.work, upstream's with GOWORK=off, as `go install ...@latest` builds
// (.ci/run runs the pty tests of the TUI that way too). Were the programs
// built some other way, that step would test the carried Bubble Tea twice.
func TestProgramsBuiltWithThisBubbleTea(t *testing.T) {
	t.Parallel()
	own, ok := debug.ReadBuildInfo()
	if !ok {
		t.Skip("this test binary carries no build information")
	}
	wantVersion, wantReplaced, ok := teaOf(own)
	if !ok {
		t.Fatalf("this test binary links no %s", teaModule)
	}
	bin := built.Path(t, "vehicle-tui")
	info, err := buildinfo.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	version, replaced, ok := teaOf(info)
	if !ok || version != wantVersion || replaced != wantReplaced {
		t.Fatalf("vehicle-tui links %s %s (replaced by %q), this test binary %s (replaced by %q)",
			teaModule, version, replaced, wantVersion, wantReplaced)
	}
	t.Logf("%s %s, replaced by %q", teaModule, version, replaced)
}
