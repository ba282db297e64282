package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// readmeTwoPeople is the README's section whose steps TestREADMETwoPeople
// runs.
const readmeTwoPeople = "### Two people: suggest, accept, reject, co-drive"

// readmeStep is what one sentence of the README's steps does: keys pressed
// in a person's terminal, text typed there and sent, or text that
// terminal's screen shows.
var readmeStep = regexp.MustCompile("In (Ada|Bo)'s terminal press ((?:`[^`]+` ?)+)" +
	"|In (Ada|Bo)'s terminal type `([^`]+)` and press `enter`" +
	"|(Ada|Bo)'s screen shows `([^`]+)`")

// readmeKeys are the bytes a terminal sends for the keys the README names.
var readmeKeys = map[string]string{"tab": "\t", "enter": "\r"}

// readmeProse is the prose of a README section, its code blocks apart:
// the prose with its whitespace made single spaces, and the blocks.
func readmeProse(t *testing.T, title string) (prose string, blocks []string) {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(b), "\n"+title+"\n")
	if !ok {
		t.Fatalf("README.md has no section %q", title)
	}
	if i := strings.Index(sec, "\n#"); i >= 0 {
		sec = sec[:i]
	}
	parts := strings.Split(sec, "```")
	var text []string
	for i, p := range parts {
		if i%2 == 1 {
			blocks = append(blocks, strings.TrimSpace(p))
		} else {
			text = append(text, p)
		}
	}
	return strings.Join(strings.Fields(strings.Join(text, " ")), " "), blocks
}

// TestREADMETwoPeople runs the README's "Two people" steps: Ada's `vehicle
// demo --listen` and Bo's chiming terminal in ptys, each key the steps say
// to press and each text they say to send, in order, and every text the
// steps say a screen shows is waited for on that screen (issue 24's fourth
// item: the README's steps are run by a test).
func TestREADMETwoPeople(t *testing.T) {
	t.Parallel()
	prose, blocks := readmeProse(t, readmeTwoPeople)
	if len(blocks) < 2 || !strings.HasPrefix(blocks[0], "vehicle demo --listen") || !strings.Contains(blocks[1], "--chime") {
		t.Fatalf("the section's first blocks are not the demo and Bo's command: %q", blocks)
	}
	bin := buildVehicle(t)
	home := t.TempDir()
	env := func(token string) []string { return ptyEnv(home, "EDITOR=true", "VEHICLE_TOKEN="+token) }
	ada := ptytest.Start(t, bin, 36, 110, env("ada-token"), "demo", "--listen", "127.0.0.1:0")
	ada.WaitFor("Welcome to vehicle", "you drive from this terminal")
	url := hostURL(t, ada)
	boArgs := strings.Fields(strings.ReplaceAll(blocks[1], "http://127.0.0.1:7777", url))
	if boArgs[0] != "VEHICLE_TOKEN=bo-token" || boArgs[1] != "vehicle" {
		t.Fatalf("Bo's command is %q", blocks[1])
	}
	bo := ptytest.Start(t, bin, 30, 110, env("bo-token"), boArgs[2:]...)
	terms := map[string]*ptytest.Terminal{"Ada": ada, "Bo": bo}

	steps := readmeStep.FindAllStringSubmatch(prose, -1)
	if len(steps) < 10 {
		t.Fatalf("the section has %d steps the test reads: %q", len(steps), steps)
	}
	for _, s := range steps {
		switch {
		case s[1] != "":
			for _, k := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(s[2], -1) {
				b, ok := readmeKeys[k[1]]
				if !ok {
					if len([]rune(k[1])) != 1 {
						t.Fatalf("the README names a key the test does not know: %q", k[1])
					}
					b = k[1]
				}
				terms[s[1]].Type(b)
			}
		case s[3] != "":
			terms[s[3]].Type(s[4])
			terms[s[3]].WaitFor("┃ " + s[4])
			terms[s[3]].Type("\r")
		default:
			terms[s[5]].WaitFor(s[6])
		}
	}
}
