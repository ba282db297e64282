package markdown

import "testing"

// BenchmarkMarkdownBlock is one paragraph rendered as a streamed reply's
// block is. glamour wraps every block through Lip Gloss's WrapWriter, which
// in v2.0.6 (the newest that allows go 1.26.0) writes each byte downstream on
// its own: about 4,700 allocations a paragraph, against 420 with v2.1.0's
// writer, and 1.7 times the time (docs/benchmarks.md, "Streaming").
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
