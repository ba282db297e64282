package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// pasteLines is a paste of n lines of about 65 bytes (2,000 lines: 129 KB,
// the issue's).
func pasteLines(n int) string {
	return strings.Repeat("a line of a long pasted draft, some sixty columns wide, and more.\n", n)
}

// benchKeyAfter is one key typed after a draft made by put, with the frame
// (120x40, a session of 20 messages).
func benchKeyAfter(b *testing.B, put func(m *Model)) {
	m := openBig(b, 20)
	put(m)
	feed(m, press('x'))
	for b.Loop() {
		m.Update(press('x'))
		m.View()
	}
}

// BenchmarkKeyAfterPaste2000 is a key typed after a 2,000-line paste.
func BenchmarkKeyAfterPaste2000(b *testing.B) {
	benchKeyAfter(b, func(m *Model) { m.Update(tea.PasteMsg{Content: pasteLines(2000)}) })
}

// BenchmarkKeyAfterPaste500 is a key typed after a 500-line paste.
func BenchmarkKeyAfterPaste500(b *testing.B) {
	benchKeyAfter(b, func(m *Model) { m.Update(tea.PasteMsg{Content: pasteLines(500)}) })
}

// BenchmarkKeyInDraft2000 is a key typed at the end of a draft of 2,000
// lines that is not a paste (given back by $EDITOR or a refusal).
func BenchmarkKeyInDraft2000(b *testing.B) {
	benchKeyAfter(b, func(m *Model) { m.composer.SetValue(pasteLines(2000)) })
}

// BenchmarkKeyEmptyDraft is a key typed in an empty composer: the baseline.
func BenchmarkKeyEmptyDraft(b *testing.B) {
	benchKeyAfter(b, func(*Model) {})
}
