package composer

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"

	goldenfile "github.com/sophia-labs/vehicle/internal/golden"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// The composer in the states the root's flows end in (tui's TestComposer,
// TestLease, TestSelection), at the size the layout gives it at 80x24 (a
// third of the screen): its draft, whether it has the keys, the hint the
// root gives it. The root's tests read the same goldens at the end of
// their flows (tui's drawnAs).

// endState is what the root leaves the composer with at the end of a flow.
type endState struct {
	draft   string
	hint    string // the placeholder
	focused bool   // it has the keys (┃), or another pane or a dialog has them (╎)
}

// The hints the root gives it (session.Session.Placeholder, the keys
// elsewhere).
const (
	idleHint    = "write a message · enter sends · ctrl+j newline"
	runningHint = "enter queues a follow-up · ctrl+s steers · esc aborts"
	nobodyHint  = "nobody drives · enter claims the lease and sends · ctrl+j newline"
	otherHint   = "your other terminal drives · enter offers to take over · ctrl+t takes over"
)

// check compares the composer drawn in state s, without styling, with
// testdata/<Test>/<case>.golden.
func check(t *testing.T, s endState) {
	t.Helper()
	c := New(uitest.Context(), "true")
	c.SetSize(80, 8)
	c.SetPlaceholder(s.hint)
	c.SetFocused(s.focused)
	c.SetValue(s.draft)
	lines := strings.Split(xansi.Strip(c.View()), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	goldenfile.Check(t, filepath.Join("testdata", filepath.FromSlash(t.Name())+".golden"), strings.Join(lines, "\n")+"\n", *update)
}

// TestComposerDrawn is the composer of tui's TestComposer: drafts, sends,
// refusals, the run, the editor.
func TestComposerDrawn(t *testing.T) {
	t.Parallel()
	for name, s := range map[string]endState{
		"empty":                       {hint: idleHint, focused: true},
		"multi-line":                  {draft: "first\nsecond\nthird\nfourth", hint: idleHint, focused: true},
		"sending":                     {hint: idleHint, focused: true},
		"sent":                        {hint: idleHint, focused: true},
		"refused send keeps the text": {draft: "hello", hint: idleHint, focused: true},
		"running":                     {hint: runningHint, focused: true},
		"queued follow-up":            {hint: runningHint, focused: true},
		"steered":                     {hint: runningHint, focused: true},
		"aborting":                    {hint: runningHint, focused: true},
		"editor hands the draft back": {draft: "draft\nedited in $EDITOR", hint: idleHint, focused: true},
		"editor failed":               {draft: "draft", hint: idleHint, focused: true},
	} {
		t.Run(name, func(t *testing.T) { check(t, s) })
	}
}

// TestLeaseDrawn is the composer under tui's TestLease: its hint for each
// lease, the offer's dialog holding the keys, a text waiting, and a
// terminal that only watches.
func TestLeaseDrawn(t *testing.T) {
	t.Parallel()
	for name, s := range map[string]endState{
		"this terminal":                        {hint: idleHint, focused: true},
		"offer":                                {hint: "the keys are in the dialog · esc closes it"},
		"chose to watch":                       {hint: otherHint, focused: true},
		"watching, enter offers the take-over": {draft: "hi", hint: "the keys are in the dialog · esc closes it"},
		"took over":                            {hint: idleHint, focused: true},
		"someone else drives":                  {hint: "someone else holds the lease · you are watching", focused: true},
		"nobody drives":                        {hint: nobodyHint, focused: true},
		"taken over":                           {hint: otherHint, focused: true},
		"taken over, then that terminal left":  {hint: nobodyHint, focused: true},
		"expired":                              {hint: nobodyHint, focused: true},
		"watch read-only":                      {},
		"watch read-only with another driver":  {},
	} {
		t.Run(name, func(t *testing.T) { check(t, s) })
	}
}

// TestSelectionDrawn is the composer under tui's TestSelection: the
// entries pane holding the keys, and the message a fork handed back.
func TestSelectionDrawn(t *testing.T) {
	t.Parallel()
	for name, s := range map[string]endState{
		"entry selected":         {hint: "the keys are in the entries · esc brings them back here"},
		"copied":                 {hint: idleHint, focused: true},
		"fork with selectedText": {draft: "What is a lease?", hint: idleHint, focused: true},
		"mouse off":              {hint: idleHint, focused: true},
	} {
		t.Run(name, func(t *testing.T) { check(t, s) })
	}
}

// TestVisitDrawn is the composer of tui's TestVisit: chiming into another
// person's room, a text the room or the host refused back in it.
func TestVisitDrawn(t *testing.T) {
	t.Parallel()
	const hint = "write a chime · enter sends it to the driver"
	for name, s := range map[string]endState{
		"start":               {hint: hint, focused: true},
		"pending":             {hint: hint, focused: true},
		"submitted":           {hint: hint, focused: true},
		"refused by the room": {draft: "Look at the 2024 census too.", hint: hint, focused: true},
		"not found":           {draft: "Look at the 2024 census too.", hint: hint, focused: true},
	} {
		t.Run(name, func(t *testing.T) { check(t, s) })
	}
}
