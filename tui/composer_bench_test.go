package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// BenchmarkKeyInLongDraft is one key typed at the end of a draft of 200
// lines set whole (a chip since it is large: paste_bench_test.go), the
// composer's count and window, and the frame (120x40, a session of 20
// messages).
func BenchmarkKeyInLongDraft(b *testing.B) {
	m := openBig(b, 20)
	m.composer.SetValue(strings.Repeat("a line of a long pasted draft, some sixty columns wide ...\n", 200))
	feed(m, press('x'))
	for b.Loop() {
		m.Update(press('x'))
		m.View()
	}
}

// benchKeyInTyped is one key at the end of a draft of n lines typed as
// pastes of 49 lines (typed text, no chip), with the frame (120x40, a
// session of 20 messages): a letter, then backspace, so the draft stays
// the same from key to key.
func benchKeyInTyped(b *testing.B, n int) {
	m := openBig(b, 20)
	line := "a line of a draft made of many small pastes, some sixty columns\n"
	for left := n - 1; left > 0; left -= 49 {
		m.Update(tea.PasteMsg{Content: strings.Repeat(line, min(left, 49))})
	}
	if got := strings.Count(m.composer.Value(), "\n") + 1; got != n {
		b.Fatalf("the draft has %d lines, want %d", got, n)
	}
	keys := []tea.Msg{press('x'), tea.KeyPressMsg{Code: tea.KeyBackspace}}
	i := 0
	for b.Loop() {
		m.Update(keys[i%2])
		m.View()
		i++
	}
}

// BenchmarkKeyInTypedDraft100 is the baseline: a key in a draft of 100
// typed lines, with the frame.
func BenchmarkKeyInTypedDraft100(b *testing.B) { benchKeyInTyped(b, 100) }

// BenchmarkKeyInTypedDraft2450 is a key in a draft of 2,450 typed lines.
func BenchmarkKeyInTypedDraft2450(b *testing.B) { benchKeyInTyped(b, 2450) }

// BenchmarkKeyInTypedDraft10000 is a key in a draft of 10,000 typed lines.
func BenchmarkKeyInTypedDraft10000(b *testing.B) { benchKeyInTyped(b, 10000) }
