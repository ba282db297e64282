package composer

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui/uitest"

	"github.com/sophia-labs/vehicle/internal/raceon"
)

// whole is a composer whose textarea holds the whole draft, as it did
// before the window: what the window must show.
func whole() *Composer {
	c := New(uitest.Context(), "true")
	c.win.slack = 1 << 40
	return c
}

// editKeys are the keys the differential test presses, beside text and
// pastes: the textarea's moves, deletes and selections.
var editKeys = []tea.KeyPressMsg{
	{Code: tea.KeyUp}, {Code: tea.KeyDown}, {Code: tea.KeyLeft}, {Code: tea.KeyRight},
	{Code: tea.KeyUp}, {Code: tea.KeyDown}, {Code: tea.KeyUp}, {Code: tea.KeyDown},
	{Code: tea.KeyLeft, Mod: tea.ModAlt}, {Code: tea.KeyRight, Mod: tea.ModAlt},
	{Code: tea.KeyHome}, {Code: tea.KeyEnd}, {Code: '<', Mod: tea.ModAlt}, {Code: '>', Mod: tea.ModAlt},
	{Code: tea.KeyBackspace}, {Code: tea.KeyDelete}, {Code: 'k', Mod: tea.ModCtrl}, {Code: 'u', Mod: tea.ModCtrl},
	{Code: 'w', Mod: tea.ModCtrl}, {Code: 'd', Mod: tea.ModAlt}, {Code: 'u', Mod: tea.ModAlt}, {Code: 'c', Mod: tea.ModAlt},
	{Code: tea.KeyUp, Mod: tea.ModShift}, {Code: tea.KeyDown, Mod: tea.ModShift},
	{Code: tea.KeyLeft, Mod: tea.ModShift}, {Code: tea.KeyRight, Mod: tea.ModShift},
	{Code: tea.KeyLeft, Mod: tea.ModShift | tea.ModAlt}, {Code: 'j', Mod: tea.ModCtrl},
	{Code: 'y', Mod: tea.ModCtrl}, {Code: 'e', Mod: tea.ModCtrl}, {Code: 'k', Mod: tea.ModCtrl},
}

// pasteOf is a paste of n lines of random length (some wider than the
// composer, some blank, runs of blank ones), under chipLines.
func pasteOf(r *rand.Rand, n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte('\n')
		}
		switch r.IntN(6) {
		case 0: // blank
		case 1:
			b.WriteString("   ")
		default:
			for range r.IntN(14) {
				b.WriteString([]string{"word", "a", "wider-word", "日本語", "x", "  "}[r.IntN(6)])
				b.WriteByte(' ')
			}
		}
	}
	return b.String()
}

// resize is a step that gives the composers a new size.
type resize struct{ w, h int }

// apart is a step that says enter sent nothing (KeepApart).
type apart struct{}

// step is one random change: a key, a letter, a paste, a size or an
// enter that sent nothing.
func step(r *rand.Rand) (tea.Msg, string) {
	switch n := r.IntN(30); {
	case n == 2 && r.IntN(4) == 0:
		return apart{}, "enter sent nothing"
	case n == 1 && r.IntN(4) == 0:
		w, h := 20+r.IntN(40), 3+r.IntN(10)
		return resize{w, h}, fmt.Sprintf("size %dx%d", w, h)
	case n == 0:
		p := pasteOf(r, 1+r.IntN(4))
		return tea.PasteMsg{Content: p}, fmt.Sprintf("paste %d lines", strings.Count(p, "\n")+1)
	case n < 12:
		ch := []rune("abc d日 ")[r.IntN(7)]
		return uitest.Press(ch), fmt.Sprintf("%q", ch)
	default:
		k := editKeys[r.IntN(len(editKeys))]
		return k, k.String()
	}
}

// TestWindowShowsWhatTheWholeDraftShows: a composer whose textarea holds a
// window of a long draft and one that holds it all, given the same keys,
// pastes and sizes, have the same draft, drawing, cursor and height after
// each: the moves of the window are not seen.
func TestWindowShowsWhatTheWholeDraftShows(t *testing.T) {
	steps := 250
	if testing.Short() || raceon.On { // one goroutine: the detector finds nothing (.ci/run runs it whole without it)
		steps = 60
	}
	for seed := range uint64(5) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			t.Parallel()
			r := rand.New(rand.NewPCG(seed, 39))
			win, all := New(uitest.Context(), "true"), whole()
			lines := 12 // with a window that moves every line or few
			if win.win.slack = 1 + int(seed)%3; seed == 4 {
				win.win.slack, lines = slack, 30
			}
			width, height := 30+r.IntN(30), 4+r.IntN(10)
			var log []string
			both := func(msg tea.Msg, what string) {
				log = append(log, what)
				switch m := msg.(type) {
				case resize:
					win.SetSize(m.w, m.h)
					all.SetSize(m.w, m.h)
				case apart:
					win.KeepApart()
					all.KeepApart()
				default:
					win.Update(msg)
					all.Update(msg)
				}
				same(t, win, all, log)
			}
			win.SetSize(width, height)
			all.SetSize(width, height)
			for range 3 {
				both(tea.PasteMsg{Content: pasteOf(r, lines)}, "paste")
			}
			if win.win.empty() {
				t.Fatalf("a draft of %d lines is all in the textarea", 3*lines)
			}
			for range steps {
				msg, what := step(r)
				both(msg, what)
			}
		})
	}
}

// same fails when the two composers differ in what they hold or show.
func same(t *testing.T, win, all *Composer, log []string) {
	t.Helper()
	tail := log[max(len(log)-8, 0):]
	if w, a := win.Value(), all.Value(); w != a {
		t.Fatalf("after %d steps (last %q) the drafts differ:\nwindow %d bytes, whole %d", len(log), tail, len(w), len(a))
	}
	if w, a := win.View(), all.View(); w != a {
		t.Fatalf("after %d steps (last %q) the window (%d lines above, cursor %d,%d) draws\n%s\nthe whole draft (cursor %d,%d)\n%s", len(log), tail,
			len(win.win.above.lines), win.ta.Line(), win.ta.Column(), strings.ReplaceAll(w, "\x1b[7", "\x1b[7m»"),
			all.ta.Line(), all.ta.Column(), strings.ReplaceAll(a, "\x1b[7", "\x1b[7m»"))
	}
	wc, ac := win.Cursor(), all.Cursor()
	if (wc == nil) != (ac == nil) || wc != nil && wc.Position != ac.Position {
		t.Fatalf("after %d steps (last %q) the cursor is at %+v, want %+v", len(log), tail, wc, ac)
	}
	if win.Height() != all.Height() || win.Size() != all.Size() || win.Blank() != all.Blank() {
		t.Fatalf("after %d steps (last %q) height %d size %d blank %v, want %d %d %v", len(log), tail,
			win.Height(), win.Size(), win.Blank(), all.Height(), all.Size(), all.Blank())
	}
}

// TestKeyCostDoesNotGrowWithTheDraft: a key in a draft of 2,450 typed lines
// (50 pastes of 49) does the work of a key in a draft of 100, counted in
// allocations (which the textarea made for every line it held, at every
// key: a key cost 0.14 s of CPU at 2,450 lines and 0.52 s near 10,000).
func TestKeyCostDoesNotGrowWithTheDraft(t *testing.T) {
	perKey := func(n int) float64 {
		c := typedDraft(n)
		keys := []tea.Msg{uitest.Press('x'), uitest.Key(tea.KeyBackspace)}
		i := 0
		return testing.AllocsPerRun(40, func() {
			c.Update(keys[i%2])
			c.View()
			i++
		})
	}
	small, long := perKey(100), perKey(2450)
	if long > 1.5*small {
		t.Errorf("a key allocates %.0f times in a draft of 2,450 lines, %.0f in one of 100", long, small)
	}
}
