package composer

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"

	"github.com/sophia-labs/vehicle/internal/raceon"
)

// TestComposerWalksTheHistory brings back what was sent on ↑ over an empty
// draft, and takes the editor's answer.
func TestComposerWalksTheHistory(t *testing.T) {
	c := New(uitest.Context(), "true")
	c.SetSize(80, 8)
	c.Remember("first")
	c.Remember("second")
	c.Update(uitest.Key(tea.KeyUp))
	if c.Value() != "second" {
		t.Errorf("↑ shows %q", c.Value())
	}
	c.Update(uitest.Key(tea.KeyUp))
	c.Update(uitest.Key(tea.KeyDown))
	if c.Value() != "second" {
		t.Errorf("↑↑↓ shows %q", c.Value())
	}
	c.Update(uitest.Key(tea.KeyDown))
	if c.Value() != "" {
		t.Errorf("↓ past the newest shows %q", c.Value())
	}
	c.Update(EditedMsg{Text: "from the editor"})
	if c.Value() != "from the editor" || !strings.Contains(c.View(), "from the editor") {
		t.Errorf("the editor's text: value %q", c.Value())
	}
	if cmd, _ := c.Update(tea.KeyPressMsg{Code: 'g', Mod: tea.ModCtrl}); cmd == nil {
		t.Error("the editor key opened nothing")
	}
}

// TestWrappedRowsMatchTheTextarea: the composer counts a draft's lines as
// the textarea wraps them, for words, long words, runs of spaces, wide and
// combining runes, at every width.
func TestWrappedRowsMatchTheTextarea(t *testing.T) {
	alphabet := []rune{'a', 'b', ' ', ' ', '世', '🙂', 'e', '\u0301', '\n', 'x', '-'}
	rng := rand.New(rand.NewPCG(1, 2))
	samples := []string{"", " ", "word", strings.Repeat("long", 30), "a  b   c    d", strings.Repeat("世界 ", 20)}
	random := 300
	if raceon.On { // one goroutine: the detector finds nothing (.ci/run runs it whole without it)
		random = 100
	}
	for range random {
		r := make([]rune, rng.IntN(120))
		for i := range r {
			r[i] = alphabet[rng.IntN(len(alphabet))]
		}
		samples = append(samples, string(r))
	}
	for _, w := range []int{3, 4, 7, 10, 19, 38, 78} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()         // each width has its own textarea
			ta := textarea.New() // each sample set in it as a new value
			ta.ShowLineNumbers, ta.Prompt, ta.CharLimit = false, "", 0
			ta.DynamicHeight, ta.MaxHeight, ta.MaxContentHeight = true, 0, math.MaxInt32
			ta.SetWidth(w)
			rows := func(s string) (counted, textarea int) {
				ta.SetValue(s)
				for _, l := range strings.Split(ta.Value(), "\n") {
					counted += wrappedRows([]rune(l), ta.Width())
				}
				return counted, ta.Height()
			}
			// Every sample at once, one under another (a line's rows do not
			// depend on its neighbours); one by one only to name a miscount.
			if got, want := rows(strings.Join(samples, "\n")); got == want {
				return
			}
			for _, s := range samples {
				if got, want := rows(s); got != want {
					t.Fatalf("width %d, %q: counted %d lines, the textarea has %d", w, s, got, want)
				}
			}
			t.Fatalf("width %d: the samples together are counted apart from the textarea, each alone as it", w)
		})
	}
}

// TestComposerReadOnlyTakesNothing keeps a read-only composer empty and
// says why.
func TestComposerReadOnlyTakesNothing(t *testing.T) {
	c := New(uitest.Context(), "true")
	c.SetReadOnly(true)
	for _, msg := range []tea.Msg{uitest.Press('h'), tea.PasteMsg{Content: "pasted"}} {
		if _, act := c.Update(msg); act == nil {
			t.Errorf("%T: no note", msg)
		} else if n, ok := act.(ui.Note); !ok || !strings.Contains(n.Text, "watching read-only") {
			t.Errorf("%T: %#v", msg, act)
		}
	}
	if c.Value() != "" {
		t.Errorf("a read-only composer took %q", c.Value())
	}
}

// TestEditorExitCode: an editor that exits with a code keeps what it
// saved, and the note says the code; one that saved nothing leaves the
// draft as it was.
func TestEditorExitCode(t *testing.T) {
	c := New(uitest.Context(), "vim")
	c.SetSize(80, 8)
	c.SetValue("before")
	_, act := c.Update(EditedMsg{Text: "after", Exit: 1, Changed: true, Editor: "vim"})
	if n, ok := act.(ui.Note); c.Value() != "after" || !ok || n.Text != "the editor vim exited with code 1: your edit is kept" {
		t.Errorf("value %q, action %#v", c.Value(), act)
	}
	_, act = c.Update(EditedMsg{Text: "after", Exit: 2, Editor: "vim"})
	if n, ok := act.(ui.Note); c.Value() != "after" || !ok || n.Text != "the editor vim exited with code 2: the draft is as it was" {
		t.Errorf("value %q, action %#v", c.Value(), act)
	}
}
