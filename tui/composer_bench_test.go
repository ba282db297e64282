package tui

import (
	"strings"
	"testing"
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
