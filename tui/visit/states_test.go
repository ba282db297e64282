package visit

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	goldenfile "github.com/sophia-labs/vehicle/internal/golden"
	"github.com/sophia-labs/vehicle/tui/ui"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestVisitDrawn is the visit's lines and rule in the states of tui's
// TestVisit, at the 80x20 the layout leaves them at 80x24: the screen at
// start, a chime pending, submitted, refused by the room, refused by the
// host. The root's test reads the same goldens at the end of its flow
// (tui's drawnAs).
func TestVisitDrawn(t *testing.T) {
	t.Parallel()
	text := "Look at the 2024 census too."
	cases := map[string]*ChimedMsg{
		"start":               nil,
		"pending":             {Res: &client.ChimeResult{Accepted: true, ChimeID: "c1", Status: "pending"}},
		"submitted":           {Res: &client.ChimeResult{Accepted: true, ChimeID: "c1", Status: "submitted", CommandID: "chime-c1"}},
		"refused by the room": {Res: &client.ChimeResult{Reason: "the room is in observe mode: the driver takes no chimes now"}},
		"not found":           {Err: &client.Error{Code: client.CodeNotFound, Message: "session s1 not found"}},
	}
	for name, answer := range cases {
		t.Run(name, func(t *testing.T) {
			v := offline(t)
			if answer != nil {
				v.Chime(text, false)
				answer.Out = ui.Outgoing{Op: client.OpChime, Text: text}
				v.Chimed(*answer)
			}
			lines := append(v.Lines(80, 20), v.Rule(80))
			for i, l := range lines {
				lines[i] = strings.TrimRight(xansi.Strip(l), " ")
			}
			goldenfile.Check(t, filepath.Join("testdata", filepath.FromSlash(t.Name())+".golden"), strings.Join(lines, "\n")+"\n", *update)
		})
	}
}
