package tui

import (
	"strings"
	"testing"
)

// BenchmarkKeyInLongDraft is one key typed at the end of a pasted draft of
// 200 lines at 80x24: the textarea, the composer's window and the frame.
func BenchmarkKeyInLongDraft(b *testing.B) {
	m := opened(&testing.T{}, testConfig(b), 80, 24, snapshot(lease("user:ada", "cli-me")), nil)
	m.composer.setValue(strings.Repeat("a line of a long pasted draft, some sixty columns wide ...\n", 200))
	feed(m, press('x'))
	for b.Loop() {
		m.Update(press('x'))
	}
}
