package tui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

// The transcript search over a 10,000-message session at 120x40, every key
// through Update (which searches, scrolls and draws) and View. The
// baseline is BenchmarkFrame10k: the same model scrolled a line.
// Run: go test -run '^$' -bench 'Frame10k$|Search.*10k' -benchmem -count 5 ./tui/

// stroke sends one key through Update and View.
func stroke(m *Model, k tea.KeyPressMsg) {
	m.Update(k)
	m.View()
}

// typeQuery types q a key at a time into the open search bar, then clears
// it (ctrl+u).
func typeQuery(m *Model, q string) {
	for _, r := range q {
		stroke(m, press(r))
	}
	stroke(m, tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
}

// searchReady is the 10k model with the search bar open and its index
// built.
func searchReady(b *testing.B) *Model {
	m := openBig(b, 10000)
	stroke(m, keyCtrlF)
	typeQuery(m, "x")
	return m
}

// BenchmarkSearchTyping10k types "takeovers" (9 keys, each a search: the
// first over every message, the others refining) and clears it.
func BenchmarkSearchTyping10k(b *testing.B) {
	m := searchReady(b)
	const q = "takeovers"
	for b.Loop() {
		typeQuery(m, q)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*(len(q)+1)), "ns/key")
}

// BenchmarkSearchFirstKey10k is the worst keystroke: a new one-letter
// query ("e", in every message) searched over every message and drawn.
func BenchmarkSearchFirstKey10k(b *testing.B) {
	m := searchReady(b)
	for b.Loop() {
		typeQuery(m, "e")
	}
}

// BenchmarkSearchNext10k moves to the next match (n) of a query whose 111
// matches lie far apart, so that each move scrolls to entries not drawn
// before and renders them.
func BenchmarkSearchNext10k(b *testing.B) {
	m := searchReady(b)
	for _, r := range "answer 42" {
		stroke(m, press(r))
	}
	stroke(m, keyEnter)
	for b.Loop() {
		stroke(m, press('n'))
	}
}

// BenchmarkSearchOpen10k is the first ctrl+f of a session and its first
// key: the index of the 10,000 messages built, then a search.
func BenchmarkSearchOpen10k(b *testing.B) {
	m := openBig(b, 10000)
	for b.Loop() {
		m.transcript.Search().Clear()
		stroke(m, keyCtrlF)
		stroke(m, press('l'))
		stroke(m, keyEsc)
	}
}
