// Package golden compares a test's output with a file under testdata, and
// rewrites the file when the test runs with -update.
//
// Not github.com/charmbracelet/x/exp/golden (v0.1.0 read): it registers a
// global -update flag, which panics (flag redefined) beside the -update that
// these test packages define for their other rewrites (docs/ride.md's
// examples, vehicle's table of the UI's commands), and it fixes the path to
// testdata/<test name>.golden where callers here name theirs (one per
// format, per answer, per state).
package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Check compares got with the file at path. With update it writes got there
// instead (making its folder). A difference fails the test with the first
// line that differs and the whole of both texts.
func Check(t testing.TB, path, got string, update bool) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no golden file %s (run with -update to write it): %v", path, err)
	}
	if line, w, g, ok := FirstDiff(string(want), got); !ok {
		t.Errorf("%s differs at line %d (run with -update if the change is meant):\nwant: %s\ngot:  %s\n--- got ---\n%s\n--- want ---\n%s",
			path, line, w, g, got, want)
	}
}

// FirstDiff finds the first line where want and got differ: its number (from
// 1) and both lines; ok is true when the texts are equal.
func FirstDiff(want, got string) (line int, w, g string, ok bool) {
	if want == got {
		return 0, "", "", true
	}
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range max(len(wl), len(gl)) {
		w, g = at(wl, i), at(gl, i)
		if w != g {
			return i + 1, w, g, false
		}
	}
	return len(wl), "", "", false
}

// at is lines[i], or "" past the end.
func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return ""
}
