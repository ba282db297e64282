package main

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// sgr matches a Select Graphic Rendition sequence and its parameters.
var sgr = regexp.MustCompile("\x1b\\[([0-9;:]*)m")

// colourSequences counts the SGR sequences of out that set or reset a
// colour (foreground, background, underline colour); bold, italic and the
// like are not colour.
func colourSequences(out string) int {
	n := 0
	for _, m := range sgr.FindAllStringSubmatch(out, -1) {
		for _, p := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ';' || r == ':' }) {
			v, _ := strconv.Atoi(p)
			if v >= 30 && v <= 39 || v >= 40 && v <= 49 || v >= 90 && v <= 97 || v >= 100 && v <= 107 || v == 58 || v == 59 {
				n++
				break
			}
		}
	}
	return n
}

// TestColourOff runs the help of both binaries and the terminal UI in a
// pty: with colour on they write colour sequences; with NO_COLOR (any
// value) or CLICOLOR=0 they write none.
func TestColourOff(t *testing.T) {
	t.Parallel()
	bin := buildVehicle(t)
	tuiBin := filepath.Join(filepath.Dir(bin), "vehicle-tui"+exeSuffix())
	runs := []struct {
		name string
		bin  string
		args []string
		wait string
	}{
		{"vehicle -h", bin, []string{"-h"}, ""},
		{"vehicle-tui -h", tuiBin, []string{"-h"}, ""},
		{"vehicle demo", bin, []string{"demo"}, "you drive from this terminal"},
	}
	for _, r := range runs {
		for _, env := range []string{"", "NO_COLOR=1", "NO_COLOR=yes", "CLICOLOR=0"} {
			t.Run(r.name+"/"+cmpOr(env, "colour"), func(t *testing.T) {
				t.Parallel() // each run has its own home and terminal
				home := t.TempDir()
				extra := []string{"COLORTERM=truecolor"}
				if env != "" {
					extra = append(extra, env)
				}
				term := ptytest.Start(t, r.bin, 36, 100, ptyEnv(home, extra...), r.args...)
				if r.wait != "" {
					term.WaitFor(r.wait, "idle")
					term.Type("\x03\x03")
				}
				term.WaitExit()
				n := colourSequences(term.Raw())
				if env == "" && n == 0 {
					t.Errorf("no colour sequence with colour on: the count proves nothing\n%q", term.Raw())
				}
				if env != "" && n != 0 {
					t.Errorf("%d colour sequences with %s", n, env)
				}
			})
		}
	}
}

// cmpOr is a, or b when a is empty.
func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
