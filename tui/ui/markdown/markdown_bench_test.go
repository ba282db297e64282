package markdown

import "testing"

// BenchmarkMarkdownBlock is one paragraph rendered as a streamed reply's
// block is. glamour wraps every block through Lip Gloss's WrapWriter: since
// v2.1.0 it writes the runs between newlines downstream (about 420
// allocations a paragraph; v2.0.6 wrote each byte on its own, 4,700).
func BenchmarkMarkdownBlock(b *testing.B) {
	m := New("dark", 114)
	src := "Paragraph 20. The vehicle keeps one driver at a time, and every event has a seq. " +
		"A client that reconnects resumes from its last seq, with no gap and no duplicate."
	b.ReportAllocs()
	for b.Loop() {
		m.RenderBlock(src)
	}
}

// BenchmarkStreamingTail is the same paragraph drawn as a streaming reply's
// unfinished block is, at every flush (mdtail.go): without glamour.
func BenchmarkStreamingTail(b *testing.B) {
	m := New("dark", 114)
	src := "Paragraph 20. The **vehicle** keeps one driver at a time, and every `event` has a seq. " +
		"A client that reconnects resumes from its last seq, with no gap and no duplicate."
	m.Tail(src) // the styles learnt
	b.ReportAllocs()
	for b.Loop() {
		m.Tail(src)
	}
}
