package composer

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// pasteOfLines is a paste of n lines of ordinary prose, each ending in a
// newline: one of the many small pastes a long draft is made of.
func pasteOfLines(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "line %d of a draft made of many small pastes, some sixty columns\n", i)
	}
	return b.String()
}

// typedDraft is a composer 100 columns wide and 12 lines high holding a draft
// of n lines made as a person makes it: pastes of 49 lines (each under the
// size of a chip, so the draft is typed text), the cursor on the last,
// empty line.
func typedDraft(n int) *Composer {
	c := New(uitest.Context(), "")
	c.SetSize(100, 12)
	for left := n - 1; left > 0; left -= 49 {
		c.Update(tea.PasteMsg{Content: pasteOfLines(min(left, 49))})
	}
	return c
}

// benchKey is one key at the end of a draft of n typed lines with the
// composer drawn after it, as the program does: a letter, then backspace,
// so the draft stays the same from key to key.
func benchKey(b *testing.B, n int) {
	c := typedDraft(n)
	if got := c.lineCount(); got != n {
		b.Fatalf("the draft has %d lines, want %d", got, n)
	}
	keys := []tea.Msg{uitest.Press('x'), uitest.Key(tea.KeyBackspace)}
	i := 0
	for b.Loop() {
		c.Update(keys[i%2])
		c.View()
		i++
	}
}

// BenchmarkKeyDraft100 is the baseline: a key in a draft of 100 lines.
func BenchmarkKeyDraft100(b *testing.B) { benchKey(b, 100) }

// BenchmarkKeyDraft2450 is a key in a draft of 2,450 lines (50 pastes).
func BenchmarkKeyDraft2450(b *testing.B) { benchKey(b, 2450) }

// BenchmarkKeyDraft10000 is a key in a draft of the 10,000 lines a draft
// of typed text may have.
func BenchmarkKeyDraft10000(b *testing.B) { benchKey(b, 10000) }

// BenchmarkPasteDraft100 is the baseline of the pastes: one paste of 49
// lines into a draft of 100, the composer drawn after it.
func BenchmarkPasteDraft100(b *testing.B) {
	paste := tea.PasteMsg{Content: pasteOfLines(49)}
	for b.Loop() {
		b.StopTimer()
		c := typedDraft(100)
		c.View()
		b.StartTimer()
		c.Update(paste)
		c.View()
	}
}

// BenchmarkPastes210 is the 210 pastes of 49 lines, one after
// another into an empty composer, each drawn after it (past 10,000 lines
// a paste is a chip); ns/paste is comparable with BenchmarkPasteDraft100.
func BenchmarkPastes210(b *testing.B) {
	paste := tea.PasteMsg{Content: pasteOfLines(49)}
	for b.Loop() {
		c := New(uitest.Context(), "")
		c.SetSize(100, 12)
		for range 210 {
			c.Update(paste)
			c.View()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*210), "ns/paste")
}
